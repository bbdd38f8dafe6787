"""Synthetic measured times for --calibrate, and their check.

  placement-calibration.py times CLOCK_MHZ < report.json > times.csv
      From a --placements --format=json report: a CSV of every candidate's
      time with Toverlap = Tcomp / 2 (a ratio of Tcomp / (2 Tmem), which
      Eq. 11 can fit exactly from a few placements), in microseconds.
  placement-calibration.py check CLOCK_MHZ times.csv < report.json
      The report's predicted times (with --calibration) against the CSV's:
      prints "N placements as measured" or the first mismatch (exit 1).
"""
import csv
import json
import sys


def candidates(report):
    for file in report["files"]:
        for launch in file["launches"]:
            ranking = launch.get("placements")
            if ranking:
                for c in ranking["candidates"]:
                    yield ranking["kernel"], c


def placement_text(c):
    names = {"read-only path": "read-only"}
    return ";".join("%s=%s" % (a, names.get(t, t))
                    for a, t in sorted(c["placement"].items()))


clock = float(sys.argv[2])
report = json.load(sys.stdin)
if sys.argv[1] == "times":
    print("kernel,placement,time_us")
    for kernel, c in candidates(report):
        cycles = c["tcomp"] + c["tmem"] - c["tcomp"] / 2 + c["copy_in_cycles"]
        print("%s,%s,%.9f" % (kernel, placement_text(c) or "as-written",
                              cycles / clock))
else:
    with open(sys.argv[3]) as f:
        rows = {(r["kernel"], r["placement"]): float(r["time_us"])
                for r in csv.DictReader(f)}
    n = 0
    for kernel, c in candidates(report):
        key = (kernel, placement_text(c) or "as-written")
        predicted = c["predicted_cycles"] / clock
        if abs(predicted - rows[key]) > 1e-6 * rows[key]:
            print("%s %s: predicted %.6f us, measured %.6f us"
                  % (kernel, key[1], predicted, rows[key]))
            sys.exit(1)
        n += 1
    print("%d placements as measured" % n)
