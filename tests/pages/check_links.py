#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Every relative link of a site (href and src of its HTML pages) names a file of the site, and
the breadcrumb's first link of a page below a branch folder leads to that branch's index.
Usage: check_links.py SITE_FOLDER BRANCH"""
import html.parser
import os
import sys


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []
        self.crumbs = []
        self.in_crumbs = False

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "p" and attributes.get("class") == "crumbs":
            self.in_crumbs = True
        for name in ("href", "src"):
            if name in attributes:
                self.links.append(attributes[name])
                if self.in_crumbs and tag == "a":
                    self.crumbs.append(attributes[name])

    def handle_endtag(self, tag):
        if tag == "p":
            self.in_crumbs = False


def main():
    site, branch = sys.argv[1], sys.argv[2]
    branch_index = os.path.realpath(os.path.join(site, branch, "index.html"))
    problems, pages = [], 0
    for folder, _, files in os.walk(site):
        for name in files:
            if not name.endswith(".html"):
                continue
            pages += 1
            page = os.path.join(folder, name)
            parser = Links()
            parser.feed(open(page, encoding="utf-8").read())
            for link in parser.links:
                target = link.split("#")[0]
                if not target or "://" in target or target.startswith("mailto:"):
                    continue
                if not os.path.isfile(os.path.join(folder, target)):
                    problems.append("%s: %s names no file of the site" % (os.path.relpath(page, site), link))
            below_branch = os.path.realpath(folder).startswith(os.path.realpath(os.path.join(site, branch)) + os.sep)
            if below_branch and parser.crumbs:
                first = os.path.realpath(os.path.join(folder, parser.crumbs[0]))
                if first != branch_index:
                    problems.append("%s: the breadcrumb's first link %s is not the branch's index"
                                    % (os.path.relpath(page, site), parser.crumbs[0]))
    for problem in problems:
        print(problem)
    print("check_links: %d pages, %d broken links" % (pages, len(problems)))
    return 1 if problems or pages == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
