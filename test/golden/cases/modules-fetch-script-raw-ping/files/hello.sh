#!/bin/sh
echo "script says $1"
