"""Writes one random playbook case for run.py (plays, roles, included files, an inventory of three
local hosts, arguments); seeded, so a seed always gives the same case."""
import json, os, random, sys, yaml
# Where generated tasks write; run.py empties it before each engine runs.
OUT = os.environ.get("DIFFERENTIAL_OUT", "/tmp/fuzz-out")

EXPRS = [
    "{{ s | lower }}", "{{ s | upper | replace('O', '0') }}", "{{ items_a | sum }}",
    "{{ items_a | map('string') | join(',') }}", "{{ d | dict2items | map(attribute='key') | list }}",
    "{{ n * 2 }}", "{{ nope | default('dflt') }}", "{{ items_a | select('odd') | list }}",
    "{{ d.b.c ~ '-' ~ inventory_hostname }}", "{{ groups['web'] | length }}",
    "{{ hostvars[groups['all'][0]].n }}", "{{ (n > 1) | ternary('big', 'small') }}",
    "{{ items_a | reverse | list }}", "{{ d | to_json }}", "{{ d | to_nice_yaml }}",
    "{{ [1, [2, [3]]] | flatten }}", "{{ s.split(' ') }}", "{{ range(3) | list }}",
    "{{ {'x': n} | combine(d) }}", "{{ items_a | max }} {{ items_a | min }}",
    "{{ s | regex_replace('o', '0') }}", "{{ s | length }}", "{{ none_v }}", "{{ empty | length }}",
    "{{ flag | bool }}", "{{ 3.5 | int }}", "{{ '%05d' | format(n) }}", "{{ s[0:5] }}",
    "{{ lst | unique | sort }}", "{{ lst | first }}", "{{ d.keys() | list }}", "{{ n is even }}",
    "{{ inventory_hostname | regex_search('[0-9]+') }}", "{{ play_hosts }}", "{{ ansible_play_batch }}",
    "{{ group_names }}", "{{ env }}", "{{ [s, n, flag, none_v] }}", "{{ d }}", "plain text {{ n }}",
    "{{ lookup('vars', 'n') }}", "{{ query('items', items_a) }}", "{{ 'a,b,,c' | split(',') }}",
    "{{ items_a | map('pow', 2) | list }}", "{{ (s | hash('md5'))[:8] }}", "{{ 7 // 2 }} {{ 7 % 3 }} {{ 2 ** 10 }}",
]
BAD_EXPRS = ["{{ missing_var }}", "{{ d.nokey }}", "{{ 1 / 0 }}", "{{ items_a | bogus_filter }}",
             "{{ s + n }}", "{{ d.b.c.d.e }}", "{{ s | int + }}"]
CONDS = ["n > 1", "n == 2", "flag", "not flag", "env == 'prod'", "'web' in group_names",
         "inventory_hostname != groups['all'][0]", "items_a | length > 2", "s is search('World')",
         "n is odd", "d.a == 1", "none_v is none", "empty", "nope is defined", "nope is undefined"]


class G:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.handlers = []
        self.files = {}
        self.regs = []
        self.tags = set()
        self.facts = []
        self.roles = {}

    def pick(self, xs):
        return self.r.choice(xs)

    def chance(self, p):
        return self.r.random() < p

    def expr(self):
        if self.chance(0.04):
            return self.pick(BAD_EXPRS)
        if self.regs and self.chance(0.2):
            reg = self.pick(self.regs)
            return self.pick(["{{ %s.changed }}", "{{ %s.rc | default('no rc') }}", "{{ %s.stdout | default('') }}",
                              "{{ %s is skipped }}", "{{ %s is failed }}", "{{ %s.results | default([]) | length }}",
                              "{{ %s.msg | default('none') }}"]) % reg
        if self.facts and self.chance(0.2):
            return "{{ %s | default('unset') }}" % self.pick(self.facts)
        return self.pick(EXPRS)

    def cond(self):
        if self.regs and self.chance(0.25):
            reg = self.pick(self.regs)
            return self.pick(["%s is changed", "%s is succeeded", "%s.rc | default(0) == 0", "%s is skipped"]) % reg
        return self.pick(CONDS)

    def keywords(self, t, loop_ok=True):
        if self.chance(0.25):
            t['when'] = self.cond() if self.chance(0.8) else [self.cond(), self.cond()]
        if self.chance(0.1):
            t['ignore_errors'] = True
        if self.chance(0.12):
            tag = self.pick(['t1', 't2', 'always', 'never'])
            t['tags'] = [tag]
            self.tags.add(tag)
        if self.chance(0.05):
            t['run_once'] = True
        if self.chance(0.05):
            t['no_log'] = True
        if self.chance(0.05):
            t['delegate_to'] = self.pick(['h1', 'h2', 'localhost'])
        if self.chance(0.06):
            t['check_mode'] = self.pick([True, False])
        if self.chance(0.04):
            t['throttle'] = 1
        if self.chance(0.04):
            t['any_errors_fatal'] = True
        return t

    def loop(self, t):
        kind = self.r.randrange(7)
        if kind == 0:
            t['loop'] = [1, 2, 3]
        elif kind == 1:
            t['loop'] = "{{ d | dict2items }}"
            t.setdefault('loop_control', {})['label'] = "{{ item.key }}"
        elif kind == 2:
            t['loop'] = "{{ range(2) | list }}"
            t['loop_control'] = {'index_var': 'idx'}
        elif kind == 3:
            t['with_items'] = [['a', 'b'], 'c']
        elif kind == 4:
            t['with_dict'] = "{{ d }}"
        elif kind == 5:
            t['loop'] = "{{ lst }}"
            t['loop_control'] = {'extended': True}
        else:
            t['loop'] = "{{ empty }}"
        return t

    def item_expr(self, t):
        if 'with_dict' in t or (isinstance(t.get('loop'), str) and 'dict2items' in t['loop']):
            return "{{ item.key }}={{ item.value }}"
        if t.get('loop_control', {}).get('extended'):
            return "{{ item }} {{ ansible_loop.index }}/{{ ansible_loop.length }} first={{ ansible_loop.first }}"
        if 'index_var' in t.get('loop_control', {}):
            return "{{ idx }}:{{ item }}"
        return "{{ item }}"

    def task(self, depth=0, in_include=False):
        if self.chance(0.3):
            return self._named(self.keywords(self.extra_task()), self.chance(0.85))
        k = self.r.randrange(100)
        name = self.chance(0.85)
        t = {}
        if k < 22:
            t['debug'] = {'msg': self.expr()}
        elif k < 28:
            t['debug'] = {'var': self.pick(['n', 's', 'd', 'items_a', 'nope', 'd.b', 'lst', 'flag'] + self.regs + self.facts)}
        elif k < 36:
            v = 'f_%d' % len(self.facts)
            t['set_fact'] = {v: self.expr()}
            self.facts.append(v)
        elif k < 46:
            cmd = self.pick(['echo hello', 'echo "{{ inventory_hostname }}"', 'false', "sh -c 'exit 3'", 'true',
                             'printf "a\\nb\\n"', 'ls /nonexistent-dir'])
            t[self.pick(['command', 'shell', 'ansible.builtin.command'])] = cmd
            if self.chance(0.3):
                t['changed_when'] = self.pick([False, 'false', "'b' in r_tmp.stdout"]) if False else self.pick([False, True])
            if self.chance(0.2):
                t['failed_when'] = self.pick(['false', 'n == 1'])
        elif k < 52:
            t['assert'] = {'that': [self.cond()]}
            if self.chance(0.5):
                t['assert']['fail_msg'] = 'assert failed for {{ inventory_hostname }}'
            if self.chance(0.3):
                t['assert']['success_msg'] = 'ok {{ n }}'
            if self.chance(0.2):
                t['assert']['quiet'] = True
        elif k < 56:
            t['fail'] = {'msg': 'failing {{ inventory_hostname }}'}
            t['when'] = self.cond()
        elif k < 66:
            t['debug'] = {'msg': None}
            self.loop(t)
            t['debug']['msg'] = self.item_expr(t)
            if self.chance(0.3):
                t['when'] = self.pick(["item != 2", "item is string", "n > 1"])
        elif k < 72:
            t['command'] = 'echo {{ item }}' if self.chance(0.7) else 'sh -c "exit {{ item }}"'
            t['loop'] = [0, 1] if 'exit' in t['command'] else ['x', 'y']
        elif k < 78 and depth < 2:
            blk = {'block': [self.task(depth + 1, in_include) for _ in range(self.r.randint(1, 3))]}
            if self.chance(0.4):
                blk['block'].append({'name': 'boom', 'command': 'false'})
            if self.chance(0.6):
                blk['rescue'] = [self.task(depth + 1, in_include) for _ in range(self.r.randint(1, 2))]
            if self.chance(0.4):
                blk['always'] = [self.task(depth + 1, in_include)]
            if self.chance(0.3):
                blk['name'] = 'a block'
            return self.keywords(blk)
        elif k < 83:
            h = self.pick(['restart a', 'restart b', 'common'])
            t['command'] = 'echo notify'
            t['notify'] = h
            if h not in self.handlers:
                self.handlers.append(h)
        elif k < 86:
            t['meta'] = self.pick(['flush_handlers', 'noop', 'end_host', 'clear_host_errors'])
            if t['meta'] == 'end_host':
                t['when'] = 'n == 3'
        elif k < 90 and not in_include and depth < 2:
            fname = 'inc%d.yml' % len(self.files)
            self.files[fname] = [self.task(depth + 1, True) for _ in range(self.r.randint(1, 3))]
            t[self.pick(['include_tasks', 'import_tasks'])] = fname
            if 'include_tasks' in t and self.chance(0.4):
                t['loop'] = [1, 2]
        elif k < 92 and not in_include and depth < 2:
            role = self.role()
            kind = self.pick(['include_role', 'import_role'])
            t[kind] = {'name': role}
            if self.chance(0.3):
                t[kind]['tasks_from'] = 'extra'
            if self.chance(0.3):
                t['vars'] = {'rv': 'from task vars'}
            if kind == 'include_role' and self.chance(0.3):
                t['loop'] = [1, 2]
                t['loop_control'] = {'loop_var': 'outer'}
            return self._named(self.keywords(t), name)
        elif k < 94:
            reg = 'r%d' % len(self.regs)
            t['command'] = self.pick(['echo reg', 'false'])
            t['register'] = reg
            if t['command'] == 'false':
                t['ignore_errors'] = True
            self.regs.append(reg)
            return self._named(t, name)
        elif k < 97:
            t['copy'] = {'content': '{{ s }} {{ n }}\n', 'dest': OUT + '/{{ inventory_hostname }}-%d.txt' % self.r.randrange(3)}
        else:
            reg = 'u%d' % len(self.regs)
            t['command'] = 'echo try'
            t['register'] = reg
            t['until'] = self.pick(["%s.rc == 0" % reg, "%s.stdout == 'never'" % reg])
            t['retries'] = 2
            t['delay'] = 0
            self.regs.append(reg)
            return self._named(t, name)
        if self.chance(0.2) and 'loop' not in t and 'with_items' not in t and 'with_dict' not in t \
                and ('debug' in t or 'command' in t) and 'include_tasks' not in t and 'import_tasks' not in t and 'meta' not in t:
            reg = 'r%d' % len(self.regs)
            t['register'] = reg
            self.regs.append(reg)
        return self._named(self.keywords(t), name)

    def extra_task(self):
        k = self.r.randrange(26)
        if k == 16:
            return {'include_vars': {'file': 'vars.yml'}}
        if k == 17:
            return {'debug': {'msg': 'verbose only {{ n }}', 'verbosity': 1}}
        if k == 18:
            reg = 'ro%d' % len(self.regs)
            self.regs.append(reg)
            return {'command': 'echo once {{ inventory_hostname }}', 'run_once': True, 'register': reg}
        if k == 19:
            return {'set_fact': {'given': '{{ inventory_hostname }}'}, 'delegate_to': 'h3', 'delegate_facts': True}
        if k == 20:
            return {'debug': {'msg': "{{ hostvars['h3'].given | default('no given') }} {{ ansible_play_hosts_all | length }}"}}
        if k == 21:
            return {'command': 'echo {{ item }}', 'loop': [1, 2], 'register': 'ur', 'until': "ur.rc == 0", 'retries': 1, 'delay': 0}
        if k == 22:
            return {'command': 'echo x', 'register': 'fw', 'failed_when': ["fw.rc == 0", "n == 2"], 'changed_when': "'x' in fw.stdout"}
        if k == 23:
            h = self.pick(['restart a', 'chain'])
            if h not in self.handlers:
                self.handlers.append(h)
            return {'command': 'echo n', 'notify': [h, 'restart b'] if self.chance(0.5) else h}
        if k == 24:
            return {'meta': self.pick(['end_play', 'end_batch', 'end_host']), 'when': self.pick(['n == 3', 'n == 2', 'false'])}
        if k == 25:
            return {'debug': {'msg': '{{ vf }} {{ iv | default("no iv") }}'}}
        out = OUT + '/{{ inventory_hostname }}'
        if k == 0:
            return {'copy': {'content': self.pick(['a\nb\n', '{{ s }}\n', '{{ d | to_nice_json }}\n']), 'dest': out + '-c.txt', 'mode': self.pick(['0644', '0600'])}}
        if k == 1:
            return {'lineinfile': {'path': out + '-l.txt', 'line': self.pick(['x=1', 'y={{ n }}']), 'create': True}}
        if k == 2:
            return {'file': {'path': out + '-dir', 'state': self.pick(['directory', 'absent', 'touch'])}}
        if k == 3:
            reg = 'st%d' % len(self.regs)
            self.regs.append(reg)
            return {'stat': {'path': out + '-c.txt', 'get_checksum': False, 'get_mime': False}, 'register': reg}
        if k == 4:
            return {'set_fact': {'cf': '{{ n + 10 }}', 'cacheable': self.pick([True, False])}}
        if k == 5:
            return {'debug': {'msg': "{{ hostvars[item].n | default('none') }}"}, 'loop': "{{ groups['all'] }}"}
        if k == 6:
            return {'group_by': {'key': 'grp_{{ n is even }}'}}
        if k == 7:
            return {'add_host': {'name': 'extra1', 'groups': 'added', 'ansible_connection': 'local', 'n': 9}}
        if k == 8:
            reg = 'lr%d' % len(self.regs)
            self.regs.append(reg)
            return {'command': 'echo {{ item }}', 'loop': ['p', 'q'], 'register': reg, 'changed_when': "item == 'q'"}
        if k == 9:
            return {'debug': {'msg': '{{ item.0 }}-{{ item.1 }}'}, 'loop': "{{ ['a', 'b'] | product([1, 2]) | list }}"}
        if k == 10:
            return {'assert': {'that': ['n is number', 'n < 3'], 'fail_msg': ['multi', 'line {{ n }}']}, 'loop': [1], 'ignore_errors': self.chance(0.5)}
        if k == 11:
            return {'command': "sh -c 'exit {{ item }}'", 'loop': [0, 1, 0], 'no_log': self.chance(0.5), 'ignore_errors': True}
        if k == 12:
            return {'debug': {'msg': '{{ item }}'}, 'with_sequence': 'start=1 end=3 format=n%02d'}
        if k == 13:
            return {'template': {'src': 't.j2', 'dest': out + '-t.txt'}}
        if k == 14:
            return {'set_fact': {'acc': "{{ acc | default([]) + [item] }}"}, 'loop': [1, 2]}
        return {'debug': {'msg': "{{ lookup('file', 'data.txt') }} {{ lookup('template', 't.j2') | trim }}"}}

    def role(self):
        name = 'role%d' % self.r.randrange(3)
        if name not in self.roles:
            saved = self.handlers
            self.handlers = []
            tasks = [self.task(1, True) for _ in range(self.r.randint(1, 3))]
            tasks.append({'name': 'role says', 'debug': {'msg': '{{ rv }} {{ rd }}'}})
            extra = [{'name': 'extra task', 'debug': {'msg': 'extra {{ rd }}'}}]
            if self.chance(0.4):
                tasks.append({'name': 'role notifies', 'command': 'echo x', 'notify': 'role handler'})
            self.roles[name] = {'tasks': tasks, 'extra': extra,
                                'defaults': {'rv': 'role default', 'rd': name + ' default'},
                                'handlers': [{'name': 'role handler', 'debug': {'msg': 'role handler of ' + name}}]}
            if self.chance(0.3):
                self.roles[name]['vars'] = {'rd': name + ' var'}
            self.handlers = saved
        return name

    def _named(self, t, name):
        if name:
            mod = [k for k in t if k not in ('when', 'loop', 'register', 'tags', 'ignore_errors')][0]
            t = dict([('name', '%s %d' % (mod, self.r.randrange(1000)))] + list(t.items()))
        return t

    def play(self, i):
        p = {'name': 'play %d' % i, 'hosts': self.pick(['all', 'all', 'web', 'web:db', 'all:!h3']), 'gather_facts': self.chance(0.1)}
        if self.chance(0.15):
            p['serial'] = self.pick([1, 2, '50%'])
        if self.chance(0.08):
            p['any_errors_fatal'] = True
        if self.chance(0.1):
            p['max_fail_percentage'] = 0
        if self.chance(0.5):
            p['ignore_errors'] = True
        if self.chance(0.3):
            p['vars'] = {'pv': 'play var', 's': 'Overridden Hello'}
        p['vars_files'] = ['vf.yml']
        if self.chance(0.1):
            p['strategy'] = self.pick(['free', 'host_pinned'])
        if self.chance(0.1):
            p['order'] = self.pick(['sorted', 'reverse_sorted', 'reverse_inventory', 'inventory'])
        if self.chance(0.1):
            p['force_handlers'] = True
        if self.chance(0.3):
            p['roles'] = [self.role()] if self.chance(0.6) else [{'role': self.role(), 'rv': 'param'}]
        p['tasks'] = [self.task() for _ in range(self.r.randint(5, 14))]
        if self.handlers:
            hs = []
            if 'restart b' not in self.handlers:
                self.handlers.append('restart b')
            for h in self.handlers:
                hd = {'name': h, 'debug': {'msg': 'handler %s on {{ inventory_hostname }}' % h}}
                if h == 'chain':
                    hd = {'name': h, 'command': 'echo chain', 'notify': 'restart a'}
                if h == 'common' or self.chance(0.3):
                    hd = {'name': 'listener ' + h, 'debug': {'msg': 'listen %s' % h}, 'listen': h}
                hs.append(hd)
            p['handlers'] = hs
            self.handlers = []
        return p


INVENTORY = """[web]
h1 n=1 flag=true
h2 n=2 flag=false

[db]
h3 n=3 flag=true

[all:vars]
ansible_connection=local
ansible_python_interpreter=/usr/bin/python3
env=prod
"""
PLAY_VARS = {'s': 'Hello World', 'items_a': [1, 2, 3], 'd': {'a': 1, 'b': {'c': 'x'}}, 'none_v': None,
             'empty': [], 'lst': ['b', 'a', 'b', 'c']}


def main(seed, out):
    g = G(seed)
    plays = [g.play(i) for i in range(g.r.randint(1, 2))]
    os.makedirs(out, exist_ok=True)
    for p in plays:
        p['vars'] = dict(PLAY_VARS, **p.get('vars', {}))
    with open(os.path.join(out, 'playbook.yml'), 'w') as f:
        yaml.safe_dump(plays, f, sort_keys=False, width=1000)
    with open(os.path.join(out, 'inventory'), 'w') as f:
        f.write(INVENTORY)
    for role, parts in g.roles.items():
        for part, content in parts.items():
            sub = 'tasks' if part in ('tasks', 'extra') else part
            os.makedirs(os.path.join(out, 'roles', role, sub), exist_ok=True)
            fname = 'extra.yml' if part == 'extra' else 'main.yml'
            with open(os.path.join(out, 'roles', role, sub, fname), 'w') as f:
                yaml.safe_dump(content, f, sort_keys=False, width=1000)
    for name, tasks in g.files.items():
        with open(os.path.join(out, name), 'w') as f:
            yaml.safe_dump(tasks, f, sort_keys=False, width=1000)
    with open(os.path.join(out, 't.j2'), 'w') as f:
        f.write('host {{ inventory_hostname }} n={{ n }}\n{% for i in items_a %}- {{ i }}\n{% endfor %}{# c #}\n')
    with open(os.path.join(out, 'vars.yml'), 'w') as f:
        f.write('iv: from include_vars\nn: 7\n')
    with open(os.path.join(out, 'vf.yml'), 'w') as f:
        f.write('vf: from vars_files\n')
    with open(os.path.join(out, 'data.txt'), 'w') as f:
        f.write('file data\n')
    args = []
    r = g.r
    x = r.random()
    if x < 0.45:
        args.append('-v')
    elif x < 0.32:
        args.append('-vv')
    if r.random() < 0.15:
        args.append('--check')
    if r.random() < 0.2:
        args.append('--diff')
    if g.tags and r.random() < 0.12:
        args += [r.choice(['--tags', '--skip-tags']), r.choice(sorted(g.tags))]
    if r.random() < 0.1:
        args += ['-e', 'n=5']
    with open(os.path.join(out, 'args'), 'w') as f:
        f.write('\n'.join(args))


if __name__ == '__main__':
    main(int(sys.argv[1]), sys.argv[2])
