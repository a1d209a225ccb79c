"""Writes one broken playbook case for run.py: a small valid base (plays with vars, roles with
tasks/handlers/defaults/meta, includes, blocks, loops, templates) with one or two random mutations
(unknown or mistyped keywords, two or no actions, bad module args, broken YAML or Jinja, missing
files, bad hosts/serial/tags …); about a third of the cases run with --syntax-check. Seeded, so a
seed always gives the same case. What ansible-core prints for bad input (its words, the file:line:
column, the excerpt with the caret, the exit code) is what Volant must print."""
import copy, os, random, re, sys, yaml
OUT = os.environ.get("DIFFERENTIAL_OUT", "/tmp/fuzz-out")

INVENTORY = """[web]
h1 n=1
h2 n=2

[all:vars]
ansible_connection=local
ansible_python_interpreter=/usr/bin/python3
"""


def dbg(msg, **kw):
    return dict(name='say %s' % msg, debug={'msg': msg}, **kw)


def bases():
    """Each base: {path: YAML data (or str for raw text)}; playbook.yml is the entry."""
    role_r1 = {
        'roles/r1/tasks/main.yml': [
            {'name': 'r1 first', 'debug': {'msg': '{{ r1_var }}'}},
            {'name': 'r1 notify', 'command': 'echo r1', 'notify': 'r1 handler', 'changed_when': True},
        ],
        'roles/r1/tasks/extra.yml': [{'name': 'r1 extra', 'debug': {'var': 'r1_var'}}],
        'roles/r1/handlers/main.yml': [{'name': 'r1 handler', 'debug': {'msg': 'r1 handled'}}],
        'roles/r1/defaults/main.yml': {'r1_var': 'from r1 defaults'},
        'roles/r1/meta/main.yml': {'dependencies': [{'role': 'r2'}]},
        'roles/r2/tasks/main.yml': [{'name': 'r2 task', 'debug': {'msg': 'r2 says {{ n | default(0) }}'}}],
    }
    inc = {'inc.yml': [dbg('included'), {'name': 'included set', 'set_fact': {'inc_fact': '{{ n * 2 }}'}}]}
    tmpl = {'t.j2': 'host {{ inventory_hostname }}\n{% for i in items %}- {{ i }}\n{% endfor %}'}
    out = os.path.join(OUT, 'mutant')
    return [
        {'playbook.yml': [{'name': 'vars play', 'hosts': 'web', 'gather_facts': False,
                           'vars': {'greeting': 'hello', 'items': [1, 2, 3]},
                           'tasks': [dbg('{{ greeting }}'), {'name': 'count', 'debug': {'msg': '{{ items | length }}'}},
                                     {'name': 'fact', 'set_fact': {'f': '{{ greeting | upper }}'}}]}]},
        dict({'playbook.yml': [{'name': 'roles play', 'hosts': 'web', 'gather_facts': False,
                                'roles': ['r1'], 'tasks': [dbg('after roles')]}]}, **role_r1),
        dict({'playbook.yml': [{'name': 'include play', 'hosts': 'h1', 'gather_facts': False, 'vars': {'n': 3},
                                'tasks': [{'name': 'inc', 'include_tasks': 'inc.yml'},
                                          {'name': 'imp', 'import_tasks': 'inc.yml'},
                                          dbg('{{ inc_fact }}')]}]}, **inc),
        {'playbook.yml': [{'name': 'block play', 'hosts': 'web', 'gather_facts': False,
                           'tasks': [{'name': 'a block', 'block': [dbg('in block'), {'name': 'boom', 'fail': {'msg': 'x'}, 'when': "inventory_hostname == 'h2'"}],
                                      'rescue': [dbg('rescued')], 'always': [dbg('always')]}]}]},
        {'playbook.yml': [{'name': 'loop play', 'hosts': 'h1', 'gather_facts': False, 'vars': {'items': ['a', 'b']},
                           'tasks': [{'name': 'loop', 'debug': {'msg': '{{ item }}'}, 'loop': '{{ items }}'},
                                     {'name': 'with_items', 'debug': {'msg': '{{ x }}'}, 'with_items': [1, 2],
                                      'loop_control': {'loop_var': 'x', 'label': '{{ x }}'}},
                                     {'name': 'with_dict', 'debug': {'msg': '{{ item.key }}'}, 'with_dict': {'k': 'v'}}]}]},
        dict({'playbook.yml': [{'name': 'template play', 'hosts': 'h1', 'gather_facts': False, 'vars': {'items': [1, 2]},
                                'tasks': [{'name': 'dir', 'file': {'path': out, 'state': 'directory'}},
                                          {'name': 'render', 'template': {'src': 't.j2', 'dest': out + '/t.txt'}, 'register': 'r'},
                                          {'name': 'show', 'debug': {'var': 'r.changed'}}]}]}, **tmpl),
        {'playbook.yml': [{'name': 'handlers play', 'hosts': 'web', 'gather_facts': False,
                           'tasks': [{'name': 'change', 'command': 'echo hi', 'notify': ['h one', 'h two']}],
                           'handlers': [{'name': 'h one', 'debug': {'msg': 'one'}},
                                        {'name': 'h two', 'debug': {'msg': 'two'}, 'listen': 'both'}]}]},
        {'playbook.yml': [{'name': 'vars_files play', 'hosts': 'h1', 'gather_facts': False, 'vars_files': ['vf.yml'],
                           'tasks': [dbg('{{ vf }}'), {'name': 'inc vars', 'include_vars': 'vf.yml'}]}],
         'vf.yml': {'vf': 'from vars file'}},
        {'playbook.yml': [{'import_playbook': 'other.yml'},
                          {'name': 'second', 'hosts': 'h2', 'gather_facts': False, 'tasks': [dbg('second play')]}],
         'other.yml': [{'name': 'other', 'hosts': 'h1', 'gather_facts': False, 'tasks': [dbg('other play')]}]},
        dict({'playbook.yml': [{'name': 'role tasks play', 'hosts': 'h1', 'gather_facts': False,
                                'tasks': [{'name': 'incl role', 'include_role': {'name': 'r1', 'tasks_from': 'extra'}},
                                          {'name': 'imp role', 'import_role': {'name': 'r2'}}]}]}, **role_r1),
        {'playbook.yml': [{'name': 'phases play', 'hosts': 'web', 'gather_facts': False, 'serial': 1,
                           'pre_tasks': [dbg('pre')], 'tasks': [dbg('main', tags=['t1'])], 'post_tasks': [dbg('post')]}]},
        {'playbook.yml': [{'name': 'register play', 'hosts': 'h1', 'gather_facts': False, 'vars': {'n': 2},
                           'tasks': [{'name': 'run', 'command': 'echo {{ n }}', 'register': 'out'},
                                     {'name': 'when', 'debug': {'var': 'out.stdout'}, 'when': 'out.rc == 0'},
                                     {'name': 'assert', 'assert': {'that': ['n > 1'], 'quiet': True}}]}]},
        dict({'playbook.yml': [{'name': 'role entry play', 'hosts': 'h1', 'gather_facts': False,
                                'roles': [{'role': 'r1', 'r1_var': 'param', 'tags': ['rt']}]}]}, **role_r1),
    ]


ACTIONS = ('debug', 'command', 'set_fact', 'fail', 'include_tasks', 'import_tasks', 'include_role',
           'import_role', 'template', 'file', 'assert', 'include_vars')


def action_of(task):
    return next((k for k in task if k in ACTIONS), None)


def walk(files):
    """(kind, node, container-list-or-None, path) for every play, block, task, handler, role entry."""
    found = []

    def tasks(lst, kind, path):
        if not isinstance(lst, list):
            return
        for t in lst:
            if not isinstance(t, dict):
                continue
            if 'block' in t:
                found.append(('block', t, lst, path))
                for part in ('block', 'rescue', 'always'):
                    tasks(t.get(part), kind, path)
            else:
                found.append((kind, t, lst, path))

    for path, data in files.items():
        if not path.endswith('.yml') or not isinstance(data, list):
            continue
        if path in ('playbook.yml', 'other.yml'):
            for p in data:
                if not isinstance(p, dict) or 'import_playbook' in p:
                    continue
                found.append(('play', p, data, path))
                for part in ('pre_tasks', 'tasks', 'post_tasks'):
                    tasks(p.get(part), 'task', path)
                tasks(p.get('handlers'), 'handler', path)
                for r in p.get('roles') or []:
                    if isinstance(r, dict):
                        found.append(('role', r, p['roles'], path))
        elif '/handlers/' in path:
            tasks(data, 'handler', path)
        else:
            tasks(data, 'task', path)
    return found


JINJA_BAD = ['{{ foo( }}', '{{ n +* 2 }}', '{% if n %}x', '{{ "unclosed }}', '{{ items | nosuchfilter }}', '{{ }}',
             '{{ n is nosuchtest }}', '{{ undefined_thing }}', 'x {{ 1 }', '{% for %}{% endfor %}']


class Raw(str):
    """A file's text written as it is, even for a .yml path (broken YAML on purpose)."""


class M:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.structural = self.STRUCTURAL + (self.LATER if seed >= 11300 else []) + (self.NEWER * 2 if seed >= 15000 else [])
        self.structural += self.NEWEST * 3 if seed >= 21000 else []
        self.structural += self.LATEST * 3 if seed >= 22200 else []
        self.structural += self.LATEST_23200 * 3 if seed >= 23200 else []
        self.structural += self.REAL_24000 * 8 if seed >= 24000 else []
        self.structural += self.NESTED_24100 * 60 if seed >= 24100 else []
        self.inventory = INVENTORY
        self.args_extra = []  # command-line arguments a mutation adds
        self.env = {}         # ANSIBLE_* variables a mutation sets (the case's env file)
        self.files = copy.deepcopy(self.r.choice(bases()))
        self.raw = {}    # textual mutations applied after dumping: path -> [fn(text) -> text]
        self.notes = []

    def pick(self, xs):
        return self.r.choice(list(xs))

    def nodes(self, *kinds):
        return [n for n in walk(self.files) if n[0] in kinds]

    def node(self, *kinds):
        ns = self.nodes(*kinds)
        return self.pick(ns) if ns else None

    # --- structural mutations, each returns False when the base has nothing to mutate
    def unknown_keyword(self):
        n = self.node('play', 'block', 'task', 'handler', 'role')
        if not n:
            return False
        n[1][self.pick(['bogus', 'hostz', 'whn', 'tag', 'notifyy', 'vars_file', 'become_usr'])] = self.pick(['x', 1, True, [1]])
        return True

    def wrong_type(self):
        n = self.node('play', 'block', 'task', 'handler')
        if not n:
            return False
        kind, node = n[0], n[1]
        common = {'name': [['a', 'b'], {'a': 1}], 'when': [{'a': 1}], 'tags': [{'a': 1}, [['x']], 3.5],
                  'ignore_errors': [{'a': 1}, 'maybe', [1]], 'become': ['sometimes', {'x': 1}],
                  'become_user': [['root'], {'u': 1}], 'become_method': ['nosuch', ['sudo']],
                  'any_errors_fatal': ['x'], 'no_log': [{'a': 1}], 'vars': [['a', 'b'], 'text', 5],
                  'environment': ['FOO=bar', [1]], 'check_mode': ['maybe'], 'run_once': [[True]],
                  'connection': [['local']], 'module_defaults': ['x', [1]], 'collections': ['x', {'a': 1}],
                  'debugger': ['sometimes'], 'throttle': ['x', {'a': 1}], 'timeout': ['x']}
        per = {'play': {'hosts': [{'a': 1}, 5, [['h1']], True], 'gather_facts': [{'x': 1}, 'perhaps'],
                        'serial': ['abc', {'a': 1}, -1, '150x', [0], '0'], 'tasks': ['foo', {'a': 1}, 5],
                        'handlers': ['h', {'a': 1}], 'roles': ['r1', {'role': 'r1'}], 'vars_files': [{'a': 1}, 5],
                        'strategy': ['nosuch', ['linear']], 'max_fail_percentage': ['x'], 'order': ['random_ish'],
                        'force_handlers': ['x'], 'pre_tasks': ['x'], 'gather_subset': [{'a': 1}],
                        'vars_prompt': ['x']},
               'task': {'register': [['r'], {'a': 1}, 'bad name'], 'loop': [5, {'a': 1}, 'abc'],
                        'with_items': [5, 'abc', {'a': 1}], 'loop_control': ['x', [1], {'bogus': 1}],
                        'notify': [{'a': 1}, 5], 'retries': ['x', [1]], 'delay': ['x'], 'until': [{'a': 1}],
                        'delegate_to': [{'a': 1}, ['h1']], 'changed_when': [{'a': 1}], 'failed_when': [{'a': 1}],
                        'args': ['foo', [1]], 'async': ['soon'], 'poll': ['x'], 'listen': [{'a': 1}],
                        'action': [5, ['debug']]},
               'block': {'block': ['x', {'a': 1}], 'rescue': ['x', {'a': 1}], 'always': [5]}}
        table = dict(common, **per['task' if kind == 'handler' else kind])
        key = self.pick(sorted(table))
        node[key] = copy.deepcopy(self.pick(table[key]))
        return True

    def two_actions(self):
        n = self.node('task', 'handler')
        if not n:
            return False
        n[1][self.pick(['command', 'shell', 'ping', 'debug'])] = 'echo extra' if self.r.random() < 0.5 else {'msg': 'x'}
        return True

    def task_with_action(self):
        """A random task or handler and its action key, or (None, None) when the pick has none."""
        n = self.node('task', 'handler')
        a = n and action_of(n[1])
        return (n[1], a) if a else (None, None)

    def no_action(self):
        t, a = self.task_with_action()
        if not a:
            return False
        del t[a]
        return True

    def unknown_module(self):
        t, a = self.task_with_action()
        if not a:
            return False
        t[self.pick(['no_such_module', 'ansible.builtin.nosuch', 'debugg', 'nosuch.coll.mod'])] = t.pop(a)
        return True

    def replace_action(self, choices):
        """Gives a task or handler another action (module and args) picked from choices."""
        n = self.node('task', 'handler')
        if not n:
            return False
        t = n[1]
        a = action_of(t)
        if a:
            del t[a]
        mod, val = self.pick(choices)
        t[mod] = val
        return True

    def module_args_kind(self):
        return self.replace_action([('copy', 'foo'), ('debug', ['a', 'b']), ('file', 5), ('set_fact', ['x']),
                              ('command', {'cmd': ['echo', 'x']}), ('template', 'src'), ('debug', 'msg'),
                              ('assert', 'n > 1'), ('include_tasks', {'file': 'inc.yml', 'bogus': 1}),
                              ('include_tasks', ['inc.yml']), ('set_fact', None), ('fail', 3)])

    def misspelt_option(self):
        return self.replace_action([('debug', {'msgg': 'x'}), ('debug', {'msg': 'x', 'var': 'y'}), ('command', {'cmdd': 'echo'}),
                              ('file', {'path': OUT, 'stat': 'directory'}), ('copy', {'content': 'x', 'dst': OUT + '/c'}),
                              ('set_fact', {'cacheable': 'x'}), ('assert', {'that': 'n', 'msgs': 'x'}),
                              ('template', {'src': 't.j2'}), ('fail', {'mesg': 'x'}), ('debug', {'verbosity': 'loud'})])

    def jinja_error(self):
        n = self.node('play', 'task', 'handler', 'block')
        if not n:
            return False
        kind, node = n[0], n[1]
        where = self.pick(['name', 'when', 'arg', 'vars'] if kind != 'play' else ['name', 'vars', 'hosts'])
        bad = self.pick(JINJA_BAD)
        if where == 'when':
            node['when'] = bad.replace('{{ ', '').replace(' }}', '') if self.r.random() < 0.5 else bad
        elif where == 'arg':
            a = action_of(node)
            if not a or not isinstance(node[a], dict) or not node[a]:
                return False
            node[a][self.pick(sorted(node[a]))] = bad
        elif where == 'vars':
            node.setdefault('vars', {})
            if isinstance(node['vars'], dict):
                node['vars']['broken'] = bad
                if kind in ('task', 'handler') and action_of(node) == 'debug':
                    node['debug'] = {'var': 'broken'}
        else:
            node[where] = bad
        return True

    def when_braces(self):
        n = self.node('task', 'handler', 'block', 'role')
        if not n:
            return False
        n[1]['when'] = self.pick(['{{ n > 1 }}', '{{ true }}', "{{ inventory_hostname == 'h1' }}", ['{{ 1 }}', 'true']])
        return True

    def bad_loop(self):
        n = self.node('task', 'handler')
        if not n:
            return False
        key = self.pick(['loop', 'with_items', 'with_nosuchlookup', 'with_dict', 'loop', 'with_list'])
        n[1][key] = self.pick([5, '{{ 5 }}', 'notalist', {'a': 1}, '{{ undefined_list }}', '{{ {"a": 1} }}', None, True])
        if self.r.random() < 0.3:
            n[1]['with_items' if key == 'loop' else 'loop'] = [1]
        return True

    def missing_include(self):
        return self.replace_action([('include_tasks', 'missing.yml'), ('import_tasks', 'missing.yml'),
                              ('include_role', {'name': 'nosuchrole'}), ('import_role', {'name': 'nosuchrole'}),
                              ('include_vars', 'missing_vars.yml'), ('template', {'src': 'missing.j2', 'dest': OUT + '/m'}),
                              ('include_role', {'name': 'r1', 'tasks_from': 'nope'}), ('import_tasks', '{{ dyn }}.yml'),
                              ('include', 'inc.yml'), ('import_playbook', 'other.yml'), ('include_tasks', {'file': 'missing.yml'}),
                              ('import_role', {'name': 'r1', 'tasks_from': 'nope'}), ('include_role', {'name': 'r1', 'vars_from': 'nope'}),
                              ('import_role', {'name': 'r1', 'defaults_from': 'nope'}), ('include_role', {'name': 'r1', 'handlers_from': 'nope'}),
                              ('include_tasks', None), ('import_tasks', {'file': None}), ('include_role', {'name': '{{ rname }}'}),
                              ('include_vars', {'dir': 'nosuchdir'}), ('include_vars', {'file': 'missing.yml', 'name': 'x'})])

    def missing_role(self):
        p = self.node('play')
        if not p:
            return False
        p[1]['roles'] = [self.pick(['nosuchrole', {'role': 'nosuchrole'}, {'name': 'r1'}, {'role': None}, 5,
                                    {'role': 'r1', 'bogus_kw': 1}, {'role': '{{ rname }}'}, {'tasks': []}])]
        return True

    def missing_vars_file(self):
        p = self.node('play')
        if not p:
            return False
        p[1]['vars_files'] = self.pick([['missing.yml'], [['missing.yml', 'also_missing.yml']], ['{{ undefined_file }}'],
                                        [['missing.yml', 'vf2.yml']], [None]])
        self.files['vf2.yml'] = {'v2': 1}
        return True

    def bad_hosts(self):
        p = self.node('play')
        if not p:
            return False
        v = self.pick(['', None, [], 'nosuchhost', '[', 'web[5]', 'web:&', ['h1', None], '{{ undefined_hosts }}', 'h1,,h2', '!all'])
        if v is None and self.r.random() < 0.5:
            del p[1]['hosts']
        else:
            p[1]['hosts'] = v
        return True

    def empty_play(self):
        plays = self.files['playbook.yml']
        if not isinstance(plays, list):
            return False
        plays.insert(self.r.randint(0, len(plays)), self.pick([{}, None, {'name': 'only a name'}, {'hosts': 'h1'}, 'a string', 5]))
        return True

    def play_is_list(self):
        plays = self.files['playbook.yml']
        if not isinstance(plays, list) or not plays:
            return False
        i = self.r.randrange(len(plays))
        plays[i] = [plays[i]]
        return True

    def import_playbook_in_play(self):
        n = self.node('play')
        if not n:
            return False
        if self.r.random() < 0.5:
            n[1].setdefault('tasks', []).append({'import_playbook': 'other.yml'})
        else:
            n[1]['import_playbook'] = 'other.yml'
        self.files.setdefault('other.yml', [{'hosts': 'h1', 'gather_facts': False, 'tasks': [dbg('other')]}])
        return True

    def handler_without_name(self):
        p = self.node('play')
        if not p:
            return False
        p[1]['handlers'] = [{'debug': {'msg': 'anonymous'}}] + (p[1].get('handlers') or [])
        p[1].setdefault('tasks', []).append({'name': 'notify it', 'command': 'echo', 'notify': self.pick(['debug', 'anonymous', 'nosuch handler'])})
        return True

    def notify_missing(self):
        n = self.node('task')
        if not n:
            return False
        n[1]['notify'] = self.pick(['nosuch handler', ['h one', 'missing'], '{{ undefined_handler }}'])
        n[1]['changed_when'] = True
        return True

    def top_not_list(self):
        f = self.pick([p for p, d in self.files.items() if p.endswith('.yml')])
        d = self.files[f]
        self.files[f] = d[0] if isinstance(d, list) and d and self.r.random() < 0.6 else self.pick(['just text', 5, {'a': 1}])
        return True

    def empty_file(self):
        f = self.pick([p for p, d in self.files.items() if p.endswith('.yml')])
        self.raw.setdefault(f, []).append(lambda text: self.pick(['', '---\n', '# only a comment\n', '~\n', '---\n...\n']))
        return True

    def tag_misuse(self):
        n = self.node('task', 'play')
        if not n:
            return False
        marker = '__MUTANT_TAG__'
        key = 'vars' if n[0] == 'play' else self.pick(['name', 'when', 'vars'])
        if key == 'vars':
            n[1].setdefault('vars', {})
            if not isinstance(n[1]['vars'], dict):
                return False
            n[1]['vars']['tagged'] = marker
        else:
            n[1][key] = marker
        repl = self.pick(['!unsafe {a: 1}', '!unsafe [1, 2]', '!vault notvault', '!vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  6162',
                          '!nosuchtag x', '!unsafe "{{ n }}"', '!!binary notbase64', '!!int abc'])
        self.raw.setdefault(n[3], []).append(lambda text: text.replace("'" + marker + "'", repl).replace(marker, repl))
        return True

    def bad_delegate(self):
        n = self.node('task')
        if not n:
            return False
        n[1]['delegate_to'] = self.pick(['{{ undefined_host }}', '', 'nosuchhost', '{{ [1] }}', None])
        return True

    def bad_role_meta(self):
        if 'roles/r1/meta/main.yml' not in self.files:
            return False
        self.files['roles/r1/meta/main.yml'] = self.pick([{'dependencies': 'r2'}, {'dependencies': [{'role': 'nosuchdep'}]},
                                                          {'dependencies': [{'name': 'r2', 'bogus': 1}]}, ['r2'],
                                                          {'dependencies': [5]}, {'allow_duplicates': 'maybe'},
                                                          {'galaxy_info': 'x', 'dependencies': [None]}])
        return True

    def bad_loop_control(self):
        n = self.node('task', 'handler')
        if not n:
            return False
        n[1].setdefault('loop', ['a', 'b'])
        n[1]['loop_control'] = self.pick([{'loop_var': 5}, {'label': {'a': 1}}, {'pause': 'soon'}, {'index_var': ['i']},
                                          {'extended': 'maybe'}, {'break_when': {'a': 1}}, {'bogus': 1}, {'loop_var': 'bad name'},
                                          {'loop_var': '{{ lv }}'}, {'extended_allitems': 'x'}, None, {'label': '{{ undefined_label }}'}])
        return True

    def bad_vars_shape(self):
        n = self.node('play', 'block', 'task', 'handler', 'role')
        if not n:
            return False
        n[1]['vars'] = self.pick([[{'a': 1}, {'b': 2}], ['a', 'b'], None, {1: 'int key'}, {'a': {'b': [1, {'c': None}]}},
                                  [{'a': 1}, 'b'], {'bad name': 1}, {'hostvars': 1}, {'': 'empty'}, 'a=1 b=2'])
        return True

    def templated_module(self):
        return self.replace_action([('{{ mod }}', {'msg': 'x'}), ('action', '{{ mod }} msg=x'), ('action', {'module': '{{ mod }}', 'msg': 'x'}),
                                    ('local_action', '{{ mod }} msg=x'), ('debug{{ x }}', {'msg': 'x'}), ('action', '')])

    def bad_role_dependency(self):
        """A dependency entry in meta/main.yml with a broken keyword of its own."""
        if 'roles/r1/meta/main.yml' not in self.files:
            return False
        dep = self.pick([{'role': 'r2', 'when': '{{ n +* 1 }}'}, {'role': 'r2', 'vars': ['a']}, {'role': 'r2', 'tags': {'a': 1}},
                         {'role': 'r2', 'become': 'sometimes'}, {'role': 'r2', 'tasks_from': 'nope'}, {'role': '{{ undefined_dep }}'},
                         {'role': 'r2', 'r2_param': '{{ undefined_param }}'}, {'role': 'r2', 'delegate_to': 'h1'}])
        self.files['roles/r1/meta/main.yml'] = {'dependencies': [dep]}
        return True

    def argument_specs(self):
        """r1 gains an argument spec its callers then break (missing required, wrong type, unknown option)."""
        if 'roles/r1/tasks/main.yml' not in self.files:
            return False
        spec = {'r1_var': {'type': self.pick(['str', 'int', 'list', 'bool']), 'required': self.r.random() < 0.5},
                'r1_count': {'type': 'int', 'default': self.pick([1, 'x'])}}
        if self.r.random() < 0.3:
            spec['r1_choice'] = {'choices': ['a', 'b'], 'default': self.pick(['a', 'c'])}
        where = self.pick(['meta/argument_specs.yml', 'meta/main.yml'])
        meta = self.files.get('roles/r1/meta/main.yml') if where == 'meta/main.yml' else None
        doc = dict(meta) if isinstance(meta, dict) else {}
        doc['argument_specs'] = {'main': {'options': spec}} if self.r.random() < 0.85 else self.pick([{'main': 'x'}, ['main'], {'main': {'options': 'x'}}])
        self.files['roles/r1/' + where] = doc
        for n in self.nodes('role'):
            n[1].update(self.pick([{'r1_var': [1, 2]}, {'r1_count': 'many'}, {'r1_extra': 1}, {'r1_var': None}, {}]))
        return True

    def listen_typo(self):
        """A handler listens to a topic nobody notifies, or a task notifies a misspelt topic."""
        hs = self.nodes('handler')
        ts = self.nodes('task')
        if not hs or not ts:
            return False
        h = self.pick(hs)[1]
        h['listen'] = self.pick(['bothh', ['both', 'other'], '{{ topic }}', 5])
        t = self.pick(ts)[1]
        t['notify'] = self.pick(['both', 'Both', ['both', 'bothh']])
        t['changed_when'] = True
        return True

    def until_without_register(self):
        n = self.node('task', 'handler')
        if not n:
            return False
        n[1]['until'] = self.pick(['result is defined', 'false', '{{ undefined_until }}', ['n > 0', 'false']])
        n[1]['retries'] = self.pick([1, 2, '{{ 1 }}', 'x'])
        n[1]['delay'] = 0
        return True

    def bad_connection(self):
        n = self.node('play', 'block', 'task', 'handler')
        if not n:
            return False
        key, value = self.pick([('connection', 'nosuchconn'), ('connection', '{{ undefined_conn }}'), ('become_method', 'nosuch'),
                                ('become_method', '{{ undefined_method }}'), ('become', True), ('become_user', '{{ undefined_user }}'),
                                ('connection', 'ssh')])
        n[1][key] = value
        return True

    def group_patterns(self):
        p = self.node('play')
        if not p:
            return False
        p[1]['hosts'] = self.pick(['nosuchgroup', 'web:&nosuchgroup', 'web:!nosuchgroup', 'nosuch*', '~h[', 'web[0:', 'web[1:0]',
                                   'all:!web', ['web', 'nosuchgroup'], 'web,,nosuchgroup', '&web'])
        return True

    def import_playbook_variants(self):
        plays = self.files['playbook.yml']
        if not isinstance(plays, list):
            return False
        self.files.setdefault('other.yml', [{'name': 'other', 'hosts': 'h1', 'gather_facts': False, 'tasks': [dbg('other {{ pv | default(0) }}')]}])
        entry = self.pick([{'import_playbook': 'missing_playbook.yml'}, {'import_playbook': 'other.yml', 'vars': {'pv': 1}},
                           {'import_playbook': 'other.yml', 'vars': ['pv']}, {'import_playbook': '{{ pb }}'},
                           {'import_playbook': 'other.yml', 'when': 'false'}, {'import_playbook': 'other.yml', 'tags': ['t']},
                           {'import_playbook': 'other.yml', 'bogus': 1}, {'import_playbook': None}, {'import_playbook': ['other.yml']},
                           {'import_playbook': 'other.yml', 'name': 'named import'}])
        plays.insert(self.r.randint(0, len(plays)), entry)
        return True

    def meta_types(self):
        """meta/main.yml with galaxy_info, dependencies or allow_duplicates of the wrong shape."""
        if 'roles/r1/meta/main.yml' not in self.files:
            return False
        self.files['roles/r1/meta/main.yml'] = self.pick([
            {'galaxy_info': ['author'], 'dependencies': []}, {'galaxy_info': {'author': 'me', 'min_ansible_version': 2.9}, 'dependencies': ['r2']},
            {'galaxy_info': {'platforms': 'all'}, 'dependencies': [{'role': 'r2'}]}, {'galaxy_info': None, 'dependencies': None},
            {'dependencies': [{'role': 'r2'}, 'r2', {'src': 'r2'}]}, {'dependencies': {'role': 'r2'}}, {'dependencies': [['r2']]},
            {'dependencies': [{'role': 'r2', 'when': ['n > 0', '{{ n }}']}]}, {'dependencies': [{'role': ''}]},
            {'allow_duplicates': True, 'dependencies': [{'role': 'r2'}, {'role': 'r2'}]}, {'dependencies': [{'role': 'r2', 'public': 'x'}]},
            {'bogus_meta': 1, 'dependencies': []}, 'just text'])
        return True

    def nested_argument_specs(self):
        """r1's argument spec with nested options, choices and list elements its callers break."""
        if 'roles/r1/tasks/main.yml' not in self.files:
            return False
        spec = {'cfg': {'type': 'dict', 'options': {'port': {'type': 'int', 'required': True},
                                                    'mode': {'choices': ['fast', 'slow'], 'default': 'fast'},
                                                    'users': {'type': 'list', 'elements': self.pick(['str', 'int', 'dict']),
                                                              'options': {'name': {'required': True}}}}},
                'items_in': {'type': 'list', 'elements': self.pick(['int', 'bool', 'path']), 'choices': self.pick([None, [1, 2]])}}
        if spec['items_in']['choices'] is None:
            del spec['items_in']['choices']
        if spec['cfg']['options']['users']['elements'] != 'dict':
            del spec['cfg']['options']['users']['options']
        self.files['roles/r1/meta/argument_specs.yml'] = {'argument_specs': {'main': {'options': spec}}}
        bad = self.pick([{'cfg': {'port': 'x'}}, {'cfg': {'mode': 'medium', 'port': 1}}, {'cfg': {'bogus': 1, 'port': 1}},
                         {'cfg': {'users': [{'nm': 'a'}], 'port': 1}}, {'cfg': {'users': 'a,b', 'port': 1}}, {'cfg': 'text'},
                         {'items_in': ['1', 'two']}, {'items_in': [3]}, {'cfg': {}}, {'items_in': 'yes', 'cfg': {'port': '8'}}])
        for n in self.nodes('role'):
            n[1].update(bad)
        for n in self.nodes('task'):
            if action_of(n[1]) in ('include_role', 'import_role') and isinstance(n[1][action_of(n[1])], dict):
                n[1]['vars'] = dict(bad)
        return True

    def force_handlers_missing(self):
        """notify of a handler nobody defines, a failing host and force_handlers."""
        p = self.node('play')
        if not p:
            return False
        p[1]['force_handlers'] = self.pick([True, False, 'yes'])
        tasks = p[1].setdefault('tasks', [])
        if not isinstance(tasks, list):
            return False
        tasks.insert(0, {'name': 'notify missing', 'command': 'echo', 'changed_when': True,
                         'notify': self.pick(['nosuch handler', ['h one', 'nosuch'], 'H One', '{{ hname | default("nosuch") }}'])})
        tasks.append({'name': 'fail one', 'fail': {'msg': 'boom'}, 'when': "inventory_hostname == 'h2'"})
        if self.r.random() < 0.5:
            p[1]['handlers'] = [{'name': 'h one', 'debug': {'msg': 'one'}}]
        return True

    def bad_until(self):
        n = self.node('task', 'handler')
        if not n:
            return False
        n[1]['register'] = 'res'
        n[1]['until'] = self.pick(['res.rc ==', '{{ res is sucess }}', 'res.nosuch.attr', 'res | nosuchfilter', '{% if %}', 'res.stdout + 1',
                                   "'{{ res.changed }}'", '[1] == {'])
        n[1]['retries'] = self.pick([1, 2, -1, '2'])
        n[1]['delay'] = 0
        return True

    def become_types(self):
        n = self.node('play', 'block', 'task', 'handler', 'role')
        if not n:
            return False
        key, value = self.pick([('become_method', 5), ('become_method', ['sudo']), ('become_method', {'a': 1}), ('become_user', 5),
                                ('become_user', ['root']), ('become_user', {'u': 'root'}), ('become_user', None), ('become', 'perhaps'),
                                ('become_flags', ['-H']), ('become_exe', 5), ('connection', 5), ('connection', ''), ('connection', None),
                                ('connection', 'local ssh'), ('remote_user', ['root']), ('port', 'ssh')])
        n[1][key] = value
        if self.r.random() < 0.5 and key.startswith('become_'):
            n[1]['become'] = True
        return True

    def hosts_kinds(self):
        p = self.node('play')
        if not p:
            return False
        p[1]['hosts'] = self.pick([5, 1.5, True, {'a': 1}, ['web', 5], ['web', ['h1']], 'h3', 'h*9', 'web:&h3', '~^z', 'all[3]',
                                   '{{ "nosuch" }}', ['nosuch', 'h1'], 'localhost', '127.0.0.1', 'h1:h3'])
        return True

    def import_playbook_keywords(self):
        plays = self.files['playbook.yml']
        if not isinstance(plays, list):
            return False
        self.files.setdefault('other.yml', [{'name': 'other', 'hosts': 'h1', 'gather_facts': False, 'tasks': [dbg('other {{ pv | default(0) }}')]}])
        entry = {'import_playbook': self.pick(['other.yml', '{{ pbname | default("other.yml") }}', 'other.yml pv=2'])}
        entry.update(self.pick([{'vars': {'pv': '{{ 1 + 1 }}'}}, {'vars': 'pv=3'}, {'vars': None}, {'when': 'pv is defined'},
                                {'when': '{{ false }}'}, {'when': ['true', 'false']}, {'tags': 'a,b'}, {'tags': {'a': 1}},
                                {'tags': ['never']}, {'vars': {'pv': 1}, 'when': 'pv == 1', 'tags': ['x']}, {'hosts': 'h2'},
                                {'name': ['not', 'a', 'string']}, {'become': True}, {'collections': ['x.y']}]))
        plays.insert(self.r.randint(0, len(plays)), entry)
        return True

    def vars_files_alternatives(self):
        p = self.node('play')
        if not p:
            return False
        self.files['vf2.yml'] = {'v2': 1}
        self.files['vf_bad.yml'] = Raw('- a\n- b\n')
        self.files['vf_broken.yml'] = Raw('a: [1\n')
        p[1]['vars_files'] = self.pick([[['missing.yml', 'also_missing.yml']], [['{{ undefined_alt }}.yml', 'vf2.yml']],
                                        [['missing.yml', 'vf_bad.yml']], [['vf_broken.yml', 'vf2.yml']], [['missing.yml', 'vf2.yml'], 'missing2.yml'],
                                        [[]], [['missing_{{ inventory_hostname }}.yml', 'vf2.yml']], ['vf_bad.yml'], [5]])
        return True

    def include_vars_dir(self):
        """include_vars of a directory holding a broken, a non-mapping or an ignored file."""
        self.files['vdir/a.yml'] = {'va': 1}
        self.files['vdir/b.yml'] = Raw(self.pick(['- a list\n', 'b: [1\n', 'b: {{ x }}\n', '', 'b: !vault notvault\n', 'just text\n']))
        self.files['vdir/c.txt'] = 'c: 1\n'
        self.files['vdir/sub/d.yaml'] = {'vd': 2}
        args = self.pick([{'dir': 'vdir'}, {'dir': 'vdir', 'depth': 1}, {'dir': 'vdir', 'files_matching': 'a.*'},
                          {'dir': 'vdir', 'ignore_files': 'b.yml'}, {'dir': 'vdir', 'extensions': ['txt']}, {'dir': 'vdir', 'name': 'vs'},
                          {'dir': 'vdir', 'ignore_unknown_extensions': True}, {'dir': 'vdir', 'extensions': 'yml'}, {'dir': 'vdir', 'depth': 'x'}])
        return self.replace_action([('include_vars', args)])

    # --- drawn from seed 21000 on
    def argspec_shapes(self):
        """r1's meta/argument_specs.yml itself broken: unknown types, required with a default, unknown keys."""
        if 'roles/r1/tasks/main.yml' not in self.files:
            return False
        opt = self.pick([{'type': 'nosuchtype'}, {'type': 'str', 'required': True, 'default': 'x'}, {'type': 'str', 'bogus_key': 1},
                         {'type': 'int', 'default': 'many'}, {'type': ['str']}, {'required': 'maybe'}, {'choices': 'ab'},
                         {'type': 'list', 'elements': 'nosuch'}, {'type': 'dict', 'options': ['a']}, {'aliases': 'r1_alias'},
                         {'type': 'str', 'no_log': 'maybe'}, {'mutually_exclusive': [['a', 'b']]}, 'str', None,
                         {'type': 'raw', 'description': ['line one', 5]}, {'type': 'str', 'required': False, 'default': None}])
        entry = self.pick([{'options': {'r1_var': opt}}, {'options': {'r1_var': opt}, 'short_description': 5},
                           {'options': {'r1_var': opt}, 'bogus_entry_key': 1}, {'options': {'r1_var': opt}, 'required_if': 'x'}])
        self.files['roles/r1/meta/argument_specs.yml'] = {'argument_specs': self.pick([{'main': entry}, {'main': entry, 'extra': 5}])}
        for n in self.nodes('role'):
            n[1].update(self.pick([{'r1_var': 'v'}, {'r1_var': 3}, {}]))
        return True

    def bad_dependency_entries(self):
        if 'roles/r1/meta/main.yml' not in self.files:
            return False
        deps = self.pick([[{'role': 5}], [{'role': ['r2']}], [{'name': 'r2', 'role': 'r2'}], [{'role': 'r2', 'vars': 'x=1'}],
                          [{'role': 'r2', 'when': [5]}], [{'role': 'r2', 'tags': [{'a': 1}]}], ['r2', None], [{'role': 'r2', 'src': 'x'}],
                          [{'role': 'r2', 'collections': 'x'}], [{'role': 'r2', 'environment': 'FOO=1'}], ['r2,v1'], [True]])
        self.files['roles/r1/meta/main.yml'] = {'dependencies': deps}
        return True

    def vars_prompt_keys(self):
        # NOTE: no `encrypt`: the oracle has no passlib, so 2.19 there fails for want of it whatever the value.
        p = self.node('play')
        if not p:
            return False
        p[1]['vars_prompt'] = self.pick([[{'name': 'pv', 'bogus': 1, 'default': 'd'}], [{'prompt': 'no name', 'default': 'd'}],
                                         [{'name': 'pv', 'private': 'maybe', 'default': 'd'}],
                                         {'pv': 'Value?'}, 'pv', [['pv']], [{'name': 5, 'default': 'd'}], [{'name': 'pv', 'unsafe': 'x', 'default': 'd'}],
                                         [{'name': 'pv', 'default': '{{ undefined_default }}'}], [{'name': 'pv', 'confirm': True, 'default': 'd'}]])
        return True

    def module_defaults_groups(self):
        n = self.node('play', 'block', 'task')
        if not n:
            return False
        n[1]['module_defaults'] = self.pick([{'group/nosuch': {'a': 1}}, {'group/aws': {'region': 'x'}}, {'group/ansible.builtin.nosuch': {}},
                                             [{'group/nosuch': {}}], {'debug': 'msg=x'}, {'group/': {}}, [{'debug': {'msg': 'x'}}, 5],
                                             {'debug': {'msg': 'defaulted'}, 'nosuch.coll.mod': {'a': 1}}, {'debug': None}])
        return True

    def collections_entries(self):
        n = self.node('play', 'block', 'task', 'handler')
        if not n:
            return False
        n[1]['collections'] = self.pick([[5], [None], ['nosuch'], ['a.b.c'], [{'a': 1}], ['nosuch.coll', ['x']], 'ansible.builtin', [''],
                                         ['{{ coll }}']])
        return True

    def keyword_values(self):
        """environment that is no dict, no_log of a bad value, templated non-booleans, dict tags, when lists of non-strings."""
        n = self.node('play', 'block', 'task', 'handler')
        if not n:
            return False
        key, value = self.pick([('environment', 'FOO=bar'), ('environment', [1, 2]), ('environment', 5), ('environment', ['{{ env_x }}']),
                                ('environment', [{'A': 1}, 'B']), ('environment', '{{ {"A": 1} }}'), ('environment', {'A': None, 'B': [1]}),
                                ('no_log', 'maybe'), ('no_log', '{{ "maybe" }}'), ('no_log', [1]), ('no_log', 2),
                                ('check_mode', '{{ "maybe" }}'), ('check_mode', '{{ 5 }}'), ('check_mode', '{{ [1] }}'),
                                ('check_mode', '{{ undefined_cm }}'), ('diff', '{{ "perhaps" }}'), ('diff', '{{ 2 }}'), ('diff', 'maybe'),
                                ('tags', {'a': 1}), ('tags', [{'a': 1}]), ('tags', ['x', {'y': 1}]), ('tags', [None]),
                                ('when', [1, 'true']), ('when', [{'a': 1}]), ('when', [['x']]), ('when', [None]), ('when', [True, 'n > 0']),
                                ('when', 5), ('when', [1.5])])
        n[1][key] = value
        return True

    def loop_shapes(self):
        n = self.node('task', 'handler')
        if not n:
            return False
        for k in [k for k in n[1] if k == 'loop' or k.startswith('with_')]:
            del n[1][k]
        key, value = self.pick([('loop', {'a': 1}), ('loop', '{{ {"a": 1} }}'), ('loop', '{{ {"a": 1} | dict2items }}'), ('with_dict', [1, 2]),
                                ('with_dict', '{{ [1, 2] }}'), ('with_dict', 'abc'), ('with_dict', [{'a': 1}]), ('loop', 'a,b'),
                                ('loop', '{{ "ab" }}'), ('with_items', {'a': 1}), ('loop', '{{ 5 }}'), ('with_subelements', [{'a': 1}])])
        n[1][key] = value
        return True

    def include_vars_both(self):
        self.files.setdefault('vf.yml', {'vf': 'from vars file'})
        self.files['vdir/a.yml'] = {'va': 1}
        return self.replace_action([('include_vars', self.pick([{'file': 'vf.yml', 'dir': 'vdir'}, {'file': 'vf.yml', 'dir': 'vdir', 'name': 'x'},
                                                                {'file': 'vf.yml', 'depth': 1}, {'dir': 'vdir', 'file': 'missing.yml'},
                                                                {'file': 'vf.yml', 'bogus': 1}, {'file': 'vf.yml', 'hash_behaviour': 'nosuch'},
                                                                {'_raw_params': 'vf.yml', 'dir': 'vdir'}, {'file': ['vf.yml']}]))])

    def raw_at_marker(self, kinds, key, text, n=None):
        """Replaces the value of key on a random node (or n) with raw YAML text (anchors, tags, unicode …)."""
        n = n or self.node(*kinds)
        if not n:
            return False
        marker = '__MUTANT_RAW_%d__' % self.r.randrange(10 ** 6)
        n[1][key] = marker
        self.raw.setdefault(n[3], []).append(lambda t: t.replace("'" + marker + "'", text).replace(marker, text))
        return True

    def yaml_anchors(self):
        """Anchors, aliases and merge keys misused (an unknown alias, a merge of a scalar or a list of scalars, an anchor used twice)."""
        kind = self.pick(['alias', 'merge_scalar', 'merge_list', 'merge_seq_into_map', 'anchor_twice', 'alias_key', 'merge_ok'])
        if kind == 'alias':
            return self.raw_at_marker(('task', 'handler'), 'vars', '*nosuch_anchor')
        if kind == 'merge_scalar':
            return self.raw_at_marker(('task', 'handler'), 'vars', '{<<: 5, a: 1}')
        if kind == 'merge_list':
            return self.raw_at_marker(('task', 'handler'), 'vars', '{<<: [1, 2], a: 1}')
        if kind == 'merge_seq_into_map':
            return self.raw_at_marker(('play',), 'vars', '&base [1, 2]\n  other: {<<: *base}')
        if kind == 'anchor_twice':
            return self.raw_at_marker(('play', 'task'), 'vars', '{a: &x 1, b: &x 2, c: *x}')
        if kind == 'alias_key':
            return self.raw_at_marker(('play', 'task'), 'vars', '{a: &k key, *k : 2}')
        return self.raw_at_marker(('play', 'task'), 'vars', '{a: &m {b: 1}, c: {<<: *m, b: 2, <<: *m}}')

    def yaml_tabs(self):
        return self.raw_at_marker(('play', 'task', 'handler'), self.pick(['vars', 'name']),
                                  self.pick(['\t1', '"a\tb"', 'a\tb', '{a:\t1}', '[1,\t2]', '\n\t  a: 1']))

    def duplicate_task_keys(self):
        """A task (or play) with one keyword written twice, which 2.19 warns of (the later wins) or refuses."""
        n = self.node('task', 'handler', 'play')
        if not n:
            return False
        key = self.pick(['name', 'when', 'vars', 'tags'] + ([action_of(n[1])] if action_of(n[1]) else []))
        first = self.pick(['first', "n > 0", '{a: 1}', '[x]'])
        n[1].pop(key, None)
        return self.raw_at_marker((), '__dup__', first + '\n__DUPKEY__', n) and self._dup_fix(n[3], key)

    def _dup_fix(self, path, key):
        # the marker line gets the key twice: `__dup__: v` becomes `key: v` followed by `key: second`
        def fix(text):
            m = re.search(r'^(\s*)(- )?__dup__: ', text, flags=re.M)
            if not m:
                return text
            indent = m.group(1) + ('  ' if m.group(2) else '')
            text = text[:m.start()] + m.group(1) + (m.group(2) or '') + key + ': ' + text[m.end():]
            return text.replace('\n__DUPKEY__', '\n%s%s: second' % (indent, key), 1)
        self.raw.setdefault(path, []).append(fix)
        return True

    def unicode_positions(self):
        """An error on a line holding non-ASCII text before it, so columns count characters."""
        return self.raw_at_marker(('task', 'handler', 'play'), self.pick(['name', 'vars', 'when']),
                                  self.pick(['"héllo ✓ {{ foo( }}"', 'ünïcode ✓: bad', '"日本語" trailing', '[é, ü', '"ß {{ n +* 1 }}"',
                                             '{ключ: [1, 2}', "'✓ é' \"x\"", '"€ {{ undefined_ünï }}"']))


    # --- drawn from seed 22200 on
    def undefined_in_keywords(self):
        """An undefined variable (or a broken or recursive template) in when, loop, name, delegate_to or notify."""
        n = self.node('task', 'handler')
        if not n:
            return False
        key, value = self.pick([('when', 'nosuch_var'), ('when', 'nosuch_var.attr == 1'), ('when', '{{ nosuch_var }}'),
                                ('loop', '{{ nosuch_list }}'), ('loop', '{{ nosuch_list | default(omit) }}'), ('with_items', '{{ nosuch_list }}'),
                                ('name', 'named {{ nosuch_name }}'), ('name', 'named {{ 1 +* 2 }}'), ('delegate_to', '{{ nosuch_host }}'),
                                ('delegate_to', '{{ [1, 2] }}'), ('delegate_to', 'h{{ 1 / 0 }}'), ('notify', '{{ nosuch_handler }}'),
                                ('vars', {'rec_a': '{{ rec_b }}', 'rec_b': '{{ rec_a }}'}), ('vars', {'rec_self': '{{ rec_self }}'}),
                                ('environment', {'E': '{{ nosuch_env }}'}), ('run_once', '{{ nosuch_bool }}')])
        n[1][key] = value
        if key == 'vars':
            a = action_of(n[1])
            if a:
                del n[1][a]
            n[1]['debug'] = {'msg': '{{ %s }}' % next(iter(value))}
        return True

    def bad_include_vars_file(self):
        """include_vars of a file that is a list, broken YAML, empty, bad JSON or a template."""
        self.files['iv.yml'] = Raw(self.pick(['- a\n- b\n', 'a: [1\n', '', '{"a": 1,}\n', 'a: {{ x }}\n', 'a: 1\na: 2\n', '5\n',
                                              '1: one\n', 'not valid: : yaml\n', 'a: !vault |\n  nope\n']))
        return self.replace_action([('include_vars', self.pick(['iv.yml', {'file': 'iv.yml'}, {'file': 'iv.yml', 'name': 'ivn'}]))])

    def bad_handlers_file(self):
        """A role's handlers file of the wrong shape, or a play's handlers list holding what is no handler."""
        if 'roles/r1/handlers/main.yml' in self.files and self.r.random() < 0.6:
            self.files['roles/r1/handlers/main.yml'] = self.pick([Raw('r1 handler: x\n'), Raw('- name: [1\n'), Raw(''), [5], [{'name': 'r1 handler'}],
                                                                  [{'name': 'r1 handler', 'debug': {'msg': 'x'}, 'listen': 5}],
                                                                  [{'block': [dbg('in handler block')]}], [{'name': 'r1 handler', 'include_role': {'name': 'r2'}}]])
            return True
        p = self.node('play')
        if not p:
            return False
        p[1]['handlers'] = self.pick([[{'name': 'h', 'debug': {'msg': 'x'}}, 'text'], [{'name': 'h'}], [{'listen': 'x', 'debug': {'msg': 'x'}}],
                                      [{'name': 'h', 'debug': {'msg': 'x'}, 'notify': 'h'}], [[{'name': 'h', 'debug': {'msg': 'x'}}]]])
        return True

    def import_playbook_invalid(self):
        """import_playbook of a file that holds no plays: tasks, a mapping, broken YAML, an empty file, a play without hosts."""
        plays = self.files['playbook.yml']
        if not isinstance(plays, list):
            return False
        self.files['bad_pb.yml'] = self.pick([[dbg('a task, not a play')], {'name': 'a mapping', 'hosts': 'h1'}, Raw('- hosts: [h1\n'), Raw(''),
                                              [{'name': 'no hosts', 'tasks': [dbg('x')]}], [{'import_playbook': 'bad_pb.yml'}],
                                              [{'import_playbook': 'nosuch_pb.yml'}], Raw('just a string\n')])
        plays.insert(self.r.randint(0, len(plays)), {'import_playbook': 'bad_pb.yml'})
        return True

    # --- drawn from seed 23200 on
    def bad_inventory(self):
        """The inventory broken (INI lines, a second YAML or TOML source of the wrong shape), or a group it lacks."""
        kind = self.pick(['ini', 'ini', 'yaml', 'yaml', 'toml'])
        if kind == 'ini':
            self.inventory = INVENTORY + self.pick(['[broken\nh3\n', 'h4 ansible_port=abc\n', '[web:vars]\nnovalue\n',
                                                    '[web:children]\nnosuch_group\n', 'h[1:\n', '[web:bogus]\nx\n',
                                                    'h5 n=1 = 2\n', '[all:vars]\nn="unclosed\n', 'h6 ansible_host\n',
                                                    '[grp]\nh[a:1]\n', '[web:vars]\nn={{ nosuch_inv }}\n'])
            return True
        name, text = {'yaml': ('inv.yml', self.pick(['all: [h1]\n', 'all:\n  hosts: h3\n', 'all:\n  children:\n    g: 5\n',
                                                    'all:\n  hosts:\n    h3:\n  bogus: 1\n', 'g:\n  vars: [1]\n',
                                                    'all:\n  hosts:\n    h3: [1]\n', 'all:\n  children:\n    web:\n      hosts:\n        h1:\n          n: [1\n',
                                                    '- h3\n', 'all:\n  vars:\n    n: 9\n  hosts:\n    h3:\n  children:\n    all:\n'])),
                      'toml': ('inv.toml', self.pick(['[all\nhosts = 1\n', '[web.hosts.h3]\nn = \n', '[web]\nhosts = "h3"\n',
                                                      '[web.vars]\nn = 9\n[web.hosts.h3]\n']))}[kind]
        self.files[name] = Raw(text)
        self.args_extra += ['-i', name]
        return True

    def limit_nothing(self):
        """--limit patterns that match nothing, or name a missing file."""
        self.args_extra += ['--limit', self.pick(['nosuch', 'h9', '!all', 'web:&nosuch', '@missing_limit.txt', 'zz*', '~^q', 'web[5]', 'h1:!h1'])]
        return True

    def bad_setting(self):
        """A bad value in ansible.cfg or an ANSIBLE_* variable."""
        key, env, value = self.pick([('forks', 'ANSIBLE_FORKS', 'abc'), ('timeout', 'ANSIBLE_TIMEOUT', 'x'),
                                     ('gathering', 'ANSIBLE_GATHERING', 'sometimes'), ('duplicate_dict_key', 'ANSIBLE_DUPLICATE_YAML_DICT_KEY', 'maybe'),
                                     ('invalid_task_attribute_failed', 'ANSIBLE_INVALID_TASK_ATTRIBUTE_FAILED', 'notbool'),
                                     ('stdout_callback', 'ANSIBLE_STDOUT_CALLBACK', 'nosuch_cb'), ('strategy', 'ANSIBLE_STRATEGY', 'nosuch_strategy'),
                                     ('error_on_undefined_vars', 'ANSIBLE_ERROR_ON_UNDEFINED_VARS', 'perhaps'),
                                     ('any_errors_fatal', 'ANSIBLE_ANY_ERRORS_FATAL', 'x'), ('hash_behaviour', 'ANSIBLE_HASH_BEHAVIOUR', 'mix'),
                                     ('roles_path', 'ANSIBLE_ROLES_PATH', '/nonexistent'), ('max_diff_size', 'ANSIBLE_MAX_DIFF_SIZE', '1k'),
                                     ('display_skipped_hosts', 'ANSIBLE_DISPLAY_SKIPPED_HOSTS', 'sometimes')])
        if self.r.random() < 0.5:
            self.files['ansible.cfg'] = Raw('[defaults]\n%s = %s\n' % (key, value) if self.r.random() < 0.85 else '[defaults\n%s = %s\n' % (key, value))
        else:
            self.env[env] = value
        return True

    def recursive_templates(self):
        """Play vars or role defaults that refer to themselves, read by a task's args, name or when."""
        p = self.node('play')
        if not p:
            return False
        p[1]['vars'] = dict(p[1].get('vars') or {}, **self.pick([{'rec_a': '{{ rec_b }}', 'rec_b': '{{ rec_a }}'}, {'rec_a': '{{ rec_a | default(1) }}'},
                                                                 {'rec_a': '{{ rec_a + 1 }}'}, {'rec_a': '{{ lookup("vars", "rec_a") }}'}]))
        n = self.node('task', 'handler')
        if not n:
            return False
        where = self.pick(['msg', 'name', 'when', 'loop'])
        if where == 'msg':
            a = action_of(n[1])
            if a:
                del n[1][a]
            n[1]['debug'] = {'msg': '{{ rec_a }}'}
        else:
            n[1][where] = {'name': 'named {{ rec_a }}', 'when': 'rec_a == 1', 'loop': '{{ [rec_a] }}'}[where]
        return True

    # --- drawn from seed 24100 on
    def undefined_in_variable_text(self):
        """A task var whose own text holds an undefined value ('pre {{ nope }}', a dict entry, a chain of
        variables, two of them) read by a conditional, a keyword, the task's name, debug var/msg or a module argument."""
        n = self.node('task', 'handler')
        if not n:
            return False
        n[1]['vars'] = dict(n[1].get('vars') or {}, nv_text='pre {{ nv_missing }}', nv_two='a {{ nv_missing }} b {{ nv_other }} c',
                            nv_chain='x {{ nv_text }} y', nv_whole='{{ nv_missing }}', nv_dict={'k': 'in {{ nv_missing }}', 'ok': 1})
        ref = self.pick(['nv_text', 'nv_text', 'nv_two', 'nv_chain', 'nv_whole', 'nv_dict.k'])
        where = self.pick(['when', 'failed_when', 'changed_when', 'assert', 'name', 'name', 'debug_var', 'debug_msg', 'arg',
                           'check_mode', 'notify', 'retries', 'no_log', 'ignore_errors', 'become_user', 'throttle', 'index_var',
                           'delegate_to', 'environment', 'loop'])
        if where in ('when', 'failed_when', 'changed_when'):
            n[1][where] = self.pick(['%s == "x"' % ref, ref, '%s | length > 0' % ref, ['true', '%s == "x"' % ref]])
        elif where == 'name':
            n[1]['name'] = self.pick(['n {{ %s }}' % ref, 'n {{ %s | upper }} m' % ref, '{{ %s }}' % ref, 'n {{ nv_missing2 }} {{ %s }}' % ref,
                                      'n {{ %s }} {{ %s | length }}' % (ref, ref)])
        elif where in ('assert', 'debug_var', 'debug_msg', 'arg'):
            a = action_of(n[1])
            if a:
                del n[1][a]
            n[1].update({'assert': {'that': ['%s == "x"' % ref]}, 'debug_var': {'debug': {'var': ref}},
                         'debug_msg': {'debug': {'msg': 'm {{ %s }}' % ref}}, 'arg': {'command': 'echo {{ %s }}' % ref}}[where])
        elif where == 'index_var':
            n[1].setdefault('loop', [1])
            n[1]['loop_control'] = {self.pick(['index_var', 'pause', 'extended', 'label']): '{{ %s }}' % ref}
        elif where == 'environment':
            n[1]['environment'] = {'E': '{{ %s }}' % ref}
        elif where == 'loop':
            n[1]['loop'] = self.pick(['{{ [%s] }}' % ref, '{{ %s }}' % ref])
        else:
            n[1][where] = '{{ %s }}' % ref
        if self.r.random() < 0.5:
            n[1]['ignore_errors'] = True
        return True

    def lookup_terms_of_variables(self):
        """A with_<lookup> of a list the template builds from variables (play vars, set_fact, -e, a list's items) or computes."""
        n = self.node('task', 'handler')
        if not n:
            return False
        # an earlier mutation may have made the task's vars no dict (a string): start afresh then
        own = n[1].get('vars')
        n[1]['vars'] = dict(own if isinstance(own, dict) else {}, lt_int=3, lt_str='word', lt_float=1.5, lt_list=[7, 'q'], lt_alias='{{ lt_int }}')
        if self.r.random() < 0.3:
            self.args_extra += ['-e', 'lt_extra=9']
        term = self.pick(['lt_int', 'lt_str', 'lt_float', 'lt_list[1]', 'lt_list[0]', 'lt_alias', 'lt_int + 1', 'lt_str ~ "x"',
                          'lt_extra | default(5)', '(lt_int,)', '[lt_int]'])
        key = self.pick(['with_dict', 'with_dict', 'with_subelements', 'with_together', 'with_indexed_items', 'with_items'])
        for k in [k for k in n[1] if k == 'loop' or k.startswith('with_')]:
            del n[1][k]
        n[1][key] = self.pick(['{{ [%s] }}' % term, '{{ [%s, lt_str] }}' % term, '{{ [%s] + [1] }}' % term, '{{ [%s] | list }}' % term])
        n[1]['ignore_errors'] = True
        return True

    # --- mistakes people really make (drawn from seed 24000 on)
    def task_keys_at_play(self):
        """A task's module written at the play's level (wrong indentation under tasks)."""
        p = self.node('play')
        if not p:
            return False
        tasks = [t for t in p[1].get('tasks') or [] if isinstance(t, dict) and action_of(t)]
        if tasks and self.r.random() < 0.6:
            t = self.pick(tasks)
            a = action_of(t)
            p[1][a] = t.pop(a)
        else:
            p[1][self.pick(['debug', 'command', 'name2', 'register'])] = self.pick([{'msg': 'x'}, 'echo hi', 'out'])
        return True

    def name_split_from_module(self):
        """`- name:` with the module on the next list item."""
        n = self.node('task', 'handler')
        if not n or not action_of(n[1]) or 'name' not in n[1]:
            return False
        task, lst = n[1], n[2]
        i = next(k for k, t in enumerate(lst) if t is task)
        lst[i:i + 1] = [{'name': task.pop('name')}, task]
        return True

    def misspelt_role(self):
        """A role name misspelt in roles:, include_role or import_role (a near miss of a real one)."""
        p = self.node('play')
        if not p:
            return False
        name = self.pick(['r_1', 'R1', 'r1 ', 'roles/r1', 'r1x', 'r3'])
        how = self.pick(['roles', 'include_role', 'import_role'])
        if how == 'roles':
            p[1]['roles'] = [self.pick([name, {'role': name}])]
        else:
            p[1].setdefault('tasks', []).insert(0, {'name': 'use role', how: {'name': name}})
        return True

    def hosts_missing(self):
        p = self.node('play')
        if not p:
            return False
        p[1].pop('hosts', None)
        if self.r.random() < 0.3:
            p[1]['host'] = 'web'
        return True

    def import_tasks_loop(self):
        """import_tasks (or import_role) with a loop, which only includes take."""
        n = self.node('task')
        if not n:
            return False
        self.files.setdefault('inc.yml', [dbg('included')])
        a = action_of(n[1])
        if a:
            del n[1][a]
        n[1][self.pick(['import_tasks', 'import_tasks', 'include_tasks'])] = 'inc.yml'
        n[1][self.pick(['loop', 'with_items'])] = [1, 2]
        if self.r.random() < 0.3:
            n[1]['loop_control'] = {'loop_var': 'inner'}
        return True

    def include_role_apply(self):
        """include_role with a bad apply (or apply on import_role)."""
        p = self.node('play')
        if not p:
            return False
        self.files.setdefault('roles/r2/tasks/main.yml', [{'name': 'r2 task', 'debug': {'msg': 'r2'}}])
        how = self.pick(['include_role', 'include_role', 'import_role'])
        apply = self.pick(['tags', {'bogus': 1}, {'tags': ['t'], 'loop': [1]}, {'when': 'false'}, ['tags'], {'block': []}])
        p[1].setdefault('tasks', []).insert(0, {'name': 'role apply', how: {'name': 'r2', 'apply': apply}})
        return True

    def notify_unknown_unchanged(self):
        """notify of a handler nobody defined, on a task that does not change (or does)."""
        p = self.node('play')
        if not p:
            return False
        p[1].setdefault('tasks', []).append({'name': 'quiet notify', 'debug': {'msg': 'no change'},
                                             'notify': self.pick(['restart nginx', ['restart nginx', 'reload'], 'Restart Web'])})
        if self.r.random() < 0.4:
            p[1]['tasks'][-1]['changed_when'] = True
        return True

    def become_user_alone(self):
        n = self.node('task', 'play', 'block')
        if not n:
            return False
        n[1]['become_user'] = self.pick(['nobody', 'root', '{{ undefined_user }}'])
        if self.r.random() < 0.3:
            n[1]['become'] = self.pick(['yes', 'no', 'False'])
        return True

    def unknown_plugin_names(self):
        """A filter, test or lookup that does not exist (a typo or a collection's)."""
        n = self.node('task', 'handler')
        if not n:
            return False
        expr = self.pick(["{{ items | to_jsn }}", "{{ 'a' | regex_replac('a', 'b') }}", "{{ n is definedd }}",
                          "{{ lookup('fil', 'x.txt') }}", "{{ query('nosuch_lookup') }}", "{{ [1] | community.general.json_query('a') }}",
                          "{{ 1 is nosuch.collection.test }}", "{{ lookup('env') }}"])
        where = self.pick(['msg', 'when', 'loop'])
        a = action_of(n[1])
        if where == 'msg':
            if a:
                del n[1][a]
            n[1]['debug'] = {'msg': expr}
        elif where == 'when':
            n[1]['when'] = expr.replace('{{ ', '').replace(' }}', '')
        else:
            n[1]['loop'] = expr
        return True

    def loop_text(self):
        """loop given a string (a comma list, a bare variable name, a multi-line scalar)."""
        n = self.node('task', 'handler')
        if not n:
            return False
        n[1][self.pick(['loop', 'loop', 'with_items'])] = self.pick(['a, b, c', 'items', 'item1\nitem2\n', '[a, b', "{{ 'a,b' }}"])
        return True

    def bad_register_name(self):
        n = self.node('task', 'handler')
        if not n:
            return False
        n[1]['register'] = self.pick(['my-result', '1st', 'out put', 'out.rc', '{{ name }}', 'hostvars', 'True', 'class'])
        return True

    def delegate_undefined(self):
        n = self.node('task', 'handler')
        if not n:
            return False
        n[1]['delegate_to'] = self.pick(['{{ undefined_host }}', '{{ groups.db[0] }}', '{{ hostvars[x].ansible_host }}', 'nosuchhost'])
        return True

    def colon_unquoted(self):
        """A value holding ': ' written unquoted (a YAML mapping where text was meant)."""
        def fix(text):
            lines = text.split('\n')
            idx = [i for i, l in enumerate(lines) if re.match(r'^\s*(- )?(msg|name|command|debug): \S', l)]
            if not idx:
                return text
            i = self.r.choice(idx)
            head, _, value = lines[i].partition(': ')
            lines[i] = head + ': ' + self.pick(['Note: ' + value.strip("'\""), value.strip("'\"") + ': done', 'echo a: b', 'http://h:80'])
            return '\n'.join(lines)
        self.raw.setdefault(self.pick([p for p in self.files if p.endswith('.yml') and not isinstance(self.files[p], Raw)] or ['playbook.yml']), []).append(fix)
        return True

    def braces_unquoted(self):
        """A value starting with an unquoted {{ (YAML reads a flow mapping)."""
        def fix(text):
            lines = text.split('\n')
            idx = [i for i, l in enumerate(lines) if re.match(r'^\s*(- )?(msg|name|loop|when|var|that): \S', l)]
            if not idx:
                return text
            i = self.r.choice(idx)
            head, _, value = lines[i].partition(': ')
            lines[i] = head + ': ' + self.pick(['{{ item }}', '{{ n }} items', '{{ greeting | upper }}', '{{ items }}'])
            return '\n'.join(lines)
        self.raw.setdefault('playbook.yml', []).append(fix)
        return True

    def tabs_mixed(self):
        """A line indented with a tab among space-indented ones."""
        def fix(text):
            lines = text.split('\n')
            idx = [i for i, l in enumerate(lines) if l.startswith('  ')]
            if not idx:
                return text
            i = self.r.choice(idx)
            lines[i] = re.sub(r'^(  )', '\t', lines[i]) if self.r.random() < 0.5 else re.sub(r'^( *)', lambda m: m.group(1)[:-2] + '\t', lines[i])
            return '\n'.join(lines)
        self.raw.setdefault(self.pick([p for p in self.files if p.endswith('.yml') and not isinstance(self.files[p], Raw)] or ['playbook.yml']), []).append(fix)
        return True

    STRUCTURAL = ['unknown_keyword', 'wrong_type', 'wrong_type', 'two_actions', 'no_action', 'unknown_module', 'module_args_kind',
                  'misspelt_option', 'jinja_error', 'jinja_error', 'when_braces', 'bad_loop', 'missing_include', 'missing_role',
                  'missing_vars_file', 'bad_hosts', 'empty_play', 'play_is_list', 'import_playbook_in_play',
                  'handler_without_name', 'notify_missing', 'top_not_list', 'empty_file', 'tag_misuse', 'bad_delegate',
                  'bad_role_meta', 'bad_loop_control', 'bad_vars_shape', 'templated_module']
    # drawn from seed 11300 on only, so a lower seed gives the case it always gave
    LATER = ['bad_role_dependency', 'argument_specs', 'listen_typo', 'until_without_register', 'bad_connection',
             'group_patterns', 'import_playbook_variants']
    # drawn from seed 15000 on only
    NEWER = ['meta_types', 'nested_argument_specs', 'force_handlers_missing', 'bad_until', 'become_types', 'hosts_kinds',
             'import_playbook_keywords', 'vars_files_alternatives', 'include_vars_dir', 'bad_loop_control']
    # drawn from seed 21000 on only
    NEWEST = ['argspec_shapes', 'bad_dependency_entries', 'vars_prompt_keys', 'module_defaults_groups', 'collections_entries',
              'keyword_values', 'keyword_values', 'loop_shapes', 'include_vars_both', 'yaml_anchors', 'yaml_tabs',
              'duplicate_task_keys', 'unicode_positions']
    # drawn from seed 22200 on only
    LATEST = ['undefined_in_keywords', 'undefined_in_keywords', 'bad_include_vars_file', 'bad_handlers_file', 'import_playbook_invalid']
    # drawn from seed 23200 on only
    LATEST_23200 = ['bad_inventory', 'bad_inventory', 'limit_nothing', 'bad_setting', 'bad_setting', 'recursive_templates']
    # drawn from seed 24000 on only: mistakes people really make
    REAL_24000 = ['task_keys_at_play', 'name_split_from_module', 'misspelt_role', 'hosts_missing', 'import_tasks_loop',
                  'include_role_apply', 'notify_unknown_unchanged', 'become_user_alone', 'unknown_plugin_names',
                  'loop_text', 'bad_register_name', 'delegate_undefined', 'colon_unquoted', 'braces_unquoted', 'tabs_mixed',
                  'when_braces', 'bad_loop', 'missing_vars_file', 'handler_without_name', 'duplicate_task_keys']

    # drawn from seed 24100 on only: undefined values inside variables' own templates, variables in built lists
    NESTED_24100 = ['undefined_in_variable_text', 'undefined_in_variable_text', 'lookup_terms_of_variables']

    # --- textual mutations on the dumped YAML
    def textual(self):
        f = self.pick([p for p, d in self.files.items() if p.endswith('.yml')] + ['playbook.yml'] * 2)
        kind = self.pick(['indent', 'tab', 'quote', 'bracket', 'duplicate', 'colon', 'braces_start', 'dash'])
        r = random.Random(self.r.random())

        def apply(text):
            lines = text.split('\n')
            idx = [i for i, l in enumerate(lines) if l.strip()]
            if not idx:
                return text
            i = r.choice(idx)
            line = lines[i]
            kv = [j for j in idx if re.match(r'^\s*(- )?[A-Za-z_]+: \S', lines[j])]
            if kind == 'indent':
                lines[i] = (' ' * r.choice([1, 2, 3]) + line) if r.random() < 0.6 else line[r.choice([1, 2]):]
            elif kind == 'tab':
                lines[i] = re.sub(r'^( +)', lambda m: '\t' + m.group(1)[2:], line) if line.startswith(' ') else '\t' + line
            elif kind in ('quote', 'bracket', 'colon', 'braces_start') and kv:
                j = r.choice(kv)
                head, _, value = lines[j].partition(': ')
                lines[j] = head + ': ' + {'quote': '"' + value.strip("'\""), 'bracket': '[' + value + ', 2',
                                           'colon': value + ': more', 'braces_start': '{{ ' + value.strip("'\"") + ' }}'}[kind]
            elif kind == 'duplicate' and kv:
                j = r.choice(kv)
                dup = re.sub(r'^(\s*)- ', r'\1  ', lines[j])
                lines.insert(j + 1, re.sub(r': .*', ': duplicated', dup))
            elif kind == 'dash':
                lines[i] = re.sub(r'^(\s*)', r'\1- ', line, count=1)
            return '\n'.join(lines)
        self.raw.setdefault(f, []).append(apply)
        self.notes.append('textual %s in %s' % (kind, f))

    def mutate(self):
        for _ in range(self.r.choice([1, 1, 1, 2])):
            if self.r.random() < 0.25:
                self.textual()
                continue
            for _ in range(10):
                name = self.pick(self.structural)
                if getattr(self, name)():
                    self.notes.append(name)
                    break


def main(seed, out):
    m = M(seed)
    m.mutate()
    os.makedirs(out, exist_ok=True)
    for path, data in m.files.items():
        full = os.path.join(out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        text = data if isinstance(data, Raw) or isinstance(data, str) and not path.endswith('.yml') else yaml.safe_dump(data, sort_keys=False, width=1000)
        for fn in m.raw.get(path, []):
            text = fn(text)
        with open(full, 'w') as f:
            f.write(text)
    with open(os.path.join(out, 'inventory'), 'w') as f:
        f.write(m.inventory)
    args = list(m.args_extra)
    if m.r.random() < 0.35:
        args.append('--syntax-check')
    elif m.r.random() < 0.2:
        args.append('-v')
    elif seed >= 21000 and m.r.random() < 0.35:
        args.append('--check')
    with open(os.path.join(out, 'args'), 'w') as f:
        f.write('\n'.join(args))
    if m.env:
        with open(os.path.join(out, 'env'), 'w') as f:
            f.write(''.join('%s=%s\n' % kv for kv in sorted(m.env.items())))
    with open(os.path.join(out, 'mutations'), 'w') as f:
        f.write('\n'.join(m.notes) + '\n')


if __name__ == '__main__':
    main(int(sys.argv[1]), sys.argv[2])
