#!/bin/bash
# Records one golden pair with the ansible-core oracle:
#   record.sh CASE VARIANT [ansible-playbook flags…]
# CASE is a folder under golden/ holding pb.yml and inventory (and any files they use). The
# playbook is run from /tmp/volant-cb/CASE (error blocks print that path; the test maps it back)
# with this folder's volant_record callback beside the default one, and VARIANT/ receives
# stdout.txt, stderr.txt, events.jsonl, rc and args. Set ORACLE_FORCE_COLOR=1 to record colour.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
case=$1 variant=$2; shift 2
src=$here/../golden/$case
work=/tmp/volant-cb/$case
mkdir -p "$work" /tmp/volant-cb/.plugins
cp -r "$src"/. "$work"/
rm -rf "${work:?}/$variant"; mkdir -p "$work/$variant"
cp "$here/volant_record.py" /tmp/volant-cb/.plugins/
cd "$work"
echo "$*" > "$variant/args"
ANSIBLE_CALLBACK_PLUGINS=/tmp/volant-cb/.plugins ANSIBLE_CALLBACKS_ENABLED=volant_record \
VOLANT_RECORD_FILE="$work/$variant/events.jsonl" \
  /work/shared/tools/ansible-oracle/ansible-playbook -i inventory pb.yml --forks 1 "$@" \
  > "$variant/stdout.txt" 2> "$variant/stderr.txt" && rc=0 || rc=$?
echo $rc > "$variant/rc"
rm -rf "${src:?}/$variant"; cp -r "$work/$variant" "$src/$variant"
