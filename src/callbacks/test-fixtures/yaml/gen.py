import json, functools, sys, yaml
from ansible.plugins.callback import _AnsibleCallbackDumper
vals = json.load(open('values.json'))
out = []
for v in vals:
    for lossy in (True, False):
        for indent in (4, None):
            text = yaml.dump(v, allow_unicode=True, Dumper=functools.partial(_AnsibleCallbackDumper, lossy=lossy), default_flow_style=False, indent=indent)
            out.append({'value': v, 'lossy': lossy, 'indent': indent, 'yaml': text})
json.dump(out, open('table.json', 'w'), ensure_ascii=False, indent=1)
print(len(out))
