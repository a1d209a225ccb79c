#!/usr/bin/python
# WANT_JSON
import json, sys
args = json.load(open(sys.argv[1])) if len(sys.argv) > 1 else {}
print(json.dumps({"changed": False, "msg": "hi", "_ansible_custom": "x", "_ansible_parsed": False, "_ansible_no_log": False, "_ansible_verbose_always": True, "add_host": {"host_name": "zz"}, "add_group": "gg", "warnings": [], "deprecations": [], "_ansible_item_label": "L", "ansible_facts": {"discovered_interpreter_python": "/x", "foo_fact": 1}}))
