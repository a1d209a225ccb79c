"""gen_cli.py's draws for seeds from 22000 on (its own random stream, so a lower seed gives the case it
always gave): vault ids several at once (labels that match or not, a wrong or missing password file,
vault_id_match), inline `!vault` values, vaulted vars files and `-e @vaulted.yml`; `--step` with
answers on stdin; `--list-tasks`/`--list-tags` over import_role/include_role with tasks_from and
nested imports, under -C/-D too; `--start-at-task` inside roles; set_stats with show_custom_stats,
display_args_to_stdout, max_diff_size, error_on_undefined_vars, gathering, -vvvv; `-l @file.retry`
and retry files; more inventory sources (advanced host lists with ranges, a script, a YAML file,
ANSIBLE_INVENTORY, [inventory] enable_plugins and unparsed_is_failed)."""
import json, os, yaml

OUT = os.environ.get("DIFFERENTIAL_OUT", "/tmp/fuzz-out")
LOCAL = "ansible_connection=local ansible_python_interpreter=/usr/bin/python3"
LOCAL_VARS = {'ansible_connection': 'local', 'ansible_python_interpreter': '/usr/bin/python3'}

# Encrypted by ansible-core 2.19's vault filter: 'inline one' with password pw (label filter_default),
# 'secret2' with pw2 (label dev), the YAML `vw: second, vn2: 7` with pw2 (label prod) and
# `ev: from vaulted extra` with pw.
INLINE_PW = """$ANSIBLE_VAULT;1.2;AES256;filter_default
62376632373836363537316539336438303632616137333261373339353763383935326333353433
3765623530316464646163616231336466666636323065350a373039303836613335663563616330
64353132643861653238333961393433353065613437373564313834353234336166656437636132
6535343536356262630a323032326134633733333838333739333061373635633465643235343031
6335
"""
INLINE_DEV = """$ANSIBLE_VAULT;1.2;AES256;dev
37633536396565643638666666633864643461326235633762393537613934363063663464366161
3639353030363761343463666637346662373439336430340a326638666434633138393262353065
35636630383536316339353363656135376438316432363063323363326664633162656133663862
3364313834653562310a396562633830623962313039326434393334343131663631656133613739
3361
"""
FILE_PROD = """$ANSIBLE_VAULT;1.2;AES256;prod
30336237393137333966326538346632613533336437353833656631346539343236333063613738
3064323630636336396438356536376366646536616231340a323663663139623662613436363430
35316634343439616430373065386462633565363637393630663832316632666666303938663438
3935663239323661640a616433626164656536323165333633613136383561346530663635613430
34653832306334646161643138643531633263633366323839666239653863323734
"""
EXTRA_PW = """$ANSIBLE_VAULT;1.2;AES256;filter_default
31613963633233316430376439386232666666373933343562333566613738653362396531363033
6136323961633637623538366364363737663236633566380a383638356363633834316238393766
63653139353031653431383163613837396236393533346561643839343364396161333230656539
6434646164653739650a343565626338616538383731653031346164643161303834623630656637
66306561316532633733643938633839343265363930383266316330613063366639
"""
VAULT_ARGS = [
    ['--vault-id', 'dev@pw2.txt', '--vault-id', 'pw.txt'], ['--vault-id', 'prod@pw2.txt', '--vault-id', 'default@pw.txt'],
    ['--vault-password-file', 'pw.txt', '--vault-id', 'pw2.txt'], ['--vault-id', 'wrong@wrong.txt', '--vault-id', 'pw2.txt', '--vault-id', 'pw.txt'],
    ['--vault-id', 'pw.txt'], ['--vault-id', 'dev@pw2.txt'], ['--vault-id', 'nofile.txt'], [],
    ['--vault-id', 'dev@pw.txt', '--vault-id', 'prod@pw2.txt'], ['--vault-password-file', 'pw2.txt', '--vault-password-file', 'pw.txt'],
]


class Vaulted(str):
    """A string dumped as an inline `!vault |` scalar."""


def _vaulted(dumper, data):
    return dumper.represent_scalar('!vault', str(data), style='|')


yaml.SafeDumper.add_representer(Vaulted, _vaulted)


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        if isinstance(data, str):
            f.write(data)
        else:
            yaml.safe_dump(data, f, sort_keys=False, width=1000, allow_unicode=True)


def vault(x, out, first, args, env, cfg):
    write(os.path.join(out, 'pw.txt'), 'pw\n')
    write(os.path.join(out, 'pw2.txt'), 'pw2\n')
    write(os.path.join(out, 'wrong.txt'), 'nope\n')
    shows = []
    if x.random() < 0.6:
        first['vars']['iv'] = Vaulted(x.choice([INLINE_PW, INLINE_DEV]))
        shows.append('{{ iv }}')
    if x.random() < 0.4:
        first['vars']['iv2'] = Vaulted(INLINE_DEV)
        shows.append('{{ iv2 | length }}')
    if x.random() < 0.5:
        write(os.path.join(out, 'prod.yml'), FILE_PROD)
        first.setdefault('vars_files', []).append('prod.yml')
        shows.append('{{ vw }} {{ vn2 * 2 }}')
    if x.random() < 0.3:
        write(os.path.join(out, 'vextra.yml'), EXTRA_PW)
        args += ['-e', '@vextra.yml']
        shows.append('{{ ev }}')
    first['tasks'].append({'name': 'show vaulted', 'debug': {'msg': ' '.join(shows) or 'none'}})
    if x.random() < 0.3:
        first['tasks'].append({'name': 'vault filters', 'debug': {'msg': "{{ iv | default('x') is vault_encrypted }} {{ INLINE | unvault('pw') }}".replace('INLINE', repr(INLINE_PW))}})
    args += x.choice(VAULT_ARGS)
    w = x.random()
    if w < 0.15:
        cfg.setdefault('defaults', {})['vault_id_match'] = x.choice(['true', 'false'])
    elif w < 0.25:
        env['ANSIBLE_VAULT_IDENTITY_LIST'] = x.choice(['dev@pw2.txt', 'pw.txt', 'dev@pw2.txt,pw.txt'])
    elif w < 0.32:
        env['ANSIBLE_VAULT_PASSWORD_FILE'] = x.choice(['pw.txt', 'pw2.txt'])


def roles(x, out, plays, first, args):
    write(os.path.join(out, 'roles/r2/tasks/main.yml'), [
        {'name': 'r2 main', 'debug': {'msg': 'r2 main'}, 'tags': ['r2t']},
        {'import_tasks': 'nested.yml', 'tags': x.choice([['a'], ['b'], []])}])
    write(os.path.join(out, 'roles/r2/tasks/nested.yml'), [
        {'name': 'r2 nested', 'debug': {'msg': 'nested'}, 'tags': x.choice([['c'], ['never', 'c'], []])},
        {'name': 'r2 nested two', 'command': 'echo two', 'changed_when': False}])
    write(os.path.join(out, 'roles/r2/tasks/other.yml'), [
        {'name': 'r2 other', 'debug': {'msg': 'other {{ rv2 }}'}, 'tags': x.choice([['slow'], ['always'], []])}])
    write(os.path.join(out, 'roles/r2/defaults/main.yml'), {'rv2': 'r2 default'})
    write(os.path.join(out, 'roles/r2/meta/main.yml'), {'dependencies': [{'role': 'r1', 'tags': ['dep']}]} if x.random() < 0.4 else {})
    for _ in range(x.randint(1, 3)):
        kind = x.choice(['import_role', 'include_role', 'roles'])
        role = {'name': 'r2'}
        if x.random() < 0.5:
            role['tasks_from'] = x.choice(['other', 'nested.yml', 'other.yml'])
        tags = x.choice([None, 'a', ['b', 'slow'], 'always', 'never'])
        if kind == 'roles':
            entry = {'role': 'r2'}
            if tags:
                entry['tags'] = tags
            plays[x.randrange(len(plays))].setdefault('roles', []).append(entry)
            continue
        t = {'name': '%s r2' % kind, kind: role}
        if tags:
            t['tags'] = tags
        if kind == 'include_role' and x.random() < 0.3:
            role['apply'] = {'tags': ['applied']}
        tasks = plays[x.randrange(len(plays))]['tasks']
        tasks.insert(x.randrange(len(tasks) + 1), t)
    m = x.random()
    if m < 0.35:
        args += [x.choice(['--list-tasks', '--list-tags'])]
        if x.random() < 0.4:
            args += x.choice([['-C'], ['-D'], ['-C', '-D'], ['--check', '--list-tags']])
        if x.random() < 0.5:
            args += [x.choice(['--tags', '--skip-tags']), x.choice(['r2t', 'c', 'a', 'dep', 'applied', 'slow', 'never', 'tagged'])]
    elif m < 0.6:
        args += ['--start-at-task', x.choice(['r2 nested', 'r2 other', 'r2 : r2 nested two', 'r2 : r2 main', 'r2 main', 'r1 : role r1 task', 'r2*'])]


def step(x, args, stdin):
    args.append('--step')
    # NOTE: the last answers are `c`, one for each play (`c` lasts to the end of its play): at the
    # end of stdin 2.19 fails with a traceback (EOFError)
    answers = [x.choice(['y', 'n', 'c', '', 'yes', 'Y', 'no', 'x']) for _ in range(x.randint(0, 8))] + ['c'] * 5
    stdin.append(''.join(a + '\n' for a in answers))


def settings(x, out, plays, first, args, env, cfg):
    d = cfg.setdefault('defaults', {})
    if x.random() < 0.4:
        first['tasks'].append({'name': 'stats', 'set_stats': {'data': {'sa': '{{ inventory_hostname }}', 'sl': [1]},
                                                            'per_host': x.choice([True, False]), 'aggregate': x.choice([True, False])}})
        plays[-1]['tasks'].append({'name': 'more stats', 'set_stats': {'data': {'sl': [2], 'sd': {'k': 1}}}})
        if x.random() < 0.7:
            if x.random() < 0.5:
                d['show_custom_stats'] = x.choice(['true', 'yes', 'false'])
            else:
                env['ANSIBLE_SHOW_CUSTOM_STATS'] = x.choice(['1', 'true'])
    if x.random() < 0.3:
        d['display_args_to_stdout'] = 'true'
    if x.random() < 0.25:
        d['max_diff_size'] = x.choice(['10', '0', '100'])
        first['tasks'].append({'name': 'big diff', 'copy': {'content': 'line\n' * x.choice([3, 40]), 'dest': OUT + '/{{ inventory_hostname }}-big.txt'}})
        args.append('--diff')
    if x.random() < 0.25:
        d['error_on_undefined_vars'] = x.choice(['false', 'true'])
        first['tasks'].append({'name': 'undefined', 'debug': {'msg': '{{ nope_var }} here'}, 'ignore_errors': True})
    if x.random() < 0.15:
        d['gathering'] = 'explicit'
    if x.random() < 0.12:
        args.append('-vvvv')


def retry(x, out, first, args, cfg):
    write(os.path.join(out, 'playbook.retry'), x.choice(['h2\n', 'h1\nh3\n', 'nohost\n', '']))
    first['tasks'].append({'name': 'fail h1', 'fail': {'msg': 'no'}, 'when': "inventory_hostname == 'h1'"})
    if x.random() < 0.6:
        args += ['-l', x.choice(['@playbook.retry', '@playbook.retry,h4', '@nosuch.retry', 'web:@playbook.retry'])]
    d = cfg.setdefault('defaults', {})
    d['retry_files_enabled'] = x.choice(['true', 'false'])
    if x.random() < 0.5:
        d['retry_files_save_path'] = x.choice([OUT + '/retries', 'rel-retries'])


SCRIPT = """#!/usr/bin/env python3
import json, sys
if '--host' in sys.argv:
    print(json.dumps({'sv': 'host ' + sys.argv[-1]}))
else:
    print(json.dumps(%s))
"""


def inventories(x, out, plays, args, env, cfg):
    for _ in range(x.randint(1, 2)):
        k = x.random()
        if k < 0.25:
            args += ['-i', x.choice(['h[5:6],h1', 'h[5:6],', 'h1,h5', 'localhost,', 'h[a:b],h7,', ' h8 , h9,'])]
            if '-c' not in args:
                args += ['-c', 'local']
        elif k < 0.5:
            meta = {'hostvars': {'h6': {'sv2': 6}}} if x.random() < 0.7 else {}
            data = {'scripted': {'hosts': ['h6', 'h1'], 'vars': dict(LOCAL_VARS, gs=1), 'children': x.choice([['web'], []])}, '_meta': meta}
            if x.random() < 0.3:
                data['listgroup'] = ['h7']
            path = os.path.join(out, 'inv.py')
            write(path, SCRIPT % repr(data))
            os.chmod(path, 0o755)
            args += ['-i', 'inv.py']
        elif k < 0.75:
            write(os.path.join(out, 'inv.yml'), {'all': {'children': {'yamlg': {'hosts': {'h1': {'yv': 1}, 'h7': dict(LOCAL_VARS)},
                                                                                 'vars': {'maybe': 'yaml group'}},
                                                                       'web': {'hosts': {'h7': None}}}}})
            args += ['-i', 'inv.yml']
        else:
            env['ANSIBLE_INVENTORY'] = x.choice(['inv2.ini', 'inv2.ini,h9,'])
            write(os.path.join(out, 'inv2.ini'), '[extra]\nh8 %s\n' % LOCAL)
    if x.random() < 0.3:
        cfg.setdefault('inventory', {})['enable_plugins'] = x.choice(['ini, host_list', 'yaml,script', 'host_list,ini,yaml,script,auto', 'advanced_host_list,ini'])
    if x.random() < 0.2:
        cfg.setdefault('inventory', {})[x.choice(['unparsed_is_failed', 'any_unparsed_is_failed'])] = 'true'
    plays[-1]['tasks'].append({'name': 'inventory seen', 'debug': {'msg': "{{ groups | dictsort }} {{ sv | default('-') }} {{ sv2 | default('-') }} {{ gs | default('-') }}"}})
    if x.random() < 0.3:
        args.append(x.choice(['--list-hosts', '--list-tasks']))


def extend_more(x, out, plays, args, env, cfg, stdin):
    """Adds one or two of the seeds-from-22000 draws to a gen_cli case."""
    real = [p for p in plays if 'hosts' in p]
    first = real[0]
    for pick in x.sample(['vault', 'roles', 'step', 'settings', 'retry', 'inventories'], x.randint(1, 2)):
        if pick == 'vault':
            vault(x, out, first, args, env, cfg)
        elif pick == 'roles':
            roles(x, out, real, first, args)
        elif pick == 'step':
            step(x, args, stdin)
        elif pick == 'settings':
            settings(x, out, real, first, args, env, cfg)
        elif pick == 'retry':
            retry(x, out, first, args, cfg)
        else:
            inventories(x, out, real, args, env, cfg)
