#!/usr/bin/env python3
"""A misbehaving CDN for the fetcher's failure tests. Loopback only.

Listens on 127.0.0.1, on $FAULT_SERVER_PORT (or a port the kernel picks), prints the port as its first
line, then serves:

  /<case>/acme/widgets/manifest.json            a manifest offering en and tr (or a broken one, per case)
  /<case>/acme/widgets/en/translations.json     always valid
  /<case>/acme/widgets/tr/translations.json     misbehaves as <case> says (see FAULTS)
  /trickle/acme/widgets/{en,tr}/translations.json   a byte a second, without end: for cancellation
  /huge…/acme/widgets/tr/translations.json      2 GB, declared or chunked, until the client goes away
  /_hits                                        JSON: how often each path was requested

A second listener on another port serves the same paths, as another origin that a manifest can name.

It exits by itself when the process that started it goes away, so it cannot outlive its test.
"""
import json
import os
import signal
import socket
import struct
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

VALID = {"today": {"title": "Bugün", "greeting": "Merhaba {name}!"}}
VALID_EN = {"today": {"title": "Today", "greeting": "Hello, {name}!"}}
MANIFEST = {"sourceLanguage": "en", "languages": [
    {"code": "en", "name": "English", "nativeName": "English", "isSource": True},
    {"code": "tr", "name": "Turkish", "nativeName": "Türkçe", "isSource": False}]}

# Messages outside any CDN directory, that a hostile manifest names as a file:// URL.
OUTSIDE_THE_CDN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "outside-the-cdn.json")
# Cases whose tr messages are valid: they are about the manifest.
VALID_TR_CASES = ("ok", "manifest-relative-url", "manifest-bom", "manifest-invalid-codes")

hits = {}
hits_lock = threading.Lock()
other_origin = None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send_body(self, status, body, headers=()):
        if isinstance(body, str):
            body = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def reset(self):
        # SO_LINGER with a zero timeout turns close() into a TCP reset.
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.connection.close()
        self.close_connection = True

    def do_GET(self):
        with hits_lock:
            hits[self.path] = hits.get(self.path, 0) + 1
            count = hits[self.path]
        if self.path == "/_hits":
            return self.send_body(200, json.dumps(hits))
        parts = self.path.strip("/").split("/")
        if len(parts) < 4:
            return self.send_body(404, "{}")
        case, rest = parts[0], "/".join(parts[1:])
        if rest == "acme/widgets/manifest.json":
            return self.manifest(case)
        if case == "trickle" and rest.endswith("/translations.json"):
            return self.trickle()
        if rest == "acme/widgets/en/translations.json":
            return self.send_body(200, json.dumps(VALID_EN), [("ETag", '"en-1"')])
        if rest == "acme/widgets/tr/translations.json":
            return self.fault(case, count)
        if rest == "acme/widgets/elsewhere/tr.json":
            return self.send_body(200, json.dumps(VALID))
        return self.send_body(404, "{}")

    def trickle(self):
        """Both locales' headers at once, then one body byte a second for far longer than any test runs: a
        transfer that only a cancellation (or a timeout) ends. Stops when the client goes away."""
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "100000")
        self.end_headers()
        try:
            for _ in range(100000):
                self.wfile.write(b" ")
                self.wfile.flush()
                time.sleep(1)
        except OSError:
            pass

    def stream(self, declared):
        """Up to 2 GB of a JSON string's bytes, a megabyte at a time, until the client goes away."""
        self.send_response(200)
        if declared is None:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(declared))
        self.end_headers()
        chunk = b"x" * 1_000_000
        try:
            for _ in range(2000):
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk) if declared is None else chunk)
        except OSError:
            pass
        self.close_connection = True

    def manifest(self, case):
        if case == "manifest-404":
            return self.send_body(404, "Not found")
        if case == "manifest-no-languages":
            return self.send_body(200, json.dumps({"sourceLanguage": "en", "files": {}}))
        if case == "manifest-not-json":
            return self.send_body(200, "<html>maintenance</html>")
        if case == "manifest-utf16":
            return self.send_body(200, json.dumps(MANIFEST).encode("utf-16"))
        if case == "manifest-utf16-no-bom":
            return self.send_body(200, json.dumps(MANIFEST).encode("utf-16-le"))
        if case == "manifest-invalid-utf8":
            return self.send_body(200, b'{"languages": ["en", "tr"], "projectSlug": "w\xffdgets"}')
        if case == "manifest-bom":
            return self.send_body(200, b"\xef\xbb\xbf" + json.dumps(MANIFEST).encode())
        manifest = dict(MANIFEST)
        if case == "manifest-too-many-languages":
            # 10,000 valid, distinct codes: en, tr, then three-letter language subtags.
            letters = "abcdefghijklmnopqrstuvwxyz"
            codes = [a + b + c for a in letters for b in letters for c in letters][:9998]
            manifest["languages"] = MANIFEST["languages"] + [{"code": code} for code in codes]
        if case == "manifest-too-many-namespaces":
            manifest["namespaces"] = ["ns%d" % index for index in range(1000)]
        if case == "manifest-invalid-codes":
            manifest["languages"] = MANIFEST["languages"] + [{"code": "bad code %d" % n} for n in range(10000)]
        if case == "manifest-other-origin":
            manifest["files"] = {"tr": {"url": other_origin + "/ok/acme/widgets/tr/translations.json"}}
        if case == "manifest-credentials":
            url = "http://user:secret@127.0.0.1:%d/ok/acme/widgets/tr/translations.json" % self.server.server_address[1]
            manifest["files"] = {"tr": {"url": url}}
        if case == "planted-file-url":
            manifest["files"] = {"en": {"url": "file://" + OUTSIDE_THE_CDN}}
        if case == "manifest-file-url":
            manifest["files"] = {"tr": {"url": "file:///etc/passwd"}}
        if case == "manifest-ftp-url":
            manifest["files"] = {"tr": {"url": "ftp://127.0.0.1/tr.json"}}
        if case == "manifest-relative-url":
            manifest["files"] = {"tr": {"url": "elsewhere/tr.json"}}
        return self.send_body(200, json.dumps(manifest))

    def fault(self, case, count):
        valid = json.dumps(VALID)
        if case in VALID_TR_CASES:
            return self.send_body(200, valid, [("ETag", '"tr-1"')])
        if case == "slow":
            time.sleep(3)
            return self.send_body(200, valid)
        if case == "reset":
            self.send_response(200)
            self.send_header("Content-Length", "5000")
            self.end_headers()
            self.wfile.write(valid.encode()[:20])
            self.wfile.flush()
            time.sleep(0.05)
            return self.reset()
        if case == "oversized":
            self.send_response(200)
            self.send_header("Content-Length", str(25_000_000))
            self.end_headers()
            try:
                self.wfile.write(b'{"a":"' + b"x" * 1_000_000)
            except OSError:
                pass
            return self.reset()
        if case == "oversized-chunked":
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            try:
                chunk = b"x" * 1_000_000
                self.wfile.write(b"%x\r\n%s\r\n" % (6, b'{"a":"'))
                for _ in range(25):
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                self.wfile.write(b'2\r\n"}\r\n0\r\n\r\n')
            except OSError:
                pass
            self.close_connection = True
            return
        if case == "huge":
            # 2 GB declared: refused from its length, before the body, by either client.
            return self.stream(declared=2_000_000_000)
        if case == "huge-chunked":
            # 2 GB that declares nothing: the client's cap must stop it as it arrives.
            return self.stream(declared=None)
        if case == "redirect-other-origin":
            return self.send_body(302, "", [("Location", other_origin + "/ok/acme/widgets/tr/translations.json")])
        if case == "redirect-loop":
            return self.send_body(302, "", [("Location", self.path)])
        if case == "redirect-file":
            return self.send_body(302, "", [("Location", "file:///etc/passwd")])
        if case == "redirect-ftp":
            return self.send_body(302, "", [("Location", "ftp://127.0.0.1/tr.json")])
        if case == "redirect-ok":
            return self.send_body(302, "", [("Location", "/ok/acme/widgets/tr/translations.json")])
        if case == "bad-gzip":
            return self.send_body(200, b"\x1f\x8b\x08\x00garbage-not-deflate", [("Content-Encoding", "gzip")])
        if case == "unknown-encoding":
            return self.send_body(200, valid, [("Content-Encoding", "x-widget-squash")])
        if case.startswith("status-"):
            status = int(case.split("-")[1])
            headers = [("Retry-After", "0")] if status == 429 else []
            return self.send_body(status, "{}", headers)
        if case == "flaky-500":
            return self.send_body(500, "{}") if count == 1 else self.send_body(200, valid)
        if case == "flaky-429":
            if count == 1:
                return self.send_body(429, "{}", [("Retry-After", "1")])
            return self.send_body(200, valid)
        if case == "retry-after-too-long":
            return self.send_body(503, "{}", [("Retry-After", "3600")])
        if case == "truncated":
            return self.send_body(200, valid[: len(valid) // 2])
        if case == "array":
            return self.send_body(200, '["Bugün"]')
        if case == "string":
            return self.send_body(200, '"Bugün"')
        if case == "empty":
            return self.send_body(200, "{}")
        if case == "fallback":
            return self.send_body(200, '{"fallback": true}')
        if case == "no-strings":
            return self.send_body(200, '{"a": {"b": 1}}')
        if case == "invalid-utf8":
            return self.send_body(200, b'{"today": {"title": "Bug\xfcn"}}')
        if case == "deep":
            return self.send_body(200, '{"a":' * 500 + '"x"' + "}" * 500)
        if case == "html":
            return self.send_body(200, "<html><body>Service unavailable</body></html>")
        if case == "bom-json":
            return self.send_body(200, b"\xef\xbb\xbf" + valid.encode())
        return self.send_body(404, "{}")


def main():
    # A parent may start us with signals blocked (Foundation's Process does); SIGTERM must stop us.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    global other_origin
    other = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    other.daemon_threads = True
    other_origin = "http://127.0.0.1:%d" % other.server_address[1]
    threading.Thread(target=other.serve_forever, daemon=True).start()
    server = ThreadingHTTPServer(("127.0.0.1", int(os.environ.get("FAULT_SERVER_PORT", "0"))), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    parent = os.getppid()

    def watch_parent():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch_parent, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
