#!/bin/sh
# WANT_JSON
echo "not json"; echo err >&2; exit 3
