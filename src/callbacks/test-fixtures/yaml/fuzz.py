import json, functools, random, yaml, sys
from ansible.plugins.callback import _AnsibleCallbackDumper
random.seed(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
POOL = list("abc xyz  ::##--''\"\"\\,[]{}&*!|>%@`?~=<\n\t.0123456789eE+") + ['é', '→', '\u00a0', '\u2028', '😀', '\x01', '\x85', 'yes', 'null', 'true', '0x1', '1e5', '2020-01-01']
def rstr():
    n = random.choice([0, 1, 2, 3, 5, 8, 15, 40, 90, 130])
    return ''.join(random.choice(POOL) for _ in range(n))
def rval(d=0):
    r = random.random()
    if d > 3 or r < 0.5:
        c = random.random()
        if c < 0.7: return rstr()
        if c < 0.8: return random.randint(-1000, 10**12)
        if c < 0.9: return random.choice([0.5, 1.0, 1e20, -2.5e-8, 3.14159])
        return random.choice([None, True, False])
    if r < 0.75:
        return [rval(d+1) for _ in range(random.randint(0, 4))]
    return {rstr() or 'k': rval(d+1) for _ in range(random.randint(0, 4))}
out = []
for i in range(400):
    v = {'k': rval()}
    for lossy in (True, False):
        try:
            y = yaml.dump(v, allow_unicode=True, Dumper=functools.partial(_AnsibleCallbackDumper, lossy=lossy), default_flow_style=False, indent=4)
        except Exception as e:
            continue
        out.append({'value': v, 'lossy': lossy, 'indent': 4, 'yaml': y})
json.dump(out, open('fuzz.json', 'w'), ensure_ascii=False)
print(len(out))
