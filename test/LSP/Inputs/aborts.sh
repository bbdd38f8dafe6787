#!/bin/sh
# A gpurd-advise that dies as one over its memory limit does (LLVM's "out of
# memory" aborts).
kill -ABRT $$
