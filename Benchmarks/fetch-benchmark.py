#!/usr/bin/env python3
"""The fetch benchmark: `widget-i18n fetch --all` over each HTTP client (libcurl, URLSession) against curl's own
parallel mode, same URLs, same nginx.

Builds widget-i18n in release with the Swift runtime linked statically, generates 30 locales of ~300 KB
(make-cdn-tree.py), serves them with nginx on 127.0.0.1 (the test
configuration, Tests/Servers/nginx.conf.template), then alternates, --runs times, each widget-i18n row once per
`--http-client` (curl, urlsession):
  cold     widget-i18n fetch --all into an empty group store (manifest, then every bundle, validated, cached)
  curl     curl --parallel --compressed of the same 31 URLs to files
  floor    curl, then an fsync of every downloaded file and of the directory: a crash-safe cache's floor
  unchanged   widget-i18n fetch --all again with nothing new: the manifest's versions say so, one request (304)
  revalidate  the same without versions in the manifest: a conditional request per locale, every answer a 304
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
        served = os.path.join(work, "cdn")
        # The same bundles twice: with a manifest version (nothing new costs one request) and without one
        # (every locale is revalidated with a conditional request).
        for variant, extra in (("versioned", []), ("plain", ["--no-version"])):
            subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks/make-cdn-tree.py"), "--out",
                            os.path.join(served, variant), "--locales", str(args.locales), "--size-kb",
                            str(args.size_kb)] + extra, check=True, stdout=subprocess.DEVNULL)
        nginx_dir = os.path.join(work, "nginx")
        os.makedirs(nginx_dir)
        nginx, port = start_nginx(served, nginx_dir)
        base = "http://127.0.0.1:%d" % port
        project = os.path.join(served, "versioned", "acme/widgets")
        codes = sorted(d for d in os.listdir(project) if os.path.isdir(os.path.join(project, d)))
        urls = [base + "/versioned/acme/widgets/manifest.json"] + [
            base + "/versioned/acme/widgets/%s/translations.json" % c for c in codes]
        total_bytes = sum(os.path.getsize(os.path.join(project, c, "translations.json")) for c in codes)
        env = dict(os.environ, WIDGET_I18N_PROJECT="acme/widgets", WIDGET_I18N_CDN=base + "/versioned")
        plain_env = dict(env, WIDGET_I18N_CDN=base + "/plain")
        clients = ["curl", "urlsession"]
        curl, floor = [], []
        cold, unchanged, revalidate = ({client: [] for client in clients} for _ in range(3))
        try:
            for run in range(args.runs):
                for client in clients:
                    flag = ["--http-client", client]
                    store = os.path.join(work, "store-%d" % run)
                    env["WIDGET_I18N_GROUP_DIR"] = store
                    elapsed, _ = timed([binary, "fetch", "--all", "--quiet"] + flag, env)
                    cold[client].append(elapsed)
                    elapsed, summary = timed([binary, "fetch", "--all", "--json"] + flag, env)
                    unchanged[client].append(elapsed)
                    check_nothing_new(json.loads(summary), "with a manifest version")
                    plain_store = os.path.join(work, "plain-%d" % run)
                    plain_env["WIDGET_I18N_GROUP_DIR"] = plain_store
                    timed([binary, "fetch", "--all", "--quiet"] + flag, plain_env)
                    elapsed, summary = timed([binary, "fetch", "--all", "--json"] + flag, plain_env)
                    revalidate[client].append(elapsed)
                    check_nothing_new(json.loads(summary), "without a manifest version")
                    for directory in (store, plain_store):
                        shutil.rmtree(directory)
                out = os.path.join(work, "curl-%d" % run)
                os.makedirs(out)
                command = ["curl", "--parallel", "--parallel-max", "8", "--compressed", "-sS", "--fail"]
                for index, url in enumerate(urls):
                    command += ["-o", os.path.join(out, "%d.json" % index), url]
                elapsed, _ = timed(command)
                curl.append(elapsed)
                # The floor of a crash-safe cache: curl's files made durable, each file and the directory.
                start = time.perf_counter()
                for name in os.listdir(out):
                    descriptor = os.open(os.path.join(out, name), os.O_RDONLY)
                    os.fsync(descriptor)
                    os.close(descriptor)
                descriptor = os.open(out, os.O_RDONLY)
                os.fsync(descriptor)
                os.close(descriptor)
                floor.append(elapsed + time.perf_counter() - start)
                shutil.rmtree(out)
        finally:
            nginx.terminate()
            nginx.wait()
        median = lambda values: statistics.median(values) * 1000
        print("fetch benchmark: %d locales x %d KB (%.1f MB), nginx on loopback, %d runs, medians"
              % (len(codes), args.size_kb, total_bytes / 1e6, args.runs))
        print("| run | wall time (ms) | vs curl | vs curl + fsync |")
        print("|---|---:|---:|---:|")
        print("| `curl --parallel --compressed` (%d URLs) | %.1f | 1.00x | |" % (len(urls), median(curl)))
        print("| curl, then `fsync` of every file and the directory | %.1f | %.2fx | 1.00x |"
              % (median(floor), median(floor) / median(curl)))
        for client in clients:
            print("| `widget-i18n fetch --all --http-client %s` (empty store) | %.1f | %.2fx | %.2fx |"
                  % (client, median(cold[client]), median(cold[client]) / median(curl),
                     median(cold[client]) / median(floor)))
        for client in clients:
            print("| `… --http-client %s`, nothing new, manifest versions: 1 request (304) | %.1f | %.2fx | |"
                  % (client, median(unchanged[client]), median(unchanged[client]) / median(curl)))
        for client in clients:
            print("| `… --http-client %s`, nothing new, no versions: %d conditional requests (304) | %.1f | %.2fx | |"
                  % (client, len(urls), median(revalidate[client]), median(revalidate[client]) / median(curl)))
    finally:
        shutil.rmtree(work, ignore_errors=True)


def check_nothing_new(summary, what):
    outcomes = {entry["outcome"] for entry in summary["locales"]} | {summary["manifest"]["outcome"]}
    if outcomes != {"not modified"} or summary["bytesTransferred"] != 0:
        sys.exit("a fetch with nothing new (%s) was not all 'not modified' with no body: %s" % (what, outcomes))


if __name__ == "__main__":
    main()
