"""gen_modargs.py's draws for seeds from 24100 on (their own random stream, so a lower seed gives the
case it always gave): modules called the way real roles call them. Looped lineinfile/blockinfile/
replace/file/copy over lists of dicts (loop_control label, a key an item lacks), a config file edited
then written again (the second run unchanged), handlers notified by changed module results, registered
loops read back (results selected by changed, failed, rc), changed_when/failed_when on rc and stdout,
until with retries over a command that succeeds late, shell with pipefail under bash, environment on a
command, find feeding a looped file removal, stat read by when, a release directory with a `current`
link, unarchive with creates, module_defaults on a block, FQCN and unnamed tasks, no_log on modules
that fail or loop, assert on module results (`is changed`, `is failed`) and include_vars options."""
import copy, os

# Where generated tasks write, as gen_modargs.py's OUT.
OUT = os.environ.get("DIFFERENTIAL_OUT", "/tmp/fuzz-out")

# The play's handlers, notified by the tasks below (a module result that changed).
HANDLERS = [
    {'name': 'reload app', 'debug': {'msg': 'reloading app'}},
    {'name': 'restart sshd', 'command': 'echo restarting sshd', 'changed_when': False},
    {'name': 'config handler', 'listen': 'config changed', 'debug': {'msg': 'config changed'}},
]
SSHD = "# sshd\\n#PermitRootLogin yes\\nPasswordAuthentication yes\\nPort 22\\n#UseDNS no\\nX11Forwarding yes\\n"
CONF_TEMPLATE = ('{{ ansible_managed | comment }}\n[main]\n{% for k, v in settings | dictsort %}\n{{ k }} = {{ v }}\n{% endfor %}\n'
                 '{% if extra is defined %}\nextra = {{ extra }}\n{% endif %}\n')


def fixtures():
    """A fixture task for the files these shapes edit: an sshd_config-like file and an app folder."""
    return {'name': 'role fixtures', 'check_mode': False, 'changed_when': False,
            'shell': "printf '%s' > %s/sshd_config && mkdir -p %s/app && printf 'a=1\\nb=2\\n' > %s/app/app.conf && rm -f %s/count"
                     % (SSHD, OUT, OUT, OUT, OUT)}


def files():
    """The case's extra controller files: a config template and a vars folder with other extensions."""
    return {'conf.j2': CONF_TEMPLATE, 'vars_dir/c.json': '{"vc": 3}\n', 'vars_dir/skip.yml': 'vs: 1\n',
            'vars_dir/d.yaml': 'vd: [x]\n', 'vars_dir/e.txt': 'not: vars\n'}


def task(g, r):
    """A few tasks in one of the shapes real roles use; g is gen_modargs's G (its task count names them)."""
    g.n += 1
    reg = 'q%d' % g.n
    shape = r.choice(SHAPES)
    tasks = shape(g, r, reg)
    # the FQCN of each module now and then, and now and then no name at all (the header shows the action)
    for t in tasks:
        mod = next((k for k in t if k in FQCN_ABLE), None)
        if mod and r.random() < 0.4:
            t['ansible.builtin.' + mod] = t.pop(mod)
        if mod and r.random() < 0.15 and 'name' in t and not t['name'].startswith('show'):
            del t['name']
    return tasks


FQCN_ABLE = {'lineinfile', 'blockinfile', 'replace', 'file', 'copy', 'template', 'command', 'shell', 'stat', 'find',
             'unarchive', 'include_vars', 'assert', 'set_fact', 'debug'}


def show(reg, expr=None):
    if expr is None:
        return {'name': 'show ' + reg, 'debug': {'var': reg}}
    return {'name': 'show ' + reg, 'debug': {'msg': expr}}


def sshd_lines(g, r, reg):
    """lineinfile over a list of {regexp, line}, as hardening roles edit sshd_config; run twice."""
    items = [{'regexp': '^#?PermitRootLogin', 'line': 'PermitRootLogin no'},
             {'regexp': '^PasswordAuthentication', 'line': 'PasswordAuthentication no'},
             {'regexp': '^#?UseDNS', 'line': 'UseDNS no'},
             {'regexp': '^Port\\s', 'line': r.choice(['Port 22', 'Port 2222'])},
             {'regexp': '^MaxAuthTries', 'line': 'MaxAuthTries 3'}]
    items = r.sample(items, r.randint(2, 5))
    if r.random() < 0.2:
        items.append({'line': 'Banner none'})                     # an item without the regexp key
    if r.random() < 0.15:
        items.append({'regexp': '^(Bad', 'line': 'Bad yes'})       # a broken regex among them
    t = {'name': 'harden sshd', 'lineinfile': {'path': OUT + '/sshd_config', 'regexp': "{{ item.regexp | default(omit) }}",
                                               'line': '{{ item.line }}', 'state': 'present'},
         'loop': items, 'register': reg, 'notify': 'restart sshd', 'ignore_errors': True}
    if r.random() < 0.5:
        t['loop_control'] = {'label': r.choice(['{{ item.line }}', '{{ item.regexp | default("none") }}', '{{ item }}'])}
    opts = {'backup': [True, False], 'validate': ['grep -q Port %s', 'test -s %s', 'false %s'], 'insertafter': ['^# sshd', 'EOF'],
            'create': [True, 'yes'], 'mode': ['0600', 'u=rw,go=']}
    for key, values in opts.items():
        if r.random() < 0.25:
            t['lineinfile'][key] = r.choice(values)
    again = dict(copy.deepcopy(t), name='harden sshd again', register=reg + 'b')
    return [t, show(reg, "{{ %s.results | map(attribute='changed') | list }}" % reg), again,
            show(reg + 'b', "{{ %s is changed }} {{ %s.results | selectattr('failed', 'defined') | selectattr('failed') | map(attribute='msg') | list }}" % (reg + 'b', reg + 'b'))]


def app_dirs(g, r, reg):
    """file over a list of folders with modes (one item's mode missing or wrong), then a link."""
    items = [{'path': OUT + '/app', 'mode': '0755'}, {'path': OUT + '/app/conf', 'mode': r.choice(['0750', 'u=rwx,g=rx', '750', 488])},
             {'path': OUT + '/app/logs', 'mode': r.choice(['0700', '02770', 'bogus'])}]
    if r.random() < 0.3:
        items.append({'path': OUT + '/app/data'})
    state = r.choice(['directory', 'directory', 'touch'])
    t = {'name': 'app folders', 'file': {'path': '{{ item.path }}', 'state': state, 'mode': "{{ item.mode | default('0700') }}"},
         'loop': items, 'register': reg, 'ignore_errors': True}
    if r.random() < 0.3:
        t['file']['mode'] = '{{ item.mode }}'                       # undefined for the item without one
    if r.random() < 0.5:
        t['loop_control'] = {'label': '{{ item.path | basename }}'}
    tasks = [t, show(reg, "{{ %s.results | map(attribute='mode', default='none') | list }}" % reg)]
    if r.random() < 0.6:
        rel = OUT + '/releases/' + r.choice(['1', '2'])
        tasks.append({'name': 'release folder', 'file': {'path': rel, 'state': 'directory'}, 'register': reg + 'r'})
        tasks.append({'name': 'current release', 'file': {'src': r.choice([rel, 'releases/1', OUT + '/releases/9']),
                                                          'dest': OUT + '/current', 'state': 'link',
                                                          'force': r.choice([True, False])},
                      'register': reg + 'c', 'ignore_errors': True, 'notify': 'reload app'})
        tasks.append(show(reg + 'c'))
    return tasks


def config_copy(g, r, reg):
    """copy of a templated content, written twice (unchanged the second time), a handler notified."""
    content = r.choice(['name={{ app_name }}\nport={{ app_port }}\n', '{{ settings | to_nice_yaml }}', '{{ settings | to_nice_json }}\n',
                        '{% for k in settings %}{{ k }}\n{% endfor %}'])
    args = {'content': content, 'dest': OUT + '/app/' + r.choice(['app.conf', 'new.conf', 'conf/x.conf']),
            'mode': r.choice(['0644', '0600', 'u=rw,g=r,o=', 644]), 'backup': r.choice([True, False])}
    if r.random() < 0.3:
        args['owner'] = r.choice(['root', 'nosuchuser'])
    if r.random() < 0.3:
        args['validate'] = r.choice(['grep -q . %s', 'false %s'])
    t = {'name': 'app config', 'copy': args, 'register': reg, 'notify': r.choice(['reload app', 'config changed', ['reload app', 'config changed']]),
         'ignore_errors': True, 'vars': {'app_name': 'demo', 'app_port': r.choice([8080, '8080', '{{ 4000 + 80 }}'])}}
    again = dict(copy.deepcopy(t), name='app config again', register=reg + 'b')
    return [t, show(reg), again, show(reg + 'b', "{{ [%s is changed, %s.checksum | default('none'), %s.backup_file is defined] }}" % (reg + 'b', reg + 'b', reg + 'b'))]


def config_template(g, r, reg):
    """template of a config from a dict (ansible_managed as a comment), written twice."""
    args = {'src': 'conf.j2', 'dest': OUT + '/app/' + r.choice(['app.conf', 'rendered.conf']),
            'mode': r.choice(['0640', '0644']), 'backup': r.choice([True, False])}
    if r.random() < 0.3:
        args['lstrip_blocks'] = True
    if r.random() < 0.3:
        args['validate'] = r.choice(['grep -q main %s', 'false %s'])
    t = {'name': 'render config', 'template': args, 'register': reg, 'notify': 'config changed', 'ignore_errors': True}
    if r.random() < 0.4:
        t['vars'] = {'extra': r.choice(['on', '{{ settings.b }}', '{{ undefined_thing }}'])}
    again = dict(copy.deepcopy(t), name='render config again', register=reg + 'b')
    return [t, show(reg), again, show(reg + 'b', "{{ %s is changed }}" % (reg + 'b'))]


def guarded_command(g, r, reg):
    """command/shell with changed_when/failed_when on rc and stdout, as roles check state."""
    cmd = r.choice([('command', 'grep -c Port %s/sshd_config' % OUT), ('command', 'grep -q NoSuch %s/sshd_config' % OUT),
                    ('shell', 'set -o pipefail && cat %s/sshd_config | grep -v "^#" | wc -l' % OUT),
                    ('shell', 'set -o pipefail; false | cat'), ('command', 'ls %s/nothere' % OUT)])
    t = {'name': 'check state', cmd[0]: cmd[1], 'register': reg}
    if 'pipefail' in cmd[1]:
        # (bash, as roles write it: the oracle chroot's dash knows pipefail, this machine's does not)
        t['args'] = {'executable': '/bin/bash'}
    t['changed_when'] = r.choice([False, '%s.rc == 0' % reg, "'1' in %s.stdout" % reg, ['%s.rc != 0' % reg, '%s.stdout != ""' % reg]])
    t['failed_when'] = r.choice(['%s.rc not in [0, 1]' % reg, '%s.rc > 1 or "error" in %s.stderr' % (reg, reg), False, '%s.stdout_lines | length > 3' % reg])
    if r.random() < 0.3:
        t['check_mode'] = False
    if r.random() < 0.3:
        t['environment'] = {'LC_ALL': 'C', 'APP_MODE': 'test'}
        t[cmd[0]] += ' && echo $APP_MODE' if cmd[0] == 'shell' else ''
    return [t, show(reg, "{{ [%s.rc, %s.stdout_lines, %s is changed, %s is failed] }}" % (reg, reg, reg, reg))]


def retried(g, r, reg):
    """until over a command that succeeds on its second or third try (a counter file), or never."""
    need = r.choice([2, 3, 9])
    t = {'name': 'wait until ready', 'shell': 'echo x >> %s/count; test $(wc -l < %s/count) -ge %d' % (OUT, OUT, need),
         'register': reg, 'until': r.choice(['%s.rc == 0' % reg, '%s is succeeded' % reg]), 'retries': r.choice([2, 3, '3']),
         'delay': 0, 'ignore_errors': True, 'check_mode': False}
    return [t, show(reg, "{{ [%s.attempts, %s.rc, %s is failed] }}" % (reg, reg, reg))]


def cleanup_found(g, r, reg):
    """find then a looped removal of what it found, labelled by path."""
    find = {'name': 'find old files', 'find': {'paths': OUT + r.choice(['/dir', '', '/app']), 'patterns': r.choice(['*.txt', '*.log', ['*.txt', '*.conf']]),
                                               'recurse': r.choice([True, False])}, 'register': reg}
    rm = {'name': 'remove them', 'file': {'path': '{{ item.path }}', 'state': 'absent'}, 'loop': '{{ %s.files }}' % reg,
          'loop_control': {'label': '{{ item.path | basename }}'}, 'register': reg + 'b'}
    if r.random() < 0.3:
        rm['when'] = "item.size < 5"
    return [find, show(reg, "{{ %s.matched }} {{ %s.files | map(attribute='path') | map('basename') | sort }}" % (reg, reg)), rm,
            show(reg + 'b', "{{ %s.results | map(attribute='path', default='skipped') | map('basename') | list }}" % (reg + 'b'))]


def stat_when(g, r, reg):
    """stat read by the next tasks' when (exists, isdir, mode), as roles guard their steps."""
    path = r.choice([OUT + '/sshd_config', OUT + '/app', OUT + '/missing', OUT + '/f.link'])
    # (no mime type or attributes: the oracle's chroot has neither file(1) nor lsattr)
    look = {'path': path, 'get_checksum': r.choice([True, False]), 'get_mime': False, 'get_attributes': False}
    return [{'name': 'look', 'stat': look, 'register': reg},
            {'name': 'when it exists', 'debug': {'msg': "{{ %s.stat.mode | default('?') }} {{ %s.stat.isdir | default('?') }}" % (reg, reg)},
             'when': r.choice(['%s.stat.exists' % reg, 'not %s.stat.exists' % reg, '%s.stat.isdir' % reg, '%s.stat.islnk is defined and %s.stat.islnk' % (reg, reg)])},
            {'name': 'create when missing', 'copy': {'content': 'made\n', 'dest': path if 'missing' in path else OUT + '/made.txt'},
             'when': 'not %s.stat.exists' % reg, 'register': reg + 'b', 'ignore_errors': True},
            show(reg + 'b')]


def unarchive_release(g, r, reg):
    """unarchive into a release folder, guarded by creates (the second run skipped)."""
    dest = OUT + '/rel'
    args = {'src': r.choice([OUT + '/t.tgz', 'local.tgz']), 'dest': dest, 'creates': dest + r.choice(['/a.txt', '/x', '/sub'])}
    args['remote_src'] = args['src'].startswith('/')
    return [{'name': 'release folder', 'file': {'path': dest, 'state': 'directory', 'mode': '0755'}},
            {'name': 'unpack', 'unarchive': args, 'register': reg, 'ignore_errors': True},
            {'name': 'unpack again', 'unarchive': dict(args), 'register': reg + 'b', 'ignore_errors': True},
            show(reg + 'b')]


def defaults_block(g, r, reg):
    """module_defaults on a block: the modes and a backup every file module there takes."""
    defaults = {'file': {'mode': r.choice(['0700', 'u=rwx'])}, 'copy': {'mode': '0600', 'backup': True}}
    if r.random() < 0.5:
        defaults = {'group/ansible.builtin.files' if r.random() < 0.3 else 'ansible.builtin.file': {'mode': '0711'},
                    'ansible.builtin.copy': {'mode': r.choice(['0640', 'x'])}}
    return [{'name': 'with defaults', 'module_defaults': defaults, 'block': [
        {'name': 'a folder', 'file': {'path': OUT + '/md', 'state': 'directory'}, 'register': reg},
        {'name': 'a file', 'copy': {'content': 'x\n', 'dest': OUT + '/md/x'}, 'register': reg + 'b', 'ignore_errors': True},
        {'name': 'its own mode', 'copy': {'content': 'y\n', 'dest': OUT + '/md/y', 'mode': '0644'}, 'register': reg + 'c'},
    ]}, show(reg, "{{ [%s.mode, %s.mode | default('failed'), %s.mode] }}" % (reg, reg + 'b', reg + 'c'))]


def secret(g, r, reg):
    """no_log on modules that hold a secret: ok, failed, changed, looped."""
    k = r.randrange(3)
    if k == 0:
        t = {'name': 'write secret', 'copy': {'content': 'password=Secret9\n', 'dest': r.choice([OUT + '/secret', OUT + '/missing/secret']),
                                                'mode': '0600'}}
    elif k == 1:
        t = {'name': 'check secret', 'command': r.choice(['echo Secret9', 'false Secret9'])}
    else:
        t = {'name': 'secrets', 'lineinfile': {'path': OUT + '/secrets', 'line': '{{ item }}', 'create': True},
             'loop': ['user=a', 'password=Secret9']}
    t.update(no_log=r.choice([True, True, 'yes', False]), register=reg, ignore_errors=True)
    return [t, show(reg)]


def block_edits(g, r, reg):
    """blockinfile and replace over lists, markers naming the item."""
    if r.random() < 0.5:
        t = {'name': 'managed blocks', 'blockinfile': {'path': OUT + '/app/app.conf', 'block': '{{ item.body }}',
                                                        'marker': '# {mark} ANSIBLE MANAGED BLOCK {{ item.name }}'},
             'loop': [{'name': 'one', 'body': 'x=1'}, {'name': 'two', 'body': 'y=2\nz=3'}, {'name': 'one', 'body': r.choice(['x=9', ''])}]}
    else:
        t = {'name': 'replace values', 'replace': {'path': OUT + '/app/app.conf', 'regexp': '^{{ item.key }}=.*$', 'replace': '{{ item.key }}={{ item.value }}'},
             'loop': "{{ {'a': 10, 'b': 2, 'c': 3} | dict2items }}"}
    t.update(register=reg, ignore_errors=True, notify='config changed')
    if r.random() < 0.5:
        t['loop_control'] = {'label': r.choice(['{{ item.name | default(item.key) }}', 'same'])}
    return [t, show(reg, "{{ %s.results | map(attribute='msg', default='') | list }}" % reg),
            {'name': 'read back', 'command': 'cat %s/app/app.conf' % OUT, 'register': reg + 'b', 'changed_when': False, 'check_mode': False},
            show(reg + 'b', '{{ %s.stdout_lines }}' % (reg + 'b'))]


def results_checked(g, r, reg):
    """assert and set_fact over registered module results, as roles check what they did."""
    t = {'name': 'touch some', 'file': {'path': OUT + '/{{ item }}', 'state': r.choice(['touch', 'absent', 'file'])},
         'loop': ['t1', 't2'], 'register': reg, 'ignore_errors': True}
    return [t,
            {'name': 'what changed', 'set_fact': {'changed_items': "{{ %s.results | selectattr('changed') | map(attribute='item') | list }}" % reg,
                                                  'failed_items': "{{ %s.results | selectattr('failed') | map(attribute='item') | list }}" % reg}},
            {'name': 'check results', 'assert': {'that': r.choice([['%s is changed' % reg], ['%s is not failed' % reg, 'changed_items | length == 2'],
                                                                   ['%s.results[0].state == "file"' % reg], ['%s is success' % reg]]),
                                                 'quiet': r.choice([True, False])}, 'ignore_errors': True},
            show('changed_items', '{{ changed_items }} {{ failed_items }}')]


def vars_loaded(g, r, reg):
    """include_vars of a folder with its filtering options, printed back."""
    args = {'dir': 'vars_dir'}
    for key, values in {'files_matching': ['^[a-c]', '.*\\.json$'], 'ignore_files': [['skip.yml'], 'skip.yml', ['x']],
                        'extensions': [['yml', 'json'], ['yaml'], ['txt'], 'json'], 'name': ['loaded'],
                        'depth': [0, 1], 'ignore_unknown_extensions': [True, False]}.items():
        if r.random() < 0.4:
            args[key] = r.choice(values)
    return [{'name': 'load vars', 'include_vars': args, 'register': reg, 'ignore_errors': True}, show(reg)]


SHAPES = [sshd_lines, app_dirs, config_copy, config_template, guarded_command, retried, cleanup_found, stat_when,
          unarchive_release, defaults_block, secret, block_edits, results_checked, vars_loaded]
