#!/usr/bin/env python3
"""random-csr.py ROWS NNZ_PER_ROW SEED: a Matrix Market file (coordinate,
real, general) of ROWS x ROWS with NNZ_PER_ROW distinct random columns in
each row, for --buffer ...:csr-rowptr:/csr-colidx: in tests (a sparse matrix
or a graph of that degree). Deterministic for a seed."""
import random
import sys

rows, per_row, seed = (int(a) for a in sys.argv[1:4])
rng = random.Random(seed)
print("%%MatrixMarket matrix coordinate real general")
print(rows, rows, rows * per_row)
for r in range(rows):
    for c in sorted(rng.sample(range(rows), per_row)):
        print(r + 1, c + 1, "1.0")
