#!/bin/bash
# The floor of an ssh workload: what connecting to its hosts and starting Python there costs with
# no engine at all. One ssh client per host, all at once, with the command line Volant's first
# task uses (Volant's default ssh_args, the inventory's ControlPath, curve25519 and AES-GCM first), each
# running `python3 -S -c pass`. Every engine pays at least this once per host.
#   floor.sh COUNT CONTROL_DIR [PORT]   (hosts h01..hCOUNT of the workload inventories)
set -u
count=$1
control_dir=$2
port=${3:-2222}
for i in $(seq -w 1 "$count"); do
  ssh -o ControlMaster=auto -o StrictHostKeyChecking=no -o Port=$port \
    -o IdentityFile=/opt/oracle-keys/id_ed25519 -o KbdInteractiveAuthentication=no \
    -o PreferredAuthentications=gssapi-with-mic,gssapi-keyex,hostbased,publickey \
    -o PasswordAuthentication=no -o User=root -o ConnectTimeout=60 \
    -o "ControlPath=$control_dir/h$i" -o NumberOfPasswordPrompts=1 -o KexAlgorithms=^curve25519-sha256 \
    -o Ciphers=^aes128-gcm@openssh.com \
    127.0.0.1 "/bin/sh -c 'exec /usr/bin/python3 -S -c pass'" &
done
status=0
for job in $(jobs -p); do wait "$job" || status=1; done
exit $status
