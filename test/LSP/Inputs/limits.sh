#!/bin/sh
# A gpurd-advise that reports, as an input error, the address-space limit
# (KB) gpurd-lsp started it under: --memory-limit must reach the worker.
echo "gpurd-advise: error: address space limited to $(ulimit -v) KB" >&2
exit 1
