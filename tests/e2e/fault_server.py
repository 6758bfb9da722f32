# SPDX-License-Identifier: BSD-3-Clause
# A loopback HTTP server that serves a folder and fails on request, for the history fetch's fault
# tests: /status/CODE/... answers HTTP CODE, /stall/... sends headers and then nothing.
# Usage: fault_server.py FOLDER (prints "port N" once it listens on 127.0.0.1)
import functools
import http.server
import sys
import time


class FaultHandler(http.server.SimpleHTTPRequestHandler):
    def do_GET(self):
        parts = self.path.split("/")
        if len(parts) > 2 and parts[1] == "status":
            self.send_error(int(parts[2]))
        elif len(parts) > 1 and parts[1] == "stall":
            self.send_response(200)
            self.send_header("Content-Length", "1000000")
            self.end_headers()
            self.wfile.write(b"\x1f")
            self.wfile.flush()
            time.sleep(3600)
        else:
            super().do_GET()

    def log_message(self, *args):
        pass


handler = functools.partial(FaultHandler, directory=sys.argv[1])
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
server.daemon_threads = True
print("port %d" % server.server_address[1], flush=True)
server.serve_forever()
