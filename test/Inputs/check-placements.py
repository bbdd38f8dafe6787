"""Checks the arithmetic of a --placements --format=json report (stdin).

For every candidate of every launch, seed 002's equations as the report's
own figures give them:
  Eq. 1:  T = Tcomp + Tmem - Toverlap (+ the shared copy-in)
  Eq. 2:  Tcomp = #inst * #total_warps / #active_SMs * throughput
  Eq. 4:  Tmem = effective memory requests per SM * AMAT
  Toverlap <= min(Tcomp, Tmem), and relative_to_written against the
  candidate whose placement is {} (as written).
Prints "placements: N candidates checked" and exits 1 on the first
mismatch, naming it.
"""
import json
import sys


def close(a, b):
    return abs(a - b) <= 1e-6 * max(1.0, abs(a), abs(b))


def fail(message):
    print("check-placements: " + message)
    sys.exit(1)


report = json.load(sys.stdin)
checked = 0
for file in report["files"]:
    for launch in file["launches"]:
        ranking = launch.get("placements")
        if ranking is None:
            continue
        written = [c for c in ranking["candidates"] if not c["placement"]]
        if len(written) != 1:
            fail("expected one placement as written, got %d" % len(written))
        t_written = written[0]["predicted_cycles"]
        for c in ranking["candidates"]:
            f = c["figures"]
            name = c["description"]
            if not close(c["predicted_cycles"],
                         c["tcomp"] + c["tmem"] - c["toverlap"] + c["copy_in_cycles"]):
                fail(name + ": T != Tcomp + Tmem - Toverlap + copy-in")
            tcomp = (f["instructions_per_warp"] * f["total_warps"] /
                     f["active_sms"] * f["instruction_throughput"])
            if not close(c["tcomp"], tcomp):
                fail(name + ": Tcomp %g != #inst * warps / SMs * throughput %g"
                     % (c["tcomp"], tcomp))
            if not close(c["tmem"], f["effective_memory_requests"] * f["amat"]):
                fail(name + ": Tmem != effective requests * AMAT")
            if c["toverlap"] > min(c["tcomp"], c["tmem"]) * (1 + 1e-9):
                fail(name + ": Toverlap exceeds min(Tcomp, Tmem)")
            if not close(c["relative_to_written"],
                         (c["predicted_cycles"] - t_written) / t_written):
                fail(name + ": relative_to_written")
            checked += 1
        times = [c["predicted_cycles"] for c in ranking["candidates"]]
        if times != sorted(times):
            fail("candidates are not fastest first")
print("placements: %d candidates checked" % checked)
