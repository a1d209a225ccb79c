#!/usr/bin/env python3
import json
import sys

if sys.argv[1:] == ['--list']:
    print(json.dumps({
        'web': {'hosts': ['w1', 'w2'], 'vars': {'ansible_connection': 'local'}, 'children': ['edge']},
        'edge': {'hosts': ['e1']},
        'e1': {'ansible_connection': 'local', 'role': 'alone'},
    }))
elif sys.argv[1] == '--host':
    print(json.dumps({'from_host_call': sys.argv[2], 'ansible_connection': 'local'}))
