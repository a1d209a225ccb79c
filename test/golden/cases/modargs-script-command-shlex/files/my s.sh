#!/bin/sh
echo "spaced n=$# [$1] [$2]"
