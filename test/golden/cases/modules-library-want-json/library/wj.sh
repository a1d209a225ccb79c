#!/bin/sh
# WANT_JSON
printf '{"changed": true, "args": %s, "argv0": "%s"}\n' "$(cat "$1")" "$0"
