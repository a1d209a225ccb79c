# Volant agent: one per (host, become user), alive for the whole run.
#
# Started by the bootstrap (see src/transport/bootstrap.ts), which reads a length-prefixed JSON
# payload from stdin and execs this file with PAYLOAD = {'agent', 'runtime', 'modules': {name: src}}.
# Then frames flow both ways on the original stdin/stdout: 4-byte big-endian length + JSON.
# Standard library only, Python >= 3.8.
import base64
import json
import os
import signal
import struct
import sys
import threading
import time
import types
import zlib

PROTOCOL_VERSION = 1


class _SiteOnDemand(object):
    # NOTE: the agent starts as `python3 -S` (no site: measured ~4 ms less per start, more with
    # many .pth files). The first import nothing else finds turns site on (site-packages, .pth
    # files, sitecustomize, as a plain python3 start has them) and looks again, so modules that
    # import from dist-packages (apt) work unchanged. PYTHON* variables keep their meaning.
    enabled = False

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if cls.enabled or not sys.flags.no_site:
            return None
        # stdlib probes for other platforms (subprocess tries msvcrt) are no reason for site
        if name.partition('.')[0] in getattr(sys, 'stdlib_module_names', ()):
            return None
        cls.enabled = True
        import site
        site.main()
        import importlib.machinery
        return importlib.machinery.PathFinder.find_spec(name, path, target)


sys.meta_path.append(_SiteOnDemand)

# NOTE: the protocol owns the real stdin/stdout. Anything a module prints (or a child process
# inherits) must not corrupt a frame, so fd 0 becomes /dev/null and fd 1 is pointed at stderr.
_IN = os.fdopen(os.dup(0), 'rb', buffering=0)
_OUT = os.fdopen(os.dup(1), 'wb', buffering=0)
_devnull = os.open(os.devnull, os.O_RDONLY)
os.dup2(_devnull, 0)
os.close(_devnull)
os.dup2(2, 1)
sys.stdin = open(os.devnull, 'r')
sys.stdout = sys.stderr

# the bootstrap's compile, through the host's code cache (plain compile when run without it)
_compile = globals().get('COMPILE') or (lambda source, name: compile(source, name, 'exec'))
_write_lock = threading.Lock()


def _load_runtime():
    mod = types.ModuleType('volant_runtime')
    mod.__file__ = '<volant_runtime>'
    sys.modules['volant_runtime'] = mod
    exec(_compile(PAYLOAD['runtime'], '<volant_runtime>'), mod.__dict__)  # noqa: F821
    return mod


runtime = _load_runtime()
# async jobs: jid -> {'started', 'finished', 'result', 'module', 'done'}; async_status reads this.
runtime.ASYNC_JOBS = {}
# running requests: id -> list of child processes (killed on cancel / timeout)
runtime.RUNNING = {}
# the module and helper sources received (the bootstrap's, then those requests bring): modules
# load by name, helper modules (modules/_name.py: `import _http_client`) import by name
_shipped = runtime.install_sources(dict(PAYLOAD.get('modules', {})), _compile)  # noqa: F821
_module_sources = _shipped.sources


def _read_exact(n):
    chunks = []
    while n > 0:
        chunk = _IN.read(n)
        if not chunk:
            return None
        chunks.append(chunk)
        n -= len(chunk)
    return b''.join(chunks)


def _json_default(value):
    if isinstance(value, bytes):
        return value.decode('utf-8', 'surrogateescape')
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    if hasattr(value, 'isoformat'):
        return value.isoformat()
    return str(value)


def send(frame):
    try:
        data = json.dumps(frame, default=_json_default, allow_nan=True).encode('utf-8', 'surrogatepass')
    except (TypeError, ValueError) as e:
        data = json.dumps({'id': frame.get('id'), 'ok': False, 'error': 'unserializable result: %s' % e}).encode('utf-8')
    with _write_lock:
        _OUT.write(struct.pack('>I', len(data)) + data)


_orig_popen_init = None


def _install_popen_tracking():
    import subprocess
    global _orig_popen_init
    _orig_popen_init = subprocess.Popen.__init__
    local = threading.local()
    runtime._request_local = local

    def tracked_init(self, *args, **kwargs):
        kwargs.setdefault('start_new_session', True)
        if getattr(local, 'env', None) is not None and len(args) <= 10 and kwargs.get('env') is None:
            kwargs['env'] = os.environ.copy()  # the request's environment reaches its children (env is positional 11th)
        _orig_popen_init(self, *args, **kwargs)
        rid = getattr(local, 'rid', None)
        if rid is not None:
            runtime.RUNNING.setdefault(rid, []).append(self)
    subprocess.Popen.__init__ = tracked_init
    return local


_local = _install_popen_tracking()


class _TaskEnviron(os._Environ):
    # NOTE: modules run in threads of one process, so a task's `environment:` cannot go into the
    # real os.environ. This os.environ answers each thread from its request's overlay first
    # (None marks a deleted name) and writes there too, so concurrent requests never see each
    # other's variables; child processes get the merged mapping from the Popen hook.
    def _overlay(self):
        return getattr(_local, 'env', None)

    def __getitem__(self, key):
        overlay = self._overlay()
        if overlay is not None and key in overlay:
            if overlay[key] is None:
                raise KeyError(key)
            return overlay[key]
        return os._Environ.__getitem__(self, key)

    def __setitem__(self, key, value):
        overlay = self._overlay()
        if overlay is None:
            return os._Environ.__setitem__(self, key, value)
        self.encodekey(key)
        self.encodevalue(value)
        overlay[key] = value

    def __delitem__(self, key):
        overlay = self._overlay()
        if overlay is None:
            return os._Environ.__delitem__(self, key)
        self[key]  # KeyError when absent, as os.environ does
        overlay[key] = None

    def __iter__(self):
        overlay = self._overlay()
        for key in list(os._Environ.__iter__(self)):
            if overlay is None or key not in overlay:
                yield key
        for key, value in list((overlay or {}).items()):
            if value is not None:
                yield key

    def __len__(self):
        return sum(1 for _ in self)

    def copy(self):
        if self._overlay() is None:
            # the real mapping decoded at once, not a key at a time through the overlay's checks
            decode_key, decode_value = self.decodekey, self.decodevalue
            return dict((decode_key(k), decode_value(v)) for k, v in self._data.items())
        return dict(self)


def _install_task_environ():
    env = object.__new__(_TaskEnviron)
    env.__dict__.update(os.environ.__dict__)  # shares the real mapping (and putenv on 3.8)
    os.environ = env


_install_task_environ()


def _kill_children(rid):
    for proc in runtime.RUNNING.pop(rid, []):
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:
                try:
                    proc.kill()
                except OSError:
                    pass


def _brief_message(exc):
    # NOTE: 2.19 gives an exception its direct causes (`raise … from e`) in one line, each after
    # the one it caused ('Failed to read x: [Errno 21] …'), a cause already ending the text once.
    parts = []
    while exc is not None:
        parts.append(str(exc).strip())
        exc = exc.__cause__
    message = parts.pop()
    for part in reversed(parts):
        message = part if part.endswith(message) else '%s: %s' % (part.rstrip('. '), message)
    return message


def _crash_result(name, exc_text, exc=None):
    # NOTE: 2.19 reports an exception escaping a module with this msg in the result itself.
    # (an exception without a message, NotImplementedError(), leaves 'Module failed.' alone)
    if exc is not None:
        detail = _brief_message(exc)
    else:
        lines = exc_text.strip().splitlines()
        detail = lines[-1] if lines else 'unknown error'
    msg = 'Task failed: Module failed: %s' % detail if detail else 'Task failed: Module failed.'
    # NOTE: 2.19 keeps no module traceback in the result, whatever the verbosity
    return {'failed': True, 'msg': msg, 'exception': '(traceback unavailable)'}


_pty = []  # [master, slave, name] once a request asked for a tty; kept for the agent's life


def _with_tty(env, tty):
    """The environment and stdin of a module 2.19 would run through `ssh -tt` (ModuleRequest.tty):
    SSH_TTY names the session's pty, TERM is the controller's, the task's environment comes last
    (2.19 writes it before the command). One pty for all such requests: its master stays open and
    unread, so a command reading stdin waits as it would on 2.19's terminal."""
    if not tty:
        return env, None
    if not _pty:
        try:
            master, slave = os.openpty()
            _pty.extend((master, slave, os.ttyname(slave)))
        except OSError:
            _pty.extend((None, None, None))
    merged = {}
    if tty.get('ssh_tty') and _pty[2]:
        merged['SSH_TTY'] = _pty[2]
    if tty.get('term'):
        merged['TERM'] = tty['term']
    merged.update(env or {})
    return merged or None, _pty[1]


def run_module_request(req):
    name = req['module']
    # the helpers and other modules a module needs ride along with its first request
    _shipped.keep(req.get('helper_sources'))
    try:
        mod = _shipped.load_module(name, req.get('source'))
    except BaseException as e:
        import traceback  # NOTE: imported on failure only (~2 ms of every start otherwise)
        return _crash_result(name, traceback.format_exc(), e)
    if mod is None:
        return {'failed': True, 'msg': 'The module %s was not found in configured module paths' % name, 'volant_missing_module': True}
    _local.rid = req.get('id')
    env, _local.tty_fd = _with_tty(req.get('env') or None, req.get('tty'))
    _local.env = dict(env) if env else None
    try:
        return runtime.run_module(
            name, mod, req.get('args') or {},
            check_mode=req.get('check', False), diff_mode=req.get('diff', False),
            environ=env, no_log=req.get('no_log', False), remote_tmp=req.get('remote_tmp'),
            task_tmp=req.get('tmp'), own_tmp=req.get('own_tmp', False),
        )
    except BaseException as e:
        import traceback  # NOTE: imported on failure only (~2 ms of every start otherwise)
        return _crash_result(name, traceback.format_exc(), e)
    finally:
        _local.rid = None
        _local.env = None
        _local.tty_fd = None
        runtime.RUNNING.pop(req.get('id'), None)


def handle_module(req):
    result = run_module_request(req)
    send({'id': req['id'], 'ok': True, 'result': result})


# The detached process that runs one async job (Ansible's async_wrapper): it outlives the agent,
# so a fire-and-forget job keeps running after the playbook ends. It reads {runtime, sources,
# name, req, jid, results_file, limit} on stdin (sources: every module and helper source the
# agent holds, so helpers import and package runs apt as in the agent) and writes the job's
# result file.
ASYNC_RUNNER = r"""
import json, os, signal, sys, threading, time, types
job = json.loads(sys.stdin.read())
sys.stdin = open(os.devnull)
rt = types.ModuleType('volant_runtime')
sys.modules['volant_runtime'] = rt
exec(compile(job['runtime'], '<volant_runtime>', 'exec'), rt.__dict__)
rt.ASYNC_JOBS = {}
rt.NEW_SESSIONS = False
shipped = rt.install_sources(job['sources'])
path = job['results_file']

def record(data):
    tmp = path + '.tmp'
    with open(tmp, 'w') as f:
        json.dump(data, f, default=str)
    os.rename(tmp, path)

def expire():
    record({'msg': 'Timeout exceeded', 'failed': True, 'child_pid': os.getpid()})
    os.killpg(0, signal.SIGKILL)

def watch(limit):
    # NOTE: ansible's async_wrapper looks every 5 s after a first 5 s, so a job outlives a short
    # limit by up to 10 s and the controller's own poll reports it unfinished first.
    remaining = int(limit)
    time.sleep(5)
    while True:
        time.sleep(5)
        remaining -= 5
        if remaining <= 0:
            expire()
            return

if job['limit'] > 0:
    watcher = threading.Thread(target=watch, args=(job['limit'],))
    watcher.daemon = True
    watcher.start()
req = job['req']
os.environ.update(req.get('env') or {})
try:
    mod = shipped.load_module(job['name'])
    result = rt.run_module(job['name'], mod, req.get('args') or {}, check_mode=req.get('check', False),
                           diff_mode=req.get('diff', False), environ=req.get('env') or None,
                           remote_tmp=req.get('remote_tmp'), task_tmp=req.get('tmp'),
                           own_tmp=req.get('own_tmp', False))
except BaseException as e:
    # as _crash_result: no traceback kept, each direct cause after the text it caused, and an
    # exception without a message leaves 'Module failed.' alone
    parts = []
    while e is not None:
        parts.append(str(e).strip())
        e = e.__cause__
    detail = parts.pop()
    while parts:
        part = parts.pop()
        detail = part if part.endswith(detail) else '%s: %s' % (part.rstrip('. '), detail)
    msg = 'Task failed: Module failed: %s' % detail if detail else 'Task failed: Module failed.'
    result = {'failed': True, 'msg': msg, 'exception': '(traceback unavailable)'}
record(result)
os._exit(0)
"""


def handle_async(req):
    import subprocess
    name = req['module']
    _shipped.keep(req.get('helper_sources'))
    if req.get('source') is not None:
        _module_sources[name] = req['source']
    source = _module_sources.get(name)
    if source is None:
        send({'id': req['id'], 'ok': True, 'result': {
            'failed': True, 'msg': 'The module %s was not found in configured module paths' % name}})
        return
    jid = 'j%d.%d' % (int(time.time() * 1000000) % 1000000000000, os.getpid())
    results_file = os.path.join(os.path.expanduser('~/.ansible_async'), jid)
    try:
        os.makedirs(os.path.dirname(results_file), exist_ok=True)
        with open(results_file, 'w') as f:
            json.dump({'started': 1, 'finished': 0, 'ansible_job_id': jid}, f)
    except (OSError, IOError) as e:
        send({'id': req['id'], 'ok': True, 'result': {'failed': True, 'msg': 'could not create the job file: %s' % e}})
        return
    # done (set when the job ends) lets async_status wait for the job as long as 2.19's check takes
    job = {'started': True, 'finished': False, 'result': None, 'module': name, 'done': threading.Event()}
    runtime.ASYNC_JOBS[jid] = job
    if req.get('tty'):
        req = dict(req, env=_with_tty(req.get('env') or None, req['tty'])[0])  # the job's environment only
    proc = subprocess.Popen([sys.executable, '-c', ASYNC_RUNNER], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True, close_fds=True)
    payload = {'runtime': PAYLOAD['runtime'], 'sources': dict(_module_sources), 'name': name, 'req': req,  # noqa: F821
               'jid': jid, 'results_file': results_file, 'limit': req.get('async_seconds') or 0}
    proc.stdin.write(json.dumps(payload, default=_json_default).encode('utf-8', 'surrogatepass'))
    proc.stdin.close()

    def watch():
        # keeps ASYNC_JOBS in step with the job file while this agent lives
        proc.wait()
        try:
            with open(results_file) as f:
                data = json.load(f)
        except (OSError, IOError, ValueError):
            data = {'failed': True, 'msg': 'the async job ended without a result'}
        job['result'] = data
        job['finished'] = True
        job['done'].set()
    w = threading.Thread(target=watch, name='async-' + jid)
    w.daemon = True
    w.start()
    # NOTE: in the order 2.19's async_wrapper and action build it (seen in a loop item's label).
    send({'id': req['id'], 'ok': True, 'result': {
        'failed': False, 'started': True, 'finished': False,
        'ansible_job_id': jid, 'results_file': results_file, 'changed': True,
    }})


def handle_put(req):
    path = req['path']
    data = base64.b64decode(req['data'])
    try:
        d = os.path.dirname(path)
        if d and not os.path.isdir(d):
            os.makedirs(d)
        tmp = path + '.volant-tmp-%d' % os.getpid()
        with open(tmp, 'wb') as f:
            f.write(data)
        if req.get('mode') is not None:
            os.chmod(tmp, int(req['mode']))
        os.rename(tmp, path)
        send({'id': req['id'], 'ok': True, 'result': {'path': path, 'size': len(data)}})
    except (OSError, IOError) as e:
        send({'id': req['id'], 'ok': False, 'error': 'could not write %s: %s' % (path, e)})


# Files sent in pieces (bounded memory on both sides): the pieces of one file share a token.
# They are handled inline, so they are written in the order they arrive; the first creates a temp
# file beside the destination, the last renames it over the destination. A failed piece marks
# the token, so the pieces already on their way are dropped rather than starting a new file.
_failed_puts = set()


def handle_put_chunk(req):
    path, token = os.path.expanduser(req['path']), req['token']
    tmp = '%s.volant-tmp-%s' % (path, token)
    if token in _failed_puts:
        send({'id': req['id'], 'ok': False, 'error': 'could not write %s: an earlier piece failed' % path})
        return
    try:
        if req.get('first'):
            d = os.path.dirname(path)
            if d and not os.path.isdir(d):
                os.makedirs(d, mode=0o700)  # private, as Ansible's remote tmp
        with open(tmp, 'wb' if req.get('first') else 'ab') as f:
            f.write(base64.b64decode(req['data']))
        if req.get('last'):
            if req.get('mode') is not None:
                os.chmod(tmp, int(req['mode']))
            os.rename(tmp, path)
        send({'id': req['id'], 'ok': True, 'result': {'path': path}})
    except (OSError, IOError) as e:
        _failed_puts.add(token)
        try:
            os.unlink(tmp)
        except OSError:
            pass
        send({'id': req['id'], 'ok': False, 'error': 'could not write %s: %s' % (path, e)})


def handle_read_chunk(req):
    # One piece of a file: `length` bytes from `offset` (fewer at the end).
    path = req['path']
    try:
        with open(path, 'rb') as f:
            f.seek(int(req['offset']))
            data = f.read(int(req['length']))
        send({'id': req['id'], 'ok': True, 'result': {'data': base64.b64encode(data).decode('ascii')}})
    except (OSError, IOError) as e:
        send({'id': req['id'], 'ok': False, 'error': '%s' % e, 'errno': e.errno})


def handle_read(req):
    path = req['path']
    try:
        with open(path, 'rb') as f:
            data = f.read()
        send({'id': req['id'], 'ok': True, 'result': {'data': base64.b64encode(data).decode('ascii')}})
    except (OSError, IOError) as e:
        send({'id': req['id'], 'ok': False, 'error': '%s' % e, 'errno': e.errno})


def handle_fetch(req):
    # The host side of fetch: the bytes and checksum, or why there are none.
    path = req['path']
    if os.path.isdir(path):
        send({'id': req['id'], 'ok': True, 'result': {'isdir': True}})
        return
    if req.get('chunked'):
        # only the size and checksum: the bytes follow in pieces (read_chunk)
        import hashlib
        digest = hashlib.sha1()
        try:
            with open(path, 'rb') as f:
                for block in iter(lambda: f.read(1 << 20), b''):
                    digest.update(block)
                size = f.tell()
        except (OSError, IOError) as e:
            send({'id': req['id'], 'ok': True, 'result': {'missing': True, 'error': str(e), 'errno': e.errno}})
            return
        send({'id': req['id'], 'ok': True, 'result': {'checksum': digest.hexdigest(), 'size': size}})
        return
    try:
        with open(path, 'rb') as f:
            data = f.read()
    except (OSError, IOError) as e:
        send({'id': req['id'], 'ok': True, 'result': {'missing': True, 'error': str(e), 'errno': e.errno}})
        return
    import hashlib
    send({'id': req['id'], 'ok': True, 'result': {'data': base64.b64encode(data).decode('ascii'), 'checksum': hashlib.sha1(data).hexdigest()}})


def handle_exists(req):
    # NOTE: as Ansible's `test -e <quoted path>`: no glob, no ~
    send({'id': req['id'], 'ok': True, 'result': {'exists': os.path.exists(req['path'])}})


def handle_expanduser(req):
    # 2.19's _remote_expand_user: only the first part (~ or ~user) is expanded on the host, as
    # `echo ~user` does; the rest is joined on as written (no normalizing).
    head, sep, rest = req['path'].partition('/')
    home = os.path.expanduser(head)
    send({'id': req['id'], 'ok': True, 'result': {'path': os.path.join(home, rest) if sep else home}})


def handle_mktemp(req):
    # (made as the login user's shell makes it, also when this agent became another user; named as
    # 2.19 names it, since a script run from it may print its own path)
    base = runtime.ensure_task_tmp_base(req.get('base') or '~/.ansible/tmp')
    try:
        path = runtime.make_task_tmp(base)
    except OSError:
        path = runtime.make_task_tmp(None)
    send({'id': req['id'], 'ok': True, 'result': {'path': path}})


def handle_rmtree(req):
    import shutil
    shutil.rmtree(req['path'], ignore_errors=True)
    send({'id': req['id'], 'ok': True, 'result': {}})


def handle_load(req):
    modules = req.get('modules') or {}
    for name, source in modules.items():
        _module_sources[name] = source
    _warm_up(modules)
    # NOTE: id null: the same frame goes to every host ahead of a module's first request (load-frames.ts)
    if req.get('id') is not None:
        send({'id': req['id'], 'ok': True, 'result': {'loaded': sorted(_module_sources)}})


def handle_cancel(req):
    _kill_children(req.get('target'))
    send({'id': req['id'], 'ok': True, 'result': {}})


THREADED = {'module': handle_module, 'put': handle_put, 'read': handle_read, 'fetch': handle_fetch, 'read_chunk': handle_read_chunk}
INLINE = {'async': handle_async, 'put_chunk': handle_put_chunk, 'load': handle_load, 'cancel': handle_cancel, 'mktemp': handle_mktemp, 'rmtree': handle_rmtree,
          'exists': handle_exists, 'expanduser': handle_expanduser}


def _threaded(fn, req):
    try:
        fn(req)
    except BaseException:
        import traceback
        send({'id': req.get('id'), 'ok': False, 'error': traceback.format_exc()})


class _Worker(object):
    # NOTE: a request runs on a thread of its own (a cancel must get through while a module runs),
    # but a new thread per request cost a clone() and a wait for the thread to say it started on
    # every task; workers stay and take the next request (one per host task in flight, usually one).
    __slots__ = ('wake', 'job')

    def __init__(self):
        self.wake = threading.Lock()
        self.wake.acquire()
        self.job = None

    def loop(self):
        while True:
            self.wake.acquire()
            fn, req = self.job
            self.job = None
            _threaded(fn, req)
            with _idle_lock:
                _idle.append(self)
                _busy[0] -= 1
                if not _busy[0] and _warm:
                    _all_idle.notify_all()


_idle = []
_idle_lock = threading.Lock()
# signalled when the last running request ends (the warm-up waits for it)
_all_idle = threading.Condition(_idle_lock)
_busy = [0]


def _dispatch(fn, req):
    with _idle_lock:
        worker = _idle.pop() if _idle else None
        _busy[0] += 1
    if worker is None:
        worker = _Worker()
        t = threading.Thread(target=worker.loop)
        t.daemon = True
        t.start()
    worker.job = (fn, req)
    worker.wake.release()


# The warm-up: the standard-library modules that the modules a load frame brings import at their
# top, imported while no request runs. The controller sends a play's modules with the first one
# it needs, so under linear an agent imports what the later tasks need while it waits for the
# other hosts' logins, not after them (where every host pays it at the same task). Only the
# standard library: a module the host may install during the play must be imported as it stands
# when the task runs. A module is executed ahead of its first request only when it says
# LOAD_EARLY (its top level reads and changes nothing on the host: see modules/README); then its
# WARM_UP, if it has one, does what its first request would otherwise do first.
_warm = []
_warm_thread = []
# standard-library modules whose import does something: left to the module's own first request
_WARM_NEVER = frozenset(('site', 'this', 'antigravity'))
_LOAD_EARLY = '\nLOAD_EARLY = True\n'


def _top_imports(source):
    names = []
    for line in source.splitlines():
        if line.startswith('import '):
            names.extend(part.split()[0] for part in line[7:].split('#')[0].split(',') if part.strip())
        elif line.startswith('from ') and not line.startswith('from .'):
            names.append(line[5:].split()[0])
    return [name.split('.')[0] for name in names]


def _warm_up(sources):
    stdlib = getattr(sys, 'stdlib_module_names', None)  # Python >= 3.10
    if stdlib is None:
        return
    with _idle_lock:
        early = []
        for name, source in sources.items():
            for imported in _top_imports(source):
                if imported in stdlib and imported not in _WARM_NEVER and imported not in sys.modules and imported not in _warm:
                    _warm.append(imported)
            if _LOAD_EARLY in source:
                early.append(('module', name))
        # (after the imports: executing a module would import them itself, one at a time)
        _warm.extend(early)
        if not _warm:
            return
        if not _warm_thread:
            t = threading.Thread(target=_warm_loop)
            t.daemon = True
            _warm_thread.append(t)
            t.start()
        _all_idle.notify_all()


def _warm_loop():
    while True:
        with _idle_lock:
            while not _warm or _busy[0]:
                _all_idle.wait()
            item = _warm.pop(0)
        try:
            if isinstance(item, tuple):
                # a module that fails to load here fails again, as it should, at its request
                warm = getattr(_shipped.load_module(item[1]), 'WARM_UP', None)
                if warm is not None:
                    warm()
            elif item not in sys.modules:
                __import__(item)
        except BaseException:
            pass


def main():
    send({'id': 0, 'type': 'hello', 'version': PROTOCOL_VERSION, 'pid': os.getpid(),
          'python': list(sys.version_info[:3]), 'executable': sys.executable,
          'uid': os.getuid(), 'euid': os.geteuid(), 'user': _user_name(), 'home': os.path.expanduser('~'),
          'modules': sorted(_module_sources)})
    while True:
        head = _read_exact(4)
        if head is None:
            break
        (length,) = struct.unpack('>I', head)
        body = _read_exact(length & 0x7fffffff)
        if body is None:
            break
        if length & 0x80000000:
            body = zlib.decompress(body)  # a large frame, deflated by the controller (frame-codec.ts)
        try:
            req = json.loads(body.decode('utf-8', 'surrogatepass'))
        except ValueError as e:
            send({'id': None, 'ok': False, 'error': 'bad frame: %s' % e})
            continue
        op = req.get('op')
        if op == 'exit':
            send({'id': req.get('id'), 'ok': True, 'result': {}})
            break
        if op == 'ping':
            send({'id': req.get('id'), 'ok': True, 'result': {'pong': True}})
            continue
        fn = THREADED.get(op)
        if fn is not None:
            _dispatch(fn, req)
            continue
        fn = INLINE.get(op)
        if fn is not None:
            _threaded(fn, req)
            continue
        send({'id': req.get('id'), 'ok': False, 'error': 'unknown op %r' % (op,)})
    for rid in list(runtime.RUNNING):
        _kill_children(rid)
    os._exit(0)


def _user_name():
    try:
        import pwd
        return pwd.getpwuid(os.geteuid()).pw_name
    except (ImportError, KeyError):
        return str(os.geteuid())


main()
