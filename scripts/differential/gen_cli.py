"""Writes one random command-line and configuration case for run.py: a small play set (2-3 plays,
tags on tasks, blocks, roles and includes, a role with handlers, an import_playbook, local hosts in
three groups) run under a random mix of ansible-playbook's options (--tags/--skip-tags, --limit,
the --list-* modes, --syntax-check, --start-at-task, -e in every form, --check, --diff, -v..-vvv,
--forks, --flush-cache, --force-handlers, more -i sources, --connection, --timeout, --become) and
the same settings through an ansible.cfg beside the playbook and ANSIBLE_* variables (the case's
`env` file), with now and then a bad value; seeded, so a seed always gives the same case. Seeds from
21300 on also draw [privilege_escalation]/[ssh_connection]/[colors] settings, ANSIBLE_CONFIG naming
another file, -e files holding a list, a vaulted vars file with --vault-id/--vault-password-file,
--list-tasks with roles and --tags, templates under --check --diff, the jsonfile fact cache and
meta: refresh_inventory. Seeds from 22000 on add gen_cli_more.py's draws (vault ids, --step,
roles under --list-*/--start-at-task, custom stats and other [defaults], retry files, more inventories)."""
import json, os, random, sys
from gen_cli_more import extend_more, write  # write: YAML that knows inline !vault values
# Where generated tasks write; run.py empties it before each engine runs.
OUT = os.environ.get("DIFFERENTIAL_OUT", "/tmp/fuzz-out")

LOCAL = "ansible_connection=local ansible_python_interpreter=/usr/bin/python3"
TAGS = ['a', 'b', 'c', 'always', 'never', 'slow', 'db_tag']
HANDLERS = ['restart web', 'reload db']
# Settings worth varying: (env name, ansible.cfg section, key, good values, bad values)
SETTINGS = [
    ('ANSIBLE_DISPLAY_SKIPPED_HOSTS', 'defaults', 'display_skipped_hosts', ['false', 'true', 'no'], ['maybe']),
    ('ANSIBLE_DISPLAY_OK_HOSTS', 'defaults', 'display_ok_hosts', ['false', 'true'], []),
    ('ANSIBLE_DISPLAY_ARGS_TO_STDOUT', 'defaults', 'display_args_to_stdout', ['true', 'false'], []),
    ('ANSIBLE_ANY_ERRORS_FATAL', 'defaults', 'any_errors_fatal', ['true', 'false'], []),
    ('ANSIBLE_FORCE_HANDLERS', 'defaults', 'force_handlers', ['true', 'yes', 'false'], []),
    ('ANSIBLE_HOST_KEY_CHECKING', 'defaults', 'host_key_checking', ['false', 'true'], []),
    ('ANSIBLE_RETRY_FILES_ENABLED', 'defaults', 'retry_files_enabled', ['true', 'false'], []),
    ('ANSIBLE_GATHERING', 'defaults', 'gathering', ['implicit', 'explicit', 'smart', 'explicit'], ['sometimes']),
    ('ANSIBLE_INVALID_TASK_ATTRIBUTE_FAILED', 'defaults', 'invalid_task_attribute_failed', ['false', 'true'], []),
    ('ANSIBLE_RUN_TAGS', 'tags', 'run', ['a', 'a,b', 'b', 'never', 'all', 'tagged'], []),
    ('ANSIBLE_SKIP_TAGS', 'tags', 'skip', ['b', 'a,c', 'always', 'untagged'], []),
    ('ANSIBLE_HASH_BEHAVIOUR', 'defaults', 'hash_behaviour', ['merge', 'replace'], ['deep']),
    ('ANSIBLE_STDOUT_CALLBACK', 'defaults', 'stdout_callback', ['minimal', 'oneline', 'default'], []),
    ('ANSIBLE_DEPRECATION_WARNINGS', 'defaults', 'deprecation_warnings', ['false', 'true'], []),
    ('ANSIBLE_SYSTEM_WARNINGS', 'defaults', 'system_warnings', ['false', 'true'], []),
    ('ANSIBLE_ERROR_ON_UNDEFINED_VARS', 'defaults', 'error_on_undefined_vars', ['false', 'true'], []),
    ('ANSIBLE_JINJA2_NATIVE', 'defaults', 'jinja2_native', ['false', 'true'], []),
    ('ANSIBLE_FORKS', 'defaults', 'forks', ['1', '3'], ['many', '0']),
    ('ANSIBLE_TIMEOUT', 'defaults', 'timeout', ['5', '30'], ['soon']),
    ('ANSIBLE_VERBOSITY', 'defaults', 'verbosity', ['1', '0'], []),
    ('ANSIBLE_DIFF_ALWAYS', 'diff', 'always', ['true'], []),
    ('ANSIBLE_LOCALHOST_WARNING', 'defaults', 'localhost_warning', ['false'], []),
    ('ANSIBLE_ERROR_ON_MISSING_HANDLER', 'defaults', 'error_on_missing_handler', ['false', 'true'], []),
    ('ANSIBLE_PRIVATE_ROLE_VARS', 'defaults', 'private_role_vars', ['true', 'false'], []),
    ('ANSIBLE_HOST_PATTERN_MISMATCH', 'inventory', 'host_pattern_mismatch', ['ignore', 'error', 'warning'], ['loud']),
    ('ANSIBLE_TRANSPORT', 'defaults', 'transport', ['local', 'ssh'], []),
    ('ANSIBLE_DUPLICATE_YAML_DICT_KEY', 'defaults', 'duplicate_dict_key', ['ignore', 'error'], []),
    ('ANSIBLE_CHECK_MODE_MARKERS', 'defaults', 'check_mode_markers', ['true'], []),
    ('ANSIBLE_SHOW_TASK_PATH_ON_FAILURE', 'defaults', 'show_task_path_on_failure', ['true'], []),
]
LIMITS = ['web', 'db', 'h1', 'web:!h2', 'web:&db', 'all:!db', '~h[12]', '~^h(1|3)$', 'h1,h3', 'h1:h4', 'nomatch',
          'app', 'web,db:!h1', '!h1', 'h*', 'db[0]', 'web[1:]', '@limit.txt']
START = ['first task', 'second task', 'role r1 task', 'r1 : role r1 task', 'no such task', '*second*', 'block child',
         'included task', 'handler-free task', 'other play task']


class G:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.n = 0

    def pick(self, xs):
        return self.r.choice(xs)

    def chance(self, p):
        return self.r.random() < p

    def tags(self):
        x = self.r.random()
        if x < 0.35:
            return None
        if x < 0.75:
            return self.pick(TAGS)
        return self.r.sample(TAGS, 2)

    def tagged(self, t):
        tg = self.tags()
        if tg is not None:
            t['tags'] = tg
        return t

    def task(self, depth=0):
        self.n += 1
        k = self.r.randrange(14)
        if k == 0 and depth == 0:
            blk = {'name': 'block child' if self.chance(0.5) else 'a block',
                   'block': [self.task(1) for _ in range(self.r.randint(1, 2))]}
            if self.chance(0.3):
                blk['rescue'] = [self.task(1)]
            if self.chance(0.3):
                blk['always'] = [self.task(1)]
            return self.tagged(blk)
        if k == 1 and depth == 0:
            t = {self.pick(['include_tasks', 'import_tasks']): 'inc.yml'}
            if 'include_tasks' in t and self.chance(0.3):
                t = {'include_tasks': {'file': 'inc.yml', 'apply': {'tags': [self.pick(TAGS)]}}}
            return self.tagged(t)
        if k == 2 and depth == 0:
            t = {self.pick(['include_role', 'import_role']): {'name': 'r1'}}
            return self.tagged(t)
        if k == 3:
            return self.tagged({'name': 'notify %d' % self.n, 'command': 'echo changed', 'notify': self.pick(HANDLERS + ['r1 handler'])})
        if k == 4:
            return self.tagged({'name': 'fail on h2', 'fail': {'msg': 'h2 fails'}, 'when': "inventory_hostname == 'h2'",
                                'ignore_errors': self.chance(0.4)})
        if k == 5:
            return self.tagged({'name': 'show d %d' % self.n, 'debug': {'var': 'd'}})
        if k == 6:
            return self.tagged({'name': 'show extra %d' % self.n, 'debug': {'msg': '{{ ev | default("no ev") }} {{ n }} {{ maybe }}'}})
        if k == 7:
            return self.tagged({'name': 'set a fact', 'set_fact': {'f': '{{ inventory_hostname }}-{{ x }}'}})
        if k == 8:
            return self.tagged({'name': 'skipped %d' % self.n, 'debug': {'msg': 'skip'}, 'when': 'x == 99'})
        if k == 9:
            return self.tagged({'name': 'write file %d' % self.n, 'copy': {'content': '{{ x }}\n', 'dest': OUT + '/{{ inventory_hostname }}-%d.txt' % self.n}})
        if k == 10:
            return self.tagged({'name': 'verbose %d' % self.n, 'debug': {'msg': 'v', 'verbosity': self.pick([1, 2])}})
        if k == 11:
            return self.tagged({'name': 'checked %d' % self.n, 'command': 'echo run', 'check_mode': self.pick([True, False]),
                                'changed_when': False})
        if k == 12 and self.chance(0.15):
            # an attribute no task has: INVALID_TASK_ATTRIBUTE_FAILED decides
            return {'name': 'bad attribute', 'debug': {'msg': 'x'}, 'bogus_keyword': 1}
        return self.tagged({'name': self.pick(['second task', 'handler-free task', 'plain %d' % self.n]), 'debug': {'msg': 'task %d on {{ inventory_hostname }}' % self.n}})

    def play(self, hosts, first=False):
        # NOTE: no facts but the setup module's own: the oneline and minimal callbacks print them all,
        # and the oracle's chroot is not this machine.
        p = {'name': self.pick(['play one', 'play two', 'pläy {{ "x" }}']), 'hosts': hosts, 'gather_subset': ['!all', '!min']}
        if self.chance(0.6):
            p['gather_facts'] = False
        elif self.chance(0.5):
            p['gather_facts'] = True
        tg = self.tags()
        if tg is not None and self.chance(0.4):
            p['tags'] = tg
        if self.chance(0.1):
            p['any_errors_fatal'] = True
        if self.chance(0.1):
            p['force_handlers'] = self.chance(0.5)
        p['vars'] = {'x': 1, 'd': {'a': 1, 'nested': {'p': 1}}}
        if self.chance(0.3):
            p['pre_tasks'] = [self.task()]
        if self.chance(0.5):
            role = {'role': 'r1'}
            tg = self.tags()
            if tg is not None:
                role['tags'] = tg
            p['roles'] = [role]
        tasks = [{'name': 'first task', 'debug': {'msg': 'first'}}] if first else []
        p['tasks'] = tasks + [self.task() for _ in range(self.r.randint(2, 6))]
        p['handlers'] = [self.tagged({'name': h, 'debug': {'msg': 'handled ' + h}}) for h in HANDLERS]
        return p


def main(seed, out):
    g = G(seed)
    r = g.r
    os.makedirs(out, exist_ok=True)
    inv = ['[web]', 'h1 n=1 ' + LOCAL, 'h2 n=2 ' + LOCAL, '[db]', 'h2', 'h3 n=3 ' + LOCAL, '[app]', 'h4 n=4 ' + LOCAL,
           '[all:vars]', 'maybe=inventory']
    write(os.path.join(out, 'inventory'), '\n'.join(inv) + '\n')
    hosts = [g.pick(['all', 'web', 'db', 'web:db', 'app', 'all:!app']) for _ in range(3)]
    plays = [g.play(hosts[0], first=True), g.play(hosts[1])]
    if g.chance(0.4):
        plays.append(g.play(hosts[2]))
    if g.chance(0.6):
        imp = {'import_playbook': 'other.yml'}
        if g.chance(0.3):
            imp['tags'] = g.pick(TAGS)
        plays.insert(r.randrange(len(plays) + 1), imp)
        write(os.path.join(out, 'other.yml'), [{'name': 'other play', 'hosts': g.pick(['db', 'all', 'h1']), 'gather_facts': False,
                                                 'tasks': [g.tagged({'name': 'other play task', 'debug': {'msg': 'other'}}), g.task(1)]}])
    write(os.path.join(out, 'playbook.yml'), plays)
    write(os.path.join(out, 'inc.yml'), [g.tagged({'name': 'included task', 'debug': {'msg': 'included'}}), g.task(1)])
    write(os.path.join(out, 'roles/r1/tasks/main.yml'), [g.tagged({'name': 'role r1 task', 'debug': {'msg': 'in r1 {{ rv }}'}}),
                                                         g.tagged({'name': 'role notify', 'command': 'echo r', 'notify': 'r1 handler'})])
    write(os.path.join(out, 'roles/r1/handlers/main.yml'), [{'name': 'r1 handler', 'debug': {'msg': 'r1 handled'}}])
    write(os.path.join(out, 'roles/r1/defaults/main.yml'), {'rv': 'role default'})
    write(os.path.join(out, 'limit.txt'), 'h1\nh3\n')

    env, cfg = {}, {}

    def setting(envname, section, key, value):
        # both now and then: the environment wins over the file
        where = r.random()
        if where < 0.45 or where >= 0.9:
            env[envname] = value
        if where >= 0.45:
            cfg.setdefault(section, {})[key] = value if where < 0.9 else r.choice(['true', 'false', '1'])
    for envname, section, key, good, bad in r.sample(SETTINGS, r.randint(0, 5)):
        setting(envname, section, key, r.choice(bad) if bad and r.random() < 0.03 else r.choice(good))

    args = []
    x = r.random()
    if x < 0.3:
        for _ in range(r.randint(1, 2)):
            args += [r.choice(['--tags', '-t']), r.choice(TAGS + ['all', 'tagged', 'untagged', 'a,b', 'a, c', 'nope', 'always,never'])]
    if r.random() < 0.25:
        for _ in range(r.randint(1, 2)):
            args += ['--skip-tags', r.choice(TAGS + ['tagged', 'untagged', 'a,never', 'nope'])]
    if r.random() < 0.3:
        args += [r.choice(['--limit', '-l']), r.choice(LIMITS)]
    mode = r.random()
    if mode < 0.1:
        args.append('--list-tasks')
    elif mode < 0.17:
        args.append('--list-tags')
    elif mode < 0.24:
        args.append('--list-hosts')
    elif mode < 0.3:
        args.append('--syntax-check')
    elif mode < 0.32:
        args += ['--list-tasks', '--list-tags']
    if r.random() < 0.15:
        args += ['--start-at-task', r.choice(START)]
    if r.random() < 0.4:
        for _ in range(r.randint(1, 3)):
            args += ['-e', r.choice([
                'ev=from_cli', 'ev="with spaces" maybe=cli', "ev='quoted value'", 'x=2', 'n=9',
                '{"ev": "json", "d": {"b": 2}}', '{"d": {"nested": {"q": 2}}}', 'ev: yaml', '@vars.yml', '@vars.json',
                'maybe=', '{"ev": [1, 2]}', 'd={"c": 3}', '{"x": 5', '@missing.yml'])]
        write(os.path.join(out, 'vars.yml'), {'ev': 'from file', 'd': {'f': 1}})
        write(os.path.join(out, 'vars.json'), json.dumps({'ev': 'from json', 'x': 3}))
    if r.random() < 0.2:
        args.append('--check')
    if r.random() < 0.15:
        args.append('--diff')
    v = r.random()
    if v < 0.25:
        args.append(r.choice(['-v', '-vv', '-vvv', '-v -v'.split()[0]]))
    if r.random() < 0.15:
        # NOTE: more than one fork orders results as timing has it; the bad values are what count here
        args += ['--forks', r.choice(['1', '1', '1', '0', 'x', '-1'])]
    if r.random() < 0.1:
        args.append('--flush-cache')
    if r.random() < 0.15:
        args.append('--force-handlers')
    if r.random() < 0.12:
        extra = r.random()
        if extra < 0.4:
            args += ['-i', 'h1,h5,']
            args += ['-c', 'local']
        elif extra < 0.7:
            write(os.path.join(out, 'invdir/more.ini'), '[app]\nh5 n=5 %s\n[db]\nh4\n' % LOCAL)
            write(os.path.join(out, 'invdir/group_vars/db.yml'), {'maybe': 'from group_vars'})
            args += ['-i', 'invdir']
        else:
            write(os.path.join(out, 'inv2'), '[web]\nh4\n[extra]\nh5 n=5 %s\n' % LOCAL)
            args += ['-i', 'inv2']
    if r.random() < 0.08:
        args += ['--connection', r.choice(['local', 'ssh', 'nope'])]
    if r.random() < 0.08:
        args += ['--timeout', r.choice(['5', '30', 'x'])]
    if r.random() < 0.05 and '--check' in args:
        args += ['--become', '--become-method', 'su']
    if r.random() < 0.03:
        args.append(r.choice(['--frobnicate', '--tag', '--list']))
    cfg_name = 'ansible.cfg'
    if seed >= 21300:
        # a second generator: the draws above stay what they were, so a lower seed gives the case it always gave
        cfg_name = extend(random.Random(seed * 7 + 1), out, plays, args, env, cfg)
    stdin = []
    if seed >= 22000:
        extend_more(random.Random(seed * 11 + 3), out, plays, args, env, cfg, stdin)
    if seed >= 21300:
        write(os.path.join(out, 'playbook.yml'), plays)
    if stdin:
        write(os.path.join(out, 'stdin'), stdin[0])
    if env:
        write(os.path.join(out, 'env'), ''.join('%s=%s\n' % kv for kv in env.items()))
    if cfg:
        write(os.path.join(out, cfg_name), ''.join('[%s]\n' % s + ''.join('%s = %s\n' % x for x in kv.items()) for s, kv in cfg.items()))
    write(os.path.join(out, 'args'), '\n'.join(args))


# Seeds from 21300 on: more configuration sections, another config file, vault, bad -e files,
# templates under --check --diff, the jsonfile fact cache and refresh_inventory.
MORE_SETTINGS = [
    ('privilege_escalation', 'become', ['false', 'no']),
    ('privilege_escalation', 'become_method', ['sudo', 'su', 'doas', 'nope']),
    ('privilege_escalation', 'become_user', ['root', 'nobody', 'a%%b']),
    ('privilege_escalation', 'become_ask_pass', ['false']),
    ('privilege_escalation', 'agnostic_become_prompt', ['true', 'false']),
    ('ssh_connection', 'pipelining', ['true', 'false', 'maybe']),
    ('ssh_connection', 'ssh_args', ['-o ControlMaster=auto -o ControlPersist=30s', '']),
    ('ssh_connection', 'retries', ['0', '2', 'x']),
    ('ssh_connection', 'transfer_method', ['smart', 'sftp', 'piped']),
    ('ssh_connection', 'control_path_dir', ['/tmp/cp-%(directory)s', '~/.ansible/cp']),
    ('colors', 'ok', ['green', 'bright blue', 'nope']),
    ('colors', 'changed', ['yellow', 'magenta']),
    ('colors', 'skip', ['cyan', 'dark gray']),
    ('colors', 'error', ['red', 'bright red']),
    ('colors', 'warn', ['bright purple', 'white']),
    ('colors', 'highlight', ['white', 'blue']),
    ('colors', 'diff_add', ['green']),
    ('colors', 'diff_remove', ['red']),
    ('defaults', 'nocolor', ['false', 'true', '0']),
    ('defaults', 'force_color', ['false', '0']),
    ('defaults', 'remote_user', ['deploy', 'u%%x', 'u%(prog)s']),
]
VAULT_PASSWORD = 'pw'
# `vv: secret` and `vn: 3`, encrypted with VAULT_PASSWORD by ansible-vault 2.19.
VAULTED_VARS = """$ANSIBLE_VAULT;1.1;AES256
62396262393461653137653962316536373264313164663638626266373761616130666164633636
3730623636363264613531396461363133656163333036390a376665653864633336346565643837
64623838363834383266666137336639373861646464373066653566663163353366326636323635
6362373461303064330a623231656463383664356263316633376661303133656239623037636235
35316231393863303830333765623932303061373534366661366130373733393637
"""


def extend(x, out, plays, args, env, cfg):
    """Adds the seeds-from-21300 draws to a case; says under which name the config file is written."""
    real = [p for p in plays if 'hosts' in p]
    first = real[0]
    for section, key, values in x.sample(MORE_SETTINGS, x.randint(0, 4)):
        cfg.setdefault(section, {})[key] = x.choice(values)
    if x.random() < 0.25:
        env['ANSIBLE_FORCE_COLOR'] = x.choice(['1', '0'])
    if x.random() < 0.15:
        write(os.path.join(out, 'list.json'), json.dumps([{'ev': 'in a list'}]))
        write(os.path.join(out, 'list.yml'), [{'ev': 'in a list'}, 2])
        args += ['-e', x.choice(['@list.json', '@list.yml'])]
    if x.random() < 0.2:
        write(os.path.join(out, 'secret.yml'), VAULTED_VARS)
        write(os.path.join(out, 'pw.txt'), VAULT_PASSWORD + '\n')
        write(os.path.join(out, 'wrong.txt'), 'nope\n')
        first.setdefault('vars_files', []).append('secret.yml')
        first['tasks'].append({'name': 'show vaulted', 'debug': {'msg': '{{ vv }} {{ vn + 1 }}'}})
        args += x.choice([['--vault-password-file', 'pw.txt'], ['--vault-id', 'pw.txt'], ['--vault-id', 'dev@pw.txt'],
                          ['--vault-password-file', 'wrong.txt'], ['--vault-id', 'a@wrong.txt', '--vault-id', 'b@pw.txt'], []])
    if x.random() < 0.1:
        args += ['--list-tasks', '--tags', x.choice(TAGS + ['all', 'tagged'])]
        first.setdefault('roles', [{'role': 'r1', 'tags': x.choice(TAGS)}])
    if x.random() < 0.15:
        write(os.path.join(out, 'templates/t.j2'), 'x={{ x }}\nhost={{ inventory_hostname }}\n{% for k in d %}{{ k }}\n{% endfor %}')
        write(os.path.join(out, 'files/plain.txt'), 'plain\n')
        first['tasks'].append({'name': 'rendered', 'template': {'src': 't.j2', 'dest': OUT + '/{{ inventory_hostname }}-t.txt'}})
        first['tasks'].append({'name': 'copied', 'copy': {'src': 'plain.txt', 'dest': OUT + '/{{ inventory_hostname }}-plain.txt'}})
        args += x.choice([['-C', '-D'], ['--check', '--diff'], ['-D'], ['-CD']])
    if x.random() < 0.15:
        cfg.setdefault('defaults', {}).update({'fact_caching': x.choice(['jsonfile', 'memory', 'ansible.builtin.jsonfile']),
                                               'fact_caching_connection': OUT + '/facts', 'fact_caching_timeout': x.choice(['0', '60', '1'])})
        first['tasks'].append({'name': 'cache a fact', 'set_fact': {'cf': '{{ inventory_hostname }}', 'cacheable': x.choice([True, False])}})
        if x.random() < 0.5:
            first['tasks'].append({'name': 'forget facts', 'meta': 'clear_facts'})
        real[-1]['tasks'].append({'name': 'cached fact', 'debug': {'msg': "{{ cf | default('none') }} {{ ansible_facts.keys() | list }}"}})
    if x.random() < 0.1:
        write(os.path.join(out, 'more.ini'), '[web]\nh1\n')
        args += ['-i', 'more.ini']
        first['tasks'].append({'name': 'grow inventory', 'copy': {'dest': os.path.join(out, 'more.ini'), 'content': '[web]\nh1\nh5 %s\n' % LOCAL},
                               'delegate_to': 'localhost', 'run_once': True, 'check_mode': False})
        first['tasks'].append({'meta': 'refresh_inventory'})
        first['tasks'].append({'name': 'after refresh', 'debug': {'msg': '{{ groups.web }} {{ ansible_play_hosts_all }}'}})
    if x.random() < 0.2:
        # the settings in a file ANSIBLE_CONFIG names (a folder or the file); ./ansible.cfg, if any, is not read
        env['ANSIBLE_CONFIG'] = x.choice(['conf/custom.cfg', 'conf', os.path.join(out, 'conf/custom.cfg')])
        write(os.path.join(out, 'ansible.cfg'), '[defaults]\ndisplay_ok_hosts = false\n')
        return 'conf/custom.cfg' if env['ANSIBLE_CONFIG'] != 'conf' else 'conf/ansible.cfg'
    return 'ansible.cfg'


if __name__ == '__main__':
    main(int(sys.argv[1]), sys.argv[2])
