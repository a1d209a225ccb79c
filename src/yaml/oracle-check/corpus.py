"""Run inside the oracle: every YAML text shipped with ansible-core (data files and the modules'
DOCUMENTATION/EXAMPLES/RETURN) with the value AnsibleLoader builds. usage: corpus.py OUT.json"""
import json, sys, os, ast, glob, datetime
import yaml
from ansible.parsing.yaml.loader import AnsibleLoader
from ansible.parsing.vault import EncryptedString
def enc(v):
    if isinstance(v, EncryptedString): return {'vault': v._ciphertext}
    if isinstance(v, bool) or v is None: return v
    if isinstance(v, int): return {'int': str(v)}
    if isinstance(v, float): return {'float': repr(v)}
    if isinstance(v, datetime.date): return str(v)
    if isinstance(v, str): return str(v)
    if isinstance(v, dict): return {'dict': [[enc(k), enc(x)] for k, x in v.items()]}
    if isinstance(v, (list, tuple)): return [enc(x) for x in v]
    return {'other': repr(v)}
texts = []
root = '/usr/lib/python3/dist-packages'
for f in glob.glob(root + '/ansible/**/*.yml', recursive=True) + glob.glob(root + '/ansible/**/*.yaml', recursive=True) + glob.glob(root + '/ansible_test/**/*.yml', recursive=True):
    texts.append((f, open(f).read()))
for f in glob.glob(root + '/ansible/modules/*.py') + glob.glob(root + '/ansible/plugins/*/*.py'):
    try: tree = ast.parse(open(f).read())
    except Exception: continue
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and getattr(node.targets[0], 'id', '') in ('DOCUMENTATION', 'EXAMPLES', 'RETURN') and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            texts.append((f + ':' + node.targets[0].id, node.value.value))
out = []
for name, t in texts:
    try:
        out.append({'name': name, 'text': t, 'value': enc(yaml.load(t, Loader=AnsibleLoader))})
    except Exception as e:
        out.append({'name': name, 'text': t, 'error': type(e).__name__ + ': ' + str(e).split('\n')[0]})
json.dump(out, open(sys.argv[1], 'w'))
print(len(out), sum(1 for o in out if 'error' in o))
