"""Writes one random data case for run.py: variables at every precedence level, values of every
YAML type, template expressions, undefined variables, magic variables and the ways results are
printed, over one to three local hosts (seeds from 14000 on now and then at -vvv); seeded, so a seed
always gives the same case.

    python3 gen_data.py SEED DIR

YAML is written as text where the spelling matters (`yes`, `0x1F`, `!unsafe`, block scalars): a
placeholder dumped by PyYAML is replaced by the raw spelling afterwards."""
import json, os, random, re, sys, yaml
from gen_data_more import extend_realistic
# Where generated tasks write; run.py empties it before each engine runs.
OUT = os.environ.get("DIFFERENTIAL_OUT", "/tmp/fuzz-out")

# Raw YAML spellings of values (each a scalar or a flow/block collection).
YAML_VALUES = [
    '42', '-7', '0', '3.5', '1.0', '10.50', '-0.0', '1e3', '6.02e+23', '0x1F', '0o17', '017', '1_000',
    '12345678901234567890', '.inf', '-.inf', '.NaN', 'yes', 'No', 'on', 'OFF', 'true', 'False', 'y', 'n',
    '~', 'null', '""', "'007'", '"3.0"', "'true'", "'yes'", '"42"', 'héllo wörld ✓', '"tab\\there"',
    "'  padded  '", '"quote \\" inside"', "it's", '"%s and %d"', 'plain words here', '2026-01-02',
    '"2026-01-02"', '[]', '{}', '[1, "two", 3.0, null, true]', '{a: 1, b: [x, y], c: {d: null}}',
    '[{k: 1}, {k: 2, j: [a]}]', '!unsafe "{{ not_templated }}"', "!unsafe '{% raw %}x'", '"{{ 1 + 1 }}"',
    '"{{ base_s }}-suffix"', "'{{ [1, 2] }}'", '|\n  line one\n  line two\n', '>-\n  folded\n  text\n',
    '|-\n  kept\n\n  gap\n', '"multi\\nline"', '"ünï\\u00e7ode"', "'#hash'", '"a: b"', '":colon"',
    '"-dash"', '0.1', '100000000000000000000.5', '"0x1F"', '"1e3"', '"none"', '"None"', 'None',
]
# INI inventory spellings (Python literals, quoted strings, bare words).
INI_VALUES = ['5', '-3', '3.5', 'True', 'false', 'yes', 'None', "'quoted'", '"double"', '[1,2]',
              '{"a":1}', 'bare_word', '007', '0x10', '"with space"', "'{{ base_s }}'", '1e3', 'héllo']

HOSTS = ['alpha.example.com', 'beta', 'gamma.local']
PREC = ['p1', 'p2', 'p3', 'p4', 'p5']

# Data every expression may use; defined at one random level per case.
DATA = '''users:
  - {name: alice, age: 31, groups: [adm, dev], active: true, home: /home/alice}
  - {name: bob, age: 25, groups: [dev], active: false}
  - {name: carol, age: 31, groups: [], active: yes, home: /srv/carol}
cfg: {a: 1, b: {c: [1, 2], d: x}, e: null, "key with space": v}
over: {b: {c: [3], f: 2}, g: true, e: set}
nums: [3, 1, 2, 3, 1.5]
words: [pear, Apple, fig, apple, pear]
text: "Hello, World"
multi: "line1\\nline2\\n"
uni: "héllo wörld ✓"
big: 12345678901234567890
fl: 3.14159
numstr: "42"
boolstr: "yes"
nothing: null
unsafe_v: !unsafe "{{ raw }}"
json_s: '{"k": [1, 2], "m": null, "t": true}'
kv: [{key: x, value: 1}, {key: y, value: [2]}]
pairs: [[a, 1], [b, 2]]
base_s: base
ip: 192.168.10.20
path_s: /etc/ansible/hosts.yml
'''

EXPRS = [
    # default, ternary, omit-ish
    "nothing | default('d')", "nothing | default('d', true)", "missing_v | default(nums)", "'' | default('e', true)",
    "(nums | length > 3) | ternary('many', 'few')", "nothing | ternary('t', 'f', 'n')", "cfg.e | default(omit) is string",
    # combine
    "cfg | combine(over)", "cfg | combine(over, recursive=true)", "cfg | combine(over, recursive=true, list_merge='append')",
    "cfg | combine(over, recursive=true, list_merge='prepend_rp')", "[cfg, over, {'z': 0}] | combine",
    "{'a': [1, 2]} | combine({'a': [2, 3]}, list_merge='append_rp')", "{'a': [1]} | combine({'a': [2]}, list_merge='keep')",
    # dict2items / items2dict
    "cfg | dict2items", "kv | items2dict", "cfg | dict2items(key_name='k', value_name='v')",
    "users | items2dict(key_name='name', value_name='age')", "pairs | community_missing | default('x')",
    "dict(pairs)", "cfg.items() | list", "cfg.keys() | list | sort", "cfg.get('zz', 'no')",
    # select/map/reject
    "users | selectattr('active') | map(attribute='name') | list", "users | rejectattr('age', 'lt', 30) | list",
    "users | selectattr('home', 'defined') | map(attribute='home') | list", "users | map(attribute='groups') | flatten",
    "users | map(attribute='home', default='-') | list", "nums | select('gt', 1) | list", "nums | reject('eq', 3) | list",
    "words | map('upper') | list", "words | map('regex_replace', '^(.)', 'X') | list", "users | selectattr('name', 'match', 'a|b') | list | length",
    "users | map(attribute='name') | map('length') | sum", "users | sum(attribute='age')",
    # json/yaml
    "cfg | to_json", "cfg | to_nice_json", "cfg | to_yaml", "cfg | to_nice_yaml", "users | to_nice_yaml(indent=4)",
    "json_s | from_json", "(json_s | from_json).k", "'[1, 2.5]' | from_json", "cfg | to_json(sort_keys=true)",
    "uni | to_json", "uni | to_json(ensure_ascii=false)", "'a: [1, yes]' | from_yaml", "multi | to_yaml",
    "nums | to_nice_json(indent=0)", "'- a\\n- b\\n' | from_yaml_all | list",
    # regex
    "text | regex_replace('o', '0')", "text | regex_search('W\\\\w+')", "text | regex_findall('[lo]')",
    "ip | regex_replace('^(\\\\d+)\\\\.(\\\\d+).*$', '\\\\2.\\\\1')", "text | regex_search('(?P<w>[A-Z])\\\\w+', '\\\\g<w>')",
    "path_s | regex_escape", "text is match('Hel')", "text is search('world', ignorecase=true)", "text | regex_findall('(l)(o)')",
    # split/join/strings
    "text.split(', ')", "text | split(',')", "words | join('-')", "nums | join", "text.upper()", "text.lower()",
    "text.replace('l', 'L', 2)", "text.startswith('He')", "'  sp  '.strip()", "text.title()", "text.find('W')",
    "text | length", "text[0:5]", "text[::-1]", "text[-5:]", "words[1:3]", "nums[-1]", "text.center(20, '*')",
    "'%s is %d years' % ('bob', 25)", "'%05.1f' % fl", "'%-6s|' % 'ab'", "'{} and {}'.format('a', 1)",
    "'%s' | format(cfg)", "'%d items' | format(nums | length)", "'{0:>8}'.format(text[:3])", "text | truncate(8)",
    "text | wordcount", "text | replace('World', 'There')", "text | reverse", "multi | trim", "multi.splitlines()",
    "uni | upper", "uni | length", "uni[0:3]", "text | center(20)", "'x' * 3", "text ~ '!' ~ 5",
    "text | capitalize", "'a-b_c' | regex_replace('[-_]', ' ') | title", "path_s | basename", "path_s | dirname",
    "path_s | splitext", "text | b64encode", "text | b64encode | b64decode", "text | hash('sha1')", "text | checksum",
    "'%(a)s-%(b)s' % {'a': 1, 'b': 'x'}", "text | indent(2, first=true)", "multi | indent(4)", "text | quote",
    # lists
    "nums | zip(words) | list", "nums | zip_longest(words, fillvalue='-') | list", "[1, 2] | product(['a', 'b']) | list",
    "[1, [2, [3, [4]]]] | flatten", "[1, [2, [3, [4]]]] | flatten(levels=1)", "nums | unique", "words | unique",
    "words | unique(case_sensitive=true)", "nums | union([9, 1])", "nums | difference([3])", "nums | intersect([1, 3, 7])",
    "nums | symmetric_difference([1, 9])", "users | sort(attribute='age') | map(attribute='name') | list",
    "users | sort(attribute='age,name', reverse=true) | map(attribute='name') | list", "words | sort", "words | sort(case_sensitive=true)",
    "nums | sort(reverse=true)", "users | groupby('age')", "users | groupby('age') | map('first') | list",
    "nums | sum", "nums | max", "nums | min", "words | max", "nums | length", "nums | first", "nums | last",
    "nums | batch(2) | list", "nums | slice(2) | list", "nums | map('int') | list", "words | reject('search', 'p') | list",
    "nums | unique | list | count", "users | map(attribute='age') | unique | list", "words | select('in', ['fig', 'pear']) | list",
    "range(1, 10, 3) | list", "lookup('sequence', 'start=1 end=5 stride=2')", "query('dict', cfg)", "nums + [7]",
    "nums | list | reverse | list", "[0, '', None, 'a', [], {}] | select | list", "users | community_none | default([])",
    "words | shuffle(seed=3) | length", "users[0].groups | length", "users | json_query_missing | default('no jmespath')",
    # conversions
    "numstr | int + 1", "numstr | float", "fl | int", "fl | round(2)", "fl | round(0, 'floor')", "fl | string", "big | string",
    "big + 1", "big * 2", "'0x1F' | int(base=16)", "'abc' | int", "'abc' | int(7)", "boolstr | bool", "'off' | bool",
    "'1' | bool", "nothing | bool", "nums | map('string') | list", "3 | float", "'3.7' | float | int", "10 / 4", "10 // 4",
    "-7 % 3", "2 ** 10", "2 ** -1", "(0.1 + 0.2)", "1e3 | int", "fl | abs", "-3 | abs", "[3, 4] | max * 2", "100 | log(10)",
    "16 | root", "2 | pow(8)", "1 / 3", "7.0 / 2", "1000000 * 1000000", "big // 7", "(fl * 100) | round | int",
    "true + 1", "nums | map('float') | list", "'%.3f' | format(fl)", "True", "None", "nums | string", "cfg | string",
    "cfg | list", "text | list | length", "'a=1' | split('=')", "nums | int", "cfg | length", "nothing | string",
    "nothing | default(none) is none", "users[0] | dict2items | map(attribute='key') | list", "(cfg | dict2items)[0]",
    "[1, 2] | type_debug", "text | type_debug", "cfg | type_debug", "1.5 | type_debug", "nothing | type_debug",
    "big | type_debug", "unsafe_v | type_debug", "unsafe_v", "unsafe_v | length", "unsafe_v ~ '!'",
    # tests
    "nums is iterable", "text is string", "cfg is mapping", "fl is number", "fl is float", "big is integer",
    "nothing is none", "numstr is number", "numstr is string", "users is sequence", "cfg is not string",
    "nums is contains(3)", "3 in nums", "'a' in cfg", "[1, 2] is subset(nums)", "nums is superset([1, 2])",
    "text is truthy", "'' is falsy", "missing_v is defined", "cfg.e is none", "cfg.e is defined",
    "ip is ansible.utils_missing | default(false)", "'1.2.3' is version('1.10', '<')", "'v2' is version('v10', 'lt', version_type='loose')",
    "4 is divisibleby(2)", "5 is odd", "nums | select('even') | list", "'ab' is lower", "'AB' is upper", "1 == 1.0",
    "[1] == [1.0]", "'1' == 1", "text is regex('^H.*d$')", "cfg is callable", "users[0] is sameas users[0]", "(1, 2) is sequence",
    # inline if, loops in templates, whitespace
    "'big' if nums | length > 3 else 'small'", "'yes' if nothing else 'no'", "(nums | first) if nums else none",
    "users[1].name if users[1].active else users[1].name | upper", "cfg.b.d if cfg.b is defined",
    # magic vars and hostvars
    "inventory_hostname", "inventory_hostname_short", "group_names", "groups", "groups.all", "groups['ungrouped'] | default([])",
    "ansible_play_hosts", "play_hosts", "ansible_play_batch", "ansible_play_hosts_all", "playbook_dir | basename",
    "inventory_dir | basename", "inventory_file | basename", "ansible_check_mode", "ansible_verbosity", "ansible_run_tags",
    "ansible_skip_tags", "ansible_forks", "ansible_play_name", "ansible_diff_mode", "hostvars | length", "hostvars.keys() | list",
    "hostvars[groups.all[-1]].p1 | default('none')", "hostvars[groups.all[0]]['inventory_hostname_short']",
    "groups.all | map('extract', hostvars, 'p2') | list", "hostvars[inventory_hostname].p3 | default('no p3')",
    "groups.all | map('extract', hostvars, ['cfg', 'a']) | list", "hostvars['nohost'] | default('no host')",
    "lookup('vars', 'p1', default='lv')", "lookup('vars', 'p' ~ 2) | default('x')", "query('varnames', '^p[0-9]$') | sort",
    "vars['p4'] | default('vars p4')", "ansible_connection", "ansible_python_interpreter", "ansible_host | default(inventory_hostname)",
]

TEMPLATES = [
    "{% for u in users %}{{ u.name }}{% if not loop.last %}, {% endif %}{% endfor %}",
    "{% for u in users -%}\n  {{ loop.index }}: {{ u.name }}\n{%- endfor %}",
    "{%- for k, v in cfg.items() %}\n{{ k }}={{ v }}\n{%- endfor %}",
    "{% set total = namespace(n=0) %}{% for x in nums %}{% set total.n = total.n + x %}{% endfor %}{{ total.n }}",
    "{% if nums | length > 2 %}  many  {% else %}few{% endif %}",
    "{% for x in [] %}{{ x }}{% else %}empty loop{% endfor %}",
    "{{ 'a' }}   {{- 'b' }}   {{ 'c' -}}   d",
    "{% raw %}{{ not rendered }}{% endraw %} {{ 1 + 1 }}",
    "{% macro m(x, y='d') %}[{{ x }}|{{ y }}]{% endmacro %}{{ m(1) }}{{ m(2, y='z') }}",
    "{% for g, us in users | groupby('age') %}{{ g }}:{{ us | map(attribute='name') | join('/') }};{% endfor %}",
    "{# comment #}{{ text }}\n",
    "line1\n  {{ cfg.b.d }}\n\n{% if true %}\nkept\n{% endif %}\nend",
    "{{ users | selectattr('active') | list | length }} active of {{ users | length }}",
    "{% for i in range(3) %}{{ loop.revindex }}{{ loop.cycle('a', 'b') }}{% endfor %}",
    "{% filter upper %}shout {{ text }}{% endfilter %}",
    "{% set l = [] %}{% for x in nums %}{% if l.append(x * 2) %}{% endif %}{% endfor %}{{ l }}",
    "{{ cfg | dictsort }} {{ {'b': 1, 'a': 2} | dictsort(by='value') }}",
    "{% with a = 5 %}{{ a * 2 }}{% endwith %}",
]

UNDEFINED_TASKS = [
    {'debug': {'msg': '{{ undefined_x }}'}},
    {'debug': {'var': 'undefined_x'}},
    {'debug': {'var': 'cfg.nokey'}},
    {'debug': {'msg': '{{ cfg.nokey.deeper }}'}},
    {'debug': {'msg': 'x'}, 'when': 'undefined_x == 1'},
    {'debug': {'msg': '{{ item }}'}, 'loop': '{{ undefined_list }}'},
    {'debug': {'msg': '{{ item }}'}, 'with_items': '{{ undefined_list }}'},
    {'debug': {'msg': "{{ users | map(attribute='nope') | list }}"}},
    {'debug': {'msg': '{{ [1, undefined_x] }}'}},
    {'debug': {'msg': '{{ undefined_x | length }}'}},
    {'debug': {'msg': '{{ uv }}'}, 'vars': {'uv': '{{ undefined_x }} here'}},
    {'name': 'named {{ undefined_x }}', 'debug': {'msg': 'ok'}},
    {'set_fact': {'sx': '{{ undefined_x }}'}},
    {'debug': {'msg': "{{ hostvars['nohost'].x }}"}},
    {'debug': {'msg': '{{ users[5] }}'}},
    {'debug': {'msg': '{{ text.nomethod() }}'}},
    {'debug': {'msg': "{{ lookup('template', 'bad.j2') }}"}},
    {'debug': {'msg': '{{ users[0].nokey }}'}},
    {'debug': {'msg': '{{ cfg["e"].x }}'}},
    {'debug': {'msg': '{{ undefined_x.attr | default("dflt") }}'}},
    {'debug': {'msg': '{{ (undefined_x | default({})).attr | default("dflt2") }}'}},
    {'command': 'echo {{ undefined_x }}'},
    {'debug': {'msg': '{{ item }}'}, 'loop': [1, '{{ undefined_x }}']},
    {'debug': {'msg': '{{ 1 +  }}'}},
    {'debug': {'msg': '{{ nums | nosuchfilter }}'}},
    {'debug': {'msg': '{{ nums is nosuchtest }}'}},
    {'debug': {'msg': '{% for x in nums %}{{ x }}'}},
    {'debug': {'msg': "{{ text | regex_replace('(', 'x') }}"}},
    {'debug': {'msg': '{{ numstr + 1 }}'}},
    {'debug': {'msg': '{{ nums.nokey }}'}},
]


class Raw:
    """A value written into YAML as its literal spelling."""
    def __init__(self, text):
        self.text = text


class G:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.raws = []
        self.files = {}      # relative path -> text
        self.regs = []
        self.hosts = HOSTS[:self.r.randint(1, 3)]
        self.roles = {}

    def pick(self, xs):
        return self.r.choice(xs)

    def chance(self, p):
        return self.r.random() < p

    def raw(self, text):
        self.raws.append(text)
        return '__RAW_%d__' % (len(self.raws) - 1)

    def value(self, level, name):
        """A value for a precedence variable: mostly a string naming its level, sometimes typed."""
        if self.chance(0.25):
            return self.raw(self.pick(YAML_VALUES))
        return '%s@%s' % (name, level)

    def dump(self, data):
        text = yaml.safe_dump(data, sort_keys=False, width=1000, allow_unicode=True)
        return self.unraw(text)

    def unraw(self, text):
        def sub(m):
            indent, head, i = m.group(1), m.group(2), int(m.group(3))
            raw = self.raws[i]
            if '\n' not in raw:
                return indent + head + raw
            lines = raw.rstrip('\n').split('\n')
            pad = indent + '  ' + ('  ' if head.startswith('- ') else '')
            return indent + head + lines[0] + ''.join('\n' + (pad + l if l else '') for l in lines[1:])
        return re.sub(r"^( *)(.*?)'?__RAW_(\d+)__'?$", sub, text, flags=re.M)

    def level_vars(self, level, names):
        return {n: self.value(level, n) for n in names}

    # -- where each precedence variable is defined -------------------------------------------------
    def spread(self):
        levels = ['inv_all', 'gv_all', 'inv_group', 'gv_group', 'inv_host', 'hv_host', 'play', 'vars_files',
                  'role_defaults', 'role_vars', 'role_params', 'block', 'task', 'include_vars', 'set_fact',
                  'extra']
        self.at = {lv: [] for lv in levels}
        for p in PREC:
            for lv in self.r.sample(levels, self.r.randint(1, 5)):
                self.at[lv].append(p)

    def inventory(self):
        yaml_inv = self.chance(0.5)
        groups = {'web': self.hosts[:2], 'db': self.hosts[2:] or self.hosts[:1]}
        hv = {h: self.level_vars('inv_host', self.at['inv_host']) if i == 0 or self.chance(0.5) else {}
              for i, h in enumerate(self.hosts)}
        gvars = self.level_vars('inv_group', self.at['inv_group'])
        avars = self.level_vars('inv_all', self.at['inv_all'])
        if yaml_inv:
            data = {'all': {'vars': dict(avars, ansible_connection='local', ansible_python_interpreter='/usr/bin/python3'),
                            'children': {'web': {'hosts': {h: hv[h] or None for h in groups['web']}, 'vars': gvars},
                                         'db': {'hosts': {h: None for h in groups['db'] if h not in groups['web']} or None,
                                                'children': {'web': None} if self.chance(0.3) else None}}}}
            if not data['all']['children']['db']['hosts']:
                data['all']['children']['db']['hosts'] = {h: None for h in groups['db']}
            self.files['inventory'] = self.dump(data).replace(': null\n', ':\n')
        else:
            def ini(vs):
                out = []
                for k, v in vs.items():
                    out.append('%s=%s' % (k, self.pick(INI_VALUES) if v.startswith('__RAW') else v))
                return out
            lines = ['[web]'] + [' '.join([h] + ini(hv[h])) for h in groups['web']]
            lines += ['', '[db]'] + [h for h in groups['db']]
            lines += ['', '[web:vars]'] + ini(gvars)
            lines += ['', '[all:vars]', 'ansible_connection=local', 'ansible_python_interpreter=/usr/bin/python3'] + ini(avars)
            self.files['inventory'] = '\n'.join(lines) + '\n'
        if self.at['gv_all'] or self.chance(0.3):
            self.files['group_vars/all.yml'] = self.dump(self.level_vars('gv_all', self.at['gv_all']) or {'gv_unused': 1})
        if self.at['gv_group']:
            self.files['group_vars/web.yml'] = self.dump(self.level_vars('gv_group', self.at['gv_group']))
        if self.at['hv_host']:
            self.files['host_vars/%s.yml' % self.hosts[-1]] = self.dump(self.level_vars('hv_host', self.at['hv_host']))

    # -- tasks ---------------------------------------------------------------------------------------
    def expr(self):
        return self.pick(EXPRS)

    def show(self, e):
        """One way of printing an expression."""
        k = self.r.randrange(9)
        if k == 0:
            return {'debug': {'var': e}}
        if k == 1:
            return {'debug': {'msg': ['{{ %s }}' % e, 'lit', 3]}}
        if k == 2:
            return {'debug': {'msg': {'key': '{{ %s }}' % e, 'n': None}}}
        if k == 3:
            return {'debug': {'msg': 'x {{ %s }} y' % e}}
        if k == 4:
            reg = self.reg()
            return [{'set_fact': {'sf': '{{ %s }}' % e}, 'register': reg}, {'debug': {'var': 'sf'}},
                    {'debug': {'var': reg}}]
        return {'debug': {'msg': '{{ %s }}' % e}}

    def reg(self):
        name = 'r%d' % len(self.regs)
        self.regs.append(name)
        return name

    def prec_task(self):
        p = self.pick(PREC)
        k = self.r.randrange(4)
        if k == 0:
            return {'debug': {'var': p}}
        if k == 1:
            return {'debug': {'msg': '{{ %s }} {{ %s | type_debug }}' % (p, p)}}
        if k == 2:
            return {'debug': {'msg': "{{ hostvars[groups.all[-1]].%s | default('undef') }}" % p}}
        return {'debug': {'msg': "{{ lookup('vars', '%s', default='nov') }}" % p}}

    def registered(self):
        reg = self.reg()
        k = self.r.randrange(7)
        if k == 0:
            t = {'command': self.pick(['echo hi', 'printf "a\\nb"', "sh -c 'echo err >&2; exit 0'", 'echo "{{ text }}"'])}
        elif k == 1:
            t = {'shell': self.pick(['echo $((1+2)) | tr 3 x', 'echo {{ nums | join(" ") }}', 'false || echo recovered'])}
        elif k == 2:
            t = {'stat': {'path': self.pick([OUT, OUT + '/none']), 'get_checksum': False, 'get_mime': False, 'get_attributes': False}}
        elif k == 3:
            t = {'set_fact': {'fa': '{{ %s }}' % self.expr(), 'fb': self.raw(self.pick(YAML_VALUES))}}
        elif k == 4:
            t = {'debug': {'msg': '{{ %s }}' % self.expr()}}
        elif k == 5:
            t = {'command': 'echo {{ item }}', 'loop': self.pick([[1, 'two'], '{{ words[:2] }}'])}
            if self.chance(0.5):
                t['loop_control'] = {'label': 'L{{ item }}'}
        else:
            t = {'debug': {'msg': '{{ item.name }}'}, 'loop': '{{ users }}',
                 'loop_control': self.pick([{'label': '{{ item.name }}'}, {'extended': True}, {'index_var': 'i'}])}
        t['register'] = reg
        out = [t, {'debug': {'var': reg}}]
        if self.chance(0.5):
            out.append({'debug': {'msg': self.pick(['{{ %s | dict2items | map(attribute="key") | list }}', '{{ %s.changed }}',
                                                      '{{ %s.results | default([]) | map(attribute="item") | list }}',
                                                      '{{ %s.stdout_lines | default("-") }}'])
                                  % reg}})
        return out

    def loop_task(self):
        k = self.r.randrange(11)
        if k == 0:
            return {'debug': {'msg': '{{ item.key }}={{ item.value }}'}, 'with_dict': '{{ cfg }}'}
        if k == 1:
            return {'debug': {'msg': '{{ item.0.name }} in {{ item.1 }}'}, 'with_subelements': ['{{ users }}', 'groups']}
        if k == 2:
            return {'debug': {'msg': '{{ item }}'}, 'with_nested': [[1, 2], ['a', 'b']]}
        if k == 3:
            return {'debug': {'msg': '{{ item }}'}, 'with_together': [[1, 2, 3], ['a', 'b']]}
        if k == 4:
            return {'debug': {'msg': '{{ item }}'}, 'with_sequence': self.pick(['start=1 end=4', 'start=0 end=10 stride=5 format=x%02x', 'count=3'])}
        if k == 5:
            return {'debug': {'msg': '{{ u.name }} {{ idx }}'}, 'loop': '{{ users }}',
                    'loop_control': {'loop_var': 'u', 'index_var': 'idx', 'label': '{{ u.age }}'}}
        if k == 6:
            return {'debug': {'msg': '{{ ansible_loop.index0 }} {{ ansible_loop.revindex }} {{ ansible_loop.previtem | default("-") }} {{ ansible_loop.nextitem | default("-") }}'},
                    'loop': '{{ words }}', 'loop_control': {'extended': True, 'extended_allitems': self.chance(0.5)}}
        if k == 7:
            return {'debug': {'var': 'item'}, 'loop': self.pick(['{{ cfg | dict2items }}', '{{ nums }}', '{{ [cfg, none, 1.5] }}'])}
        if k == 8:
            return {'debug': {'msg': '{{ item }}'}, 'with_items': [[1, [2]], 3, '{{ words[:1] }}']}
        if k == 9:
            return {'debug': {'msg': '{{ item }}'}, 'loop': "{{ query('subelements', users, 'groups', skip_missing=true) }}",
                    'loop_control': {'label': '{{ item.1 }}'}}
        return {'set_fact': {'acc': "{{ acc | default([]) + [item] }}"}, 'loop': '{{ nums }}',
                'loop_control': {'label': 'n{{ item }}'}}

    def omit_task(self):
        return self.pick([
            {'file': {'path': OUT + '/om-{{ inventory_hostname }}', 'state': 'touch', 'mode': '{{ nothing | default(omit) }}'}},
            {'command': {'cmd': 'echo omit', 'chdir': '{{ missing_v | default(omit) }}'}},
            {'debug': {'msg': 'omitted {{ 1 }}', 'verbosity': '{{ missing_v | default(omit) }}'}},
            {'copy': {'content': '{{ cfg | to_nice_json }}\n', 'dest': OUT + '/cp-{{ inventory_hostname }}', 'mode': '{{ omit }}'}},
        ])

    def task(self, depth=0):
        k = self.r.randrange(100)
        if k < 20:
            t = self.prec_task()
        elif k < 45:
            t = self.show(self.expr())
        elif k < 55:
            t = self.registered()
        elif k < 65:
            t = self.loop_task()
        elif k < 72:
            t = dict(self.pick(UNDEFINED_TASKS))
            t['ignore_errors'] = True
        elif k < 76:
            t = self.omit_task()
        elif k < 82:
            t = {'debug': {'msg': "{{ lookup('template', 't%d.j2') }}" % self.r.randrange(3)}}
        elif k < 87:
            names = self.r.sample(PREC, self.r.randint(1, 2))
            t = {'set_fact': dict({n: self.value('set_fact', n) for n in names}, cacheable=self.chance(0.4))}
        elif k < 91:
            t = self.pick([{'include_vars': 'iv.yml'}, {'include_vars': {'dir': 'ivdir'}},
                           {'include_vars': {'file': 'iv.yml', 'name': 'ivns'}}])
            out = [t, {'debug': {'var': self.pick(['ivns', 'ivd_a', 'ivd_b', 'p1'])}}]
            return out
        elif k < 95 and depth < 1:
            blk = {'block': [self.task(depth + 1) for _ in range(self.r.randint(1, 3))]}
            if self.at['block']:
                blk['vars'] = self.level_vars('block', self.at['block'])
            return blk
        else:
            t = self.prec_task()
            if self.at['task']:
                t['vars'] = self.level_vars('task', self.at['task'])
        if isinstance(t, dict) and self.chance(0.3) and 'name' not in t:
            t = dict([('name', 'task %d' % self.r.randrange(1000))] + list(t.items()))
        return t

    def flat(self, ts):
        out = []
        for t in ts:
            out.extend(t if isinstance(t, list) else [t])
        for t in out:
            if 'block' in t:
                t['block'] = self.flat(t['block'])
        return out

    def role(self):
        tasks = self.flat([self.prec_task() for _ in range(self.r.randint(1, 3))] + [self.task(1)])
        tasks.insert(0, {'debug': {'msg': '{{ role_name }} {{ role_path | basename }} {{ ansible_role_names | default([]) }}'}})
        self.files['roles/r1/tasks/main.yml'] = self.dump(tasks)
        self.files['roles/r1/defaults/main.yml'] = self.dump(self.level_vars('role_defaults', self.at['role_defaults']) or {'rd': 1})
        if self.at['role_vars']:
            self.files['roles/r1/vars/main.yml'] = self.dump(self.level_vars('role_vars', self.at['role_vars']))
        params = self.level_vars('role_params', self.at['role_params'])
        k = self.r.randrange(3)
        if k == 0:
            return 'roles', [dict({'role': 'r1'}, **params)]
        if k == 1:
            return 'task', {'include_role': {'name': 'r1'}, 'vars': params} if params else {'include_role': {'name': 'r1'}}
        return 'task', {'import_role': {'name': 'r1'}, 'vars': params} if params else {'import_role': {'name': 'r1'}}

    def play(self, i):
        p = {'name': 'data play %d' % i, 'hosts': self.pick(['all', 'all', 'web']), 'gather_facts': False}
        if self.chance(0.6):
            p['ignore_errors'] = True
        pv = self.level_vars('play', self.at['play'])
        if self.data_at == 'play':
            pv = dict(pv, __DATA__=None)
        if pv:
            p['vars'] = pv
        vf = ['vf.yml'] if self.at['vars_files'] or self.data_at == 'vars_files' else []
        if vf:
            p['vars_files'] = vf
        tasks = [self.task() for _ in range(self.r.randint(6, 16))]
        if self.at['include_vars'] and self.chance(0.7):
            tasks.insert(self.r.randrange(len(tasks) + 1), {'include_vars': 'iv.yml'})
        if i == 0 and (self.at['role_defaults'] or self.at['role_vars'] or self.at['role_params'] or self.chance(0.3)):
            where, r = self.role()
            if where == 'roles':
                p['roles'] = r
            else:
                tasks.insert(self.r.randrange(len(tasks) + 1), r)
        tasks.append(self.prec_task())
        p['tasks'] = self.flat(tasks)
        return p


def main(seed, out):
    g = G(seed)
    g.spread()
    g.data_at = g.pick(['play', 'vars_files', 'group_vars'])
    g.inventory()
    plays = [g.play(i) for i in range(g.r.randint(1, 2))]
    env = {}
    # Seeds from 25000 on: a realistic play first, before a failing play can end the run (its own
    # random stream: a lower seed gives the case it always gave).
    if seed >= 25000:
        play, env = extend_realistic(random.Random(seed * 31 + 17), g.hosts, g.files)
        plays.insert(0, play)
    text = g.dump(plays)
    data_block = ''.join('    ' + l + '\n' if l else '\n' for l in DATA.rstrip('\n').split('\n'))
    text = text.replace('    __DATA__: null\n', data_block)
    os.makedirs(out, exist_ok=True)
    g.files['playbook.yml'] = text
    if g.data_at == 'vars_files':
        g.files['vf.yml'] = DATA + g.dump(g.level_vars('vars_files', g.at['vars_files'])) if g.at['vars_files'] else DATA
    elif g.at['vars_files']:
        g.files['vf.yml'] = g.dump(g.level_vars('vars_files', g.at['vars_files']))
    if g.data_at == 'group_vars':
        g.files['group_vars/all.yml'] = DATA + g.files.get('group_vars/all.yml', '')
    g.files['iv.yml'] = g.dump(g.level_vars('include_vars', g.at['include_vars']) or {'iv_only': 'iv'})
    g.files['ivdir/a.yml'] = g.dump({'ivd_a': g.raw(g.pick(YAML_VALUES)), 'p1': 'p1@ivdir_a'})
    g.files['ivdir/b.yaml'] = g.dump({'ivd_b': 'b', 'p1': 'p1@ivdir_b'})
    for i, t in enumerate(g.r.sample(TEMPLATES, 3)):
        g.files['t%d.j2' % i] = t
    g.files['bad.j2'] = 'before\n{{ cfg.nokey }}\nafter\n'
    for path, text in g.files.items():
        full = os.path.join(out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, 'w') as f:
            f.write(text)
    args = []
    x = g.r.random()
    if x < 0.3:
        args.append('-v')
    elif x < 0.45:
        args.append('-vv')
    ex = g.level_vars('extra', g.at['extra'])
    for k, v in ex.items():
        form = g.r.randrange(3)
        if form == 0:
            args += ['-e', '%s=%s' % (k, v if not v.startswith('__RAW') else g.pick(['5', 'yes', 'a b', '{{ base_s }}']))]
        elif form == 1:
            args += ['-e', json.dumps({k: v if not v.startswith('__RAW') else g.pick([5, 1.5, True, None, [1], {'a': 'b'}])})]
        else:
            with open(os.path.join(out, 'extra.yml'), 'a') as f:
                f.write(g.unraw('%s: %s\n' % (k, v)))
            if '@extra.yml' not in args:
                args += ['-e', '@extra.yml']
    # Seeds from 14000 on: now and then -vvv (a second random stream: a lower seed gives the case it always gave).
    if seed >= 14000 and random.Random(seed * 7919 + 5).random() < 0.25:
        args = [a for a in args if a not in ('-v', '-vv')] + ['-vvv']
    with open(os.path.join(out, 'args'), 'w') as f:
        f.write('\n'.join(args))
    if env:
        with open(os.path.join(out, 'env'), 'w') as f:
            f.write(''.join('%s=%s\n' % kv for kv in env.items()))


if __name__ == '__main__':
    main(int(sys.argv[1]), sys.argv[2])
