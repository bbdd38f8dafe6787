#!/usr/bin/env python3
"""lsp-latency.py: what gpurd-lsp costs an editor (docs/performance.md).

lsp-latency.py --gpurd-lsp BIN [--clangd clangd-19] [--requests N] FILE.cu...

1. The latency gpurd-lsp adds to clangd's own messages: N documentSymbol
   requests on a C++ file, one at a time, straight to clangd and through
   gpurd-lsp; the median and 99th percentile of each, and their difference.
2. From didSave to gpurd's diagnostics for each FILE.cu:
   - the buffer's code changed before each save (a declaration added at its
     end, so that the tokens differ from those last analysed: each analysis
     is a gpurd-advise process of its own);
   - its comments changed before each save (a comment line added at its top:
     the same tokens, each finding moved a line down without a run);
   - a save of the text the last analysis had (the server publishes its
     findings again without a run).

The editor's side of the protocol is test/LSP/Inputs/lsp-client.py's.
"""
import argparse
import importlib.util
import os
import shutil
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "lsp_client", os.path.join(HERE, "..", "test", "LSP", "Inputs", "lsp-client.py"))
client = importlib.util.module_from_spec(spec)
spec.loader.exec_module(client)


def start(argv, root):
    s = client.Session(argv)
    rid = s.request("initialize", {"processId": os.getpid(), "rootUri": client.uri(root), "capabilities": {}})
    s.wait(lambda m: m.get("id") == rid, 60)
    s.notify("initialized", {})
    return s


def stop(s):
    rid = s.request("shutdown", None)
    s.wait(lambda m: m.get("id") == rid, 30)
    s.notify("exit", None)
    s.proc.wait(timeout=30)


def round_trips(argv, cpp, count):
    s = start(argv, os.path.dirname(cpp))
    u = client.uri(cpp)
    s.notify("textDocument/didOpen", {"textDocument": {"uri": u, "languageId": "cpp", "version": 1,
                                                       "text": open(cpp).read()}})
    s.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics", 60)
    times = []
    for _ in range(count):
        t = time.perf_counter()
        rid = s.request("textDocument/documentSymbol", {"textDocument": {"uri": u}})
        s.wait(lambda m: m.get("id") == rid, 30)
        times.append((time.perf_counter() - t) * 1000)
    stop(s)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.99))]


def save_to_diagnostics(argv, cu, early):
    s = start(argv, os.path.dirname(cu))
    u = client.uri(cu)
    s.notify("textDocument/didOpen", {"textDocument": {"uri": u, "languageId": "cuda-cpp", "version": 1,
                                                       "text": open(cu).read()}})
    gpurd = lambda m: (m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == u
                       and any(d.get("source") == "gpurd" for d in m["params"]["diagnostics"]))
    s.wait(gpurd, 300)
    text = open(cu).read()
    version = [1]

    def saved_after_staged(edit, staged=True):
        """Seconds from didSave of the edited buffer to gpurd's diagnostics:
        to the first publication (the early findings), and to the whole
        analysis's (with early findings, a second one, when it comes within
        60 s; else the first was the whole)."""
        version[0] += 1
        s.notify("textDocument/didChange", {"textDocument": {"uri": u, "version": version[0]},
                                            "contentChanges": [{"text": edit}]})
        t = time.perf_counter()
        s.notify("textDocument/didSave", {"textDocument": {"uri": u}})
        s.wait(gpurd, 300)
        first = time.perf_counter() - t
        m = s.wait(gpurd, 60) if early and staged else None
        return first, (time.perf_counter() - t) if m else first

    def saved_after(edit):
        """Seconds from didSave of the edited buffer to gpurd's diagnostics
        (an edit that runs no analysis: one publication)."""
        return saved_after_staged(edit, staged=False)[0]

    times, early_times = [], []
    for k in range(3):
        # New tokens, saved at once: one analysis, of the new text.
        text += "static const int gpurd_latency_edit_%d = %d;\n" % (k, k)
        first, whole = saved_after_staged(text)
        early_times.append(first)
        times.append(whole)
    comments = []
    for k in range(3):
        # A comment line: the findings move without an analysis.
        text = "// edit %d\n" % k + text
        comments.append(saved_after(text))
    # The same text saved again: the last analysis's findings.
    t = time.perf_counter()
    s.notify("textDocument/didSave", {"textDocument": {"uri": u}})
    s.wait(gpurd, 300)
    unchanged = time.perf_counter() - t
    stop(s)
    return (min(times), statistics.median(times), statistics.median(early_times),
            statistics.median(comments), unchanged)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gpurd-lsp", required=True)
    parser.add_argument("--clangd", default="clangd-19")
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    work = tempfile.mkdtemp()
    cpp = os.path.join(work, "a.cpp")
    with open(cpp, "w") as f:
        f.write("#include <vector>\n" + "".join("int f%d(std::vector<int> &v) { return v[%d]; }\n" % (i, i)
                                                 for i in range(50)))
    clangd = [args.clangd, "--log=error"]
    direct = round_trips(clangd, cpp, args.requests)
    proxied = round_trips([args.gpurd_lsp, "--clangd=" + args.clangd, "--", "--log=error"], cpp, args.requests)
    print("documentSymbol, %d requests: clangd %.2f ms median, %.2f ms p99; through gpurd-lsp %.2f ms median, "
          "%.2f ms p99; added %.2f ms median, %.2f ms p99" % (
              args.requests, direct[0], direct[1], proxied[0], proxied[1], proxied[0] - direct[0],
              proxied[1] - direct[1]))
    for cu in args.files:
        copy = os.path.join(work, os.path.basename(cu))
        shutil.copy(cu, copy)
        for early in (True, False):
            argv = [args.gpurd_lsp, "--standalone"] + ([] if early else ["--early-findings=false"])
            best, median, first, comments, unchanged = save_to_diagnostics(argv, copy, early)
            print("%s (%s): didSave to gpurd's diagnostics, code changed: the whole analysis's %.2f s "
                  "(best of 3), %.2f s median, the early findings' %.2f s median; comments changed "
                  "%.1f ms median; the text last analysed saved again %.1f ms" % (
                      os.path.basename(cu), "early findings" if early else "--early-findings=false",
                      best, median, first, 1000 * comments, 1000 * unchanged))
    shutil.rmtree(work)


if __name__ == "__main__":
    sys.exit(main())
