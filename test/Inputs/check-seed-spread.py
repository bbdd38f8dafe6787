"""Checks gpurd-advise --seeds=N JSON against N runs of one seed each.

usage: check-seed-spread.py SPREAD.json SEED0.json SEED1.json ...

The run over the seeds must report the first seed's figures, and for each
whole-launch figure the least and the greatest value of the single runs.
"""
import json
import sys


def model(path):
    with open(path) as f:
        return json.load(f)["files"][0]["launches"][0]["cache_model"]


def rates(level):
    return {
        "read_hit_rate": level["read_hit_rate"],
        "sector_hit_rate": level["sectors"]["hit_rate"],
        "sector_hit_rate_with_pending": level["sectors"]["hit_rate_with_pending"],
    }


spread = model(sys.argv[1])
singles = [model(p) for p in sys.argv[2:]]
failures = []


def expect(what, got, want):
    if abs(got - want) > 1e-12:
        failures.append(f"{what}: {got} != {want}")


first = singles[0]
for level in ("l1", "l2"):
    for name, value in rates(spread[level]).items():
        expect(f"{level}.{name} (seed {0})", value, rates(first[level])[name])
        values = [rates(s[level])[name] for s in singles]
        got = spread["seed_spread"][level][name]
        expect(f"{level}.{name} min", got["min"], min(values))
        expect(f"{level}.{name} max", got["max"], max(values))
values = [s["transactions"]["dram_read_sectors"] for s in singles]
got = spread["seed_spread"]["dram_read_sectors"]
expect("dram_read_sectors min", got["min"], min(values))
expect("dram_read_sectors max", got["max"], max(values))
if len(spread["seed_spread"]["seeds"]) != len(singles):
    failures.append("seeds: %s" % spread["seed_spread"]["seeds"])
if failures:
    print("\n".join(failures))
    sys.exit(1)
print("seed spread: consistent with %d runs" % len(singles))
