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
# A json stdout callback is not part of ansible-core: put ansible.posix's json.py (not kept
# in this repository) in /tmp/volant-cb/.jsonplug to record ANSIBLE_STDOUT_CALLBACK=json runs.
ANSIBLE_CALLBACK_PLUGINS=/tmp/volant-cb/.plugins:/tmp/volant-cb/.jsonplug ANSIBLE_CALLBACKS_ENABLED=volant_record${VOLANT_EXTRA_CALLBACKS:+,$VOLANT_EXTRA_CALLBACKS} \
VOLANT_RECORD_FILE="$work/$variant/events.jsonl" \
  /work/shared/tools/ansible-oracle/ansible-playbook -i inventory pb.yml --forks 1 "$@" \
  > "$variant/stdout.txt" 2> "$variant/stderr.txt" && rc=0 || rc=$?
echo $rc > "$variant/rc"
# The callback options the replay needs, from the settings this run was given.
opts=()
[ -n "${ORACLE_FORCE_COLOR:-}" ] && opts+=('"color": true')
[ "${ANSIBLE_DISPLAY_SKIPPED_HOSTS:-}" = 0 ] && opts+=('"displaySkippedHosts": false')
[ "${ANSIBLE_DISPLAY_OK_HOSTS:-}" = 0 ] && opts+=('"displayOkHosts": false')
[ "${ANSIBLE_DISPLAY_ARGS_TO_STDOUT:-}" = 1 ] && opts+=('"displayArgsToStdout": true')
[ "${ANSIBLE_SHOW_TASK_PATH_ON_FAILURE:-}" = 1 ] && opts+=('"showTaskPathOnFailure": true')
[ "${ANSIBLE_DISPLAY_FAILED_STDERR:-}" = 1 ] && opts+=('"displayFailedStderr": true')
[ "${ANSIBLE_CHECK_MODE_MARKERS:-}" = 1 ] && opts+=('"checkModeMarkers": true')
[ "${ANSIBLE_SHOW_CUSTOM_STATS:-}" = 1 ] && opts+=('"showCustomStats": true')
[ "${ANSIBLE_SHOW_PER_HOST_START:-}" = 1 ] && opts+=('"showPerHostStart": true')
[ -n "${ANSIBLE_CALLBACK_RESULT_FORMAT:-}" ] && opts+=("\"resultFormat\": \"$ANSIBLE_CALLBACK_RESULT_FORMAT\"")
[ -n "${ANSIBLE_CALLBACK_FORMAT_PRETTY:-}" ] && opts+=("\"prettyResults\": $ANSIBLE_CALLBACK_FORMAT_PRETTY")
[ -n "${VOLANT_EXTRA_CALLBACKS:-}" ] && opts+=("\"enabled\": [\"${VOLANT_EXTRA_CALLBACKS//,/\",\"}\"]")
[ -n "${ANSIBLE_STDOUT_CALLBACK:-}" ] && opts+=("\"callback\": \"$ANSIBLE_STDOUT_CALLBACK\"")
colors=()
for role in ok:OK changed:CHANGED skip:SKIP error:ERROR unreachable:UNREACHABLE warn:WARN deprecate:DEPRECATE debug:DEBUG verbose:VERBOSE included:INCLUDED; do
  var=ANSIBLE_COLOR_${role#*:}
  [ -n "${!var:-}" ] && colors+=("\"${role%%:*}\": \"${!var}\"")
done
if [ ${#colors[@]} -gt 0 ]; then opts+=("\"colors\": {$(IFS=,; echo "${colors[*]}")}"); fi
if [ ${#opts[@]} -gt 0 ]; then (IFS=,; echo "{${opts[*]}}") > "$variant/options.json"; fi
rm -rf "${src:?}/$variant"; cp -r "$work/$variant" "$src/$variant"
