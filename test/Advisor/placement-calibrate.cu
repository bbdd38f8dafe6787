// --calibrate fits the placement model's Toverlap (seed 002 Eq. 11) to
// measured times, and --calibration uses the fit.
//
// The measured times here are synthetic: for each placement of the kernel
// (test/Inputs/placement-calibration.py) T = Tcomp + Tmem - Tcomp / 2 from
// the uncalibrated report's own Tcomp and Tmem, i.e. Toverlap_ratio =
// Tcomp / (2 Tmem). Three placements leave Eq. 11's 8 coefficients
// underdetermined, so the least-squares fit is exact (a root-mean-square
// error of 0) and the calibrated model predicts each measured time again.
//
// RUN: gpurd-advise --placements --format=json %s -- | %python %inputs/placement-calibration.py times 1410 > %t.csv
// RUN: gpurd-advise --calibrate=%t.csv --calibration-out=%t.json %s -- 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=FILE %s < %t.json
// RUN: gpurd-advise --placements --calibration=%t.json --format=json %s -- | %python %inputs/placement-calibration.py check 1410 %t.csv | FileCheck --check-prefix=AGAIN %s
// RUN: gpurd-advise --placements --calibration=%t.json %s -- 2>&1 | FileCheck --check-prefix=USED %s
//
// Bad input: the file, line and what to write.
// RUN: printf 'kernel,time_us\n' > %t.bad1.csv
// RUN: not gpurd-advise --calibrate=%t.bad1.csv --calibration-out=%t.x.json %s -- 2>&1 | FileCheck --check-prefix=HEADER %s
// RUN: printf 'kernel,placement,time_us\nmv,z=constant,10\n' > %t.bad2.csv
// RUN: not gpurd-advise --calibrate=%t.bad2.csv --calibration-out=%t.x.json %s -- 2>&1 | FileCheck --check-prefix=ARRAY %s
// RUN: printf 'kernel,placement,time_us\nmv,x=texture,10\nmv,,-3\n' > %t.bad3.csv
// RUN: not gpurd-advise --calibrate=%t.bad3.csv --calibration-out=%t.x.json %s -- 2>&1 | FileCheck --check-prefix=MEMORY %s
// RUN: not gpurd-advise --calibrate=%t.csv %s -- 2>&1 | FileCheck --check-prefix=NOOUT %s
// RUN: not gpurd-advise --placements --calibration=%t.bad1.csv %s -- 2>&1 | FileCheck --check-prefix=NOTCAL %s

// CHECK: 3 measured placements of kernel 'mv' for the calibration
// CHECK: calibrated Toverlap (seed 002 Eq. 11) from 3 measured placements: 3 of 8 coefficients determined, root-mean-square error of the overlap ratio 0.0000; written to

// FILE: "model": "seed 002 Eq. 11: Toverlap_ratio",
// FILE: "samples": 3,

// AGAIN: 3 placements as measured

// USED: assumes: Toverlap is seed 002's Eq. 11 with the coefficients fitted in

// HEADER: error: {{.*}}.bad1.csv:1: expected the header 'kernel,placement,time_us'
// ARRAY: error: {{.*}}.bad2.csv:2: kernel 'mv' has no array 'z' placement can move
// MEMORY: error: {{.*}}.bad3.csv:2: unknown memory 'texture': expected global, read-only, constant or shared
// NOOUT: error: --calibrate writes its fit to --calibration-out=FILE; give one
// NOTCAL: error: {{.*}}.bad1.csv: not a calibration file: expected an object with 'weights' and 'constant' (written by --calibrate)
#include "../Inputs/matvec.cuh"
