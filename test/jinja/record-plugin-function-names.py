"""Prints how CPython names each filter's and test's function (module and qualified name) in a
call's TypeError, as ansible-core 2.19's Jinja environment resolves each short name, in the form
src/template/plugin-function-names.ts reads. A plugin file's module carries a hash of its path that
changes from run to run: printed as <HASH>.

    /work/shared/tools/ansible-oracle/oracle-exec python3 test/jinja/record-plugin-function-names.py
"""
import json, re
from oracle_plugins import resolved_plugins

SUFFIX = ' argument after ** must be a mapping, not list'

for kind, entries in resolved_plugins():
    print('#', kind)
    for n, f in entries:
        try:
            f(**[])
        except TypeError as e:
            text = str(e)
        if not text.endswith(SUFFIX):
            continue
        text = re.sub(r'^(ansible\.plugins\.\w+\.[a-z_]+?_)\d+\.', r'\1<HASH>.', text[:-len(SUFFIX)])
        key = json.dumps(n).replace('"', "'") if not n.isidentifier() or n == 'in' else n
        print('  %s: %s,' % (key, json.dumps(text).replace('"', "'")))
