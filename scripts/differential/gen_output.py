"""Writes one random output-settings case for run.py: a small playbook whose tasks end in every kind of
result (ok, changed, skipped, failed, ignored, unreachable, rescued, items that skip or fail, no_log,
handlers, include_tasks, set_stats, unicode and multi-line text, templated names) and the settings
that change how results print, from an ansible.cfg in the case folder or from its `env` file (the
default callback's options, result format, stdout callback, callbacks_enabled, colour, warnings,
retry files); seeded, so a seed always gives the same case. Seeds from 20000 on also draw (a third
stream) results full of YAML's special scalars, nested and empty collections, long and non-ASCII
strings, printed by the yaml result format at -v, and the minimal and oneline callbacks over loops,
skips, failures, diffs and an unreachable host. Seeds from 22200 on also draw (a fourth stream) a
library module whose results hold warnings, deprecations, an exception, msg lists, ANSI and long
text, ansible_facts and its own diff; ANSI, binary and very long command output; debug var= of
undefined, !unsafe and omit values and of looped registers by templated keys; check_mode and diff
over loops; and the default callback's settings together with colour and -vvvv. Seeds from 23100 on also draw
(a fifth stream) registered loops with loop_control label/extended/index_var printed back, items
that skip or fail with skipped hosts hidden, set_stats aggregating over tasks with custom stats
shown, tagged values nested in debug msg, hostvars read whole and in parts, and the diffs of
blockinfile, replace, lineinfile and copy. Seeds from 24000 on also draw (a sixth stream) what people see
every day: until retries that succeed late or never, command creates/removes, stat read back,
shell pipelines with changed_when, wait_for timing out, loops over dict2items and lists of dicts
with labels, with_items/with_dict, block/rescue printing ansible_failed_result, local_action and
run_once, asserts of several conditions, to_nice_json/yaml text, async with async_status, a role
(roles:, include_role, import_role) with defaults, handlers and a template, and meta end_host."""
import datetime
import os, random, sys, yaml
import gen_output_daily
# Where generated tasks and file-writing callbacks write; run.py empties it before each engine runs.
OUT = os.environ.get("DIFFERENTIAL_OUT", "/tmp/fuzz-out")

LOCAL = "ansible_connection=local ansible_python_interpreter=/usr/bin/python3"
# NOTE: ssh to a closed loopback port: refused at once, the host is UNREACHABLE in both engines.
GHOST = ("ghost ansible_host=127.0.0.1 ansible_port=1 ansible_user=nobody ansible_connection=ssh "
         "ansible_ssh_common_args='-o ConnectTimeout=2'")
TEXTS = ["plain", "héllo wörld ✓ 日本語", "line one\nline two\n", "tab\there", "quote ' and \" both",
         "{{ n }} from {{ inventory_hostname }}", "trailing space ", "", "a: b\n- c", "ünïcode\nmulti\nline"]
# Settings of the default callback and the display, each with the values worth trying:
# (env name, ansible.cfg section, key, values)
SETTINGS = [
    ("ANSIBLE_DISPLAY_SKIPPED_HOSTS", "defaults", "display_skipped_hosts", ["false", "true"]),
    ("ANSIBLE_DISPLAY_OK_HOSTS", "defaults", "display_ok_hosts", ["false", "true"]),
    ("ANSIBLE_DISPLAY_FAILED_STDERR", "defaults", "display_failed_stderr", ["true", "false"]),
    ("ANSIBLE_SHOW_CUSTOM_STATS", "defaults", "show_custom_stats", ["true", "false"]),
    ("ANSIBLE_SHOW_PER_HOST_START", "defaults", "show_per_host_start", ["true"]),
    ("ANSIBLE_SHOW_TASK_PATH_ON_FAILURE", "defaults", "show_task_path_on_failure", ["true"]),
    ("ANSIBLE_CHECK_MODE_MARKERS", "defaults", "check_mode_markers", ["true"]),
    ("ANSIBLE_CALLBACK_RESULT_FORMAT", "defaults", "callback_result_format", ["yaml", "yaml", "json"]),
    ("ANSIBLE_CALLBACK_FORMAT_PRETTY", "defaults", "callback_format_pretty", ["true", "false"]),
    ("ANSIBLE_DISPLAY_ARGS_TO_STDOUT", "defaults", "display_args_to_stdout", ["true"]),
    ("ANSIBLE_DEPRECATION_WARNINGS", "defaults", "deprecation_warnings", ["false", "true"]),
    ("ANSIBLE_SYSTEM_WARNINGS", "defaults", "system_warnings", ["false", "true"]),
    ("ANSIBLE_LOCALHOST_WARNING", "defaults", "localhost_warning", ["false", "true"]),
    ("ANSIBLE_RETRY_FILES_ENABLED", "defaults", "retry_files_enabled", ["true"]),
    ("ANSIBLE_VERBOSE_TO_STDERR", "defaults", "verbose_to_stderr", ["true"]),
    ("ANSIBLE_DIFF_ALWAYS", "diff", "always", ["true"]),
    ("ANSIBLE_SHOW_CUSTOM_STATS", "defaults", "show_custom_stats", ["yes"]),
]
# Stdout callbacks 2.19 core ships (tree is a notification callback; as stdout it prints nothing of
# the run), and names it cannot load (an error before the run).
STDOUT = ["default", "default", "default", "minimal", "minimal", "oneline", "oneline", "ansible.builtin.minimal", "tree", "yaml"]
ENABLED = ["tree", "junit", "minimal", "nope", "ansible.builtin.tree", "junit,tree"]

# Values the seed-20000 stream prints: strings that YAML would read as other types, typed values,
# nested and empty collections, long strings (folding) and non-ASCII.
SPECIAL = {
    'scalars': {'yes': 'yes', 'no': 'No', 'null': 'null', 'tilde': '~', 'octal': '0o10', 'exp': '1e3', 'date': '2024-01-02',
                'time': '12:30:45', 'colon': 'a: b', 'hash': '# not a comment', 'dash': '- item', 'star': '*x', 'empty': '',
                'space': ' lead and trail ', 'quote': "it's \"q\"", 'uni': 'ünï ✓ 日本語 😀', 'ctrl': 'tab\tand\u2028sep',
                'crlf': 'a\r\nb', 'trail_nl': 'two\n\n', 'zero': '007', 'inf': '.inf', 'bool_key': 'true'},
    'typed': {'int': 8, 'float': 1000.0, 'neg': -0.5, 'true': True, 'none': None, 'date': datetime.date(2024, 1, 2), 'big': 12345678901234567890},
    'nested': [[1, [2, [3, []]]], {}, [], {'a': {}, 'b': [{}], 'c': {'d': [None, '']}}, [[]], 'end'],
    'long': {'words': ' '.join(['word%d' % i for i in range(40)]), 'nospace': 'x' * 130, 'uni': 'ünï ' * 30, 'lines': 'l1\n' * 5},
    1: 'int key', 'yes': 'yes key', 'null': None,
}

# What the seed-22200 stream's library module `shaped` returns (SHAPED is its source).
SHAPES = ['warnings', 'deprecations', 'exception', 'msglist', 'ansi', 'long', 'facts', 'diff', 'stderr', 'nested', 'rc', 'empty']
SHAPED = r'''#!/usr/bin/python
from ansible.module_utils.basic import AnsibleModule
m = AnsibleModule(argument_spec=dict(kind=dict(type='str', required=True), fail=dict(type='bool', default=False)),
                  supports_check_mode=True)
k = m.params['kind']
res = dict(changed=k in ('diff', 'facts', 'rc'))
if k == 'warnings':
    m.warn('module warning ü')
    res['warnings'] = ['passed warning', 'second \x1b[31mred\x1b[0m']
elif k == 'deprecations':
    m.deprecate('old option', version='2.99', collection_name='ansible.builtin')
    res['deprecations'] = [{'msg': 'a dict one', 'version': '3.0'}]
elif k == 'exception':
    res['exception'] = 'Traceback (most recent call last):\n  File "x.py", line 1\nValueError: bad ü\n'
elif k == 'msglist':
    res['msg'] = ['first', 'second ü', {'k': 'v'}]
elif k == 'ansi':
    res['stdout'] = '\x1b[31mred\x1b[0m\nplain\x07bell'
    res['stdout_lines'] = res['stdout'].splitlines()
elif k == 'long':
    res['msg'] = ' '.join('w%d' % i for i in range(400))
    res['line'] = 'z' * 2100
elif k == 'facts':
    res['ansible_facts'] = {'shaped_fact': {'a': [1, 2], 'b': 'ü'}, 'discovered_interpreter_python': '/usr/bin/python3'}
elif k == 'diff':
    res['diff'] = [{'before': 'one\ntwo\n', 'after': 'one\nthree\n', 'before_header': 'b.txt', 'after_header': 'a.txt'},
                   {'prepared': 'prepared text ü'}]
elif k == 'stderr':
    res.update(stdout='out line', stderr='err line\nsecond', stdout_lines=['out line'], stderr_lines=['err line', 'second'], rc=1)
elif k == 'nested':
    res['data'] = {'list': [[], {}, [None, True, 1.5]], 'ü': {'deep': {'deeper': 'yes'}}}
elif k == 'rc':
    res.update(rc=0, stdout='', stderr='')
if m.params['fail']:
    m.fail_json(msg='shaped failed: ' + k, **{x: y for x, y in res.items() if x != 'msg'})
m.exit_json(**res)
'''
# Variables the seed-22200 stream reads: tagged (!unsafe) values, None and empty values.
SHAPED_VARS = """tagged: !unsafe '{{ not templated }}'
tagged_list: [!unsafe '{% raw %}', plain]
none_v: null
empty_s: ''
"""

class G:
    def __init__(self, seed):
        self.r = random.Random(seed)
        # Seeds from 14000 on draw the additions from a second stream: a lower seed gives the case it always gave.
        self.r2 = random.Random(seed * 7919 + 3) if seed >= 14000 else None
        self.r3 = random.Random(seed * 15485863 + 11) if seed >= 20000 else None
        self.r4 = random.Random(seed * 104729 + 17) if seed >= 22200 else None
        self.r5 = random.Random(seed * 1299709 + 23) if seed >= 23100 else None
        self.r6 = random.Random(seed * 15485867 + 29) if seed >= 24000 else None
        self.handlers = set()
        self.files = {}
        self.regs = []

    def pick(self, xs):
        return self.r.choice(xs)

    def chance(self, p):
        return self.r.random() < p

    def name(self, base):
        if not self.chance(0.8):
            return None
        return self.pick([base, base + " {{ n }}", base + " ✓ ünï", base + " {{ inventory_hostname | upper }}",
                          "{{ s }} " + base, base + " {{ undefined_in_name }}"])

    def task(self, depth=0):
        k = self.r.randrange(36)
        if self.r6 is not None and self.r6.random() < 0.45:
            t = gen_output_daily.everyday_task(self.r6, depth)
            if 'name' in t or 'block' in t:
                return t
            nm = self.name(next(iter(t)))
            return dict([('name', nm)] + list(t.items())) if nm else t
        if self.r2 is not None and self.r2.random() < 0.3:
            t = self.file_task()
            nm = self.name(next(iter(t)))
            return dict([('name', nm)] + list(t.items())) if nm else t
        if self.r4 is not None and self.r4.random() < 0.35:
            t = self.shaped_task()
            if 'name' in t:
                return t
            nm = self.name(next(iter(t)))
            return dict([('name', nm)] + list(t.items())) if nm else t
        if self.r5 is not None and self.r5.random() < 0.4:
            t = self.looped_task()
            if 'name' in t:
                return t
            nm = self.name(next(iter(t)))
            return dict([('name', nm)] + list(t.items())) if nm else t
        if self.r3 is not None and self.r3.random() < 0.3:
            t = self.special_task()
            nm = self.name(next(iter(t)))
            return dict([('name', nm)] + list(t.items())) if nm else t
        t = {}
        if k == 0:
            t['debug'] = {'msg': self.pick(TEXTS)}
        elif k == 1:
            t['debug'] = {'var': self.pick(['s', 'ml', 'uni', 'd', 'n', 'nope'] + self.regs)}
        elif k == 2:
            t['command'] = self.pick(['echo hello', 'printf "a\\nb\\n"', "echo 'ünï ✓'"])
            if self.chance(0.3):
                t['changed_when'] = False
        elif k == 3:
            t['command'] = self.pick(["sh -c 'echo out; echo err >&2; exit 1'", 'false', 'ls /nonexistent-dir'])
            t['ignore_errors'] = self.chance(0.6)
        elif k == 4:
            t['debug'] = {'msg': 'never'}
            t['when'] = self.pick(['false', 'n == 1', 'n != 1'])
        elif k == 5:
            t['command'] = "sh -c 'exit {{ item }}'"
            t['loop'] = [0, 1, 2]
            t['when'] = 'item != 2'
            t['ignore_errors'] = self.chance(0.7)
        elif k == 6:
            t['debug'] = {'msg': '{{ item }}'}
            t['loop'] = self.pick([['a', 'ü', 'c'], "{{ d | dict2items }}", [1, 2, 3]])
            if self.chance(0.5):
                t['when'] = self.pick(["item != 'ü'", 'item != 2', 'false'])
            if self.chance(0.3):
                t['loop_control'] = {'label': '{{ item }}!'}
        elif k == 7:
            if self.chance(0.5):
                t['command'] = 'echo secret'
            else:
                t['debug'] = {'msg': 'secret'}
            t['no_log'] = True
            if self.chance(0.4):
                t['loop'] = [1, 2]
        elif k == 8 and depth < 1:
            blk = {'block': [self.task(1) for _ in range(self.r.randint(1, 2))] + [{'name': 'boom', 'command': 'false'}]}
            if self.chance(0.8):
                blk['rescue'] = [self.task(1)]
            if self.chance(0.5):
                blk['always'] = [self.task(1)]
            return blk
        elif k == 9:
            h = self.pick(['hand a', 'hand ü'])
            t['command'] = 'echo notify'
            t['notify'] = h
            self.handlers.add(h)
        elif k == 10 and depth < 1:
            fname = 'inc%d.yml' % len(self.files)
            self.files[fname] = [self.task(1) for _ in range(self.r.randint(1, 2))]
            t['include_tasks'] = fname
            if self.chance(0.3):
                t['loop'] = [1, 2]
        elif k == 11:
            t['set_stats'] = {'data': self.pick([{'count': 1}, {'names': ['a', '{{ inventory_hostname }}']}, {'m': {'x': 'ü'}}])}
            if self.chance(0.4):
                t['set_stats']['per_host'] = True
            if self.chance(0.3):
                t['set_stats']['aggregate'] = False
        elif k == 12:
            t['assert'] = {'that': [self.pick(['n == 1', 'n > 0', "s == 'x'"])]}
            if self.chance(0.5):
                t['assert']['fail_msg'] = 'bad {{ n }} ✗'
            t['ignore_errors'] = self.chance(0.5)
        elif k == 13:
            t['fail'] = {'msg': self.pick(['failing', 'multi\nline failure', 'ünï fail'])}
            t['when'] = self.pick(['n == 2', 'true'])
            t['ignore_errors'] = self.chance(0.5)
        elif k == 14:
            t['copy'] = {'content': self.pick(['a\nb\n', 'ünï\n', '{{ n }}\n']), 'dest': OUT + '/{{ inventory_hostname }}-c.txt'}
        elif k == 15:
            t['debug'] = {'msg': 'verbose {{ n }}', 'verbosity': self.pick([1, 2])}
        elif k == 16:
            reg = 'r%d' % len(self.regs)
            t['command'] = self.pick(['echo reg', "sh -c 'echo x; exit 2'"])
            t['register'] = reg
            t['ignore_errors'] = True
            self.regs.append(reg)
        elif k == 17:
            t['debug'] = {'msg': ['list', 'of ünï', {'k': 'multi\nline'}]}
        elif k == 18:
            t['command'] = 'echo {{ item }}'
            t['loop'] = ['x', 'y']
            t['changed_when'] = "item == 'y'"
        elif k == 19:
            t['debug'] = {'msg': 'when with braces'}
            t['when'] = '{{ n == 1 }}'
        elif k == 20:
            t['set_fact'] = {'f1': '{{ s }}'}
        elif k == 21:
            t['file'] = {'path': OUT + '/{{ inventory_hostname }}-d', 'state': self.pick(['directory', 'absent'])}
        elif k == 22:
            t['debug'] = {'msg': '{{ missing_var }}'}
            t['ignore_errors'] = self.chance(0.6)
        elif k == 23:
            t['command'] = 'echo {{ item }}'
            t['loop'] = [1, 2]
            t['no_log'] = True
            t['ignore_errors'] = True
            t['failed_when'] = 'item == 2'
        elif k == 24:
            t['meta'] = self.pick(['noop', 'flush_handlers'])
        elif k == 25:
            t['command'] = 'echo check'
            t['check_mode'] = self.pick([True, False])
        elif k == 26:
            t['debug'] = {'msg': 'run once'}
            t['run_once'] = True
        elif k == 27:
            t['ping'] = {}
        elif k == 28:
            t['command'] = 'echo try'
            t['register'] = 'u'
            t['until'] = "u.stdout == 'never'"
            t['retries'] = 1
            t['delay'] = 0
            t['ignore_errors'] = True
        elif k == 30:
            t['command'] = 'echo {{ item }}'
            t['async'] = 5
            t['poll'] = self.pick([1, 0])
            if self.chance(0.5):
                t['loop'] = [1, 2]
        elif k == 31:
            t = {'command': 'echo delegated'} if self.chance(0.5) else {'debug': {'msg': 'delegated {{ inventory_hostname }}'}}
            t['delegate_to'] = self.pick(['localhost', 'h1'])
        elif k == 32:
            t['copy'] = {'content': '{{ inventory_hostname }} {{ s }}\n', 'dest': OUT + '/shared-{{ inventory_hostname }}.txt'}
            if self.chance(0.5):
                t['diff'] = True
        elif k == 33:
            t['assert'] = {'that': ['n > 0'], 'quiet': self.chance(0.5), 'success_msg': 'fine ✓'}
            if self.chance(0.4):
                t['loop'] = [1, 2]
        elif k == 34:
            t['debug'] = {'msg': '{{ item.k }}'}
            t['loop'] = [{'k': 'a', 'secret': 'x'}, {'k': 'ü', 'secret': 'y'}]
            t['loop_control'] = {'label': '{{ item.k }}'}
            if self.chance(0.5):
                t['no_log'] = True
        else:
            t['debug'] = {'msg': '{{ d }}'}
        nm = self.name(next(iter(t)))
        return dict([('name', nm)] + list(t.items())) if nm else t

    def file_task(self):
        """Tasks whose --diff and --check output 2.19 shows: template, copy, lineinfile and file
        state changes, and results with unicode and multi-line text for the yaml format."""
        r = self.r2
        k = r.randrange(8)
        dest = OUT + '/{{ inventory_hostname }}-' + r.choice(['a', 'b']) + '.txt'
        if k == 0:
            return {'template': {'src': 't.j2', 'dest': dest}}
        if k == 1:
            return {'copy': {'content': r.choice(['ünï ✓\nline\n', 'one\ntwo\n', '{{ ml }}', 'no newline']), 'dest': dest}}
        if k == 2:
            t = {'lineinfile': {'path': dest, 'line': r.choice(['added ✓', 'line', 'x = {{ n }}']), 'create': True}}
            if r.random() < 0.4:
                t['lineinfile']['regexp'] = '^line'
            if r.random() < 0.2:
                t['lineinfile']['state'] = 'absent'
            return t
        if k == 3:
            path = OUT + '/{{ inventory_hostname }}-' + r.choice(['d', 'f', 'a.txt'])
            t = {'file': {'path': path, 'state': r.choice(['directory', 'touch', 'absent', 'file'])}}
            if r.random() < 0.3:
                t['file']['mode'] = r.choice(['0600', 'u=rwx,go=rx', '0644'])
            return t
        if k == 4:
            return {'file': {'src': OUT, 'dest': OUT + '/{{ inventory_hostname }}-link', 'state': 'link'}}
        if k == 5:
            t = {'command': r.choice(["printf 'ünï ✓\\nsecond line\\n'", "printf 'a: b\\n- c\\n'", 'echo "tab\there"'])}
            if r.random() < 0.5:
                t['register'] = 'out'
            return t
        if k == 6:
            t = {'debug': {'msg': '{{ item }}'}, 'loop': ['ü', 'skip me', 'multi\nline'], 'when': "item != 'skip me'"}
            if r.random() < 0.4:
                t['loop_control'] = {'label': '{{ item | upper }}'}
            return t
        return {'set_stats': {'data': {r.choice(['uni', 'lines']): r.choice(['ünï ✓', 'a\nb', ['x', 'ü']])}, 'per_host': r.random() < 0.5}}

    def special_task(self):
        """Results holding what the yaml result format has to quote, fold or escape (seed-20000 stream)."""
        r = self.r3
        k = r.randrange(9)
        if k == 0:
            return {'debug': {'var': r.choice(['special', 'special.scalars', 'special.nested', 'special.long', 'special.typed'])}}
        if k == 1:
            return {'debug': {'msg': '{{ special.scalars | dict2items | map(attribute="value") | list }}'}}
        if k == 2:
            return {'command': 'printf "%s"' % r.choice(['yes\\nnull\\n~\\n', '0o10 1e3 2024-01-02', '- a\\n  - b\\n', 'x' * 150, 'ünï ✓\\n\\n  indented\\n'])}
        if k == 3:
            return {'set_fact': {r.choice(['sf', 'yes', 'null_v']): r.choice(['{{ special.nested }}', 'null', '~', 'yes', '0o10', '{{ {} }}', '{{ [] }}'])}}
        if k == 4:
            return {'debug': {'msg': '{{ item }}'}, 'loop': r.choice(['{{ special.scalars | dict2items }}', '{{ special.nested }}', [{}, [], '', None]]),
                    'when': r.choice(['true', 'item is not none', 'item != {}'])}
        if k == 5:
            return {'assert': {'that': ['special.typed.int == 8'], 'fail_msg': '{{ special.long.words }}', 'success_msg': '{{ special.scalars }}'}, 'ignore_errors': True}
        if k == 6:
            return {'fail': {'msg': r.choice(['{{ special.nested }}', '{{ special.long.nospace }}', 'yes', 'null'])}, 'ignore_errors': r.random() < 0.7}
        if k == 7:
            return {'copy': {'content': '{{ special.long.words }}\n{{ special.scalars.date }}\n', 'dest': OUT + '/{{ inventory_hostname }}-special.txt'}, 'diff': True}
        return {'debug': {'msg': r.choice(['{{ special.typed }}', '{{ special.typed.date }}', '{{ special.typed | to_nice_yaml }}', '{{ special | to_json }}'])}}

    def shaped_task(self):
        """Results of every shape a module gives (warnings, deprecations, exception, msg lists, ANSI,
        binary and very long output, ansible_facts, a module's own diff), debug var= of what is
        undefined, tagged !unsafe or omit, and looped registers read by templated keys (seed-22200 stream)."""
        r = self.r4
        k = r.randrange(12)
        if k == 0:
            t = {'shaped': {'kind': r.choice(SHAPES)}}
            if r.random() < 0.3:
                t['shaped']['fail'] = True
                t['ignore_errors'] = r.random() < 0.7
            if r.random() < 0.25:
                t['loop'] = r.sample(SHAPES, 2)
                t['shaped']['kind'] = '{{ item }}'
            if r.random() < 0.2:
                t['no_log'] = True
            return t
        if k == 1:
            return {'command': r.choice(["printf '\\033[31mred\\033[0m and \\033[1;32mbold\\033[0m\\n'", "printf 'bin\\377\\376 \\001\\002 end\\n'",
                                         "printf 'cr\\rover\\n\\tTab\\n'", "python3 -c \"print('w' * 3000)\"",
                                         "python3 -c \"print(' '.join(str(i) for i in range(900)))\"", "sh -c 'printf \"err \\033[33my\\033[0m\" >&2; exit 3'"]),
                    'ignore_errors': True}
        if k == 2:
            reg = 'lr%d' % len(self.regs)
            self.regs.append(reg)
            return {'name': 'loop reg', 'command': 'echo {{ item.k }}', 'loop': [{'k': 'a', 'v': [1, {'x': 'ü'}]}, {'k': 'b', 'v': []}],
                    'register': reg, 'changed_when': r.choice([False, "item.k == 'b'"])}
        if k == 3:
            reg = self.regs[-1] if self.regs and r.random() < 0.7 else 'lr_missing'
            return {'debug': {'var': r.choice([reg, reg + '.results', reg + '.results[0].item.v', reg + '.results | map(attribute="item") | list',
                                               reg + '.results[{{ 1 }}].stdout', "{{ '" + reg + "' }}", reg + "['results'][0]['item']['v'][1]",
                                               reg + '.results[9]', reg + '.stdout_lines'])}}
        if k == 4:
            return {'debug': {'var': r.choice(['undefined_thing', 'undefined_thing.x', 'd.missing', 'd.b[5]', 'omit', '{{ omit }}', 'tagged',
                                               'tagged_list', 'tagged.upper()', 'uni | length', 'hostvars[inventory_hostname].tagged',
                                               'none_v', 'empty_s', "{{ 'd' }}", 'd["a"]', 'item'])}}
        if k == 5:
            return {'debug': {'msg': r.choice([['one', '{{ n }}', {'k': '{{ tagged }}'}], '{{ tagged }}', '{{ tagged_list }}', '{{ omit }}',
                                               '{{ none_v }}', ['ünï', '', None, 3.5], '{{ "x" * 500 }}'])}}
        if k == 6:
            return {'file': {'path': OUT + '/{{ inventory_hostname }}-m', 'state': 'directory', 'mode': '0755'}, 'loop': [1, 2],
                    'check_mode': r.choice([True, False])}
        if k == 7:
            return {'copy': {'content': '{{ item }}\n', 'dest': OUT + '/{{ inventory_hostname }}-{{ item }}.txt'}, 'loop': ['p', 'q'],
                    'diff': r.choice([True, False])}
        if k == 8:
            return {'setup': {'gather_subset': ['!all', '!min'], 'filter': r.choice(['ansible_python*', 'ansible_system', 'nope'])}}
        if k == 9:
            return {'set_fact': {'made': '{{ tagged }}', 'cacheable': r.choice([True, False])}}
        if k == 10:
            return {'command': 'echo {{ item }}', 'loop': [1, 2, 3], 'when': 'item != 2', 'check_mode': True,
                    'register': 'cm', 'failed_when': r.choice([False, 'item == 3'])}
        return {'assert': {'that': r.choice([['tagged is string'], ['none_v is none', 'n is odd'], ['undefined_thing is defined']]),
                           'fail_msg': r.choice([['list', 'msg'], 'plain', '{{ tagged }}']), 'quiet': r.choice([True, False])}, 'ignore_errors': True}

    def looped_task(self):
        """Registered loops with loop_control (label, extended, index_var) printed back, items that
        skip or fail, set_stats that aggregate over tasks, debug msg of tagged values nested in
        lists and dicts, hostvars read whole and in parts, and the diffs of blockinfile, replace,
        lineinfile and copy (seed-23100 stream)."""
        r = self.r5
        k = r.randrange(10)
        if k == 0:
            reg = 'xr%d' % len(self.regs)
            self.regs.append(reg)
            lc = {}
            if r.random() < 0.6:
                lc['label'] = r.choice(['{{ item.k }}', '{{ item.k | upper }} ✓', '{{ item }}', '', '{{ item.v }}'])
            if r.random() < 0.6:
                lc['extended'] = True
                if r.random() < 0.5:
                    lc['extended_allitems'] = False
            if r.random() < 0.4:
                lc['index_var'] = 'ix'
            t = {r.choice(['command', 'debug']): None, 'loop': [{'k': 'a', 'v': 'ü\nline'}, {'k': 'b', 'v': ''}, {'k': 'c', 'v': [1]}],
                 'register': reg, 'loop_control': lc}
            if 'command' in t:
                t['command'] = 'echo {{ item.k }}'
            else:
                t['debug'] = {'msg': '{{ item.k }} {{ ix | default("-") }} {{ ansible_loop.index | default("-") }}'}
            if r.random() < 0.4:
                t['when'] = "item.k != 'b'"
            if r.random() < 0.3:
                t['failed_when'] = "item.k == 'c'"
                t['ignore_errors'] = True
            return t
        if k == 1:
            reg = self.regs[-1] if self.regs and r.random() < 0.8 else 'xr_none'
            return {'debug': {'var': r.choice([reg, reg + '.results | map(attribute="ansible_loop") | list', reg + '.results[0]',
                                               reg + '.results | map(attribute="_ansible_item_label") | list', reg + '.results | map(attribute="skipped", default=False) | list',
                                               reg + '.results | selectattr("failed", "defined") | map(attribute="item.k") | list'])}}
        if k == 2:
            t = {'set_stats': {'data': r.choice([{'total': 1}, {'total': '{{ n }}'}, {'lst': ['{{ inventory_hostname }}']}, {'m': {'h': '{{ inventory_hostname }}'}},
                                                 {'s': 'ünï'}, {'total': [1]}])}}
            if r.random() < 0.5:
                t['set_stats']['per_host'] = r.choice([True, False])
            if r.random() < 0.5:
                t['set_stats']['aggregate'] = r.choice([True, False])
            return t
        if k == 3:
            return {'debug': {'msg': r.choice([{'a': ['{{ tagged }}', {'b': '{{ tagged_list }}'}]}, ['{{ tagged_list }}', ['{{ tagged }}']],
                                               '{{ {"k": tagged, "l": tagged_list} }}', '{{ [tagged, none_v, empty_s] }}',
                                               '{{ tagged_list | map("upper") | list }}', {'ü': {'deep': '{{ tagged }}', 'n': '{{ n }}'}}])}}
        if k == 4:
            return {'debug': {'msg': r.choice(['{{ hostvars | dict2items | map(attribute="key") | list }}', '{{ hostvars[inventory_hostname].d }}',
                                               '{{ hostvars[inventory_hostname] | type_debug }}', "{{ hostvars['h2'].n | default('none') }}",
                                               "{{ hostvars[inventory_hostname].keys() | select('match', '^(n|s|uni|d|tagged)$') | sort }}",
                                               "{{ groups.all | map('extract', hostvars, 'n') | list }}", '{{ hostvars.h1.tagged | default("-") }}'])}}
        if k == 5:
            return {'debug': {'var': r.choice(['hostvars[inventory_hostname].d', "hostvars['h1']['uni']", 'hostvars.h2.tagged_list', 'hostvars.nohost'])}}
        if k == 6:
            return {'blockinfile': {'path': OUT + '/{{ inventory_hostname }}-blk.txt', 'create': True,
                                    'block': r.choice(['one\nünï ✓', 'x = {{ n }}', '']), 'marker': r.choice(['# {mark} MANAGED', '<!-- {mark} -->'])},
                    'diff': r.choice([True, False])}
        if k == 7:
            return {'replace': {'path': OUT + '/{{ inventory_hostname }}-blk.txt', 'regexp': r.choice(['one', 'x = (\\d)', 'nothing']),
                                'replace': r.choice(['ONE', 'y = \\1', 'ü'])}, 'diff': True, 'ignore_errors': True}
        if k == 8:
            return {'lineinfile': {'path': OUT + '/{{ inventory_hostname }}-{{ item }}.txt', 'line': 'l {{ item }}', 'create': True},
                    'loop': ['u', 'v'], 'loop_control': {'label': r.choice(['{{ item }}', 'file {{ item }}'])}, 'diff': r.choice([True, False])}
        return {'debug': {'msg': '{{ item }}'}, 'loop': [1, 2, 3, 4], 'when': r.choice(['item > 2', 'false', 'item is odd']),
                'loop_control': {'label': 'L{{ item }}', 'extended': r.choice([True, False])}}

    def play(self, hosts):
        p = {'name': self.pick(['play', 'pläy ✓', 'play {{ "templated" }}']), 'hosts': hosts, 'gather_facts': False}
        if self.chance(0.15):
            p['ignore_unreachable'] = True
        # NOTE: no free strategy: 2.19 applies its results after each pass, as timing has it (strategies guide)
        if self.chance(0.1):
            p['serial'] = 1
        p['vars'] = {'s': 'Hello', 'ml': 'first\nsecond\n', 'uni': 'ünïcödé ✓ 日本', 'd': {'a': 1, 'b': [1, 'x']}}
        if self.r3 is not None:
            p['vars']['special'] = SPECIAL
        if self.r4 is not None:
            p['vars_files'] = ['shaped_vars.yml']
        if self.r6 is not None:
            p['vars'].update(gen_output_daily.PLAY_VARS)
            if self.r6.random() < 0.25:
                p['roles'] = [self.r6.choice(['web', {'role': 'web', 'vars': {'web_port': 81}}])]
        p['tasks'] = [self.task() for _ in range(self.r.randint(3, 8))]
        if self.handlers:
            p['handlers'] = [{'name': h, 'debug': {'msg': 'handled ' + h}} for h in sorted(self.handlers)]
            self.handlers = set()
        return p


def main(seed, out):
    g = G(seed)
    r = g.r
    os.makedirs(out, exist_ok=True)
    inv = ["[local]", "h1 n=1 " + LOCAL, "h2 n=2 " + LOCAL]
    if r.random() < 0.3 or (g.r3 is not None and g.r3.random() < 0.3):
        inv += ["[far]", GHOST]
    hosts = 'all'
    if r.random() < 0.05:
        inv, hosts = [], 'localhost'  # no hosts: the localhost warnings
    plays = [g.play(hosts)]
    if r.random() < 0.2:
        plays.append(g.play(hosts))
    with open(os.path.join(out, 'playbook.yml'), 'w') as f:
        yaml.safe_dump(plays, f, sort_keys=False, width=1000, allow_unicode=True)
    for name, tasks in g.files.items():
        with open(os.path.join(out, name), 'w') as f:
            yaml.safe_dump(tasks, f, sort_keys=False, width=1000, allow_unicode=True)
    with open(os.path.join(out, 'inventory'), 'w') as f:
        f.write('\n'.join(inv) + '\n')
    env, cfg = {}, {}

    def setting(envname, section, key, value):
        if r.random() < 0.5:
            env[envname] = value
        else:
            cfg.setdefault(section, {})[key] = value
    for envname, section, key, values in r.sample(SETTINGS, r.randint(1, 6)):
        setting(envname, section, key, r.choice(values))
    if g.r3 is not None and g.r3.random() < 0.45:
        # minimal and oneline over the same results, or the yaml format at -v (seed-20000 stream)
        setting('ANSIBLE_STDOUT_CALLBACK', 'defaults', 'stdout_callback', g.r3.choice(['minimal', 'oneline', 'ansible.builtin.oneline']))
    elif g.r3 is not None and g.r3.random() < 0.5:
        setting('ANSIBLE_CALLBACK_RESULT_FORMAT', 'defaults', 'callback_result_format', 'yaml')
        env.setdefault('ANSIBLE_SHOW_PER_HOST_START', g.r3.choice(['true', 'false']))
    elif r.random() < 0.45:
        setting('ANSIBLE_STDOUT_CALLBACK', 'defaults', 'stdout_callback', r.choice(STDOUT))
    if r.random() < 0.15:
        setting('ANSIBLE_CALLBACKS_ENABLED', 'defaults', 'callbacks_enabled', r.choice(ENABLED))
    if 'tree' in str(env) + str(cfg):
        env['ANSIBLE_CALLBACK_TREE_DIR'] = OUT + '/tree'
    if 'junit' in str(env) + str(cfg):
        env['JUNIT_OUTPUT_DIR'] = OUT + '/junit'
    if r.random() < 0.2:
        env['ANSIBLE_FORCE_COLOR'] = '1'  # run.py tells the oracle through ORACLE_FORCE_COLOR
    if env:
        with open(os.path.join(out, 'env'), 'w') as f:
            f.write(''.join('%s=%s\n' % kv for kv in env.items()))
    if cfg:
        with open(os.path.join(out, 'ansible.cfg'), 'w') as f:
            for section, kv in cfg.items():
                f.write('[%s]\n' % section + ''.join('%s = %s\n' % x for x in kv.items()))
    args = []
    x = r.random()
    if x < 0.3:
        args.append('-v')
    elif x < 0.45:
        args.append('-vv')
    if r.random() < 0.2:
        args.append('--check')
    if r.random() < 0.15:
        args.append('--diff')
    if g.r4 is not None:
        os.makedirs(os.path.join(out, 'library'), exist_ok=True)
        with open(os.path.join(out, 'library', 'shaped.py'), 'w') as f:
            f.write(SHAPED)
        with open(os.path.join(out, 'shaped_vars.yml'), 'w') as f:
            f.write(SHAPED_VARS)
    if g.r2 is not None:
        with open(os.path.join(out, 't.j2'), 'w') as f:
            f.write(g.r2.choice(['{{ inventory_hostname }} ✓\n{{ s }}\n', 'line one\n{% for i in [1, 2] %}item {{ i }}\n{% endfor %}', '{{ uni }}\n']))
        if g.r2.random() < 0.3:
            # -vvv: what 2.19 prints on the controller (the connection's own commands are normalized away by run.py)
            args = [a for a in args if not a.startswith('-v')] + [g.r2.choice(['-vvv', '-vvv', '-vvvv'])]
        if g.r2.random() < 0.25 and '--diff' not in args:
            args.append('--diff')
    if g.r3 is not None:
        if g.r3.random() < 0.6 and not any(a.startswith('-v') for a in args):
            args.append('-v')
        if g.r3.random() < 0.2:
            args.append('--check')
            env['ANSIBLE_CHECK_MODE_MARKERS'] = 'true'
        for name in ('ANSIBLE_DISPLAY_OK_HOSTS', 'ANSIBLE_SHOW_TASK_PATH_ON_FAILURE', 'ANSIBLE_DISPLAY_SKIPPED_HOSTS'):
            if g.r3.random() < 0.2:
                env[name] = g.r3.choice(['false', 'true'])
        if env:
            with open(os.path.join(out, 'env'), 'w') as f:
                f.write(''.join('%s=%s\n' % kv for kv in env.items()))
    if g.r4 is not None:
        r4 = g.r4
        # the default callback's settings in their combinations, colour, and -vvvv over local (seed-22200 stream)
        for envname, value in [('ANSIBLE_CALLBACK_RESULT_FORMAT', r4.choice(['yaml', 'json'])),
                               ('ANSIBLE_CALLBACK_FORMAT_PRETTY', r4.choice(['true', 'false'])),
                               ('ANSIBLE_DISPLAY_FAILED_STDERR', r4.choice(['true', 'false'])),
                               ('ANSIBLE_SHOW_PER_HOST_START', 'true'), ('ANSIBLE_SHOW_TASK_PATH_ON_FAILURE', 'true'),
                               ('ANSIBLE_CHECK_MODE_MARKERS', 'true'), ('ANSIBLE_FORCE_COLOR', '1'),
                               ('ANSIBLE_DISPLAY_ARGS_TO_STDOUT', 'true'), ('ANSIBLE_INJECT_FACT_VARS', r4.choice(['true', 'false']))]:
            if r4.random() < 0.3:
                env[envname] = value
        if r4.random() < 0.3:
            args = [a for a in args if not a.startswith('-v')] + [r4.choice(['-v', '-vv', '-vvvv'])]
        if r4.random() < 0.25 and '--diff' not in args:
            args.append('--diff')
        if r4.random() < 0.15 and '--check' not in args:
            args.append('--check')
        if env:
            with open(os.path.join(out, 'env'), 'w') as f:
                f.write(''.join('%s=%s\n' % kv for kv in env.items()))
    if g.r5 is not None:
        r5 = g.r5
        # loops with skipped items unshown, custom stats, the yaml format over long and unicode text (seed-23100 stream)
        for envname, value in [('ANSIBLE_DISPLAY_SKIPPED_HOSTS', 'false'), ('ANSIBLE_SHOW_CUSTOM_STATS', 'true'),
                               ('ANSIBLE_CALLBACK_RESULT_FORMAT', 'yaml'), ('ANSIBLE_DISPLAY_OK_HOSTS', r5.choice(['true', 'false'])),
                               ('ANSIBLE_FORCE_COLOR', '1')]:
            if r5.random() < 0.3:
                env[envname] = value
        if r5.random() < 0.3:
            args = [a for a in args if not a.startswith('-v')] + [r5.choice(['-v', '-vv', '-vvv', '-vvvv'])]
        if r5.random() < 0.3 and '--diff' not in args:
            args.append('--diff')
        if env:
            with open(os.path.join(out, 'env'), 'w') as f:
                f.write(''.join('%s=%s\n' % kv for kv in env.items()))
    if g.r6 is not None:
        gen_output_daily.write_role(out)
    with open(os.path.join(out, 'args'), 'w') as f:
        f.write('\n'.join(args))


if __name__ == '__main__':
    main(int(sys.argv[1]), sys.argv[2])
