"""Runs generated cases under ansible-core 2.19 (the oracle) and Volant and keeps those that differ.

    python3 run.py FIRST_SEED COUNT [--generator gen_inventory.py] [--work /tmp/volant-differential]

Each seed's case is written by the generator into WORK/cases/fz-SEED, run by both engines with the
golden harness's environment and --forks 1, normalized, and compared; a case that differs is kept
with its diff.txt (and `flaky` when a second oracle run differed from the first: ansible-core's own
timing), the others are deleted. Results stream to stdout, one line per seed.
"""
import argparse, ctypes, os, re, signal, subprocess, sys, shutil, difflib, time
HERE = os.path.dirname(os.path.abspath(__file__))
def find_oracle():
    """shared/tools/ansible-oracle beside the checkout, or beside a folder above it (a worktree under wt/NAME)."""
    d = os.path.join(HERE, '../..')
    for _ in range(4):
        d = os.path.dirname(os.path.abspath(d))
        path = os.path.join(d, 'shared/tools/ansible-oracle/ansible-playbook')
        if os.path.exists(path):
            return path
    return os.path.join(HERE, '../../../shared/tools/ansible-oracle/ansible-playbook')
ORACLE = os.environ.get('ORACLE', find_oracle())
VOLANT = os.path.join(HERE, '../../bin/volant-playbook')
GENERATOR = os.path.join(HERE, 'gen_playbook.py')
WORK = '/tmp/volant-differential'
# Files the generated tasks write (the oracle's localhost shares /tmp with this machine); one folder
# per concurrent runner (generators read the same variable).
OUT = os.environ.get('DIFFERENTIAL_OUT', '/tmp/fuzz-out')
TIMEOUT = 300  # seconds an engine may take over one case

def env(d, engine):
    e = {k: v for k, v in os.environ.items() if not k.startswith('ANSIBLE_') and k != 'ORACLE_FORCE_COLOR'}
    e.update(ANSIBLE_NOCOLOR='1', ANSIBLE_HOST_KEY_CHECKING='False', ANSIBLE_PYTHON_INTERPRETER='/usr/bin/python3', LC_ALL='C.UTF-8')
    # A case's own `env` file (KEY=VALUE lines), as golden cases have.
    path = os.path.join(d, 'env')
    if os.path.exists(path):
        e.update(line.split('=', 1) for line in open(path).read().split('\n') if '=' in line)
    # NOTE: oracle-exec drops ANSIBLE_FORCE_COLOR and sets it from ORACLE_FORCE_COLOR instead.
    if engine == ORACLE and 'ANSIBLE_FORCE_COLOR' in e:
        e['ORACLE_FORCE_COLOR'] = e['ANSIBLE_FORCE_COLOR']
    return e

def norm(text, d):
    text = text.replace(d, '<CASE>')
    text = re.sub(r'\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}', '<TS>', text)
    text = re.sub(r'\b\d+:\d\d:\d\d\.\d{6}\b', '<DELTA>', text)
    text = re.sub(r'(["\'])(atime|mtime|ctime)\1: \d+(\.\d+)?', r'\1\2\1: <E>', text)
    # the yaml result format and its diffs write them unquoted (a touched file's times)
    text = re.sub(r'(?m)^((?:\x1b\[[0-9;]*m|[-+])*\s*)(atime|mtime|ctime): \d+\.\d+', r'\1\2: <E>', text)
    text = re.sub(r'(["\'])(inode|dev)\1: \d+', r'\1\2\1: <N>', text)
    text = re.sub(r'(?m)^((?:\x1b\[[0-9;]*m|[-+])*\s*)(inode|dev): \d+$', r'\1\2: <N>', text)  # the yaml result format's
    text = re.sub(r'ansible-tmp-\d+(\.\d+)?-\d+-\d+', 'ansible-tmp-<ID>', text)
    text = re.sub(r'(ansible-tmp-<ID>/tmp)[a-z0-9_]{8}\b', r'\1<R>', text)  # a module's temp file there
    text = re.sub(r'ansible\.[a-z0-9_]{8}source', 'ansible.<R>source', text)
    text = re.sub(r'"src": "[^"]*/(\.ansible/tmp|\.volant)[^"]*"', '"src": "<SRC>"', text)
    text = re.sub(r'(ansible-local-)\d+[A-Za-z0-9_]+(/tmp)[A-Za-z0-9_]{8}/', r'\1<ID>\2<R>/', text)
    text = re.sub(r'(ansible-local-)\d+[A-Za-z0-9_]+/tmp[A-Za-z0-9_]{8}\b', r'\1<ID>/tmp<R>', text)  # a temp file there
    text = re.sub(r'(ansible-local-)\d+[A-Za-z0-9_]+/\.[A-Za-z0-9_]{8}\b', r'\1<ID>/.<R>', text)  # copy's content file there
    text = re.sub(r'(/ansible\.)[a-z0-9_]{8}\b', r'\1<R>', text)
    text = re.sub(r'\.\d+\.\d{4}-\d\d-\d\d@\d\d:\d\d:\d\d~', '.<BACKUP>~', text)  # backup files' names
    text = re.sub(r'/\.\d+\.\d+\.\d+\.tmp\b', '/.<PID>.<TIME>.tmp', text)  # atomic_move's temp name beside dest (pid, time)
    text = re.sub(r'\bPaused for \d+(\.\d+)? (seconds|minutes)', r'Paused for <ELAPSED> \2', text)
    text = re.sub(r"(Valid booleans include: )(?:(?:'[a-z0-9]+'|\d), ){13}(?:'[a-z0-9]+'|\d)", r'\1<BOOLEANS>', text)  # a set's hash order
    text = re.sub(r'(valid value for debugger\. Must be one of )(?:(?:always|on_failed|on_unreachable|on_skipped|never)(?:, )?){5}', r'\1<DEBUGGER_VALUES>', text)  # a set's hash order
    text = re.sub(r'\bj\d+\.\d+\b', '<JID>', text)  # async job ids
    text = re.sub(r'\b(ansible\.plugins\.[a-z_]+\.[a-z_]+?_)\d+\.', r'\1<HASH>.', text)  # a plugin module's per-process hash of its path
    text = re.sub(r' at 0x[0-9a-f]+>', ' at 0x<ADDR>>', text)  # a Python object's address in its repr (<built-in method … at 0x…>)
    # -vvv/-vvvv: what ansible-core's connections, module loader and plugin loader print (its temp
    # dirs, AnsiballZ files, each plugin's Python file, each read of a vars_file), which Volant has no
    # counterpart for (docs: output-and-callbacks, 'Differences from ansible-core'); coloured too.
    text = re.sub(r'^(?:\x1b\[[0-9;]*m)?(?:<[^>\n]+> (?:ESTABLISH \S+ CONNECTION FOR USER: |EXEC |PUT |FETCH |SSH: EXEC |\(-?\d+, b|rc=-?\d+, stdout and stderr censored due to no log)|Using module file |Including module_utils file |Loading callback plugin \S+ of type \S+, v2\.0 from |Read `vars_file` ).*\n', '', text, flags=re.M)
    text = re.sub(r'(\b_original_basename"?: "?)\.[A-Za-z0-9_]{8}\b', r'\1.<R>', text)  # copy's content in a temp file (json or yaml)
    # the -vv version block, coloured too (ANSIBLE_FORCE_COLOR)
    text = re.sub(r'^(?:\x1b\[[0-9;]*m)?(?:ansible-playbook \[core [^\]\n]+\]|volant-playbook \[volant [^\]\n]+\])(?:\x1b\[0m)?\n(?:(?:\x1b\[[0-9;]*m)? {2}.*\n)+', '<VERSION>\n', text, flags=re.M)
    # the Python traceback 2.19 always prints under an "Unexpected Exception" error: its own frames
    text = re.sub(r'\n\nTraceback \(most recent call last\):\n[\s\S]*?\nansible\.errors\.AnsibleError: Unexpected Exception, this is probably a bug[^\n]*\n\n', '\n', text)
    return text

def case_files(d):
    return {os.path.join(root, name) for root, dirs, files in os.walk(d) for name in dirs + files}

def descendants():
    """This process's descendants (orphans too: run.py is their subreaper), from /proc's parent links."""
    parents = {}
    for name in os.listdir('/proc'):
        if name.isdigit():
            try:
                parents[int(name)] = int(open('/proc/%s/stat' % name).read().rsplit(')', 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    found, frontier = set(), {os.getpid()}
    while frontier:
        frontier = {pid for pid, ppid in parents.items() if ppid in frontier} - found
        found |= frontier
    return found

def reap():
    """Collects the exit of every child that has ended (the orphans reparented here among them)."""
    try:
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass
    except ChildProcessError:
        pass

def stop_leftovers():
    """Stops whatever a case left running: an HTTP server a play started and never stopped, a module
    still running when the engine timed out, an async job, an ssh master. They run in sessions of their
    own (ansible-core starts each module in a new one), so no process group holds them; but having been
    orphaned they were reparented to run.py, and each is one of its descendants."""
    for sig, grace in ((signal.SIGTERM, 2.0), (signal.SIGKILL, 5.0)):
        reap()
        pids = descendants()
        for pid in pids:
            try:
                os.kill(pid, sig)
            except OSError:
                pass
        deadline = time.monotonic() + grace
        while pids and time.monotonic() < deadline:
            time.sleep(0.05)
            reap()
            pids = descendants()
        if not pids:
            return

def run(engine, d):
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT, exist_ok=True)
    before = case_files(d)
    # and what it changed there (an inventory file a task grows) is put back
    contents = {path: open(path, 'rb').read() for path in before if os.path.isfile(path) and not os.path.islink(path)}
    args = [a for a in open(os.path.join(d, 'args')).read().split('\n') if a]
    # a case's `stdin` file (--step answers), as golden cases have; else stdin is closed
    stdin = os.path.join(d, 'stdin')
    stdin = open(stdin).read() if os.path.exists(stdin) else None
    p = subprocess.Popen([engine, '-i', 'inventory', '--forks', '1', 'playbook.yml'] + args, cwd=d, env=env(d, engine),
                         stdin=subprocess.DEVNULL if stdin is None else subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        stdout, stderr = p.communicate(stdin, timeout=TIMEOUT)
    finally:
        # on a timeout too (the engine is a descendant then, its workers holding its pipes open), and
        # the case folder is put back before main() goes on to the next seed
        stop_leftovers()
        if p.returncode is None:
            p.communicate()
        restore(d, before, contents)
    return norm(stdout, d), norm(stderr, d), p.returncode

def restore(d, before, contents):
    # what the run wrote into the case folder (a relative dest, fetch's host folders) goes, so the
    # next engine starts from the same case
    for path in sorted(case_files(d) - before, reverse=True):
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path, ignore_errors=True)
        elif os.path.lexists(path):
            os.unlink(path)
    for path, data in contents.items():
        if not os.path.isfile(path) or open(path, 'rb').read() != data:
            open(path, 'wb').write(data)

def one(seed):
    d = os.path.join(WORK, 'cases', 'fz-%d' % seed)
    shutil.rmtree(d, ignore_errors=True)
    subprocess.run([sys.executable, GENERATOR, str(seed), d], check=True)
    a = run(ORACLE, d)
    v = run(VOLANT, d)
    if a != v:
        a2 = run(ORACLE, d)  # ansible-core's own order varies with timing: a second opinion
        if a2 == v or a2 != a:
            a = a2 if a2 == v else a
            if a2 != v:
                open(os.path.join(d, 'flaky'), 'w').write('oracle differs from itself\n')
    if a == v:
        shutil.rmtree(d)
        return seed, None
    out = []
    for name, x, y in (('stdout', a[0], v[0]), ('stderr', a[1], v[1])):
        if x != y:
            out += list(difflib.unified_diff(x.splitlines(), y.splitlines(), 'ansible ' + name, 'volant ' + name, lineterm='', n=2))
    if a[2] != v[2]:
        out.append('rc ansible=%s volant=%s' % (a[2], v[2]))
    open(os.path.join(d, 'diff.txt'), 'w').write('\n'.join(out) + '\n')
    return seed, out

if __name__ == '__main__':
    p = argparse.ArgumentParser()
    p.add_argument('first', type=int)
    p.add_argument('count', type=int)
    p.add_argument('--generator', default=GENERATOR)
    p.add_argument('--work', default=WORK)
    a = p.parse_args()
    GENERATOR = os.path.abspath(a.generator) if os.path.exists(a.generator) else os.path.join(HERE, a.generator)
    WORK = a.work
    # PR_SET_CHILD_SUBREAPER: what a case leaves running when its parent exits (a backgrounded server,
    # a daemonized ssh master) is reparented here rather than to init, so stop_leftovers() finds it
    ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)
    # NOTE: one case at a time: the generated tasks share OUT
    for seed in range(a.first, a.first + a.count):
        try:
            seed, out = one(seed)
        except subprocess.TimeoutExpired as e:
            # a loaded machine can keep ansible-core past the limit: note it and go on to the next seed
            print(seed, 'TIMEOUT', os.path.basename(e.cmd[0]), flush=True)
            continue
        print(seed, 'SAME' if out is None else 'DIFF %d lines' % len(out), flush=True)
