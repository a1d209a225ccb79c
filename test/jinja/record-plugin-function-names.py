"""Prints how CPython names each filter's and test's function (module and qualified name) in a
call's TypeError, as ansible-core 2.19's Jinja environment resolves each short name, in the form
src/template/plugin-function-names.ts reads. A plugin file's module carries a hash of its path that
changes from run to run: printed as <HASH>.

    /work/shared/tools/ansible-oracle/oracle-exec python3 test/jinja/record-plugin-function-names.py
"""
import json, re
import jinja2.filters as jf, jinja2.tests as jt
from ansible.plugins.loader import filter_loader, test_loader
from ansible.template import Templar

env = Templar(variables={}).environment
SUFFIX = ' argument after ** must be a mapping, not list'

for kind, loader, base, coll in (('filter', filter_loader, jf.FILTERS, env.filters), ('test', test_loader, jt.TESTS, env.tests)):
    names = set(base)
    for p in loader.all():
        names.add(p.ansible_name.split('.')[-1])
    print('#', kind)
    for n in sorted(names):
        try:
            f = coll[n]
        except Exception:
            continue
        try:
            f(**[])
        except TypeError as e:
            text = str(e)
        if not text.endswith(SUFFIX):
            continue
        text = re.sub(r'^(ansible\.plugins\.\w+\.[a-z_]+?_)\d+\.', r'\1<HASH>.', text[:-len(SUFFIX)])
        key = json.dumps(n).replace('"', "'") if not n.isidentifier() or n == 'in' else n
        print('  %s: %s,' % (key, json.dumps(text).replace('"', "'")))
