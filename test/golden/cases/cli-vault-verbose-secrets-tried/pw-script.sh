#!/bin/sh
echo pw
