#!/bin/sh
sleep 4
