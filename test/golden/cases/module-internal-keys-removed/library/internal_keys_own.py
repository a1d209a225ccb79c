#!/usr/bin/python
# WANT_JSON
import json
print(json.dumps({"changed": True, "warnings": ["own warning"], "_ansible_x": None, "_ansible_y": [1, "a"], "_ansible_parsed": True, "z": {"_ansible_deep": 1}}))
