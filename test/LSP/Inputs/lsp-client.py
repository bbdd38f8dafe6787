#!/usr/bin/env python3
"""lsp-client.py: an editor's session with a language server, scripted.

lsp-client.py [--cpp FILE.cpp] [--expect-clangd] [--edit OLD NEW [--save]]
              [--moved] [--timeout S] CUDA_FILE -- SERVER ARGS...

Starts the server, initializes it, opens CUDA_FILE (and FILE.cpp), waits for
each file's diagnostics (for the CUDA file, until gpurd's have come, and
with --expect-clangd until clangd's have too), prints them one a line, asks for the code actions at
each gpurd diagnostic and applies the first quick fix to the text, sends a
message that is not JSON and a request after it, then shutdown and exit, and
prints the server's exit status. Lines:

  diagnostic FILE LINE:COL SOURCE CODE SEVERITY: MESSAGE
  quick fix FILE LINE:COL: TITLE
  applied FILE LINE: TEXT OF THE EDITED LINE
  after edit: N gpurd diagnostics   (--edit: the buffer changed, not saved)
  moved LINE:COL CODE, quick fix at LINE:COL   (--moved: each of gpurd's
      diagnostics published after an --edit that changes no token, whose
      NEW may hold \\n for a line break, with its first quick fix's edit)
  after save: N gpurd diagnostics   (--save: then the buffer saved)
  after malformed: RESPONSE-KIND
  exit status N
"""
import json
import os
import subprocess
import sys
import threading
import time
import queue


def frame(body):
    data = json.dumps(body).encode()
    return b"Content-Length: %d\r\n\r\n" % len(data) + data


TRACE = None  # --trace FILE: one line a message, both ways.


def summary(m):
    if isinstance(m, bytes):
        return "(not JSON: %r)" % m[:40]
    what = m.get("method") or ("result" if "result" in m else "error" if "error" in m else "?")
    rid = "(%s)" % m["id"] if "id" in m else ""
    extra = ""
    params = m.get("params") or {}
    if what == "textDocument/publishDiagnostics":
        sources = {}
        for d in params.get("diagnostics", []):
            sources[d.get("source", "-")] = sources.get(d.get("source", "-"), 0) + 1
        extra = " %s %s" % (os.path.basename(params.get("uri", "")), sources)
    elif isinstance(params, dict) and "textDocument" in params:
        extra = " " + os.path.basename(params["textDocument"].get("uri", ""))
    elif "result" in m and isinstance(m["result"], list):
        extra = " [%d items: %s]" % (len(m["result"]), ", ".join(a.get("title", "?") for a in m["result"][:3]
                                                               if isinstance(a, dict)))
    return what + rid + extra


class Session:
    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.messages = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode().partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            message = json.loads(out.read(length))
            if TRACE:
                TRACE.write("<- %s\n" % summary(message))
            self.messages.put(message)

    def send(self, body):
        if TRACE:
            TRACE.write("-> %s\n" % summary(body))
        self.proc.stdin.write(frame(body) if isinstance(body, dict) else body)
        self.proc.stdin.flush()

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait(self, accept, timeout):
        """The first message accept() takes; answers the server's requests."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                message = self.messages.get(timeout=max(0.01, deadline - time.time()))
            except queue.Empty:
                break
            if message is None:
                return None
            if "method" in message and "id" in message:  # A request to the editor.
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
                continue
            if accept(message):
                return message
        return None


def uri(path):
    return "file://" + os.path.abspath(path)


def gpurd_quick_fixes(s, u, d, timeout):
    """The server's gpurd quick fixes for diagnostic d of the file u."""
    rid = s.request("textDocument/codeAction", {"textDocument": {"uri": u}, "range": d["range"],
                                               "context": {"diagnostics": [d]}})
    reply = s.wait(lambda m: m.get("id") == rid, timeout)
    actions = (reply or {}).get("result") or []
    return [a for a in actions if a.get("kind") == "quickfix" and "gpurd" in a.get("title", "")]


def main():
    args = sys.argv[1:]
    split = args.index("--")
    own, server = args[:split], args[split + 1:]
    cpp = None
    expect_clangd = False
    edit = None
    save = False
    moved = False
    timeout = 60.0
    files = []
    i = 0
    while i < len(own):
        if own[i] == "--cpp":
            cpp = own[i + 1]
            i += 2
        elif own[i] == "--edit":
            edit = (own[i + 1], own[i + 2])
            i += 3
        elif own[i] == "--trace":
            global TRACE
            TRACE = open(own[i + 1], "w", buffering=1)
            i += 2
        elif own[i] == "--moved":
            moved = True
            i += 1
        elif own[i] == "--save":
            save = True
            i += 1
        elif own[i] == "--expect-clangd":
            expect_clangd = True
            i += 1
        elif own[i] == "--timeout":
            timeout = float(own[i + 1])
            i += 2
        else:
            files.append(own[i])
            i += 1
    cuda = files[0]
    texts = {uri(cuda): open(cuda).read()}
    if cpp:
        texts[uri(cpp)] = open(cpp).read()

    s = Session(server)
    init = s.request("initialize", {"processId": os.getpid(), "rootUri": uri(os.path.dirname(os.path.abspath(cuda))),
                                    "capabilities": {"textDocument": {"publishDiagnostics": {"relatedInformation": True}}}})
    if not s.wait(lambda m: m.get("id") == init, timeout):
        print("no initialize response")
        return 1
    s.notify("initialized", {})
    for u, text in texts.items():
        lang = "cuda-cpp" if u.endswith((".cu", ".cuh")) else "cpp"
        s.notify("textDocument/didOpen", {"textDocument": {"uri": u, "languageId": lang, "version": 1, "text": text}})

    # Each file's diagnostics: for the CUDA file, until gpurd's have come
    # (clangd's come on their own, before or after).
    latest = {}
    def got_all():
        if uri(cuda) not in latest:
            return False
        if not any(d.get("source") == "gpurd" for d in latest[uri(cuda)]):
            return False
        if expect_clangd and all(d.get("source") == "gpurd" for d in latest[uri(cuda)]):
            return False
        return not cpp or uri(cpp) in latest
    deadline = time.time() + timeout
    while not got_all() and time.time() < deadline:
        m = s.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics", deadline - time.time())
        if m is None:
            break
        latest[m["params"]["uri"]] = m["params"]["diagnostics"]
    # clangd may publish the CUDA file again a little later; take that too.
    m = s.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics", 2.0)
    while m is not None:
        latest[m["params"]["uri"]] = m["params"]["diagnostics"]
        m = s.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics", 1.0)

    for u in sorted(latest):
        for d in latest[u]:
            start = d["range"]["start"]
            print("diagnostic %s %d:%d %s %s %s: %s" % (
                os.path.basename(u), start["line"] + 1, start["character"] + 1, d.get("source", "-"),
                d.get("code", "-"), {1: "error", 2: "warning", 3: "information", 4: "hint"}.get(d.get("severity"), "-"),
                d["message"]))

    for d in latest.get(uri(cuda), []):
        if d.get("source") != "gpurd":
            continue
        fixes = gpurd_quick_fixes(s, uri(cuda), d, timeout)
        start = d["range"]["start"]
        for fix in fixes:
            print("quick fix %s %d:%d: %s" % (os.path.basename(cuda), start["line"] + 1, start["character"] + 1,
                                              fix["title"]))
        if fixes:
            for edit_uri, edits in fixes[0]["edit"]["changes"].items():
                lines = texts[edit_uri].split("\n")
                for e in sorted(edits, key=lambda e: (e["range"]["start"]["line"], e["range"]["start"]["character"]),
                                reverse=True):
                    a, b = e["range"]["start"], e["range"]["end"]
                    assert a["line"] == b["line"]
                    line = lines[a["line"]]
                    lines[a["line"]] = line[:a["character"]] + e["newText"] + line[b["character"]:]
                    print("applied %s %d: %s" % (os.path.basename(edit_uri), a["line"] + 1, lines[a["line"]].strip()))
            break

    if edit and moved:
        # An edit of comments or layout: the same findings, where their
        # tokens now are (standalone: the next publish is gpurd's).
        text = texts[uri(cuda)].replace(edit[0], edit[1].replace("\\n", "\n"))
        s.notify("textDocument/didChange", {"textDocument": {"uri": uri(cuda), "version": 2},
                                            "contentChanges": [{"text": text}]})
        m = s.wait(lambda m: (m.get("method") == "textDocument/publishDiagnostics" and
                              m["params"]["uri"] == uri(cuda)), timeout)
        for d in (m or {"params": {"diagnostics": []}})["params"]["diagnostics"]:
            if d.get("source") != "gpurd":
                continue
            fixes = gpurd_quick_fixes(s, uri(cuda), d, timeout)
            fix = "none"
            if fixes:
                edits = next(iter(fixes[0]["edit"]["changes"].values()))
                at = edits[0]["range"]["start"]
                fix = "%d:%d" % (at["line"] + 1, at["character"] + 1)
            start = d["range"]["start"]
            print("moved %d:%d %s, quick fix at %s" % (start["line"] + 1, start["character"] + 1, d.get("code"), fix))
    elif edit:
        # The buffer changed and not saved: gpurd analyses it after the pause.
        text = texts[uri(cuda)].replace(edit[0], edit[1])
        s.notify("textDocument/didChange", {"textDocument": {"uri": uri(cuda), "version": 2},
                                            "contentChanges": [{"text": text}]})
        before = sum(d.get("source") == "gpurd" for d in latest.get(uri(cuda), []))
        m = s.wait(lambda m: (m.get("method") == "textDocument/publishDiagnostics" and
                              m["params"]["uri"] == uri(cuda) and
                              sum(d.get("source") == "gpurd" for d in m["params"]["diagnostics"]) != before),
                   timeout)
        count = before if m is None else sum(d.get("source") == "gpurd" for d in m["params"]["diagnostics"])
        print("after edit: %d gpurd diagnostics" % count)
        if save:
            s.notify("textDocument/didSave", {"textDocument": {"uri": uri(cuda)}})
            m = s.wait(lambda m: (m.get("method") == "textDocument/publishDiagnostics" and
                                  m["params"]["uri"] == uri(cuda)), timeout)
            print("after save: %s" % ("no diagnostics" if m is None else "%d gpurd diagnostics" % sum(
                d.get("source") == "gpurd" for d in m["params"]["diagnostics"])))

    # A message that is not JSON, then a request: the server still answers.
    s.send(b"Content-Length: 9\r\n\r\n{not json")
    rid = s.request("textDocument/codeAction", {"textDocument": {"uri": uri(cuda)},
                                               "range": {"start": {"line": 0, "character": 0},
                                                         "end": {"line": 0, "character": 0}},
                                               "context": {"diagnostics": []}})
    reply = s.wait(lambda m: m.get("id") == rid, timeout)
    print("after malformed: %s" % ("no answer" if reply is None else "error" if "error" in reply else "result"))

    rid = s.request("shutdown", None)
    s.wait(lambda m: m.get("id") == rid, timeout)
    s.notify("exit", None)
    try:
        status = s.proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        s.proc.kill()
        status = "killed after %gs" % timeout
    print("exit status %s" % status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
