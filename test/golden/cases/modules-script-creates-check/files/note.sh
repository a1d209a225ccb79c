#!/bin/sh
echo ran "$@" >> /tmp/volant-golden/modules-script-creates-check/log
echo ran
