#!/usr/bin/env python3
"""Serves a built documentation site on 127.0.0.1 and opens WidgetTranslator's page in headless Chromium.

Usage: scripts/docs/check-site.py SITE [--screenshot PNG]

Passes (exit 0) when the page renders its title and every topic group of the WidgetTranslator catalog's
landing page, loads every resource, and nothing reaches the console; otherwise prints what was wrong and
exits 1. The server (Python's http.server) listens on a free loopback port and is stopped at the end.
"""
import argparse
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LANDING = os.path.join(ROOT, "Sources", "WidgetTranslator", "WidgetTranslator.docc", "WidgetTranslator.md")
HEADINGS_JS = "Array.from(document.querySelectorAll('main h2, main h3'), e => e.textContent.trim())"


def topic_groups():
    """The `### …` groups under `## Topics` of the landing page: what the rendered page must show."""
    with open(LANDING) as file:
        text = file.read()
    return re.findall(r"^### (.+)$", text.split("## Topics", 1)[1], re.M)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site")
    parser.add_argument("--screenshot")
    args = parser.parse_args()
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", args.site],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = "http://127.0.0.1:%d/documentation/widgettranslator/" % port
        for _ in range(100):
            try:
                urllib.request.urlopen(url, timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        groups = topic_groups()
        wait = "(%s).includes(%s)" % (HEADINGS_JS, json.dumps(groups[-1]))
        command = [sys.executable, os.path.join(ROOT, "scripts", "browser-check.py"), url,
                   "--eval", HEADINGS_JS, "--wait-for", wait, "--window-size", "1280,1600"]
        if args.screenshot:
            os.makedirs(os.path.dirname(os.path.abspath(args.screenshot)), exist_ok=True)
            command += ["--screenshot", args.screenshot]
        result = subprocess.run(command, capture_output=True, text=True)
        try:
            page = json.loads(result.stdout)
        except ValueError:
            sys.exit("check-site: the browser check failed:\n%s%s" % (result.stdout, result.stderr))
        problems = []
        if result.returncode != 0:
            problems.append("the page did not load: %s" % page.get("error"))
        if not (page.get("title") or "").startswith("WidgetTranslator"):
            problems.append("title is %r, not WidgetTranslator's" % page.get("title"))
        headings = page.get("eval") or []
        missing = [group for group in groups if group not in headings]
        if missing:
            problems.append("topic groups not rendered: %s (rendered: %s)" % (missing, headings))
        for name in ("console", "exceptions", "failedRequests"):
            if page.get(name):
                problems.append("%s: %s" % (name, json.dumps(page[name])))
        if problems:
            sys.exit("check-site: %s\n  %s" % (url, "\n  ".join(problems)))
        print("check-site: %s renders %r with its %d topic groups, no console messages%s" % (
            url, page["title"], len(groups), "; screenshot " + args.screenshot if args.screenshot else ""))
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
