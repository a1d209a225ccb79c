"""Writes one random inventory case for run.py (INI or YAML groups, children, vars, group_vars and
host_vars files, plays over host patterns, --limit and --list-hosts); seeded. Seeds from 14000 on
also draw (from a second stream, so a lower seed gives the case it always gave) an inventory folder
with its own group_vars/host_vars beside the playbook's, ansible_connection (local, or ssh to the
oracle's sshd) and ansible_python_interpreter set in the inventory with tasks that use them, and
--limit with `&`, `!`, ranges, regexes and @file."""
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
    args = []
    if r.random() < 0.3:
        args += ['--limit', r.choice(patterns)]
    if r.random() < 0.15:
        args += ['--list-hosts']
    if seed >= 14000:
        extend(random.Random(seed * 7919 + 1), out, names, groups, plays, args)
    yaml.safe_dump(plays, open(os.path.join(out, 'playbook.yml'), 'w'), sort_keys=False)
    open(os.path.join(out, 'args'), 'w').write('\n'.join(args))

# NOTE: the oracle's sshd on loopback, the one ssh target both engines reach the same way.
SSH_VARS = {'ansible_connection': 'ssh', 'ansible_host': '127.0.0.1', 'ansible_port': 2222, 'ansible_user': 'root',
            'ansible_ssh_private_key_file': '/opt/oracle-keys/id_ed25519'}
# NOTE: not 'auto': the interpreter it discovers differs by machine (the oracle's chroot has python3.13).
INTERPRETERS = ['/usr/bin/python3', 'python3', '/usr/bin/python3', 'auto_silent']

def extend(r, out, names, groups, plays, args):
    """The seed-14000 additions: the inventory moved into a folder with its own vars files,
    connection and interpreter variables, richer --limit."""
    if r.random() < 0.5:
        inv = os.path.join(out, 'inventory')
        text = open(inv).read()
        os.remove(inv)
        os.makedirs(inv)
        open(os.path.join(inv, r.choice(['hosts', 'hosts.yml' if text.startswith('all:') else 'hosts.ini'])), 'w').write(text)
        # The same names in the inventory's vars folders and the playbook's: the playbook's win.
        for kind, owners in (('group_vars', groups + ['all']), ('host_vars', names)):
            for owner in r.sample(owners, min(len(owners), r.randint(1, 2))):
                os.makedirs(os.path.join(inv, kind), exist_ok=True)
                open(os.path.join(inv, kind, owner + '.yml'), 'w').write('layer: inv-%s-%s\ngv: inv-%s\n' % (kind, owner, owner))
            if r.random() < 0.6:
                owner = r.choice(owners)
                os.makedirs(os.path.join(out, kind), exist_ok=True)
                open(os.path.join(out, kind, owner + '.yml'), 'a').write('layer: pb-%s-%s\n' % (kind, owner))
    conn = {}
    for h in names:
        if r.random() < 0.25:
            conn[h] = dict(SSH_VARS)
        if r.random() < 0.3:
            # NOTE: discovery over ssh finds the sshd's own pythons (a pyenv shim here): named ones only.
            choices = INTERPRETERS if h not in conn else [i for i in INTERPRETERS if not i.startswith('auto')]
            conn.setdefault(h, {})['ansible_python_interpreter'] = r.choice(choices)
    if conn:
        # Variables given in a host_vars file of the playbook's folder, over the inventory's local connection.
        os.makedirs(os.path.join(out, 'host_vars'), exist_ok=True)
        for h, v in conn.items():
            open(os.path.join(out, 'host_vars', h + '.yml'), 'a').write(yaml.safe_dump(v))
    for p in plays:
        p['tasks'].append({'debug': {'msg': "{{ layer | default('-') }} {{ ansible_connection | default('-') }} {{ ansible_python_interpreter | default('-') }}"}})
        if conn or r.random() < 0.3:
            p['tasks'].append({'ping': None})
            p['tasks'].append({'command': 'echo {{ inventory_hostname }}', 'changed_when': False})
    if r.random() < 0.4:
        limits = ['web:&db', 'all:!web', 'web[0:1]', 'all[0]', '~(srv|node)', 'web,!db', 'app:edge:!parent', '@limit.txt', '@missing.txt',
                  names[0], '%s,%s' % (names[-1], names[0]), 'web:&parent:!db']
        if '--limit' in args:
            args[args.index('--limit') + 1] = r.choice(limits)
        else:
            args += ['--limit', r.choice(limits)]
        open(os.path.join(out, 'limit.txt'), 'w').write('\n'.join(r.sample(names, r.randint(1, len(names)))) + '\n')

def hostline(h, v):
    parts = [h] + ['%s=%s' % (k, val if not isinstance(val, list) else '"%s"' % val) for k, val in v.items()]
    return ' '.join(parts)

if __name__ == '__main__':
    main(int(sys.argv[1]), sys.argv[2])
