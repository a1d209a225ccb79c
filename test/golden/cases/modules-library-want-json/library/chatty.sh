#!/bin/sh
# WANT_JSON: a line before the result is ignored
echo "hello from the script"
echo '{"changed": false, "msg": "after a line"}'
