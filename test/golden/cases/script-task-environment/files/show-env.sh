#!/bin/sh
echo "tag=${REPORT_TAG:-unset} spaced=${SPACED:-unset} quoted=${QUOTED:-unset} n=${NUM:-unset}"
echo "args: $*"
