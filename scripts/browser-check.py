#!/usr/bin/env python3
"""Open one page in headless Chromium and report what happened, as JSON.

Usage:
    browser-check.py URL [--screenshot PATH] [--eval JS] [--wait-for JS] [--window-size W,H]
                         [--timeout S] [--chromium PATH]

URL may be http(s)://, file://, about:, data: or a plain file path (made
absolute and converted to file://). Standard library only; talks the Chrome
DevTools Protocol over --remote-debugging-pipe (fd 3 = commands to Chromium,
fd 4 = replies/events, each message JSON followed by a NUL byte). No ports.

stdout: one JSON object
    {"url", "title", "images": [{"src","complete","naturalWidth","naturalHeight"}],
     "console": [{"source","level","text","url"}],      # console API + Log domain
     "exceptions": [{"text","url","line","column"}],    # uncaught JS errors
     "failedRequests": [{"url","error"} | {"url","status"}],
     "eval": <--eval result by value>, "evalError": str|null, "screenshot": path|null}
    On failure the same object is printed with what was collected plus "error".
Exit: 0 page loaded (the caller judges console/failed requests), 1 timeout or
protocol/navigation failure, 2 chromium not installed.
"""
import argparse, base64, ctypes, fcntl, json, math, os, select, shutil, signal, subprocess, sys, tempfile, time
from pathlib import Path
from urllib.parse import urlsplit

IMAGES_JS = ("Array.from(document.querySelectorAll('img'), i => ({src: i.src, complete: i.complete,"
             " naturalWidth: i.naturalWidth, naturalHeight: i.naturalHeight}))")


class CDPError(Exception):
    pass


class Browser:
    def __init__(self, chromium, window_size, report):
        self.tmp = tempfile.mkdtemp(prefix="browser-check-")
        self.report, self.session, self.loaded = report, None, False
        self.buf, self.next_id, self.urls = b"", 0, {}
        cmd_r, self.cmd_w = os.pipe()   # we write -> chromium reads on fd 3
        self.res_r, res_w = os.pipe()   # chromium writes on fd 4 -> we read
        # Copies above fd 10 so the dup2 onto 3/4 in the child can never clobber its own source.
        hi_r, hi_w = (fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (cmd_r, res_w))
        self.log = open(os.path.join(self.tmp, "chromium-stderr.log"), "wb")
        argv = [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--no-default-browser-check", "--disable-extensions", "--disable-dev-shm-usage",
                "--user-data-dir=" + os.path.join(self.tmp, "profile"), "--remote-debugging-pipe",
                "--allow-file-access-from-files", "--window-size=" + window_size, "about:blank"]
        # fds 3 and 4 are open in this process (the pipes above took the lowest free fds),
        # so pass_fds accepts them; preexec_fn then points them at the right pipe ends.
        self.proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=self.log, pass_fds=(3, 4), start_new_session=True,
                                     preexec_fn=lambda: (os.dup2(hi_r, 3), os.dup2(hi_w, 4)))
        for fd in (cmd_r, res_w, hi_r, hi_w):
            os.close(fd)

    def send(self, method, params=None, session=True):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = self.session
        data = json.dumps(msg).encode() + b"\0"
        while data:
            data = data[os.write(self.cmd_w, data):]
        return self.next_id

    def pump(self, until, deadline):
        """Dispatch incoming messages until until(msg) is true (returns msg) or the deadline (None)."""
        while True:
            while b"\0" in self.buf:
                raw, self.buf = self.buf.split(b"\0", 1)
                msg = json.loads(raw)
                if "method" in msg:
                    self.on_event(msg)
                if until(msg):
                    return msg
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.res_r], [], [], left)[0]:
                return None
            chunk = os.read(self.res_r, 1 << 20)
            if not chunk:
                raise CDPError("chromium closed the DevTools pipe (crashed or exited)")
            self.buf += chunk

    def call(self, method, params=None, session=True, timeout=15):
        mid = self.send(method, params, session)
        msg = self.pump(lambda m: m.get("id") == mid, time.monotonic() + timeout)
        if msg is None:
            raise CDPError(f"{method}: no reply within {timeout}s")
        if "error" in msg:
            raise CDPError(f"{method}: {msg['error'].get('message')}")
        return msg.get("result", {})

    def evaluate(self, expr):
        r = self.call("Runtime.evaluate", {"expression": expr, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in r:
            raise CDPError(exception_text(r["exceptionDetails"]))
        return r["result"].get("value")

    def on_event(self, msg):
        m, p, rep = msg["method"], msg["params"], self.report
        url = (p.get("entry") or p.get("response") or {}).get("url") or self.urls.get(p.get("requestId"), "")
        if msg.get("sessionId") != self.session or urlsplit(url).path == "/favicon.ico":
            return   # other targets; headless Chromium's own /favicon.ico probe (not the page's fault)
        if m == "Page.loadEventFired":
            self.loaded = True
        elif m == "Runtime.consoleAPICalled":
            frames = (p.get("stackTrace") or {}).get("callFrames") or [{}]
            rep["console"].append({"source": "console-api", "level": p["type"],
                                   "text": " ".join(map(arg_text, p["args"])), "url": frames[0].get("url", "")})
        elif m == "Runtime.exceptionThrown":
            d = p["exceptionDetails"]
            rep["exceptions"].append({"text": exception_text(d), "url": d.get("url", ""),
                                      "line": d.get("lineNumber"), "column": d.get("columnNumber")})
        elif m == "Log.entryAdded":
            e = p["entry"]
            rep["console"].append({k: e.get(k, "") for k in ("source", "level", "text", "url")})
        elif m == "Network.requestWillBeSent":
            self.urls[p["requestId"]] = p["request"]["url"]
        elif m == "Network.loadingFailed":
            rep["failedRequests"].append({"url": url, "error": p["errorText"]})
        elif m == "Network.responseReceived" and p["response"]["status"] >= 400:
            rep["failedRequests"].append({"url": url, "status": p["response"]["status"]})

    def close(self):
        try:
            if self.proc.poll() is None:
                self.send("Browser.close", session=False)
                self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            pass
        if self.proc.poll() is None:   # still alive: kill the whole process group we created
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait()
        reap_orphans()
        for fd in (self.cmd_w, self.res_r):
            os.close(fd)
        self.log.close()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def stderr_tail(self, n=15):
        self.log.flush()
        with open(self.log.name, errors="replace") as f:   # skip the harmless D-Bus noise
            return "".join([l for l in f if "dbus" not in l][-n:])


def reap_orphans(grace=3.0):
    """Chromium's zygote and crashpad helpers are re-parented to us (we are a child subreaper) and
    exit once the browser is gone; reap them so they don't pile up as zombies under a PID 1 that
    never reaps (true in this VM/container). Anything still running after `grace` s is left alone."""
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline:
        try:
            if not os.waitpid(-1, os.WNOHANG)[0]:
                time.sleep(0.05)
        except ChildProcessError:
            return


def arg_text(a):
    if "value" in a:
        return a["value"] if isinstance(a["value"], str) else json.dumps(a["value"])
    return a.get("unserializableValue") or a.get("description") or a.get("type", "")


def exception_text(d):
    return (d.get("exception") or {}).get("description") or d.get("text", "exception")


def to_url(s):
    if "://" in s or s.startswith(("about:", "data:")):
        return s
    return Path(s).resolve().as_uri()


def run(args, b, rep):
    target = b.call("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
    b.session = b.call("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
    for domain in ("Runtime", "Log", "Page", "Network"):
        b.call(domain + ".enable")
    nav = b.call("Page.navigate", {"url": rep["url"]}, timeout=args.timeout)
    if nav.get("errorText"):
        raise CDPError(f"navigation to {rep['url']} failed: {nav['errorText']}")
    if not b.loaded and b.pump(lambda m: b.loaded, time.monotonic() + args.timeout) is None:
        raise CDPError(f"timeout: no Page.loadEventFired within {args.timeout}s")
    if args.wait_for is not None:   # a page that renders after load (a single-page app): poll until it has
        deadline = time.monotonic() + args.timeout
        while not b.evaluate(args.wait_for):
            if time.monotonic() > deadline:
                raise CDPError(f"timeout: --wait-for stayed false for {args.timeout}s")
            b.pump(lambda m: False, time.monotonic() + 0.1)
    b.pump(lambda m: False, time.monotonic() + 0.3)   # settle: late console messages / errors
    rep["title"] = b.evaluate("document.title")
    rep["images"] = b.evaluate(IMAGES_JS)
    if args.eval is not None:
        try:
            rep["eval"] = b.evaluate(args.eval)
        except CDPError as e:
            rep["evalError"] = str(e)
    if args.screenshot:
        m = b.call("Page.getLayoutMetrics")
        size = m.get("cssContentSize") or m["contentSize"]
        clip = {"x": 0, "y": 0, "width": math.ceil(size["width"]), "height": math.ceil(size["height"]), "scale": 1}
        shot = b.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": clip})
        Path(args.screenshot).write_bytes(base64.b64decode(shot["data"]))
        rep["screenshot"] = os.path.abspath(args.screenshot)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("url")
    ap.add_argument("--screenshot", metavar="PATH")
    ap.add_argument("--eval", metavar="JS")
    ap.add_argument("--wait-for", metavar="JS", help="after load, wait until this expression is truthy")
    ap.add_argument("--window-size", default="1280,800", metavar="W,H")
    ap.add_argument("--timeout", type=float, default=30.0, metavar="S")
    ap.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium", metavar="PATH")
    args = ap.parse_args()
    if not (os.path.isfile(args.chromium) and os.access(args.chromium, os.X_OK)):
        print(f"browser-check: chromium not found at {args.chromium}.\n"
              "Install it with: sudo apt-get install -y chromium", file=sys.stderr)
        return 2
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):   # make sure `finally` cleans up
        signal.signal(sig, lambda n, f: sys.exit(128 + n))
    rep = {"url": to_url(args.url), "title": None, "images": [], "console": [], "exceptions": [],
           "failedRequests": [], "eval": None, "evalError": None, "screenshot": None}
    b, code = None, 0
    ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)   # PR_SET_CHILD_SUBREAPER: orphans come back to us
    try:
        b = Browser(args.chromium, args.window_size, rep)
        run(args, b, rep)
    except Exception as e:   # CDPError, OSError, or an unexpected protocol reply
        rep["error"], code = str(e) if isinstance(e, CDPError) else f"{type(e).__name__}: {e}", 1
        print(f"browser-check: {e}", file=sys.stderr)
        if b:
            print("--- chromium stderr (tail) ---\n" + b.stderr_tail(), file=sys.stderr)
    finally:
        if b:
            b.close()
    print(json.dumps(rep, indent=2))
    return code


if __name__ == "__main__":
    sys.exit(main())
