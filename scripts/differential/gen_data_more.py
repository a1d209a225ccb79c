"""gen_data.py's draws for seeds from 25000 on (their own random stream, so a lower seed gives the case
it always gave): one more play shaped like the playbooks people run. A role whose defaults are lists
of dicts, consumed by loops and by a template (for/if/macros/whitespace control) written to a file
and printed back with slurp/b64decode or lookup('file'); set_fact accumulating lists and dicts
(combine with recursive and list_merge); register over a loop, then its results filtered with
selectattr/map; hostvars over groups; play vars referring to one another lazily, some overridden
per host; facts of min gather_subset filtered to keys that are the same on every machine;
include_vars with name; omit and default(omit) in module args; bool/int/string and the to_json/yaml
family over nested data; query against lookup with wantlist; the vars, env, file and template
lookups; ansible_loop of extended loops; `when` of several clauses; mandatory."""
import os, yaml

OUT = os.environ.get("DIFFERENTIAL_OUT", "/tmp/fuzz-out")

NAMES = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank']
SHELLS = ['/bin/bash', '/bin/sh', '/usr/sbin/nologin']
ENABLED = [True, False, 'yes', 'no', 'true', 'False', 1, 0, 'on']


def dump(data):
    return yaml.safe_dump(data, sort_keys=False, width=1000, allow_unicode=True)


class More:
    def __init__(self, r, hosts):
        self.r = r
        self.hosts = hosts
        self.files = {}
        self.host_vars = {}   # host -> {name: value}, appended to host_vars/<host>.yml
        self.env = {}
        self.n = 0

    def pick(self, xs):
        return self.r.choice(xs)

    def chance(self, p):
        return self.r.random() < p

    def reg(self):
        self.n += 1
        return 'rr%d' % self.n

    # -- data ----------------------------------------------------------------------------------------
    def users(self):
        out = []
        for name in self.r.sample(NAMES, self.r.randint(2, 5)):
            u = {'name': name, 'uid': 1000 + self.r.randrange(50)}
            if self.chance(0.6):
                u['shell'] = self.pick(SHELLS)
            if self.chance(0.7):
                u['groups'] = self.r.sample(['adm', 'dev', 'ops', 'www'], self.r.randint(0, 3))
            if self.chance(0.6):
                u['enabled'] = self.pick(ENABLED)
            if self.chance(0.3):
                u['mode'] = self.pick(['0640', '0600', '0644'])
            out.append(u)
        return out

    def ports(self):
        return [{'port': self.pick([22, 80, '443', 8080, '9000', 1024]), 'proto': self.pick(['tcp', 'udp']),
                 **({'comment': self.pick(['web', 'ssh', 'with space', 'ünï'])} if self.chance(0.5) else {})}
                for _ in range(self.r.randint(1, 4))]

    def settings(self):
        return {'listen': self.pick(['0.0.0.0', '127.0.0.1']), 'workers': self.pick([2, '4', 8]),
                'debug': self.pick(ENABLED), 'paths': {'log': '/var/log/app', 'data': ['/srv/a', '/srv/b']},
                'tags': self.r.sample(['x', 'y', 'z'], self.r.randint(0, 3))}

    # -- the role ------------------------------------------------------------------------------------
    def template_text(self):
        parts = []
        if self.chance(0.3):
            parts.append('#jinja2: lstrip_blocks: %s, trim_blocks: %s\n' % (self.pick(['True', 'False']), self.pick(['True', 'False'])))
        parts.append('# {{ ansible_managed | default("managed") }} for {{ inventory_hostname }}\n')
        if self.chance(0.6):
            parts.append('{% macro line(k, v, sep=" = ") -%}\n{{ k }}{{ sep }}{{ v }}\n{%- endmacro %}\n')
            body = '{{ line(k, v) }}'
        else:
            body = '{{ k }} = {{ v }}'
        def line(v):
            return body.replace('v)', v + ')') if body.startswith('{{ line') else body.replace('{{ v }}', '{{ %s }}' % v)
        parts.append(self.pick([
            '[main]\n{% for k, v in app_settings.items() %}\n' + line('v') + '\n{% endfor %}\n',
            '[main]\n{% for k, v in app_settings | dictsort %}\n  {% if v is mapping %}\n' + line('v | to_json')
            + '\n  {% else %}\n' + line('v') + '\n  {% endif %}\n{% endfor %}\n',
        ]))
        parts.append(self.pick([
            '{% for u in app_users if u.enabled | default(true) | bool %}\nuser {{ u.name }} {{ u.uid }}{% if u.shell is defined %} shell={{ u.shell }}{% endif %}\n{% else %}\n# no users\n{% endfor %}\n',
            '{% for u in app_users -%}\n  {{ loop.index }}/{{ loop.length }} {{ u.name }}: {{ u.groups | default([]) | join(",") }}\n{% endfor -%}\nend\n',
            '{%- for u in app_users | sort(attribute="uid") %}\n{{ "%-8s" | format(u.name) }}|{{ u.uid }}\n{%- endfor %}\n',
        ]))
        parts.append(self.pick([
            '{% for p in app_ports %}\nlisten {{ p.port }}/{{ p.proto }}{{ (" # " ~ p.comment) if p.comment is defined else "" }}\n{% endfor %}\n',
            'ports: {{ app_ports | map(attribute="port") | map("int") | sort | join(" ") }}\n',
            '{% set ns = namespace(total=0) %}{% for p in app_ports %}{% set ns.total = ns.total + p.port | int %}{% endfor %}\nsum {{ ns.total }}\n',
        ]))
        if self.chance(0.5):
            parts.append('peers:\n{% for h in groups["all"] %}\n  - {{ h }} {{ hostvars[h].rl_tier | default("none") }}\n{% endfor %}\n')
        return ''.join(parts)

    def role(self):
        users, ports = self.users(), self.ports()
        self.files['roles/app/defaults/main.yml'] = dump({'app_users': users, 'app_ports': ports,
                                                          'app_settings': self.settings(), 'app_name': 'app',
                                                          'app_conf': OUT + '/{{ app_name }}-{{ inventory_hostname }}.conf'})
        if self.chance(0.4):
            self.files['roles/app/vars/main.yml'] = dump({'app_name': self.pick(['svc', 'web app'])})
        self.files['roles/app/templates/app.conf.j2'] = self.template_text()
        tasks = [{'name': 'users of {{ app_name }}', 'debug': {'msg': '{{ item.name }} {{ item.shell | default("-") }}'},
                  'loop': '{{ app_users }}', 'loop_control': {'label': '{{ item.name }}'}}]
        tasks.append({'name': 'write config', 'template': {'src': 'app.conf.j2', 'dest': '{{ app_conf }}',
                                                           'mode': self.pick(['0644', '{{ app_mode | default(omit) }}'])},
                      'register': 'rl_tpl'})
        tasks.append({'name': 'config changed', 'debug': {'msg': '{{ rl_tpl.changed }} {{ rl_tpl.dest | basename }}'}})
        tasks.append(self.pick([
            {'name': 'read back', 'slurp': {'src': '{{ app_conf }}'}, 'register': 'rl_slurp'},
            {'name': 'read back', 'command': 'cat {{ app_conf }}', 'register': 'rl_cat', 'changed_when': False},
        ]))
        if 'slurp' in tasks[-1]:
            tasks.append({'name': 'show config', 'debug': {'msg': "{{ (rl_slurp.content | b64decode).splitlines() }}"}})
        else:
            tasks.append({'name': 'show config', 'debug': {'var': 'rl_cat.stdout_lines'}})
        tasks.append({'name': 'show via lookup', 'debug': {'msg': "{{ lookup('file', app_conf) }}"}})
        tasks.append({'name': 'enabled users', 'set_fact': {'rl_enabled': "{{ app_users | selectattr('enabled', 'defined') | selectattr('enabled') | map(attribute='name') | list }}"}})
        tasks.append({'debug': {'var': 'rl_enabled'}})
        self.files['roles/app/tasks/main.yml'] = dump(tasks)
        params = {}
        if self.chance(0.4):
            params['app_name'] = 'param-app'
        if self.chance(0.3):
            params['app_mode'] = '0600'
        k = self.r.randrange(3)
        if k == 0:
            return 'roles', dict({'role': 'app'}, **params)
        entry = {self.pick(['include_role', 'import_role']): {'name': 'app'}}
        if params:
            entry['vars'] = params
        return 'task', entry

    # -- task shapes ----------------------------------------------------------------------------------
    def accumulate(self):
        k = self.r.randrange(3)
        if k == 0:
            return [{'set_fact': {'rl_names': '{{ rl_names | default([]) + [item.name] }}'}, 'loop': '{{ rl_users }}',
                     'loop_control': {'label': '{{ item.name }}'}},
                    {'debug': {'var': 'rl_names'}}]
        if k == 1:
            lm = self.pick(['replace', 'keep', 'append', 'prepend', 'append_rp', 'prepend_rp'])
            return [{'set_fact': {'rl_merged': "{{ rl_merged | default({}) | combine(item, recursive=%s, list_merge='%s') }}"
                                  % (self.pick(['true', 'false']), lm)},
                     'loop': [{'a': {'x': [1, 2], 'y': 1}}, {'a': {'x': [2, 3], 'z': None}, 'b': [1]}, {'b': [1, 4], 'a': {'y': 'two'}}]},
                    {'debug': {'msg': '{{ rl_merged | to_nice_json }}'}}]
        return [{'set_fact': {'rl_by_name': "{{ rl_by_name | default({}) | combine({item.name: item.uid}) }}"}, 'loop': '{{ rl_users }}'},
                {'debug': {'msg': "{{ rl_by_name | dict2items | sort(attribute='value') | items2dict }}"}}]

    def register_loop(self):
        reg = self.reg()
        t = {'name': 'run per user', 'command': self.pick(['echo {{ item.name }}', "sh -c 'echo {{ item.name }}; exit {{ 1 if item.uid is odd else 0 }}'"]),
             'loop': '{{ rl_users }}', 'register': reg, 'loop_control': {'label': '{{ item.name }}'}}
        if 'exit' in t['command']:
            t['ignore_errors'] = True
        if self.chance(0.4):
            t['changed_when'] = self.pick(["item.uid > 1020", False, "'a' in item.name"])
        if self.chance(0.3):
            t['when'] = 'item.enabled | default(true) | bool'
        use = self.pick([
            "{{ %s.results | selectattr('rc', 'defined') | selectattr('rc', 'eq', 0) | map(attribute='item.name') | list }}",
            "{{ %s.results | map(attribute='stdout') | select | list }}",
            "{{ %s.results | selectattr('changed') | map(attribute='item') | map(attribute='uid') | list }}",
            "{{ %s.results | rejectattr('skipped', 'defined') | map(attribute='rc') | sum }}",
            "{{ %s.results | items2dict(key_name='stdout', value_name='rc') if %s.results | selectattr('stdout', 'defined') | list | length == %s.results | length else 'skipped some' }}",
            "{{ %s.results | map(attribute='item.name') | zip(%s.results | map(attribute='failed')) | list }}",
        ])
        return [t, {'debug': {'msg': use.replace('%s', reg)}}, {'debug': {'msg': '{{ %s.changed }} {{ %s.failed | default("nf") }} {{ %s.msg | default("") }}' % (reg, reg, reg)}}]

    def hostvars_over_groups(self):
        return self.pick([
            {'debug': {'msg': "{{ groups['all'] | map('extract', hostvars, 'rl_tier') | list }}"}},
            {'debug': {'msg': "{% for h in groups['web'] | default([]) %}{{ h }}={{ hostvars[h]['rl_app_dir'] }};{% endfor %}"}},
            {'debug': {'msg': "{{ hostvars[item].rl_tier }}"}, 'loop': "{{ groups['all'] }}"},
            {'debug': {'msg': "{{ dict(groups['all'] | zip(groups['all'] | map('extract', hostvars, 'rl_port'))) }}"}},
            {'debug': {'msg': "{{ groups | dict2items | map(attribute='key') | sort }} {{ groups.db | default([]) | length }}"}},
        ])

    def lazy_vars(self):
        return [{'debug': {'msg': '{{ rl_app_dir }} {{ rl_url }}'}},
                {'debug': {'var': 'rl_port'}},
                {'name': 'override one link', 'debug': {'msg': '{{ rl_url }}'}, 'vars': {'rl_base': '/opt'}}]

    def facts(self):
        subset = self.pick(['min', '!all', '!all,!min'])
        flt = self.pick([['ansible_system', 'ansible_os_family'], 'ansible_pkg_mgr', ['ansible_sys*']])
        return [{'setup': {'gather_subset': subset, 'filter': flt}},
                {'debug': {'msg': "{{ ansible_facts.system | default('nosys') }} {{ ansible_os_family | default('nofam') }} {{ ansible_facts | length > 0 }}"}}]

    def include_named(self):
        self.files['rl_vars.yml'] = dump({'packages': [{'name': 'nginx', 'state': 'present'}, {'name': 'vim'},
                                                        {'name': 'telnet', 'state': 'absent'}],
                                          'limits': {'nofile': '1024', 'nproc': 64}})
        return [{'include_vars': {'file': 'rl_vars.yml', 'name': 'rl_ns'}},
                {'debug': {'msg': "{{ rl_ns.packages | selectattr('state', 'defined') | selectattr('state', 'eq', 'absent') | map(attribute='name') | list }}"}},
                {'debug': {'msg': "{{ rl_ns.packages | map(attribute='state', default='present') | list }} {{ rl_ns.limits.nofile | int + 1 }}"}}]

    def omit_args(self):
        return [{'name': 'touch with modes', 'file': {'path': OUT + '/rl-{{ item.name }}', 'state': 'touch',
                                                      'mode': '{{ item.mode | default(omit) }}'},
                 'loop': '{{ rl_users }}', 'loop_control': {'label': '{{ item.name }}'}},
                {'copy': {'content': '{{ rl_users | map(attribute="name") | join("\\n") }}\n', 'dest': OUT + '/rl-list',
                          'owner': '{{ rl_owner | default(omit) }}', 'backup': '{{ omit }}'}}]

    def conversions(self):
        e = self.pick([
            "rl_users | map(attribute='enabled', default='yes') | map('bool') | list",
            "rl_ports | map(attribute='port') | map('int') | sum",
            "rl_users | map(attribute='uid') | map('string') | join(',')",
            "rl_users[0] | to_json", "rl_users | to_nice_json(indent=2)", "rl_users[:2] | to_yaml",
            "{'users': rl_users[:2], 'ports': rl_ports} | to_nice_yaml", "rl_ports | to_json(sort_keys=true)",
            "(rl_users | first).enabled | default('no') | bool | ternary('on', 'off')",
            "rl_ports | selectattr('proto', 'eq', 'tcp') | map(attribute='port') | map('int') | select('gt', 100) | list",
            "rl_users | map(attribute='groups', default=[]) | flatten | unique | sort",
            "rl_users | groupby('shell', default='none') | map('first') | list",
            "rl_users | subelements('groups', skip_missing=true) | map('last') | list",
        ])
        return {'debug': {'msg': '{{ %s }}' % e}} if self.chance(0.7) else {'debug': {'var': e}}

    def lookups(self):
        self.files['rl_a.txt'] = 'alpha\n'
        self.files['rl_b.txt'] = 'beta line\nsecond\n'
        self.files['rl_t.j2'] = '{{ greeting | default("hi") }} {{ inventory_hostname }}{% for x in rl_ports %} {{ x.port }}{% endfor %}\n'
        self.env['RL_ENV'] = 'from env'
        return self.pick([
            {'debug': {'msg': "{{ lookup('file', 'rl_a.txt', 'rl_b.txt') }}"}},
            {'debug': {'msg': "{{ query('file', 'rl_a.txt', 'rl_b.txt') }}"}},
            {'debug': {'msg': "{{ lookup('file', 'rl_a.txt', wantlist=True) }}"}},
            {'debug': {'msg': "{{ lookup('items', [1, 2], wantlist=True) }} {{ lookup('items', [1, 2]) }}"}},
            {'debug': {'msg': "{{ lookup('vars', 'rl_tier', 'rl_port') }} {{ query('vars', 'rl_tier') }}"}},
            {'debug': {'msg': "{{ lookup('vars', 'rl_' ~ item) }}"}, 'loop': ['tier', 'port']},
            {'debug': {'msg': "{{ lookup('env', 'RL_ENV') }}|{{ lookup('env', 'RL_NONE', default='dflt') }}|{{ lookup('env', 'RL_NONE') }}"}},
            {'debug': {'msg': "{{ lookup('template', 'rl_t.j2') }}"}},
            {'debug': {'msg': "{{ lookup('template', 'rl_t.j2', template_vars={'greeting': 'hello'}) | trim }}"}},
            {'debug': {'msg': "{{ query('template', 'rl_t.j2') }}"}},
            {'debug': {'msg': "{{ lookup('file', 'rl_none.txt', errors='ignore') }}"}},
        ])

    def extended_loop(self):
        return {'debug': {'msg': self.pick([
            '{{ ansible_loop.index }}/{{ ansible_loop.length }} first={{ ansible_loop.first }} last={{ ansible_loop.last }}',
            '{{ ansible_loop.revindex0 }} {{ ansible_loop.previtem.name | default("-") }} {{ ansible_loop.nextitem.name | default("-") }}',
            '{{ ansible_loop.allitems | map(attribute="name") | list }} {{ ansible_loop.index0 }}'])},
                'loop': '{{ rl_users }}', 'loop_control': {'extended': True, 'label': '{{ item.name }}'}}

    def complex_when(self):
        return {'debug': {'msg': '{{ item.name }} passes'}, 'loop': '{{ rl_users }}', 'loop_control': {'label': '{{ item.name }}'},
                'when': self.pick([
                    "item.enabled | default(false) | bool and item.uid > 1010",
                    ["item.groups is defined", "'dev' in item.groups or item.name == 'bob'"],
                    "(item.shell | default('')) is search('bash') or not (item.enabled | default(true) | bool)",
                    "item.name in rl_users | map(attribute='name') | list | first and inventory_hostname in groups['web']",
                ])}

    def mandatory(self):
        return self.pick([
            {'debug': {'msg': '{{ rl_not_set | mandatory }}'}, 'ignore_errors': True},
            {'debug': {'msg': "{{ rl_not_set | mandatory('rl_not_set must be given') }}"}, 'ignore_errors': True},
            {'debug': {'msg': '{{ rl_tier | mandatory }}'}},
        ])

    def play(self):
        tiers = ['front', 'back', 'edge']
        pv = {'rl_users': self.users(), 'rl_ports': self.ports(), 'rl_base': '/srv',
              'rl_app_dir': '{{ rl_base }}/{{ rl_tier }}', 'rl_url': 'http://{{ inventory_hostname }}:{{ rl_port }}{{ rl_app_dir }}'}
        for h in self.hosts:
            if self.chance(0.6):
                self.host_vars[h] = {'rl_tier': self.pick(tiers)}
        play = {'name': 'realistic play', 'hosts': 'all', 'gather_facts': False, 'vars': pv}
        if self.chance(0.8):
            play['ignore_errors'] = True
        tasks = []
        shapes = [self.accumulate, self.register_loop, self.hostvars_over_groups, self.lazy_vars, self.facts,
                  self.include_named, self.omit_args, self.conversions, self.lookups, self.extended_loop,
                  self.complex_when, self.mandatory, self.conversions, self.lookups]
        for shape in self.r.sample(shapes, self.r.randint(5, 9)):
            t = shape()
            tasks.extend(t if isinstance(t, list) else [t])
        if self.chance(0.7):
            where, entry = self.role()
            if where == 'roles':
                play['roles'] = [entry]
            else:
                tasks.insert(self.r.randrange(len(tasks) + 1), entry)
        play['tasks'] = tasks
        return play


def extend_realistic(r, hosts, files):
    """Adds the realistic play's files to `files` (relative path -> text) and returns the play and the
    case's environment lines."""
    m = More(r, hosts)
    play = m.play()
    for path, text in m.files.items():
        files[path] = text
    # the tier's default sits below host_vars (and group_vars are in hostvars, play vars are not), so a host's own value wins
    old = files.get('group_vars/all.yml', '')
    files['group_vars/all.yml'] = (old if not old or old.endswith('\n') else old + '\n') + dump(
        {'rl_tier': 'default-tier', 'rl_port': "{{ 8000 + (groups['all'].index(inventory_hostname)) }}"})
    for h, vs in m.host_vars.items():
        path = 'host_vars/%s.yml' % h
        old = files.get(path, '')
        files[path] = (old if not old or old.endswith('\n') else old + '\n') + dump(vs)
    return play, m.env
