# unarchive: unpack a tar (gz/bz2/xz/zstd) archive with GNU tar, or a zip with unzip, into an
# existing directory, only when `tar --diff` (or the zip listing) says something differs.
# The controller side (copying a local src, `creates`, checking dest) is the unarchive action's.
import binascii
import codecs
import fnmatch
import os
import re
import shutil
import tempfile
from functools import partial
from shlex import quote
from zipfile import BadZipFile, ZipFile

from _http_client import fetch_file

ARGUMENT_SPEC = {
    'src': {'type': 'path', 'required': True},
    'dest': {'type': 'path', 'required': True},
    'remote_src': {'type': 'bool', 'default': False},
    'creates': {'type': 'path'},
    'list_files': {'type': 'bool', 'default': False},
    'keep_newer': {'type': 'bool', 'default': False},
    'exclude': {'type': 'list', 'elements': 'str', 'default': []},
    'include': {'type': 'list', 'elements': 'str', 'default': []},
    'extra_opts': {'type': 'list', 'elements': 'str', 'default': []},
    'validate_certs': {'type': 'bool', 'default': True},
    'io_buffer_size': {'type': 'int', 'default': 64 * 1024},
    'copy': {'type': 'bool', 'default': True},
    'decrypt': {'type': 'bool', 'default': True},
}
SUPPORTS_CHECK_MODE = True
ADD_FILE_COMMON_ARGS = True
MUTUALLY_EXCLUSIVE = [['include', 'exclude']]

# Lines of `tar --diff` that mean "differs" (which ones count depends on owner/group/mode args).
OWNER_DIFF_RE = re.compile(r': Uid differs$')
GROUP_DIFF_RE = re.compile(r': Gid differs$')
MODE_DIFF_RE = re.compile(r': Mode differs$')
MOD_TIME_DIFF_RE = re.compile(r': Mod time differs$')
EMPTY_FILE_RE = re.compile(r': : Warning: Cannot stat: No such file or directory$')
MISSING_FILE_RE = re.compile(r': Warning: Cannot stat: No such file or directory$')
INVALID_OWNER_RE = re.compile(r': Invalid owner')
INVALID_GROUP_RE = re.compile(r': Invalid group')
SYMLINK_DIFF_RE = re.compile(r': Symlink differs$')
CONTENT_DIFF_RE = re.compile(r': Contents differ$')
SIZE_DIFF_RE = re.compile(r': Size differs$')


class UnarchiveError(Exception):
    pass


class Exit(Exception):
    """Raised from a handler's constructor to end the module (gtar refuses check mode)."""


def locale_env(ctx):
    chosen = ctx.best_parsable_locale()
    return {'LANG': chosen, 'LC_ALL': chosen, 'LC_MESSAGES': chosen, 'LANGUAGE': chosen}


def _which(name):
    for d in os.environ.get('PATH', '').split(os.pathsep) + ['/sbin', '/usr/sbin', '/usr/local/sbin']:
        candidate = os.path.join(d, name)
        if d and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


class ZipArchive(object):
    zipinfoflag = ''
    binaries = (('unzip', 'cmd_path'), ('zipinfo', 'zipinfo_cmd_path'))

    def __init__(self, src, dest, file_args, params, ctx):
        self.src, self.dest, self.file_args, self.p, self.ctx = src, dest, file_args, params, ctx
        self.opts = params['extra_opts']
        self.excludes = params['exclude']
        self.include_files = params['include']
        self.cmd_path = self.zipinfo_cmd_path = None
        self._files = []
        self._info = {}

    @property
    def files_in_archive(self):
        if self._files:
            return self._files
        try:
            archive = ZipFile(self.src)
        except BadZipFile as e:
            raise UnarchiveError('Unable to list files in the archive: %s' % e)
        try:
            for member in archive.infolist():
                name = member.filename
                self._info[name] = member
                if self.include_files:
                    if any(fnmatch.fnmatch(name, inc) for inc in self.include_files):
                        self._files.append(name)
                elif not any(fnmatch.fnmatch(name, exc) for exc in self.excludes):
                    self._files.append(name)
        finally:
            archive.close()
        return self._files

    def _crc32(self, path):
        crc = binascii.crc32(b'')
        with open(path, 'rb') as f:
            for block in iter(partial(f.read, self.p['io_buffer_size']), b''):
                crc = binascii.crc32(block, crc)
        return crc & 0xffffffff

    def is_unarchived(self):
        # NOTE: a simpler comparison than Ansible's zipinfo-based one: presence, type, size and
        # CRC of each member (not owner, mode or mtime); the diff lists what would be written.
        cmd = [self.zipinfo_cmd_path, '-T', '-s', self.src]
        diff = ''
        unarchived = True
        for name in self.files_in_archive:
            info = self._info.get(name)
            path = os.path.join(self.dest, name)
            ftype = 'd' if name.endswith('/') else 'f'
            if not os.path.lexists(path):
                unarchived = False
                diff += '>%s++++++.?? %s\n' % (ftype, name)
            elif ftype == 'd':
                if not os.path.isdir(path):
                    unarchived = False
                    diff += 'c%s++++++.?? %s\n' % (ftype, name)
            elif not os.path.isfile(path) or os.path.islink(path):
                unarchived = False
                diff += 'c%s++++++.?? %s\n' % (ftype, name)
            else:
                itemized = list('.%s.......??' % ftype)
                if os.path.getsize(path) != info.file_size:
                    itemized[3] = 's'
                if self._crc32(path) != info.CRC:
                    itemized[2] = 'c'
                if itemized != list('.%s.......??' % ftype):
                    unarchived = False
                    diff += '%s %s\n' % (''.join(itemized), name)
        return dict(unarchived=unarchived, rc=0, out='', err='', cmd=cmd, diff=diff)

    def unarchive(self):
        cmd = [self.cmd_path, '-o'] + list(self.opts) + [self.src]
        if self.excludes:
            cmd += ['-x'] + list(self.excludes)
        if self.include_files:
            cmd += list(self.include_files)
        cmd += ['-d', self.dest]
        rc, out, err = self.ctx.run_command(cmd)
        return dict(cmd=cmd, rc=rc, out=out, err=err)

    def can_handle_archive(self):
        missing = []
        for binary, attr in self.binaries:
            found = _which(binary)
            if found:
                setattr(self, attr, found)
            else:
                missing.append(binary)
        if missing:
            return False, "Unable to find required '{0}' binary in the path.".format("' or '".join(missing))
        rc, out, err = self.ctx.run_command([self.cmd_path, '-l', self.src])
        if rc == 0:
            return True, None
        return False, 'Command "%s" could not handle archive: %s' % (self.cmd_path, err)


class ZipZArchive(ZipArchive):
    zipinfoflag = '-Zl'
    binaries = (('unzip', 'cmd_path'), ('unzip', 'zipinfo_cmd_path'))

    def can_handle_archive(self):
        ok, msg = ZipArchive.can_handle_archive(self)
        if not ok:
            return ok, msg
        rc, out, err = self.ctx.run_command([self.zipinfo_cmd_path, self.zipinfoflag])
        if 'zipinfo' in out.lower():
            return True, None
        return False, 'Command "unzip -Z" could not handle archive: %s' % err


class TgzArchive(object):
    zipflag = '-z'

    def __init__(self, src, dest, file_args, params, ctx):
        self.src, self.dest, self.file_args, self.p, self.ctx = src, dest, file_args, params, ctx
        self.opts = params['extra_opts']
        if ctx.check_mode:
            raise Exit({'skipped': True,
                        # NOTE: Ansible names the module by the controller's resolved name here.
                        'msg': 'remote module (ansible.legacy.unarchive) does not support check mode when using gtar'})
        self.excludes = [path.rstrip('/') for path in params['exclude']]
        self.include_files = params['include']
        self.cmd_path = None
        self._files = []
        self.env = locale_env(ctx)

    def _common(self, action, with_attrs):
        cmd = [self.cmd_path, action, '-C', self.dest]
        if self.zipflag:
            cmd.append(self.zipflag)
        if self.opts:
            cmd += ['--show-transformed-names'] + list(self.opts)
        if with_attrs:
            if self.file_args['owner']:
                cmd.append('--owner=' + quote(self.file_args['owner']))
            if self.file_args['group']:
                cmd.append('--group=' + quote(self.file_args['group']))
            if self.p['keep_newer']:
                cmd.append('--keep-newer-files')
        if self.excludes:
            cmd += ['--exclude=' + f for f in self.excludes]
        cmd += ['-f', self.src]
        if self.include_files:
            cmd += list(self.include_files)
        return cmd

    @property
    def files_in_archive(self):
        if self._files:
            return self._files
        rc, out, err = self.ctx.run_command(self._common('--list', False), cwd=self.dest, environ_update=self.env)
        if rc != 0:
            raise UnarchiveError('Unable to list files in the archive: %s' % err)
        for name in out.splitlines():
            # NOTE: GNU tar escapes unusual characters in listings (\\ooo); undo it as Ansible does.
            name = codecs.escape_decode(name)[0].decode('utf-8', 'surrogateescape')
            if name.startswith('/'):
                name = name[1:]
            if not any(fnmatch.fnmatch(name, exc) for exc in self.excludes):
                self._files.append(name)
        return self._files

    def is_unarchived(self):
        cmd = self._common('--diff', True)
        rc, out, err = self.ctx.run_command(cmd, cwd=self.dest, environ_update=self.env)
        kept = ''
        root = os.getuid() == 0
        for line in out.splitlines() + err.splitlines():
            if EMPTY_FILE_RE.search(line):
                continue
            if root and not self.file_args['owner'] and OWNER_DIFF_RE.search(line):
                kept += line + '\n'
            if root and not self.file_args['group'] and GROUP_DIFF_RE.search(line):
                kept += line + '\n'
            if not self.file_args['mode'] and MODE_DIFF_RE.search(line):
                kept += line + '\n'
            for regex in (MOD_TIME_DIFF_RE, MISSING_FILE_RE, INVALID_OWNER_RE, INVALID_GROUP_RE, SYMLINK_DIFF_RE,
                          CONTENT_DIFF_RE, SIZE_DIFF_RE):
                if regex.search(line):
                    kept += line + '\n'
        return dict(unarchived=not kept, rc=rc, out=kept, err=err, cmd=cmd)

    def unarchive(self):
        cmd = self._common('--extract', True)
        rc, out, err = self.ctx.run_command(cmd, cwd=self.dest, environ_update=self.env)
        return dict(cmd=cmd, rc=rc, out=out, err=err)

    def can_handle_archive(self):
        self.cmd_path = _which('gtar') or _which('tar')
        if not self.cmd_path:
            return False, "Unable to find required 'gtar' or 'tar' binary in the path"
        rc, out, err = self.ctx.run_command([self.cmd_path, '--version'])
        tar_type = 'bsd' if out.startswith('bsdtar') else ('gnu' if out.startswith('tar') and 'GNU' in out else None)
        if tar_type != 'gnu':
            return False, 'Command "%s" detected as tar type %s. GNU tar required.' % (self.cmd_path, tar_type)
        try:
            if self.files_in_archive:
                return True, None
        except UnarchiveError as e:
            return False, 'Command "%s" could not handle archive: %s' % (self.cmd_path, e)
        return False, 'Command "%s" found no files in archive. Empty archive files are not supported.' % self.cmd_path


class TarArchive(TgzArchive):
    zipflag = ''


class TarBzipArchive(TgzArchive):
    zipflag = '-j'


class TarXzArchive(TgzArchive):
    zipflag = '-J'


class TarZstdArchive(TgzArchive):
    zipflag = '--use-compress-program=zstd'


HANDLERS = (ZipArchive, ZipZArchive, TgzArchive, TarArchive, TarBzipArchive, TarXzArchive, TarZstdArchive)


def pick_handler(src, dest, file_args, params, ctx):
    reasons = []
    for cls in HANDLERS:
        handler = cls(src, dest, file_args, params, ctx)
        ok, reason = handler.can_handle_archive()
        if ok:
            return handler
        if reason not in reasons:
            reasons.append(reason)
    # NOTE: Ansible joins a set of reasons, so its order varies between runs; ours is fixed.
    ctx.fail('Failed to find handler for "%s". Make sure the required command to extract the file is installed.\n%s'
             % (src, '\n'.join(reasons)))


def ACTION_PRECHECK(args, internal):
    """2.19's action refuses a dest that is not a folder before the module checks its arguments."""
    dest = args.get('dest')
    if not isinstance(dest, str) or os.path.isdir(os.path.expanduser(dest)):
        return None
    if internal.get('_volant_staged_dir'):
        # the controller's src, sent ahead: gone with the task, as if never sent
        shutil.rmtree(os.path.expanduser(internal['_volant_staged_dir']), ignore_errors=True)
    return {'failed': True, 'msg': "dest '%s' must be an existing dir" % os.path.expanduser(dest), '_volant_action_answer': True}


def run(params, ctx):
    src, dest = params['src'], params['dest']
    if ctx.internal.get('_volant_staged_dir'):
        # the controller's src sent ahead into a task temp folder: removed when the module ends
        ctx.add_cleanup_file(os.path.expanduser(ctx.internal['_volant_staged_dir']))
    if not os.path.isdir(dest):
        # NOTE: 2.19's action checks dest before the module runs (and before a controller src is sent)
        ctx.fail("dest '%s' must be an existing dir" % dest, _volant_action_answer=True)
    abs_dest = os.path.abspath(dest)
    if not os.path.isabs(dest):
        ctx.warn("Relative destination path '%s' was resolved to absolute path '%s'." % (dest, abs_dest))
    file_args = ctx.load_file_common_arguments(params)
    if not os.path.exists(src):
        if not params['remote_src']:
            ctx.fail("Source '%s' failed to transfer" % src)
        elif '://' in src:
            src = fetch_file(ctx, params, src)
        else:
            ctx.fail("Source '%s' does not exist" % src)
    if not os.access(src, os.R_OK):
        ctx.fail("Source '%s' not readable" % src)
    src = os.path.abspath(src)
    try:
        if os.path.getsize(src) == 0:
            ctx.fail("Invalid archive '%s', the file is 0 bytes" % src)
    except OSError as e:
        ctx.fail("Source '%s' not readable, %s" % (src, e))
    if not os.path.isdir(abs_dest):
        ctx.fail("Destination '%s' is not a directory" % dest)
    try:
        handler = pick_handler(src, abs_dest, file_args, params, ctx)
    except Exit as e:
        return e.args[0]
    result = {'handler': handler.__class__.__name__, 'dest': dest, 'src': src}
    check = handler.is_unarchived()
    if ctx.check_mode:
        result['changed'] = not check['unarchived']
    elif check['unarchived']:
        result['changed'] = False
    else:
        try:
            result['extract_results'] = handler.unarchive()
        except OSError as e:
            ctx.fail('Failed to unpack %r to %r.' % (src, dest), **result)
        if result['extract_results']['rc'] != 0:
            ctx.fail('failed to unpack %s to %s' % (src, dest), **result)
        result['changed'] = True
    if check.get('diff', False):
        result['diff'] = {'prepared': check['diff']}
    if result.get('diff', True) and not ctx.check_mode:
        top_folders = []
        for name in handler.files_in_archive:
            file_args['path'] = os.path.join(abs_dest, name)
            result['changed'] = ctx.set_fs_attributes_if_different(file_args, result['changed'], expand=False)
            if '/' in name:
                top = name.split('/')[0]
                if top not in top_folders:
                    top_folders.append(top)
        for top in top_folders:
            file_args['path'] = '%s/%s' % (dest, top)
            result['changed'] = ctx.set_fs_attributes_if_different(file_args, result['changed'], expand=False)
    if params['list_files']:
        result['files'] = handler.files_in_archive
    return result
