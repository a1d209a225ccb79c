#!/bin/sh
# WANT_JSON: prints a line before its result, and a result JSON cannot read
echo "starting"
echo '{"changed": true "x": 1}'
