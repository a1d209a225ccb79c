"""Writes one random command-line and configuration case for run.py: a small play set (2-3 plays,
tags on tasks, blocks, roles and includes, a role with handlers, an import_playbook, local hosts in
three groups) run under a random mix of ansible-playbook's options (--tags/--skip-tags, --limit,
the --list-* modes, --syntax-check, --start-at-task, -e in every form, --check, --diff, -v..-vvv,
--forks, --flush-cache, --force-handlers, more -i sources, --connection, --timeout, --become) and
the same settings through an ansible.cfg beside the playbook and ANSIBLE_* variables (the case's
`env` file), with now and then a bad value; seeded, so a seed always gives the same case."""
import json, os, random, sys, yaml
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


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        if isinstance(data, str):
            f.write(data)
        else:
            yaml.safe_dump(data, f, sort_keys=False, width=1000, allow_unicode=True)


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
    if env:
        write(os.path.join(out, 'env'), ''.join('%s=%s\n' % kv for kv in env.items()))
    if cfg:
        write(os.path.join(out, 'ansible.cfg'), ''.join('[%s]\n' % s + ''.join('%s = %s\n' % x for x in kv.items()) for s, kv in cfg.items()))
    write(os.path.join(out, 'args'), '\n'.join(args))


if __name__ == '__main__':
    main(int(sys.argv[1]), sys.argv[2])
