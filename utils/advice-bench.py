#!/usr/bin/env python3
"""Score gpurd-advise's findings against the labelled CUDA programs of the advice benchmark.

Usage:
  utils/advice-bench.py [--gpurd PATH] [--min-precision P] [--min-recall R] [--details]
                        [--json OUT] [FILES or DIR...]
  utils/advice-bench.py --self-test

Each input file is a CUDA program whose source lines carry the findings a GPU performance
engineer would act on, as a comment at the end of the line:

    s += a[i * N + j];  // expect: gpurd-uncoalesced-access
    x[i] = y[k];        // expect: gpurd-uncoalesced-access, gpurd-shared-tiling

Every line without a label is expected silent (benchmarks/advice/README.md). The script runs
`gpurd-advise --format=json FILE --` on each file (no other option: what a new user sees), one
file at a time, with a timeout of 120 s, and matches its findings of severity "warning" to the
labels by (file, check, line):

  * a finding that matches a label not matched yet: a true positive;
  * any other finding: a false positive ("duplicate" when its label was matched already by a
    finding of the same check, "unlabelled" otherwise);
  * a label no finding matched: a false negative;
  * a finding without a location: an error ("no location"), also a false positive;
  * a kernel gpurd says it did not analyse (a remark of check gpurd-analysis, a launch with an
    `error` or without findings), a file gpurd fails on, times out on or whose output is not
    JSON, or a label naming an unknown check: an error.

It prints a table per check (labels, TP, FP, FN, precision, recall) and overall, the false
positives and false negatives, the errors and the run time per file. Precision with no
findings is 1.0, recall with no labels is 1.0. Exit status 1 when the overall precision is
below --min-precision or the overall recall below --min-recall, or when any error occurred;
with --details, the bars also apply to every check with at least 5 labels. Standard library
only; the output is sorted, so two runs on the same gpurd print the same text (but the run
times).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import time

TIMEOUT_SECONDS = 120
DETAIL_MIN_LABELS = 5
MESSAGE_CHARS = 100

# Every check a label may name: gpurd's checks of today, and those the benchmark asks for.
KNOWN_CHECKS = {
    "gpurd-uncoalesced-access",
    "gpurd-shared-bank-conflict",
    "gpurd-constant-divergence",
    "gpurd-readonly-path",
    "gpurd-cache-capacity",
    "gpurd-tile-size",
    "gpurd-placement",
    "gpurd-memory-divergence",
    "gpurd-shared-tiling",
    "gpurd-small-grid",
    "gpurd-redundant-threads",
}

LABEL_RE = re.compile(r"//\s*expect:\s*(.*?)\s*$")
CHECK_RE = re.compile(r"^gpurd-[a-z0-9-]+$")

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def display_path(path):
    """The path relative to the working directory when below it, else absolute."""
    absolute = os.path.abspath(path)
    relative = os.path.relpath(absolute)
    return absolute if relative.startswith("..") else relative


# ----------------------------------------------------------------------------------------------
# Labels


def parse_labels(path, text):
    """Returns (labels, errors): labels a sorted list of (file, check, line)."""
    labels, errors = [], []
    for number, line in enumerate(text.splitlines(), start=1):
        match = LABEL_RE.search(line)
        if not match:
            continue
        seen = set()
        for check in (c.strip() for c in match.group(1).split(",")):
            if not check:
                continue
            if not CHECK_RE.match(check) or check not in KNOWN_CHECKS:
                errors.append(f"{path}:{number}: label names an unknown check '{check}'")
                continue
            if check in seen:
                errors.append(f"{path}:{number}: label names '{check}' twice")
                continue
            seen.add(check)
            labels.append((path, check, number))
    return sorted(labels), errors


# ----------------------------------------------------------------------------------------------
# gpurd's report


def collect_findings(path, report):
    """Returns (findings, errors) from gpurd's JSON report for the input file `path`.

    A finding is a dict: file (display path, or None without location), line, column, check,
    kernel, message."""
    findings, errors = [], []
    files = report.get("files") if isinstance(report, dict) else None
    if not isinstance(files, list) or not files:
        return findings, [f"{path}: gpurd's report has no file entry"]
    for entry in files:
        if "launches" not in entry:
            errors.append(f"{path}: gpurd did not analyse the file (its entry has no launches)")
            continue
        if not entry["launches"]:
            errors.append(f"{path}: gpurd's report has no launch for the file")
        for launch in entry["launches"]:
            kernel = launch.get("kernel", "?")
            if "error" in launch:
                errors.append(f"{path}: kernel '{kernel}' not analysed: {launch['error']}")
            if "findings" not in launch:
                if "error" not in launch:
                    errors.append(f"{path}: kernel '{kernel}' has no findings list (no cache model)")
                continue
            for finding in launch["findings"]:
                check = finding.get("check", "?")
                severity = finding.get("severity")
                if check == "gpurd-analysis":
                    errors.append(f"{path}: kernel '{finding.get('kernel', kernel)}' "
                                  f"not analysed: {finding.get('message', '')}")
                    continue
                if severity != "warning":
                    continue
                location = finding.get("location")
                findings.append({
                    "file": display_path(location["file"]) if location else None,
                    "line": location["line"] if location else None,
                    "column": location.get("column") if location else None,
                    "check": check,
                    "kernel": finding.get("kernel", kernel),
                    "message": finding.get("message", ""),
                })
    return findings, errors


def run_gpurd(gpurd, path):
    """Runs gpurd on one file. Returns (findings, errors, seconds)."""
    start = time.monotonic()
    try:
        result = subprocess.run([gpurd, "--format=json", path, "--"], capture_output=True,
                                text=True, timeout=TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        return [], [f"{path}: gpurd timed out after {TIMEOUT_SECONDS} s"], time.monotonic() - start
    except OSError as error:
        return [], [f"{path}: cannot run {gpurd}: {error}"], time.monotonic() - start
    seconds = time.monotonic() - start
    try:
        report = json.loads(result.stdout)
    except json.JSONDecodeError:
        report = None
    findings, errors = collect_findings(path, report) if report is not None else ([], [])
    if report is None and result.returncode == 0:
        errors.append(f"{path}: gpurd's output is not JSON")
    # A failing run's stderr repeats what the report's gpurd-analysis remarks say; it is
    # quoted only when the report explains nothing.
    if result.returncode != 0 and not errors:
        stderr_errors = [line for line in result.stderr.splitlines() if "error:" in line]
        reason = stderr_errors[0] if stderr_errors else (
            result.stderr.strip().splitlines() or [""])[-1]
        errors.append(f"{path}: gpurd exited with status {result.returncode}: {reason}")
        errors.extend(f"{path}: {line}" for line in stderr_errors[1:])
    return findings, errors, seconds


# ----------------------------------------------------------------------------------------------
# Matching and counting


def finding_key(finding):
    return (finding["file"] or "", finding["line"] or 0, finding["column"] or 0,
            finding["check"], finding["kernel"], finding["message"])


def match(labels, findings):
    """Matches findings to labels by (file, check, line).

    labels: list of (file, check, line); findings: list of finding dicts.
    Returns dict with tp (list of (label, finding)), fp (list of (finding, reason)),
    fn (list of labels), errors (list of strings)."""
    open_labels = {}
    for label in labels:
        open_labels[label] = open_labels.get(label, 0) + 1
    label_set = set(labels)
    tp, fp, errors = [], [], []
    for finding in sorted(findings, key=finding_key):
        if finding["file"] is None:
            fp.append((finding, "no location"))
            errors.append(f"finding of {finding['check']} in kernel '{finding['kernel']}' has no "
                          f"location: {finding['message'][:MESSAGE_CHARS]}")
            continue
        key = (finding["file"], finding["check"], finding["line"])
        if open_labels.get(key, 0) > 0:
            open_labels[key] -= 1
            tp.append((key, finding))
        elif key in label_set:
            fp.append((finding, "duplicate"))
        else:
            fp.append((finding, "unlabelled"))
    fn = []
    for label in sorted(open_labels):
        fn.extend([label] * open_labels[label])
    return {"tp": tp, "fp": fp, "fn": fn, "errors": errors}


def ratio(numerator, denominator):
    return 1.0 if denominator == 0 else numerator / denominator


def count(labels, result):
    """Per-check and overall counts: dict check -> {labels, tp, fp, fn, precision, recall}."""
    checks = sorted({label[1] for label in labels} | {f["check"] for f, _ in result["fp"]}
                    | {label[1] for label, _ in result["tp"]})
    table = {}
    for check in checks + [None]:
        def mine(c):
            return check is None or c == check
        row = {
            "labels": sum(1 for label in labels if mine(label[1])),
            "tp": sum(1 for label, _ in result["tp"] if mine(label[1])),
            "fp": sum(1 for finding, _ in result["fp"] if mine(finding["check"])),
            "fn": sum(1 for label in result["fn"] if mine(label[1])),
        }
        row["precision"] = ratio(row["tp"], row["tp"] + row["fp"])
        row["recall"] = ratio(row["tp"], row["labels"])
        table["overall" if check is None else check] = row
    return table


def bar_failures(table, min_precision, min_recall, details):
    """The bars not met, as sentences."""
    failures = []
    rows = [("overall", table["overall"])]
    if details:
        rows += [(name, row) for name, row in table.items()
                 if name != "overall" and row["labels"] >= DETAIL_MIN_LABELS]
    for name, row in rows:
        if row["precision"] < min_precision:
            failures.append(f"{name}: precision {row['precision']:.3f} < {min_precision}")
        if row["recall"] < min_recall:
            failures.append(f"{name}: recall {row['recall']:.3f} < {min_recall}")
    return failures


# ----------------------------------------------------------------------------------------------
# Output


def format_table(table):
    header = f"{'check':<30} {'labels':>6} {'TP':>4} {'FP':>4} {'FN':>4} {'precision':>9} {'recall':>7}"
    lines = [header, "-" * len(header)]
    for name, row in table.items():
        if name == "overall":
            lines.append("-" * len(header))
        lines.append(f"{name:<30} {row['labels']:>6} {row['tp']:>4} {row['fp']:>4} {row['fn']:>4} "
                     f"{row['precision']:>9.3f} {row['recall']:>7.3f}")
    return lines


def describe_finding(finding):
    where = (f"{finding['file']}:{finding['line']}" if finding["file"] is not None
             else "(no location)")
    return (f"{where} {finding['check']} {finding['kernel']}: "
            f"{finding['message'][:MESSAGE_CHARS]}")


def report(files, labels, result, errors, times, table, failures, args):
    out = []
    out.append(f"advice benchmark: {len(files)} files, {len(labels)} labels, "
               f"{len(result['tp']) + len(result['fp'])} findings")
    out.append("")
    out.extend(format_table(table))
    out.append("")
    out.append(f"false positives ({len(result['fp'])}):")
    for finding, reason in result["fp"]:
        out.append(f"  {describe_finding(finding)} [{reason}]")
    out.append(f"false negatives ({len(result['fn'])}):")
    for file, check, line in result["fn"]:
        out.append(f"  {file}:{line} {check}")
    out.append(f"errors ({len(errors)}):")
    for error in errors:
        out.append(f"  {error}")
    out.append("run time per file:")
    for file in files:
        out.append(f"  {times[file]:7.2f} s  {file}")
    if failures:
        out.append("bars not met:")
        out.extend(f"  {failure}" for failure in failures)
    bars = f"precision >= {args.min_precision}, recall >= {args.min_recall}"
    if args.details:
        bars += f" (overall, and each check with at least {DETAIL_MIN_LABELS} labels)"
    verdict = "FAIL" if failures or errors else "PASS"
    out.append(f"{verdict}: {bars}; {len(errors)} errors")
    return "\n".join(out)


def json_document(files, labels, result, errors, times, table, failures):
    def finding_json(finding, reason=None):
        item = dict(finding)
        if reason is not None:
            item["reason"] = reason
        return item
    return {
        "files": [{"file": f, "seconds": round(times[f], 3)} for f in files],
        "labels": len(labels),
        "table": table,
        "true_positives": [finding_json(f) for _, f in result["tp"]],
        "false_positives": [finding_json(f, reason) for f, reason in result["fp"]],
        "false_negatives": [{"file": f, "check": c, "line": n} for f, c, n in result["fn"]],
        "errors": errors,
        "bars_not_met": failures,
    }


# ----------------------------------------------------------------------------------------------
# Self-test


def self_test():
    """Scores a hand-made findings list against hand-made labels.

    Labels (file, check, line):
      L1 a.cu uncoalesced 10     L2 a.cu uncoalesced 20     L3 a.cu shared-tiling 10
      L4 b.cu bank-conflict 5    L5 b.cu small-grid 30
    Findings:
      F1 a.cu uncoalesced 10 -> TP (L1)
      F2 a.cu uncoalesced 10 -> FP duplicate (L1 already matched)
      F3 a.cu shared-tiling 10 -> TP (L3: same line as L1, another check)
      F4 a.cu uncoalesced 11 -> FP unlabelled (one line off)
      F5 b.cu bank-conflict 5 -> TP (L4)
      F6 b.cu uncoalesced 5  -> FP unlabelled (L4's line, another check)
      F7 no location, bank-conflict -> FP "no location" and an error
    Left: L2, L5 -> FN.
    Per check: uncoalesced labels 2, TP 1, FP 3 (F2, F4, F6), FN 1, precision 1/4, recall 1/2;
      bank-conflict labels 1, TP 1, FP 1 (F7), FN 0, precision 1/2, recall 1;
      shared-tiling labels 1, TP 1, FP 0, FN 0, precision 1, recall 1;
      small-grid labels 1, TP 0, FP 0, FN 1, precision 1 (no findings), recall 0.
    Overall: labels 5, TP 3, FP 4, FN 2, precision 3/7, recall 3/5.
    Bars 0.5/0.5: overall precision 3/7 < 0.5 fails; recall 0.6 passes. With --details no
    check has 5 labels, so the same single failure."""
    def f(file, check, line, kernel="k"):
        return {"file": file, "line": line, "column": 3, "check": check, "kernel": kernel,
                "message": f"{check} at {line}"}
    uc, bc, st, sg = ("gpurd-uncoalesced-access", "gpurd-shared-bank-conflict",
                      "gpurd-shared-tiling", "gpurd-small-grid")
    labels = sorted([("a.cu", uc, 10), ("a.cu", uc, 20), ("a.cu", st, 10), ("b.cu", bc, 5),
                     ("b.cu", sg, 30)])
    nolocation = f(None, bc, None)
    findings = [f("a.cu", uc, 10), f("a.cu", uc, 10, "k2"), f("a.cu", st, 10), f("a.cu", uc, 11),
                f("b.cu", bc, 5), f("b.cu", uc, 5), nolocation]
    result = match(labels, findings)
    table = count(labels, result)

    def expect(name, labels_, tp, fp, fn, precision, recall):
        row = table[name]
        got = (row["labels"], row["tp"], row["fp"], row["fn"])
        assert got == (labels_, tp, fp, fn), (name, got)
        assert abs(row["precision"] - precision) < 1e-12, (name, row["precision"])
        assert abs(row["recall"] - recall) < 1e-12, (name, row["recall"])

    expect(uc, 2, 1, 3, 1, 1 / 4, 1 / 2)
    expect(bc, 1, 1, 1, 0, 1 / 2, 1.0)
    expect(st, 1, 1, 0, 0, 1.0, 1.0)
    expect(sg, 1, 0, 0, 1, 1.0, 0.0)
    expect("overall", 5, 3, 4, 2, 3 / 7, 3 / 5)
    reasons = sorted(reason for _, reason in result["fp"])
    assert reasons == ["duplicate", "no location", "unlabelled", "unlabelled"], reasons
    assert sorted(result["fn"]) == [("a.cu", uc, 20), ("b.cu", sg, 30)], result["fn"]
    assert len(result["errors"]) == 1 and "no location" in result["errors"][0]
    assert bar_failures(table, 0.5, 0.5, False) == ["overall: precision 0.429 < 0.5"]
    assert bar_failures(table, 0.5, 0.5, True) == ["overall: precision 0.429 < 0.5"]
    assert bar_failures(table, 0, 0, True) == []
    # --details applies to a check with 5 labels.
    many = [("c.cu", uc, n) for n in range(1, 6)]
    table2 = count(many, match(many, [f("c.cu", uc, 1)]))
    assert table2[uc]["recall"] == 0.2
    assert bar_failures(table2, 0, 0.5, True) == [
        "overall: recall 0.200 < 0.5", f"{uc}: recall 0.200 < 0.5"]
    # Empty: precision and recall 1.
    empty = count([], match([], []))
    assert empty["overall"]["precision"] == 1.0 and empty["overall"]["recall"] == 1.0
    # Label parsing.
    text = ("int a;  // expect: gpurd-uncoalesced-access, gpurd-shared-tiling\n"
            "int b;\n"
            "int c;  // expect: gpurd-no-such-check\n"
            "int d;  //expect:gpurd-small-grid\n")
    parsed, parse_errors = parse_labels("x.cu", text)
    assert parsed == [("x.cu", st, 1), ("x.cu", sg, 4), ("x.cu", uc, 1)], parsed
    assert len(parse_errors) == 1 and "gpurd-no-such-check" in parse_errors[0], parse_errors
    # Report shape: a file whose entry has only 'file', a launch error, an analysis remark.
    report_doc = {"files": [{"file": "y.cu", "launches": [
        {"kernel": "good", "findings": [
            {"check": uc, "kernel": "good", "severity": "warning",
             "location": {"file": "y.cu", "line": 7, "column": 5}, "message": "m"},
            {"check": "gpurd-analysis", "kernel": "bad", "severity": "remark",
             "location": {"file": "y.cu", "line": 1, "column": 1}, "message": "not analysed: x"},
            {"check": bc, "kernel": "good", "severity": "remark",
             "location": None, "message": "a remark is not a finding"}]},
        {"kernel": "broken", "error": "kernel 'broken': boom"}]}]}
    got_findings, got_errors = collect_findings("y.cu", report_doc)
    assert [(x["check"], x["line"]) for x in got_findings] == [(uc, 7)], got_findings
    assert len(got_errors) == 2, got_errors
    _, got_errors = collect_findings("z.cu", {"files": [{"file": "z.cu"}]})
    assert len(got_errors) == 1, got_errors
    print("self-test passed")
    return 0


# ----------------------------------------------------------------------------------------------


def input_files(paths):
    files = []
    for path in paths:
        if os.path.isdir(path):
            for directory, _, names in os.walk(path):
                files.extend(os.path.join(directory, n) for n in names if n.endswith(".cu"))
        else:
            files.append(path)
    return sorted({display_path(f) for f in files})


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", metavar="FILES or DIR",
                        help="labelled .cu files or folders of them (default: benchmarks/advice/)")
    parser.add_argument("--gpurd", default=os.path.join(REPO_ROOT, "build", "bin", "gpurd-advise"),
                        help="the gpurd-advise binary (default: build/bin/gpurd-advise)")
    parser.add_argument("--min-precision", type=float, default=0.0)
    parser.add_argument("--min-recall", type=float, default=0.0)
    parser.add_argument("--details", action="store_true",
                        help=f"apply the bars to each check with at least {DETAIL_MIN_LABELS} labels too")
    parser.add_argument("--json", metavar="OUT", help="write the counts and lists as JSON")
    parser.add_argument("--self-test", action="store_true",
                        help="check the scoring logic on hand-made findings and exit")
    args = parser.parse_args(argv)
    if args.self_test:
        return self_test()

    files = input_files(args.paths or [os.path.join(REPO_ROOT, "benchmarks", "advice")])
    if not files:
        print("advice-bench: no .cu files", file=sys.stderr)
        return 1
    labels, findings, errors, times = [], [], [], {}
    for path in files:
        with open(path, encoding="utf-8") as source:
            file_labels, label_errors = parse_labels(path, source.read())
        labels += file_labels
        errors += label_errors
        print(f"advice-bench: {path}", file=sys.stderr, flush=True)
        file_findings, run_errors, seconds = run_gpurd(args.gpurd, path)
        findings += file_findings
        errors += run_errors
        times[path] = seconds
    labels.sort()
    result = match(labels, findings)
    errors = sorted(errors + result["errors"])
    table = count(labels, result)
    failures = bar_failures(table, args.min_precision, args.min_recall, args.details)
    print(report(files, labels, result, errors, times, table, failures, args))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(json_document(files, labels, result, errors, times, table, failures), out,
                      indent=2, sort_keys=True)
            out.write("\n")
    return 1 if failures or errors else 0


if __name__ == "__main__":
    sys.exit(main())
