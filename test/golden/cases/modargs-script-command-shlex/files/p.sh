#!/bin/sh
echo "plain n=$# [$1] [$2]"
