#!/bin/sh
echo "ran as $(id -un)"
