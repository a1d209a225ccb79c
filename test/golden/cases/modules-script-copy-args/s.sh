#!/bin/sh
echo "script $# $1"
