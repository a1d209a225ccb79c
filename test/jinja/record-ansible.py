"""Records test/jinja/ansible-cases.json from the real ansible-core 2.19.

Run from the repository root:
    /work/shared/tools/ansible-oracle/oracle-exec python3 test/jinja/record-ansible.py

Each case is a filter, test or lookup applied to values passed as variables (`input`, `args`,
`kwargs`), so the same case can run through Volant's engine (the template text) or directly
through the plugin function. Values are written in a typed JSON form that keeps what plain JSON
loses: floats ({"$float": repr}), tuples ({"$tuple": [...]}) and dict key order and key types
({"$dict": [[k, v], ...]}).
"""
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, 'ansible-fixtures')
os.environ['HOME'] = '/home/volant-test'
os.environ['VOLANT_TEST_VAR'] = 'from the environment'
os.environ['VOLANT_EMPTY'] = ''
os.chdir(FIXTURES)

from ansible.template import Templar, trust_as_template  # noqa: E402
from ansible.parsing.dataloader import DataLoader  # noqa: E402
import ansible.plugins.loader as plugin_loader  # noqa: E402

plugin_loader.init_plugin_loader()

MISSING = object()
CASES = []


def F(name, input=MISSING, *args, **kwargs):
    CASES.append(dict(kind='filter', name=name, input=input, args=list(args), kwargs=kwargs, flags=[]))
    return CASES[-1]


def T(name, input=MISSING, *args, **kwargs):
    CASES.append(dict(kind='test', name=name, input=input, args=list(args), kwargs=kwargs, flags=[]))
    return CASES[-1]


def L(name, *terms, **kwargs):
    CASES.append(dict(kind='lookup', name=name, input=MISSING, args=list(terms), kwargs=kwargs, flags=[]))
    return CASES[-1]


def with_vars(case, **variables):
    """Extra variables the case's template sees (e.g. for the template and vars lookups)."""
    case['vars'] = variables
    return case


def E(template, **variables):
    """A whole template (engine-only): Ansible idioms chaining several plugins."""
    CASES.append(dict(kind='expr', name='expr', input=MISSING, args=[], kwargs={}, flags=[], template=template, vars=variables))
    return CASES[-1]


def flag(case, *flags):
    case['flags'].extend(flags)


def load_specs():
    import importlib.util
    spec = importlib.util.spec_from_file_location('ansible_case_specs', os.path.join(HERE, 'ansible-case-specs.py'))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.define(F, T, L, flag, FIXTURES)
    if hasattr(module, 'define_lookups'):
        module.define_lookups(F, T, L, flag, with_vars, FIXTURES)
    if hasattr(module, 'define_idioms'):
        module.define_idioms(E, flag, FIXTURES)


load_specs()


def template_of(case):
    if case['kind'] == 'expr':
        return case['template']
    call = ''
    if case['args'] and case['kwargs']:
        call = '(*args, **kwargs)'
    elif case['args']:
        call = '(*args)'
    elif case['kwargs']:
        call = '(**kwargs)'
    subject = 'missing' if case['input'] is MISSING else 'input'
    if case['kind'] == 'filter':
        return '{{ %s | %s%s }}' % (subject, case['name'], call)
    if case['kind'] == 'test':
        return '{{ %s is %s%s }}' % (subject, case['name'], call)
    rest = ', *args' if case['args'] else ''
    rest += ', **kwargs' if case['kwargs'] else ''
    return '{{ query(%r%s) }}' % (case['name'], rest)


def encode(value):
    if value is None or isinstance(value, (bool, str)):
        return str(value) if isinstance(value, str) else value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return {'$float': repr(value)}
    if isinstance(value, tuple):
        return {'$tuple': [encode(v) for v in value]}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {'$dict': [[encode(k), encode(v)] for k, v in value.items()]}
    return {'$repr': repr(value), '$type': type(value).__name__}


def chain(ex):
    out = []
    while ex is not None:
        out.append({'type': type(ex).__name__, 'message': str(ex)})
        ex = ex.__cause__
    return out


def main():
    loader = DataLoader()
    loader.set_basedir(FIXTURES)
    counts = {}
    out = []
    for case in CASES:
        key = '%s %s' % (case['kind'], case['name'])
        counts[key] = counts.get(key, 0) + 1
        variables = {'args': case['args'], 'kwargs': case['kwargs'], 'playbook_dir': FIXTURES}
        if case['input'] is not MISSING:
            variables['input'] = case['input']
        variables.update(case.get('vars', {}))
        templar = Templar(loader=loader, variables=variables)
        text = template_of(case)
        record = {'id': '%s #%d' % (key, counts[key]), 'kind': case['kind'], 'name': case['name'], 'template': text}
        if case['input'] is not MISSING:
            record['input'] = encode(case['input'])
        record['args'] = encode(case['args'])
        record['kwargs'] = encode(case['kwargs'])
        if case['flags']:
            record['flags'] = case['flags']
        if case.get('vars'):
            record['vars'] = encode(case['vars'])
        try:
            record['result'] = encode(templar.template(trust_as_template(text)))
        except Exception as ex:  # the error words are the expected result
            errors = chain(ex)
            record['error'] = errors[1]['message'] if len(errors) > 1 else errors[0]['message']
            record['errorChain'] = errors
        out.append(record)
    path = os.path.join(HERE, 'ansible-cases.json')
    with open(path, 'w') as f:
        json.dump({'recordedWith': 'ansible-core 2.19 (tools/ansible-oracle)', 'cases': out}, f, indent=1, ensure_ascii=True)
        f.write('\n')
    print('recorded %d cases to %s' % (len(out), path), file=sys.stderr)


main()
