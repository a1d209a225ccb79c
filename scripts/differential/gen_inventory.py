"""Writes one random inventory case for run.py (INI or YAML groups, children, vars, group_vars and
host_vars files, plays over host patterns, --limit and --list-hosts); seeded. Seeds from 14000 on
also draw (from a second stream, so a lower seed gives the case it always gave) an inventory folder
with its own group_vars/host_vars beside the playbook's, ansible_connection (local, or ssh to the
oracle's sshd) and ansible_python_interpreter set in the inventory with tasks that use them, and
--limit with `&`, `!`, ranges, regexes and @file. Seeds from 20000 on sometimes replace the inventory with
one of `rich()`'s (a third stream): host ranges, ports, yaml children cycles and duplicates, ini
`:vars` of missing groups, toml, a `constructed` source, inventory folders mixing formats, and vars
files of every spelling (.yml, .yaml, .json, no extension, folders of files) against play vars.
Seeds from 26000 on draw `daily()`'s case instead (a fourth stream): inventories as people write them,
in each plugin (ini, yaml, toml, constructed, host_list and advanced_host_list as `-i 'a,b,'`),
ansible_host/ansible_port in every spelling, group names that warn, `[all:vars]` against host_vars and
group_vars files, two or three `-i` folders, and --limit in its many forms."""
import json, os, random, sys, yaml

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
    if seed >= 20000:
        r3 = random.Random(seed * 104729 + 7)
        if r3.random() < 0.85:
            plays, args = rich(r3, out)
    if seed >= 26000:
        plays, args = daily(random.Random(seed * 15485863 + 11), out)
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

LOCAL = {'ansible_connection': 'local', 'ansible_python_interpreter': '/usr/bin/python3'}
# Host names and patterns with ranges and ports, as INI and YAML spell them.
RANGED = ['web[a:c]', 'db[01:10:3]', 'n[1:3]:2201', 'solo:2222', 'x[0:2].example.com', '[1:2]pre', '127.0.0.[1:2]']
VAR_NAMES = ['v', 'w', 'ansible_host', 'ansible_port', 'layer']
PLAIN_FILE_VALUES = ['v: %s\n', 'v: "%s"\nw: [1, 2]\n', '---\nv: %s\nlayer: file\n', '{"v": "%s", "w": {"k": 1}}\n', 'v: %s\nw: !unsafe "{{ x }}"\n']

def rich(r, out):
    """An inventory drawn from the seed-20000 stream; returns the plays and arguments that print it."""
    for old in ('inventory', 'group_vars', 'host_vars'):
        path = os.path.join(out, old)
        if os.path.isdir(path):
            import shutil
            shutil.rmtree(path)
        elif os.path.exists(path):
            os.remove(path)
    groups = ['g1', 'g2', 'g3']
    form = r.choice(['ini', 'yaml', 'toml', 'dir', 'dir'])
    inv = os.path.join(out, 'inventory')
    sources = []
    if form == 'toml':  # the toml plugin takes only a .toml file: a folder holding one
        os.makedirs(inv)
        sources.append((os.path.join(inv, 'hosts.toml'), form))
        vars_root = inv
    elif form == 'dir':
        os.makedirs(inv)
        for i, f in enumerate(r.sample(['ini', 'yaml', 'toml'], r.randint(1, 3))):
            sources.append((os.path.join(inv, '%02d-src' % i + r.choice({'ini': ['', '.ini'], 'yaml': ['.yml', '.yaml'], 'toml': ['.toml']}[f])), f))
        if r.random() < 0.5:
            open(os.path.join(inv, '50-constructed.yml'), 'w').write(constructed(r))
        if r.random() < 0.2:
            open(os.path.join(inv, 'ignored.retry'), 'w').write('nothing\n')
        vars_root = inv
    else:
        sources.append((inv, form))
        vars_root = out
    for path, f in sources:
        open(path, 'w').write({'ini': ini_source, 'yaml': yaml_source, 'toml': toml_source}[f](r, groups))
    # NOTE: a list, not a set: a set's order changes with the hash seed, and the case with it
    for root in dict.fromkeys([vars_root, out]):
        for kind, owners in (('group_vars', groups + ['all', 'ungrouped', 'nosuch']), ('host_vars', ['weba', 'db01', 'solo', 'n1', 'h1', 'x0.example.com'])):
            for owner in r.sample(owners, r.randint(0, 3)):
                vars_file(r, os.path.join(root, kind), owner, '%s-%s-%s' % (os.path.basename(root), kind, owner))
    play = {'hosts': r.choice(['all', 'all', 'all', 'g1', 'g2:&g3', 'all:!g1', 'web*', 'role_*', 'ungrouped', 'n1']), 'gather_facts': False, 'tasks': [
        {'debug': {'msg': "{{ group_names }} " + ' '.join("%s={{ %s | default('-') }}" % (n, n) for n in VAR_NAMES)}},
        {'debug': {'var': 'groups'}, 'run_once': True},
    ]}
    if r.random() < 0.4:
        play['vars'] = {r.choice(VAR_NAMES[:2] + ['layer']): 'play'}
    if r.random() < 0.3:
        play['tasks'].append({'debug': {'var': r.choice(['hostvars[inventory_hostname].w', "hostvars['weba'].v", 'composed', 'upper_g'])}})
    args = []
    if r.random() < 0.2:
        args += ['-e', r.choice(['v=extra', 'layer=extra', '{"w": null}'])]
    if r.random() < 0.15:
        args += ['--limit', r.choice(['g1', 'web[0:1]', 'all:!ungrouped', 'db*'])]
    return [play], args

def vars_file(r, folder, owner, value):
    """One group_vars/host_vars entry: a file with .yml/.yaml/.json/no extension, or a folder of files."""
    os.makedirs(folder, exist_ok=True)
    kind = r.choice(['.yml', '.yaml', '.json', '', 'dir', '.txt'])
    if kind == 'dir':
        os.makedirs(os.path.join(folder, owner), exist_ok=True)
        for i in range(r.randint(1, 2)):
            open(os.path.join(folder, owner, r.choice(['a.yml', 'b.json', 'c', 'z.yaml'])), 'w').write('v: %s-%d\nlayer: %s\n' % (value, i, value))
        return
    text = json.dumps({'v': value, 'layer': value}) + '\n' if kind == '.json' else r.choice(PLAIN_FILE_VALUES) % value
    open(os.path.join(folder, owner + kind), 'w').write(text)

def host_names(r):
    names = r.sample(RANGED, r.randint(1, 3)) + r.sample(['h1', 'h2', 'weba', 'db01'], r.randint(1, 2))
    if r.random() < 0.05:
        names.append('h[b:a]')  # a range ending before it starts: the source fails
    return names

def ini_source(r, groups):
    lines = []
    for h in host_names(r):
        lines.append(h + ' ' + ' '.join('%s=%s' % kv for kv in LOCAL.items()) + r.choice(['', ' v=host', ' ansible_host=127.0.0.1:2222', ' ansible_port=22', " w='[1, 2]'"]))
    for g in r.sample(groups, r.randint(1, 3)):
        lines.append('[%s]' % g)
        lines += r.sample(['h1', 'h2', 'weba', 'db01', 'solo'], r.randint(0, 2))
        if r.random() < 0.5:
            lines += ['[%s:vars]' % g, 'v=%s' % g, r.choice(['w=1', 'w=yes', 'w="s p"', 'layer=ini'])]
    if r.random() < 0.4:
        a, b = r.sample(groups, 2)
        lines += ['[%s:children]' % a, b]
        if r.random() < 0.3:
            lines += ['[%s:children]' % b, a]  # a cycle
    if r.random() < 0.25:
        lines += ['[%s:vars]' % r.choice(['nosuch', 'later']), 'v=missing']
        if r.random() < 0.5:
            lines += ['[later]', 'h1']
    if r.random() < 0.2:
        lines += ['[g1:children]', 'nosuchchild']
    if r.random() < 0.5:
        lines += ['[all:vars]', 'v=all', 'w=%s' % r.choice(['{"a": 1}', '0o10', '1e3', 'None', 'ünï'])]
    return '\n'.join(lines) + '\n'

def yaml_groups(r, groups):
    top = {'hosts': {}, 'children': {}}
    for h in host_names(r):
        top['hosts'][h] = dict(LOCAL, **r.choice([{}, {'v': 'host'}, {'ansible_port': 2222}, {'w': [1, {'k': None}]}]))
    for g in r.sample(groups, r.randint(1, 3)):
        d = {}
        if r.random() < 0.7:
            d['hosts'] = {h: None for h in r.sample(['h1', 'h2', 'weba', 'db01', 'solo'], r.randint(1, 2))}
        if r.random() < 0.5:
            d['vars'] = {'v': g, 'layer': 'yaml'}
        if r.random() < 0.4:
            other = r.choice([x for x in groups if x != g])
            d['children'] = {other: r.choice([None, {'hosts': {'h2': None}}])}
            if r.random() < 0.3:
                d['children'][other] = {'children': {g: None}}  # a cycle
        top['children'][g] = d or None
    if r.random() < 0.3:
        top['children'][r.choice(groups)] = {'hosts': {'h1': {'v': 'dup'}}}  # a duplicate key, as YAML keeps the last
    return top

def yaml_source(r, groups):
    top = yaml_groups(r, groups)
    text = yaml.safe_dump({'all': top}, sort_keys=False, allow_unicode=True)
    if r.random() < 0.2:
        text += 'other:\n  hosts:\n    h9:\n      ansible_connection: local\n'  # a second top-level group
    return text

def toml_value(v):
    if v is None:
        return '"none"'
    if isinstance(v, bool):
        return 'true' if v else 'false'
    if isinstance(v, (int, float)):
        return str(v)
    if isinstance(v, list):
        return '[' + ', '.join(toml_value(x) for x in v) + ']'
    if isinstance(v, dict):
        return '{ ' + ', '.join('%s = %s' % (json.dumps(k), toml_value(x)) for k, x in v.items()) + ' }'
    return json.dumps(v)

def toml_source(r, groups):
    top = yaml_groups(r, groups)
    lines = []
    for h, hv in top['hosts'].items():
        lines += ['[ungrouped.hosts.%s]' % json.dumps(h)] + ['%s = %s' % (k, toml_value(v)) for k, v in hv.items()]
    for g, d in top['children'].items():
        lines += toml_group(g, d)
    return '\n'.join(lines) + '\n'

def toml_group(table, d):
    """A group's TOML table (its name as written, bare or quoted), from yaml_groups' shape."""
    d = d or {}
    lines = ['[%s]' % table]
    if d.get('children'):
        lines.append('children = %s' % toml_value(list(d['children'])))
    if d.get('hosts'):
        lines.append('hosts = %s' % toml_value({h: v or {} for h, v in d['hosts'].items()}))
    if d.get('vars'):
        lines.append('vars = %s' % toml_value(d['vars']))
    return lines

def constructed(r):
    c = {'plugin': r.choice(['ansible.builtin.constructed', 'constructed'])}
    if r.random() < 0.6:
        c['strict'] = r.choice([True, False])
    if r.random() < 0.7:
        c['compose'] = dict(r.sample([('composed', "v | default('none') ~ '-c'"), ('upper_g', 'group_names | map("upper") | list'),
                                      ('bad_c', 'nosuch.attr'), ('ansible_port', '2000 + 22'), ('w', "'composed'")], r.randint(1, 3)))
    if r.random() < 0.7:
        c['keyed_groups'] = r.sample([{'key': 'v', 'prefix': 'role'}, {'key': 'w', 'separator': ''}, {'key': 'missing_var', 'default_value': 'dflt'},
                                      {'key': 'v', 'parent_group': 'byv'}, {'key': 'nosuch.attr'}, {'key': 'group_names', 'prefix': 'in'},
                                      {'key': 'v', 'trailing_separator': False, 'default_value': ''}], r.randint(1, 3))
    if r.random() < 0.7:
        c['groups'] = dict(r.sample([('has_v', 'v is defined'), ('broken', 'nosuch.thing == 1'), ('local', "ansible_connection == 'local'"),
                                     ('web_like', "inventory_hostname.startswith('web')"), ('syntax', 'v ==')], r.randint(1, 3)))
    return yaml.safe_dump(c, sort_keys=False)

# Group names as people write them; '-' and '.' make 2.19 warn ("Invalid characters were found in group names").
DAILY_GROUPS = ['web', 'db', 'web-servers', 'dc1.db', 'app_tier', 'prod', 'staging-env']
# ansible_host/ansible_port as inventories spell them; only debug tasks run, so nothing connects.
ADDRESS_FORMS = [{}, {'ansible_host': '10.0.0.5'}, {'ansible_host': '10.0.0.5', 'ansible_port': 2222}, {'ansible_port': '22'},
                 {'ansible_ssh_host': '10.1.1.1'}, {'ansible_host': 'db.internal', 'ansible_user': 'deploy'}, {'ansible_host': '::1'}]

def daily(r, out):
    """An inventory from the seed-26000 stream; returns the plays and arguments that print it."""
    import shutil
    for old in ('inventory', 'group_vars', 'host_vars', 'inv2', 'inv3'):
        path = os.path.join(out, old)
        if os.path.isdir(path):
            shutil.rmtree(path)
        elif os.path.exists(path):
            os.remove(path)
    groups = r.sample(DAILY_GROUPS, r.randint(2, 4))
    hosts = r.sample(['web1', 'web2', 'db1', 'db-2', 'app.example.com', 'lb01', '10.0.0.7'], r.randint(2, 5))
    members = {g: r.sample(hosts, r.randint(0, min(3, len(hosts)))) for g in groups}
    addr = {h: r.choice(ADDRESS_FORMS) for h in hosts}
    port_in_name = {h: r.random() < 0.15 for h in hosts}  # 'web1:2200' in the source: the port from the name
    children = {}
    if r.random() < 0.5:
        a, b = r.sample(groups, 2)
        children[a] = [b]
    folders = ['inventory'] + ['inv2', 'inv3'][:r.choice([0, 0, 1, 2])]
    args = []
    for i, folder in enumerate(folders):
        d = os.path.join(out, folder)
        os.makedirs(d)
        if i > 0:
            args += ['-i', folder]
        share = hosts if i == 0 else r.sample(hosts, r.randint(1, len(hosts)))
        form = r.choice(['ini', 'ini', 'yaml', 'yaml', 'toml'])
        text = {'ini': daily_ini, 'yaml': daily_yaml, 'toml': daily_toml}[form](r, share, groups, members, addr, port_in_name, children, i)
        open(os.path.join(d, {'ini': 'hosts', 'yaml': 'hosts.yml', 'toml': 'hosts.toml'}[form]), 'w').write(text)
        if r.random() < 0.25:
            open(os.path.join(d, 'zz-constructed.yml'), 'w').write(yaml.safe_dump({
                'plugin': 'constructed', 'strict': r.choice([False, True]),
                'groups': {'has_port': 'ansible_port is defined', 'from_ini': "layer == 'ini-all'"},
                'keyed_groups': [{'key': 'layer', 'prefix': 'layer'}]}, sort_keys=False))
        # group_vars/host_vars beside each folder: a host_vars file beats [all:vars] and group vars
        for h in r.sample(hosts, r.randint(0, 2)):
            vars_file(r, os.path.join(d, 'host_vars'), h, '%s-hv-%s' % (folder, h))
        for g in r.sample(groups + ['all'], r.randint(0, 2)):
            vars_file(r, os.path.join(d, 'group_vars'), g, '%s-gv-%s' % (folder, g))
    if r.random() < 0.3:
        args += ['-i', r.choice(['extra1,extra2,', 'web1,', 'h[1:2],', "lb01,10.0.0.8:2022,"])]
    if r.random() < 0.2:
        for h in r.sample(hosts, 1):
            vars_file(r, os.path.join(out, 'host_vars'), h, 'play-hv-%s' % h)
    names = ['layer', 'v', 'ansible_host', 'ansible_port', 'ansible_user']
    play = {'hosts': r.choice(['all', 'all', groups[0], '%s:%s' % (groups[0], groups[1]), '%s:&%s' % (groups[0], groups[1]), 'all:!%s' % groups[0], 'web*', '~(web|db).*', 'all[0:1]']),
            'gather_facts': False, 'tasks': [
                {'debug': {'msg': "{{ inventory_hostname }} {{ group_names }} " + ' '.join("%s={{ %s | default('-') }}" % (n, n) for n in names)}},
                {'debug': {'msg': "{{ groups | dict2items | map(attribute='key') | sort }} {{ ansible_play_hosts_all }}"}, 'run_once': True}]}
    if r.random() < 0.3:
        play['tasks'].append({'debug': {'msg': "{{ hostvars[groups['all'][0]]['layer'] | default('-') }} {{ groups['ungrouped'] | default([]) }}"}})
    if r.random() < 0.4:
        args += ['--limit', r.choice([groups[0], '%s,%s' % (groups[0], hosts[0]), '!%s' % groups[-1], '%s:!%s' % (groups[0], hosts[0]), '%s:&%s' % (groups[0], groups[-1]),
                                      '~^db', 'web*', 'all[-1]', '%s[0]' % groups[0], hosts[0], 'nosuch', '@limit.txt', '%s,nosuch' % hosts[0]])]
        open(os.path.join(out, 'limit.txt'), 'w').write('%s\n%s\n' % (hosts[-1], r.choice(groups)))
    return [play], args

def daily_address(h, addr, port_in_name):
    return ('%s:2200' % h if port_in_name[h] and ':' not in h else h), dict(addr[h])

def daily_ini(r, hosts, groups, members, addr, port_in_name, children, index):
    lines = ['# inventory %d' % index]
    for h in hosts:
        if not any(h in members[g] for g in groups) or r.random() < 0.3:
            name, v = daily_address(h, addr, port_in_name)
            lines.append(' '.join([name] + ['%s=%s' % kv for kv in v.items()]))
    for g in groups:
        lines += ['', '[%s]' % g]
        for h in members[g]:
            if h in hosts:
                name, v = daily_address(h, addr, port_in_name)
                lines.append(' '.join([name] + ['%s=%s' % kv for kv in v.items()]))
        if r.random() < 0.4:
            lines += ['', '[%s:vars]' % g, 'layer=ini-%s' % g, 'v=%s' % r.choice(['1', 'yes', '"quoted value"', "'single'", '[1,2]'])]
    for parent, kids in children.items():
        lines += ['', '[%s:children]' % parent] + kids
    if r.random() < 0.7:
        lines += ['', '[all:vars]', 'layer=ini-all', 'v=all', 'ansible_user=%s' % r.choice(['root', 'admin'])]
    return '\n'.join(lines) + '\n'

def daily_tree(r, hosts, groups, members, addr, port_in_name, children):
    top = {'hosts': {}, 'vars': {}, 'children': {}}
    for h in hosts:
        if not any(h in members[g] for g in groups):
            name, v = daily_address(h, addr, port_in_name)
            top['hosts'][name] = v or None
    for g in groups:
        d = {}
        mine = [h for h in members[g] if h in hosts]
        if mine:
            d['hosts'] = {}
            for h in mine:
                name, v = daily_address(h, addr, port_in_name)
                d['hosts'][name] = v or None
        if r.random() < 0.4:
            d['vars'] = {'layer': 'yaml-%s' % g, 'v': r.choice([1, True, 'text', [1, 2], {'k': 'v'}])}
        if g in children:
            d['children'] = {k: None for k in children[g]}
        top['children'][g] = d or None
    if r.random() < 0.7:
        top['vars'] = {'layer': 'yaml-all', 'v': 'all'}
    return {k: v for k, v in top.items() if v}

def daily_yaml(r, hosts, groups, members, addr, port_in_name, children, index):
    return yaml.safe_dump({'all': daily_tree(r, hosts, groups, members, addr, port_in_name, children)}, sort_keys=False)

def daily_toml(r, hosts, groups, members, addr, port_in_name, children, index):
    top = daily_tree(r, hosts, groups, members, addr, port_in_name, children)
    lines = []
    if top.get('vars'):
        lines += ['[all.vars]'] + ['%s = %s' % (k, toml_value(v)) for k, v in top['vars'].items()]
    if top.get('hosts'):
        lines += ['[ungrouped.hosts]'] + ['%s = %s' % (json.dumps(h), toml_value(v or {})) for h, v in top['hosts'].items()]
    for g, d in (top.get('children') or {}).items():
        lines += toml_group(json.dumps(g), d)
    return '\n'.join(lines) + '\n'

def hostline(h, v):
    parts = [h] + ['%s=%s' % (k, val if not isinstance(val, list) else '"%s"' % val) for k, val in v.items()]
    return ' '.join(parts)

if __name__ == '__main__':
    main(int(sys.argv[1]), sys.argv[2])
