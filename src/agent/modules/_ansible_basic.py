# ansible.module_utils.basic for library modules (the modules people ship in library/), on top of
# volant_runtime: AnsibleModule validates with the runtime's validator and messages, its helpers
# are the runtime Context's, exit_json/fail_json end the request with the runtime's result shape.
# Also stands for ansible.module_utils.common.process, .common.file and .common.locale (see ANSIBLE_SHIMS).
import json
import os
import random
import re
import sys
import threading
import time

import volant_runtime
import _ansible_six, _ansible_validation  # noqa: E401,F401 -- shipped with this shim, for the modules' imports
from _ansible_text import to_bytes, to_native, to_text  # noqa: F401 -- basic re-exports them, as ansible's does
from _ansible_validation import boolean, env_fallback, BOOLEANS, BOOLEANS_FALSE, BOOLEANS_TRUE  # noqa: F401

FILE_COMMON_ARGUMENTS = volant_runtime.FILE_COMMON_ARGUMENTS
SEQUENCETYPE = (list, tuple, frozenset, set)
_PASSWORD_MATCH = re.compile(r'^(?:.+[-_\s])?pass(?:[-_\s]?(?:word|phrase|wrd|wd)?)(?:[-_\s].+)?$', re.I)

# the request a library module runs for, per agent thread (modules run in threads of one process)
_request = threading.local()


class _ThreadOutput(object):
    """sys.stdout / sys.stderr for the agent's threads: what a library module writes is kept for
    its result (module_stdout, module_stderr), what anything else writes goes where it went."""

    def __init__(self, original, stream):
        self._original = original
        self._stream = stream

    def write(self, text):
        kept = getattr(_request, self._stream, None)
        if kept is None:
            return self._original.write(text)
        kept.append(text)
        return len(text)

    def __getattr__(self, name):
        return getattr(self._original, name)


if not isinstance(sys.stdout, _ThreadOutput):
    sys.stdout = _ThreadOutput(sys.stdout, 'stdout')
    sys.stderr = _ThreadOutput(sys.stderr, 'stderr')


class _ModuleExited(SystemExit):
    """exit_json/fail_json end the module as sys.exit does (a module's `except Exception` lets it
    through), carrying the result."""

    def __init__(self, result):
        SystemExit.__init__(self, 0)
        self.result = result


class _ModuleContext(volant_runtime.Context):
    # runtime helpers fail through fail_json, as AnsibleModule's own do
    module = None

    def fail(self, msg, **kwargs):
        self.module.fail_json(msg=msg, **kwargs)

    def exit(self, **kwargs):
        self.module.exit_json(**kwargs)


missing_required_lib = volant_runtime.missing_required_lib


def get_bin_path(arg, opt_dirs=None, required=None):
    """ansible.module_utils.common.process.get_bin_path: raises ValueError when not found."""
    found = volant_runtime.Context('get_bin_path').get_bin_path(arg, opt_dirs=opt_dirs or ())
    if found is None:
        raise ValueError('Failed to find required executable "%s" in paths: %s' % (arg, os.environ.get('PATH', '')))
    return found


def is_executable(path):
    """ansible.module_utils.common.file.is_executable: any execute bit set."""
    return bool(os.stat(path).st_mode & (0o100 | 0o010 | 0o001))


def get_best_parsable_locale(module, preferences=None, raise_on_locale=False):
    """ansible.module_utils.common.locale.get_best_parsable_locale: the runtime's."""
    if preferences is None:
        return module._ctx.best_parsable_locale()
    return module._ctx.best_parsable_locale(preferences)


def jsonify(data, **kwargs):
    return json.dumps(data, **kwargs)


class AnsibleModule(object):
    def __init__(self, argument_spec, bypass_checks=False, no_log=False, mutually_exclusive=None,
                 required_together=None, required_one_of=None, add_file_common_args=False,
                 supports_check_mode=False, required_if=None, required_by=None):
        request = getattr(_request, 'current', None)
        if request is None:
            raise RuntimeError('AnsibleModule is only usable in a module Volant runs')
        self.argument_spec = dict(argument_spec)
        if add_file_common_args:
            for key, opt in FILE_COMMON_ARGUMENTS.items():
                self.argument_spec.setdefault(key, opt)
        self.supports_check_mode = supports_check_mode
        self.no_log = bool(no_log or request['no_log'])
        self.check_mode = bool(request['check_mode'])
        self._diff = bool(request['diff_mode'])
        self._name = request['name']
        self._debug = False
        self.bypass_checks = bypass_checks
        args = request['args']
        internal = dict((k, v) for k, v in args.items() if k.startswith(('_ansible_', '_volant_')))
        # as 2.19, the run's verbosity and the ansible-core version (src/vars/ansible-version.ts) come
        # from the controller with every module's arguments
        self._verbosity = internal.get('_ansible_verbosity', 0)
        self.ansible_version = internal.get('_ansible_version')
        # NOTE: ansible hands a module its arguments sorted by name (params keep that order)
        user_args = dict(sorted((k, v) for k, v in args.items() if k not in internal))
        vres = volant_runtime.validate_arguments(
            self._name, self.argument_spec, user_args, mutually_exclusive=mutually_exclusive or (),
            required_together=required_together or (), required_one_of=required_one_of or (),
            required_if=required_if or (), required_by=required_by)
        self.params = vres.params
        self.aliases = vres.aliases
        self.no_log_values = vres.no_log_values
        self._ctx = _ModuleContext(self._name, self.params, check_mode=self.check_mode, diff_mode=self._diff,
                                   environ=request['environ'], no_log_values=vres.no_log_values,
                                   remote_tmp=request['remote_tmp'])
        self._ctx.module = self
        self._ctx.aliases = vres.aliases
        for warning in vres.warnings:
            self.warn(warning)
        if vres.errors:
            # NOTE: as the runtime's modules: unsupported parameters are reported after every other error.
            kind, msg = sorted(vres.errors, key=lambda e: e[0] == 'unsupported')[0]
            if kind == 'unsupported':
                msg = 'Unsupported parameters for (%s) module: %s' % (internal.get('_ansible_module_name') or self._name, msg)
            self.fail_json(msg=msg)
        if self.check_mode and not self.supports_check_mode:
            self.exit_json(skipped=True, msg='remote module (%s) does not support check mode' % (internal.get('_ansible_module_name') or self._name))
        if not self.no_log:
            # NOTE: ansible's invocation logging warns about password-like options without no_log
            for param in self.params:
                if self.argument_spec.get(self.aliases.get(param, param), {}).get('no_log') is None and _PASSWORD_MATCH.search(param):
                    self.warn('Module did not set no_log for %s' % param)

    # -- results ------------------------------------------------------------------------------
    def exit_json(self, **kwargs):
        self._ctx.add_path_info(kwargs)
        self._take_returned_notices(kwargs)
        self._ctx.cleanup()
        raise _ModuleExited(volant_runtime.exit_result(kwargs, self._ctx))

    def fail_json(self, msg, **kwargs):
        kwargs['failed'] = True
        kwargs['msg'] = msg
        self._ctx.add_path_info(kwargs)
        self._take_returned_notices(kwargs)
        self._ctx.cleanup()
        raise _ModuleExited(volant_runtime.exit_result(kwargs, self._ctx))

    def _take_returned_notices(self, kwargs):
        """`warnings=`/`deprecations=` given to exit_json/fail_json: as 2.19, each becomes a warn or
        deprecate call (after a deprecation of passing them), not a plain result key."""
        if 'warnings' in kwargs:
            self._core_deprecation('Passing `warnings` to `exit_json` or `fail_json` is deprecated.',
                                   'Use `AnsibleModule.warn` instead.')
            given = kwargs.pop('warnings')
            for w in given if isinstance(given, list) else [given]:
                self.warn(w)
        if 'deprecations' in kwargs:
            self._core_deprecation('Passing `deprecations` to `exit_json` or `fail_json` is deprecated.',
                                   'Use `AnsibleModule.deprecate` instead.')
            given = kwargs.pop('deprecations')
            for d in given if isinstance(given, list) else [given]:
                if isinstance(d, (list, tuple)) and len(d) == 2:
                    self.deprecate(d[0], version=d[1])
                elif isinstance(d, dict):
                    self.deprecate(d['msg'], version=d.get('version'), date=d.get('date'),
                                   collection_name=d.get('collection_name'))
                else:
                    self.deprecate(d)

    def _core_deprecation(self, msg, help_text):
        self._ctx.deprecations.append({'msg': msg, 'version': '2.23', 'collection_name': 'ansible.builtin',
                                       'deprecator': {'resolved_name': 'ansible.builtin', 'type': None},
                                       'help_text': help_text})

    def warn(self, warning):
        self._ctx.warn(warning)

    def deprecate(self, msg, version=None, date=None, collection_name=None):
        # NOTE: a playbook's library/ module is ansible.legacy's, a collection's module its collection's.
        self._ctx.deprecations.append(volant_runtime.deprecation_dict(msg, version, date, collection_name, self._name, 'ansible.legacy'))

    def log(self, msg, log_args=None):
        pass

    def debug(self, msg):
        pass

    # -- helpers: the runtime Context's -----------------------------------------------------------
    @property
    def tmpdir(self):
        return self._ctx.tmpdir

    def boolean(self, arg):
        if arg is None:
            return arg
        try:
            return boolean(arg)
        except TypeError as e:
            self.fail_json(msg=to_native(e))

    def run_command(self, args, check_rc=False, **kwargs):
        rc, out, err = self._ctx.run_command(args, **kwargs)
        if rc != 0 and check_rc:
            # NOTE: AnsibleModule's msg is the stderr alone, empty when there is none (the
            # runtime's modules say 'Error executing command.' then, as ansible's command does)
            msg = volant_runtime.log_sanitize(err.rstrip()) if isinstance(err, str) else ''
            self.fail_json(cmd=volant_runtime._cmd_text(args), rc=rc, stdout=out, stderr=err, msg=msg)
        return rc, out, err

    def get_bin_path(self, arg, required=False, opt_dirs=None):
        return self._ctx.get_bin_path(arg, required=required, opt_dirs=opt_dirs or ())

    def add_cleanup_file(self, path):
        self._ctx.add_cleanup_file(path)

    def do_cleanup_files(self):
        self._ctx.cleanup()

    def load_file_common_arguments(self, params, path=None):
        return self._ctx.load_file_common_arguments(params, path=path)

    def set_fs_attributes_if_different(self, file_args, changed, diff=None, expand=True):
        return self._ctx.set_fs_attributes_if_different(file_args, changed, diff=diff, expand=expand)

    def set_file_attributes_if_different(self, file_args, changed, diff=None, expand=True):
        return self._ctx.set_fs_attributes_if_different(file_args, changed, diff=diff, expand=expand)

    def set_directory_attributes_if_different(self, file_args, changed, diff=None, expand=True):
        return self._ctx.set_fs_attributes_if_different(file_args, changed, diff=diff, expand=expand)

    def set_mode_if_different(self, path, mode, changed, diff=None, expand=True):
        return self._ctx.set_mode_if_different(path, mode, changed, diff=diff, expand=expand)

    def set_owner_if_different(self, path, owner, changed, diff=None, expand=True):
        return self._ctx.set_owner_if_different(path, owner, changed, diff=diff, expand=expand)

    def set_group_if_different(self, path, group, changed, diff=None, expand=True):
        return self._ctx.set_group_if_different(path, group, changed, diff=diff, expand=expand)

    def set_attributes_if_different(self, path, attributes, changed, diff=None, expand=True):
        return self._ctx.set_attributes_if_different(path, attributes, changed, diff=diff, expand=expand)

    def atomic_move(self, src, dest, unsafe_writes=False, keep_dest_attrs=True):
        return self._ctx.atomic_move(src, dest, unsafe_writes=unsafe_writes, keep_dest_attrs=keep_dest_attrs)

    def backup_local(self, fn):
        return self._ctx.backup_local(fn)

    def digest_from_file(self, filename, algorithm):
        return self._ctx.digest_from_file(filename, algorithm)

    def md5(self, filename):
        return self._ctx.md5(filename)

    def sha1(self, filename):
        return self._ctx.sha1(filename)

    def sha256(self, filename):
        return self._ctx.sha256(filename)

    def add_path_info(self, kwargs):
        return self._ctx.add_path_info(kwargs)

    def jsonify(self, data):
        return jsonify(data)

    def selinux_enabled(self):
        try:
            import selinux
        except ImportError:
            return False  # as ansible without the selinux Python bindings
        return selinux.is_selinux_enabled() == 1

    def selinux_mls_enabled(self):
        return False

    def is_executable(self, path):
        return is_executable(path)

    def append_to_file(self, filename, str):
        with open(os.path.expanduser(filename), 'a') as f:
            f.write(str)

    def cleanup(self, tmpfile):
        if os.path.exists(tmpfile):
            try:
                os.unlink(tmpfile)
            except OSError as e:
                sys.stderr.write('could not cleanup %s: %s' % (tmpfile, e))

    def find_mount_point(self, path):
        path = os.path.realpath(os.path.expanduser(os.path.expandvars(path)))
        while not os.path.ismount(path):
            path = os.path.dirname(path)
        return path

    def from_json(self, data):
        return json.loads(data)


# ---------------------------------------------------------------------------------------------
# Running a library module file as ansible-core runs it: as __main__, its result what it passed
# to exit_json/fail_json
# ---------------------------------------------------------------------------------------------

_compiled = {}


class _ModuleUtils(object):
    """A finder for the module_utils library modules bring (the playbook's or a role's
    module_utils/): ansible.module_utils.<name> -> [source, is package], for the whole process."""
    sources = {}
    _lock = threading.Lock()

    @classmethod
    def add(cls, utils):
        if not utils:
            return
        with cls._lock:
            if cls not in sys.meta_path:
                sys.meta_path.insert(0, cls)
            for dotted, entry in utils.items():
                cls.sources.setdefault(dotted, entry)

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        entry = cls.sources.get(name)
        if entry is None:
            return None
        import importlib.machinery
        return importlib.machinery.ModuleSpec(name, cls, origin='<module_utils %s>' % name, is_package=bool(entry[1]))

    @classmethod
    def create_module(cls, spec):
        return None

    @classmethod
    def exec_module(cls, module):
        exec(compile(cls.sources[module.__name__][0], module.__spec__.origin, 'exec'), module.__dict__)


def run_library_module(name, source, path, args, check_mode=False, diff_mode=False, environ=None,
                       no_log=False, remote_tmp=None, utils=None, package=None):
    _ModuleUtils.add(utils)
    code = _compiled.get(path)
    if code is None or code[0] is not source:
        code = _compiled[path] = (source, compile(source, path, 'exec'))
    _request.current = {'name': name, 'args': args, 'check_mode': check_mode, 'diff_mode': diff_mode,
                        'environ': environ, 'no_log': no_log, 'remote_tmp': remote_tmp}
    _request.stdout, _request.stderr = [], []
    namespace = {'__name__': '__main__', '__file__': path, '__builtins__': __builtins__}
    if package:
        # a collection's module runs in its package, as ansible runs it: relative imports work
        namespace['__package__'] = package
    try:
        exec(code[1], namespace)
    except _ModuleExited as e:
        return e.result
    except SystemExit as e:
        # NOTE: a module that exits without printing its result: 2.19 finds no JSON in its output.
        rc = e.code
        if rc is None:
            rc = 0
        elif not isinstance(rc, int):
            _request.stderr.append('%s\n' % (rc,))
            rc = 1
        return _unreadable('No start of json char found', ''.join(_request.stdout), ''.join(_request.stderr), rc)
    except BaseException as e:
        # NOTE: 2.19 keeps no traceback unless asked to (DISPLAY_TRACEBACK); an exception without a
        # message (NotImplementedError()) leaves 'Module failed.' alone
        detail = _chained_message(e)
        msg = 'Task failed: Module failed: %s' % detail if detail else 'Task failed: Module failed.'
        return {'failed': True, 'msg': msg, 'exception': '(traceback unavailable)'}
    finally:
        _request.current = _request.stdout = _request.stderr = None
    return {'failed': True, 'msg': 'Task failed: Module failed: New-style module did not handle its own exit.'}


def _chained_message(exc):
    # 2.19 writes an exception's direct causes after it ('outer: inner'), an empty text too (': inner'),
    # and drops a cause the text already ends with
    text = str(exc).strip()
    if exc.__cause__ is None:
        return text
    cause = _chained_message(exc.__cause__)
    return text if text.endswith(cause) else '%s: %s' % (text.rstrip('. '), cause)


def _unreadable(why, stdout, stderr, rc):
    """2.19's failure for a module whose output holds no result (shown under "Action failed")."""
    return {'failed': True, 'msg': 'Module result deserialization failed: %s' % why, 'module_stdout': stdout,
            'module_stderr': stderr, 'rc': rc, 'exception': '(traceback unavailable)', '_volant_action_failed': True}


def run_want_json_module(name, source, path, args, check_mode=False, diff_mode=False, environ=None,
                         no_log=False, remote_tmp=None, utils=None):
    """A WANT_JSON module (any language): run as ansible runs it, with the path of a JSON file of
    its arguments, its result the JSON it prints (lines before it, and junk after it, ignored)."""
    ctx = volant_runtime.Context(name, environ=environ, remote_tmp=remote_tmp)
    try:
        # named as ansible names the directory it runs a module in
        base = os.path.dirname(ctx.tmpdir)
        work = os.path.join(base, 'ansible-tmp-%.7f-%d-%d' % (time.time(), os.getpid(), random.randint(0, 2 ** 48)))
        os.mkdir(work, 0o700)
        ctx.add_cleanup_file(work)
        script = os.path.join(work, 'AnsiballZ_' + os.path.basename(path))
        with open(script, 'w') as f:
            f.write(source)
        os.chmod(script, 0o700)
        args_file = os.path.join(work, 'args')
        with open(args_file, 'w') as f:
            json.dump(dict((k, v) for k, v in args.items() if not k.startswith(('_ansible_', '_volant_'))), f)
        first = source.split('\n', 1)[0]
        argv = first[2:].split() if first.startswith('#!') else []
        if argv and os.path.basename(argv[-1]).startswith('python'):
            argv = [sys.executable]  # ansible puts the host's Python interpreter in a python shebang
        rc, out, err = ctx.run_command(argv + [script, args_file])
    finally:
        ctx.cleanup()
    return _module_output(out, err, rc)


def _module_output(out, err, rc):
    lines = out.splitlines(True)
    start = next((i for i, line in enumerate(lines) if line.startswith(('{', '['))), None)
    if start is None:
        return _unreadable('No start of json char found', out, err, rc)
    data = ''.join(lines[start:])
    end = data.rfind('}' if data.startswith('{') else ']')
    try:
        result = json.loads(data[:end + 1])
    except ValueError as e:
        return _unreadable(str(e), out, err, rc)
    if not isinstance(result, dict):
        return _unreadable('the module result is no mapping', out, err, rc)
    return result
