"""Writes one random inventory case for run.py (INI or YAML groups, children, vars, group_vars and
host_vars files, plays over host patterns, --limit and --list-hosts); seeded."""
import os, random, sys, yaml

def main(seed, out):
    r = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    groups = ['web', 'db', 'app', 'edge']
    hosts = {}
    names = []
    for i in range(r.randint(2, 6)):
        n = r.choice(['srv%d', 'node-%d', 'h%d.example.com', 'x%d'])
        name = n % (i + 1)
        names.append(name)
        hosts[name] = {}
        if r.random() < 0.5:
            hosts[name]['hv'] = r.choice([1, 'two', True, '3', [1, 2]])
        hosts[name]['ansible_connection'] = 'local'
    membership = {g: [h for h in names if r.random() < 0.45] for g in groups}
    children = {}
    if r.random() < 0.6:
        children['parent'] = r.sample(groups, 2)
    if r.random() < 0.3:
        children['top'] = ['parent'] if 'parent' in children else [groups[0]]
    gvars = {g: {'gv': '%s-value' % g, 'prio': g} for g in groups if r.random() < 0.6}
    if 'parent' in children and r.random() < 0.7:
        gvars['parent'] = {'gv': 'parent-value', 'pv': 1}
    allvars = {'gv': 'all-value', 'prio': 'all'} if r.random() < 0.7 else {}
    fmt = r.choice(['ini', 'yaml'])
    if fmt == 'ini':
        lines = []
        ungrouped = [h for h in names if not any(h in m for m in membership.values())]
        for h in ungrouped:
            lines.append(hostline(h, hosts[h]))
        for g in groups:
            if membership[g] or g in gvars:
                lines.append('\n[%s]' % g)
                for h in membership[g]:
                    lines.append(hostline(h, hosts[h]))
            if g in gvars:
                lines.append('\n[%s:vars]' % g)
                for k, v in gvars[g].items():
                    lines.append('%s=%s' % (k, v))
        for p, kids in children.items():
            lines.append('\n[%s:children]' % p)
            lines += kids
            if p in gvars:
                lines.append('\n[%s:vars]' % p)
                for k, v in gvars[p].items():
                    lines.append('%s=%s' % (k, v))
        if allvars:
            lines.append('\n[all:vars]')
            for k, v in allvars.items():
                lines.append('%s=%s' % (k, v))
        open(os.path.join(out, 'inventory'), 'w').write('\n'.join(lines) + '\n')
    else:
        def grp(g):
            d = {}
            if membership.get(g):
                d['hosts'] = {h: (dict(hosts[h]) if hosts[h] else None) for h in membership[g]}
            if g in gvars:
                d['vars'] = gvars[g]
            if g in children:
                d['children'] = {k: grp(k) for k in children[g]}
            return d or None
        top = {}
        ungrouped = [h for h in names if not any(h in m for m in membership.values())]
        if ungrouped:
            top['hosts'] = {h: hosts[h] for h in ungrouped}
        if allvars:
            top['vars'] = allvars
        kids = {}
        for g in groups + list(children):
            if not any(g in v for v in children.values()):
                kids[g] = grp(g)
        top['children'] = kids
        open(os.path.join(out, 'inventory'), 'w').write(yaml.safe_dump({'all': top}, sort_keys=False))
    # host/group vars dirs sometimes
    if r.random() < 0.4:
        os.makedirs(os.path.join(out, 'group_vars'), exist_ok=True)
        open(os.path.join(out, 'group_vars', r.choice(groups + ['all']) + '.yml'), 'w').write('gv: from group_vars file\nfile_var: 1\n')
    if r.random() < 0.3:
        os.makedirs(os.path.join(out, 'host_vars'), exist_ok=True)
        open(os.path.join(out, 'host_vars', r.choice(names) + '.yml'), 'w').write('gv: from host_vars file\n')
    patterns = ['all', 'web', 'web:db', 'web:&db', 'web:!db', 'parent', 'top', '~^srv', 'web[0]', 'all[1:]', 'all[-1]',
                'ungrouped', 'nosuchgroup', 'web,app', '*', 'srv*', 'all:!web', 'app:edge:&parent', '!web']
    plays = []
    for i in range(r.randint(1, 3)):
        plays.append({'name': 'p%d' % i, 'hosts': r.choice(patterns), 'gather_facts': False, 'tasks': [
            {'debug': {'msg': "{{ group_names }} gv={{ gv | default('-') }} prio={{ prio | default('-') }} hv={{ hv | default('-') }}"}},
            {'debug': {'msg': "{{ groups | dict2items | map(attribute='key') | sort }} {{ ansible_play_hosts }} {{ inventory_hostname_short }}"}, 'run_once': True},
            {'debug': {'var': r.choice(["groups['all']", 'groups.ungrouped', "hostvars[inventory_hostname]['gv']", 'pv', 'file_var'])}},
        ]})
    yaml.safe_dump(plays, open(os.path.join(out, 'playbook.yml'), 'w'), sort_keys=False)
    args = []
    if r.random() < 0.3:
        args += ['--limit', r.choice(patterns)]
    if r.random() < 0.15:
        args += ['--list-hosts']
    open(os.path.join(out, 'args'), 'w').write('\n'.join(args))

def hostline(h, v):
    parts = [h] + ['%s=%s' % (k, val if not isinstance(val, list) else '"%s"' % val) for k, val in v.items()]
    return ' '.join(parts)

if __name__ == '__main__':
    main(int(sys.argv[1]), sys.argv[2])
