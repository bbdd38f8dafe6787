#!/bin/sh
# gpurd-advise whose two stages differ, so that a test can tell which one
# gpurd-lsp published: the early worker (gpurd-lsp gives it a --checks) runs
# no check, after $GPURD_EARLY_DELAY seconds; the whole analysis runs the
# configured checks after $GPURD_FULL_DELAY seconds. With $GPURD_EARLY_AFTER
# (a file name), the whole analysis leaves that file when it is done and
# the early worker starts only then: later than it on a machine of any
# speed (a fixed delay was not, under the sanitizers).
case "$*" in
*--checks=*)
  sleep "${GPURD_EARLY_DELAY:-0}"
  if [ -n "${GPURD_EARLY_AFTER:-}" ]; then
    while [ ! -e "$GPURD_EARLY_AFTER" ]; do sleep 0.1; done
  fi
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
  if [ -n "${GPURD_EARLY_AFTER:-}" ]; then
    gpurd-advise "$@"
    status=$?
    touch "$GPURD_EARLY_AFTER"
    exit $status
  fi
  exec gpurd-advise "$@"
  ;;
esac
