#!/bin/sh
echo "script $#"
