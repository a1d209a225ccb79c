#!/usr/bin/env python3
import json
import sys

if len(sys.argv) > 1 and sys.argv[1] == '--list':
    print(json.dumps({
        'web': {'hosts': ['s1', 's2'], 'vars': {'tier': 'front'}},
        'db': ['s3'],
        '_meta': {'hostvars': {
            's1': {'ansible_connection': 'local', 'n': 1},
            's2': {'ansible_connection': 'local', 'n': 2},
            's3': {'ansible_connection': 'local', 'n': 3},
        }},
    }))
else:
    print('{}')
