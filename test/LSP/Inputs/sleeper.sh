#!/bin/sh
# A gpurd-advise that hangs: gpurd-lsp must stop it at its --timeout.
sleep 60
