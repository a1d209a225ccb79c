"""Prints the Python signatures of ansible-core 2.19's filters and tests (as its Jinja environment resolves
each short name) in the compact form src/template/plugin-signatures.ts reads. C functions print None:
their entries are written by hand there.

    /work/shared/tools/ansible-oracle/oracle-exec python3 test/jinja/record-plugin-signatures.py
"""
import functools, inspect, json
from jinja2.utils import _PassArg
from oracle_plugins import resolved_plugins

def unwrap(f):
    if hasattr(f, 'j2_function'): f = f.j2_function
    while True:
        if isinstance(f, functools.partial):
            f = f.args[-1] if f.args and callable(f.args[-1]) else f.func
            continue
        if hasattr(f, '__wrapped__'):
            f = f.__wrapped__; continue
        return f

def compact(f):
    inner = unwrap(f)
    pa = _PassArg.from_obj(inner)
    code = getattr(inner, '__code__', None)
    if code is None: return None
    sig = inspect.signature(inner)
    parts = []
    kwonly_started = False
    for i, p in enumerate(sig.parameters.values()):
        n = p.name
        if p.kind == p.VAR_POSITIONAL: parts.append('*' + n); kwonly_started = True; continue
        if p.kind == p.VAR_KEYWORD: parts.append('**' + n); continue
        if p.kind == p.KEYWORD_ONLY and not kwonly_started: parts.append('*'); kwonly_started = True
        if p.kind == p.POSITIONAL_ONLY: n = n  # none expected
        if i == 0 and pa is not None: n = '@' + n
        if p.default is not p.empty: n += '='
        parts.append(n)
    return '%s(%s)' % (code.co_name, ', '.join(parts))

for kind, entries in resolved_plugins():
    print('#', kind)
    for n, f in entries:
        c = compact(f)
        print('  %s: %s,' % (json.dumps(n) if not n.isidentifier() or n in ('in',) else n, json.dumps(c).replace('"', "'") if c else 'None'))
