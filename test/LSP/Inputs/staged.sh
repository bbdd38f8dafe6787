#!/bin/sh
# gpurd-advise whose two stages differ, so that a test can tell which one
# gpurd-lsp published: the early worker (gpurd-lsp gives it a --checks) runs
# no check, after $GPURD_EARLY_DELAY seconds; the whole analysis runs the
# configured checks after $GPURD_FULL_DELAY seconds.
case "$*" in
*--checks=*)
  sleep "${GPURD_EARLY_DELAY:-0}"
  # The same arguments, its --checks replaced by one that disables all.
  for arg; do
    shift
    case "$arg" in
    --checks=*) set -- "$@" "--checks=-*" ;;
    *) set -- "$@" "$arg" ;;
    esac
  done
  exec gpurd-advise "$@"
  ;;
*)
  sleep "${GPURD_FULL_DELAY:-0}"
  exec gpurd-advise "$@"
  ;;
esac
