"""Mutates the corpus (one random edit per kind: drop a colon, add a quote, shift a line, unquoted
template, tab, second colon, stray indicator) and records what ansible-core 2.19 reports for each."""
import json, random, os, sys
random.seed(7)
# usage: mutate.py CORPUS.json OUTDIR  (OUTDIR must be visible inside the oracle: ORACLE_EXTRA_BINDS)
rows = [r for r in json.load(open(sys.argv[1])) if 'error' not in r and r['text'].count('\n') > 5]
random.shuffle(rows)
cases = []
def mutate(t, kind):
    lines = t.split('\n')
    idx = [i for i, l in enumerate(lines) if l.strip() and not l.strip().startswith('#')]
    if not idx: return None
    i = random.choice(idx); l = lines[i]
    if kind == 0 and ':' in l:
        p = l.index(':'); lines[i] = l[:p] + l[p+1:]
    elif kind == 1:
        p = random.randint(len(l) - len(l.lstrip()), len(l)); lines[i] = l[:p] + '"' + l[p:]
    elif kind == 2:
        lines[i] = (' ' + l) if random.random() < 0.5 else l[1:] if l.startswith(' ') else ' ' + l
    elif kind == 3 and ': ' in l:
        p = l.index(': '); lines[i] = l[:p+2] + '{{ x }} y'
    elif kind == 4:
        lines[i] = '\t' + l
    elif kind == 5 and ': ' in l:
        lines[i] = l + ' extra: words'
    elif kind == 6:
        p = random.randint(len(l) - len(l.lstrip()), len(l)); lines[i] = l[:p] + random.choice('[]{}&*!|>%@`') + l[p:]
    else:
        return None
    return '\n'.join(lines)
for r in rows[:120]:
    for k in range(7):
        m = mutate(r['text'], k)
        if m: cases.append(m)
outdir = sys.argv[2]
os.makedirs(outdir + '/mut', exist_ok=True)
from ansible.parsing.utils.yaml import from_yaml
out = []
for n, t in enumerate(cases):
    path = f'{outdir}/mut/{n}.yml'
    open(path, 'w').write(t)
    try:
        from_yaml(t, file_name=path)
        out.append({'file': path, 'ok': True})
    except Exception as e:
        o = getattr(e, 'obj', None)
        out.append({'file': path, 'message': getattr(e, 'message', str(e)), 'line': getattr(o, 'line_num', None), 'col': getattr(o, 'col_num', None), 'help': getattr(e, '_help_text', None)})
json.dump(out, open(outdir + '/mut.json', 'w'))
print(len(out), sum(1 for o in out if not o.get('ok')))
