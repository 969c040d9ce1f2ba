#!/usr/bin/env python3
"""The fetch benchmark: `widget-i18n fetch --all` against curl's own parallel mode, same URLs, same nginx.

Builds widget-i18n in release with the Swift runtime linked statically, generates 30 locales of ~300 KB
(make-cdn-tree.py), serves them with nginx on 127.0.0.1 (the test
configuration, Tests/Servers/nginx.conf.template), then alternates, --runs times:
  cold     widget-i18n fetch --all into an empty group store (manifest, then every bundle, validated, cached)
  curl     curl --parallel --compressed of the same 31 URLs to files
  revalidate  widget-i18n fetch --all again with nothing changed: every answer must be a 304 with no body
and prints the medians and the ratio. Usage: Benchmarks/fetch-benchmark.py [--runs N] [--binary PATH]
"""
import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_nginx(root, work):
    port = free_port()
    with open(os.path.join(ROOT, "Tests/Servers/nginx.conf.template")) as f:
        conf = f.read()
    conf = (conf.replace("{{DIR}}", work).replace("{{PORT}}", str(port)).replace("{{ROOT}}", root)
            .replace("{{USER}}", "user root;" if os.getuid() == 0 else ""))
    path = os.path.join(work, "nginx.conf")
    with open(path, "w") as f:
        f.write(conf)
    process = subprocess.Popen(["nginx", "-p", work, "-e", os.path.join(work, "error.log"), "-c", path])
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            return process, port
        except OSError:
            time.sleep(0.02)
    process.terminate()
    sys.exit("nginx did not start")


def timed(command, env=None):
    start = time.perf_counter()
    result = subprocess.run(command, env=env, capture_output=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(command), result.stderr.decode()))
    return elapsed, result.stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--locales", type=int, default=30)
    parser.add_argument("--size-kb", type=int, default=300)
    parser.add_argument("--binary", default=None)
    args = parser.parse_args()
    binary = args.binary
    if binary is None:
        # As the CLI ships: release, Swift runtime linked statically (a dynamically linked one spends ~25 ms
        # loading Foundation's shared libraries before it does anything).
        build = os.path.join(tempfile.gettempdir(), "widget-i18n-bench-build")
        subprocess.run(["swift", "build", "-c", "release", "--product", "widget-i18n", "--static-swift-stdlib",
                        "--build-path", build], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        binary = os.path.join(build, "release", "widget-i18n")
    work = tempfile.mkdtemp(prefix="widget-i18n-fetch-bench-")
    try:
        tree = os.path.join(work, "cdn")
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks/make-cdn-tree.py"), "--out", tree,
                        "--locales", str(args.locales), "--size-kb", str(args.size_kb)], check=True,
                       stdout=subprocess.DEVNULL)
        nginx_dir = os.path.join(work, "nginx")
        os.makedirs(nginx_dir)
        nginx, port = start_nginx(tree, nginx_dir)
        base = "http://127.0.0.1:%d" % port
        project = os.path.join(tree, "acme/widgets")
        codes = sorted(d for d in os.listdir(project) if os.path.isdir(os.path.join(project, d)))
        urls = [base + "/acme/widgets/manifest.json"] + [base + "/acme/widgets/%s/translations.json" % c for c in codes]
        total_bytes = sum(os.path.getsize(os.path.join(project, c, "translations.json")) for c in codes)
        env = dict(os.environ, WIDGET_I18N_PROJECT="acme/widgets", WIDGET_I18N_CDN=base)
        cold, curl, revalidate = [], [], []
        try:
            for run in range(args.runs):
                store = os.path.join(work, "store-%d" % run)
                env["WIDGET_I18N_GROUP_DIR"] = store
                elapsed, _ = timed([binary, "fetch", "--all", "--quiet"], env)
                cold.append(elapsed)
                out = os.path.join(work, "curl-%d" % run)
                os.makedirs(out)
                command = ["curl", "--parallel", "--parallel-max", "8", "--compressed", "-sS", "--fail"]
                for index, url in enumerate(urls):
                    command += ["-o", os.path.join(out, "%d.json" % index), url]
                elapsed, _ = timed(command)
                curl.append(elapsed)
                elapsed, summary = timed([binary, "fetch", "--all", "--json"], env)
                revalidate.append(elapsed)
                summary = json.loads(summary)
                outcomes = {entry["outcome"] for entry in summary["locales"]} | {summary["manifest"]["outcome"]}
                if outcomes != {"not modified"} or summary["bytesTransferred"] != 0:
                    sys.exit("revalidation was not all 304s with no body: %s" % outcomes)
                shutil.rmtree(store)
                shutil.rmtree(out)
        finally:
            nginx.terminate()
            nginx.wait()
        median = lambda values: statistics.median(values) * 1000
        print("fetch benchmark: %d locales x %d KB (%.1f MB), nginx on loopback, %d runs, medians"
              % (len(codes), args.size_kb, total_bytes / 1e6, args.runs))
        print("| run | wall time (ms) | vs curl |")
        print("|---|---:|---:|")
        print("| `curl --parallel --compressed` (31 URLs) | %.1f | 1.00x |" % median(curl))
        print("| `widget-i18n fetch --all` (empty store) | %.1f | %.2fx |" % (median(cold), median(cold) / median(curl)))
        print("| `widget-i18n fetch --all` (unchanged: all 304, 0 body bytes) | %.1f | %.2fx |"
              % (median(revalidate), median(revalidate) / median(curl)))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
