#!/bin/sh
# gpurd-advise, counting its runs: a line each in $GPURD_RUNS.
echo run >> "$GPURD_RUNS"
exec gpurd-advise "$@"
