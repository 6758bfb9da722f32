#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""What a person sees of a site in a real browser: headless Chromium, driven through the DevTools
protocol on a pipe (no network, no script in the pages), loads pages at 1280x900 and checks that
none scrolls sideways, that every chart has its legend, that every link leads to a file of the
site, and that the browser says nothing on its console (the pages have no script: any message is a
broken resource or markup); PAGE:N asks for at least N evolution charts on the page. With --screenshots FOLDER it also
saves a PNG of each page there.
Exit 0 when every check holds, 1 with one line per failure, 77 when chromium is not installed.
Usage: browser_layout.py [--screenshots FOLDER] PAGE.html[:N]..."""
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.parse

WIDTH, HEIGHT = 1280, 900

# Evaluated in the page: its width against the window's, its charts, and the targets of its links.
LAYOUT = """JSON.stringify({
  scroll_width: document.documentElement.scrollWidth,
  window_width: window.innerWidth,
  charts: [...document.querySelectorAll('svg.evolution-chart')].map(svg => ({
    title: (svg.querySelector('title') || {}).textContent || '',
    legend: svg.querySelectorAll('.legend-item').length})),
  links: [...document.querySelectorAll('a[href], link[href], [src]')].map(e => e.href || e.src)})"""


class Browser:
    """Chromium with --remote-debugging-pipe: it reads commands on fd 3, writes answers on fd 4,
    each message JSON ended by a NUL byte."""

    def __init__(self, chromium):
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()
        self.profile = tempfile.mkdtemp()

        # The child closes every other descriptor after place_pipes() has run: 3 and 4 are kept.
        def place_pipes():
            os.dup2(to_browser_read, 3)
            os.dup2(from_browser_write, 4)

        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--user-data-dir=" + self.profile, "--window-size=%d,%d" % (WIDTH, HEIGHT), "--hide-scrollbars",
             "--remote-debugging-pipe", "about:blank"],
            preexec_fn=place_pipes, pass_fds=(3, 4), stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.pending = b""
        self.next_id = 0
        self.console = []  # what the pages said on the console, as they said it

    def command(self, method, session=None, **params):
        """Sends one command and returns its result, keeping the events that came before it."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            answer = self.receive()
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError("%s: %s" % (method, answer["error"]))
                return answer["result"]

    def wait_for(self, event):
        while self.receive().get("method") != event:
            pass

    def receive(self):
        while b"\0" not in self.pending:
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self.pending += chunk
        message, self.pending = self.pending.split(b"\0", 1)
        message = json.loads(message)
        if message.get("method") == "Log.entryAdded":
            self.console.append(message["params"]["entry"]["text"])
        elif message.get("method") == "Runtime.exceptionThrown":
            self.console.append(message["params"]["exceptionDetails"]["text"])
        return message

    def close(self):
        self.process.kill()
        self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def check_page(browser, page_argument, screenshots):
    """The problems of one page (PATH or PATH:LEAST_CHARTS), as lines."""
    path, _, least = page_argument.partition(":")
    least_charts = int(least or 0)
    target = browser.command("Target.createTarget", url="about:blank")["targetId"]
    session = browser.command("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
    for domain in ("Page", "Log", "Runtime"):
        browser.command(domain + ".enable", session)
    browser.console.clear()
    browser.command("Emulation.setDeviceMetricsOverride", session, width=WIDTH, height=HEIGHT, deviceScaleFactor=1,
                    mobile=False)
    browser.command("Page.navigate", session, url="file://" + os.path.abspath(path))
    browser.wait_for("Page.loadEventFired")
    page = json.loads(browser.command("Runtime.evaluate", session, expression=LAYOUT)["result"]["value"])
    problems = ["%s: console: %s" % (path, text) for text in browser.console]
    if page["scroll_width"] > page["window_width"]:
        problems.append("%s: %d px wide in a %d px window: it scrolls sideways" %
                        (path, page["scroll_width"], page["window_width"]))
    if len(page["charts"]) < least_charts:
        problems.append("%s: %d chart(s), expected at least %d" % (path, len(page["charts"]), least_charts))
    for chart in page["charts"]:
        if chart["legend"] == 0:
            problems.append("%s: chart \"%s\" has no legend" % (path, chart["title"]))
    for link in page["links"]:
        parsed = urllib.parse.urlparse(link)
        if parsed.scheme == "file" and not os.path.isfile(urllib.parse.unquote(parsed.path)):
            problems.append("%s: link to %s: no such file" % (path, urllib.parse.unquote(parsed.path)))
    if screenshots:
        shot = browser.command("Page.captureScreenshot", session, format="png", captureBeyondViewport=False)
        name = os.path.splitext(os.path.basename(path))[0] + ".png"
        with open(os.path.join(screenshots, name), "wb") as out:
            out.write(base64.b64decode(shot["data"]))
    print("browser_layout: %s: %d px wide, %d chart(s), %d link(s)" %
          (path, page["scroll_width"], len(page["charts"]), len(page["links"])))
    browser.command("Target.closeTarget", targetId=target)
    return problems


def main(arguments):
    screenshots = None
    if arguments[:1] == ["--screenshots"]:
        screenshots, arguments = arguments[1], arguments[2:]
        os.makedirs(screenshots, exist_ok=True)
    chromium = shutil.which("chromium")
    if not chromium:
        print("browser_layout: SKIPPED: chromium is not installed (scripts/install-deps.sh installs it)")
        return 77
    browser = Browser(chromium)
    try:
        problems = [problem for page in arguments for problem in check_page(browser, page, screenshots)]
    finally:
        browser.close()
    for problem in problems:
        print("browser_layout: " + problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
