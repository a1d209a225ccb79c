# Records and checks module cases against the isolated Debian test hosts (tools/test-hosts), or
# against this machine for cases marked "target": "local".
#
#   python3 hostcase.py record CASE [--host vm01]   run ansible-core 2.19 (the oracle) on a freshly
#                                                   reset host; save every registered result
#   python3 hostcase.py check CASE [--host vm02]    reset the host, run Volant's modules through
#                                                   harness.py over ssh, compare with the recording
#
# A case (cases/CASE.json) is a list of steps, run in order on one host:
#   {"module": "cron", "args": {...}, "check": false, "diff": false, "ignore_errors": false}
#   {"shell": "command"}                 preparation, not compared
#   {"put": "FILE", "dest": "PATH"}      copies a file of this folder to the host (preparation)
#   "volant_module" / "volant_args"      what Volant's agent runs when an Ansible action (service,
#                                        package) resolves to another module on the controller
#   "facts_volatile": [pattern, ...]     ansible_facts keys (fnmatch) whose values are not compared
#   "controller": "why"                  recorded, but the answer comes from the controller's action
#   "loads": [module, ...]               other modules the step's module may load (package -> apt)
# and at the top of a local case, "needs": [program, ...] names what it runs on this machine (svn):
# the node test skips it where one is missing.
# Results are compared after dropping what the controller adds (failed: false, exception,
# invocation) and blanking the case's "volatile" keys.
#
# A "local" case is recorded with the oracle over ssh to this machine's oracle sshd
# (127.0.0.1:2222, so the modules run on this machine, not in the oracle's chroot) and checked
# by running the harness here with /usr/bin/python3; it needs no test host and no reset, so its
# steps must clean up after themselves (its first step usually recreates a scratch directory).
import fnmatch
import json
import os
import re
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..', '..'))
TEST_HOSTS = os.environ.get('TEST_HOSTS_DIR', '/opt/test-hosts')
TOOL = os.environ.get('TEST_HOSTS_TOOL', '/work/shared/tools/test-hosts/test-hosts')
ORACLE = os.environ.get('ANSIBLE_ORACLE', '/work/shared/tools/ansible-oracle/ansible-playbook')


def load_case(name):
    with open(os.path.join(HERE, 'cases', name + '.json')) as f:
        return json.load(f)


ORACLE_KEY = os.environ.get('ORACLE_KEY', '/opt/oracle-keys/id_ed25519')
LOCAL_PYTHON = os.environ.get('LOCAL_PYTHON', '/usr/bin/python3')


def reset(host):
    subprocess.run([TOOL, 'reset', host], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def ssh(host, command, data=None):
    if host is None:
        return subprocess.run(['/bin/sh', '-c', command], input=data, capture_output=True, text=True)
    return subprocess.run(['ssh', '-F', os.path.join(TEST_HOSTS, 'ssh_config'), host, command],
                          input=data, capture_output=True, text=True)


def _yaml_json(value):
    # JSON is YAML; the oracle reads the playbook as YAML 1.1 and JSON strings stay strings.
    return json.dumps(value)


def build_playbook(case, host):
    lines = ['- hosts: %s' % host, '  gather_facts: false', '  tasks:']
    for i, step in enumerate(case['steps']):
        if 'put' in step:
            with open(os.path.join(HERE, step['put'])) as f:
                content = f.read()
            lines.append('    - copy: %s' % _yaml_json({'content': content, 'dest': step['dest'], 'mode': '0755'}))
            continue
        if 'shell' in step:
            lines.append('    - shell: %s' % _yaml_json(step['shell']))
            lines.append('      ignore_errors: true')
            continue
        lines.append('    - name: step%d' % i)
        lines.append('      %s: %s' % (step['module'], _yaml_json(step.get('args', {}))))
        lines.append('      register: r')
        lines.append('      ignore_errors: true')
        if step.get('check'):
            lines.append('      check_mode: true')
        if step.get('diff'):
            lines.append('      diff: true')
        lines.append('    - debug: var=r')
    return '\n'.join(lines) + '\n'


_DEBUG_RE = re.compile(r'^ok: \[[^\]]+\] => (\{\n.*?\n\})$', re.MULTILINE | re.DOTALL)


def record(name, host):
    case = load_case(name)
    env = dict(os.environ, ORACLE_EXTRA_BINDS=TEST_HOSTS)
    if case.get('target') == 'local':
        host = 'local'
        inventory = '/tmp/volant-hostcase-local.ini'
        with open(inventory, 'w') as f:
            f.write('local ansible_host=127.0.0.1 ansible_port=2222 ansible_user=root '
                    'ansible_ssh_private_key_file=%s ansible_python_interpreter=/usr/bin/python3\n' % ORACLE_KEY)
    else:
        reset(host)
        inventory = os.path.join(TEST_HOSTS, 'inventory.ini')
    playbook = os.path.join('/tmp', 'volant-hostcase-%s.yml' % name)
    with open(playbook, 'w') as f:
        f.write(build_playbook(case, host))
    proc = subprocess.run([ORACLE, '-i', inventory, playbook], capture_output=True, text=True, env=env)
    results = [json.loads(m.group(1))['r'] for m in _DEBUG_RE.finditer(proc.stdout)]
    wanted = sum(1 for s in case['steps'] if 'shell' not in s and 'put' not in s)
    if len(results) != wanted:
        sys.stderr.write(proc.stdout + proc.stderr)
        raise SystemExit('expected %d results, got %d' % (wanted, len(results)))
    out = os.path.join(HERE, 'recorded', name + '.json')
    with open(out, 'w') as f:
        json.dump({'recorded_with': 'ansible-core 2.19 on a test-hosts Debian 12 host', 'host': host,
                   'results': results}, f,
                  indent=1, sort_keys=True)
        f.write('\n')
    return results


def helper_sources():
    # Every helper module (modules/_name.py): a few small files, so the harness gets them all
    # rather than the ones the module imports, which the controller works out for the agent.
    folder = os.path.join(ROOT, 'src', 'agent', 'modules')
    return dict((f[:-3], open(os.path.join(folder, f)).read())
                for f in sorted(os.listdir(folder)) if f.startswith('_') and f.endswith('.py'))


def run_volant(host, step):
    # NOTE: some Ansible actions pick another module on the controller (service -> sysvinit on a
    # sysvinit host, dropping `use`); a step says which Volant module and arguments that means.
    name = step.get('volant_module', step['module'])
    payload = {
        'runtime': open(os.path.join(ROOT, 'src', 'agent', 'runtime.py')).read(),
        'module': open(os.path.join(ROOT, 'src', 'agent', 'modules', name + '.py')).read(),
        'name': name, 'args': step.get('volant_args', step.get('args', {})),
        'check': step.get('check', False), 'diff': step.get('diff', False),
        'modules': dict((m, open(os.path.join(ROOT, 'src', 'agent', 'modules', m + '.py')).read())
                        for m in step.get('loads', [])),
        'helpers': helper_sources(),
    }
    harness = open(os.path.join(HERE, 'harness.py')).read()
    if host is None:
        proc = subprocess.run([LOCAL_PYTHON, '-c', harness], input=json.dumps(payload), capture_output=True,
                              text=True)
    else:
        proc = ssh(host, 'python3 -c %s' % shlex.quote(harness), json.dumps(payload))
    if proc.returncode != 0:
        return {'HARNESS_ERROR': proc.stderr}
    return json.loads(proc.stdout)


def _host_neutral(value, host):
    # The recording host and the checking host differ only in name and address.
    if isinstance(value, dict):
        return dict((k, _host_neutral(v, host)) for k, v in value.items())
    if isinstance(value, list):
        return [_host_neutral(v, host) for v in value]
    if isinstance(value, str):
        value = re.sub(r'10\.213\.0\.\d+', '<address>', value.replace(host, '<host>'))
        return re.sub(r'02:13:00:00:00:[0-9a-f]{2}', '<mac>', value)
    return value


def normalize(result, volatile, host=None, facts_volatile=()):
    r = _host_neutral(dict(result), host) if host else dict(result)
    if isinstance(r.get('ansible_facts'), dict) and facts_volatile:
        # NOTE: volatile facts are left out, not blanked: some are named after what the machine
        # has at the moment (ansible_<interface> for bridges and veths that come and go).
        facts = dict((key, value) for key, value in r['ansible_facts'].items()
                     if not any(fnmatch.fnmatch(key, pattern) for pattern in facts_volatile))
        r['ansible_facts'] = facts
    r.pop('invocation', None)
    r.pop('exception', None)
    # the cause the agent shows after a failure's message (the controller's display, not the result)
    r.pop('_volant_cause', None)
    if r.get('failed') is False:
        del r['failed']
    # NOTE: ansible's TaskExecutor adds changed=False to any result without it (failed and skipped
    # ones too); that is the controller's job, so the comparison does it for both sides.
    r.setdefault('changed', False)
    # NOTE: so are stdout_lines / stderr_lines (ActionBase._execute_module adds them).
    for key in ('stdout', 'stderr'):
        if isinstance(r.get(key), str) and key + '_lines' not in r:
            r[key + '_lines'] = r[key].splitlines()
    for key in volatile:
        if key in r:
            r[key] = '<volatile>'
    return r


def check(name, host):
    case = load_case(name)
    with open(os.path.join(HERE, 'recorded', name + '.json')) as f:
        recording = json.load(f)
    expected, recorded_host = recording['results'], recording.get('host', 'vm01')
    if case.get('target') == 'local':
        host = recorded_host = None
    else:
        reset(host)
    volatile = case.get('volatile', [])
    problems = []
    i = 0
    for n, step in enumerate(case['steps']):
        if 'put' in step:
            with open(os.path.join(HERE, step['put'])) as f:
                ssh(host, 'cat > %s && chmod 0755 %s' % (step['dest'], step['dest']), f.read())
            continue
        if 'shell' in step:
            ssh(host, step['shell'])
            continue
        if step.get('controller'):
            # what Ansible's controller-side action answers here (not the module's business)
            i += 1
            continue
        fv = case.get('facts_volatile', []) + step.get('facts_volatile', [])
        got = normalize(run_volant(host, step), volatile + step.get('volatile', []), host, fv)
        want = normalize(expected[i], volatile + step.get('volatile', []), recorded_host, fv)
        i += 1
        if got != want:
            problems.append({'step': n, 'module': step['module'], 'args': step.get('args'),
                             'expected': want, 'got': got})
    return problems


def main(argv):
    mode, name = argv[1], argv[2]
    host = argv[argv.index('--host') + 1] if '--host' in argv else ('vm01' if mode == 'record' else 'vm02')
    if mode == 'record':
        print(json.dumps(record(name, host), indent=1, sort_keys=True))
    else:
        problems = check(name, host)
        print(json.dumps(problems, indent=1, sort_keys=True))
        return 1 if problems else 0
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
