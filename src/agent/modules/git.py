# git: a checkout of a repository at a version (HEAD, a branch, a tag or a commit): cloned when
# dest has none, fetched and reset otherwise, with submodules, shallow clones, an archive of the
# checkout, and the before/after commits ansible reports. The git commands and their order are
# ansible's, so the commands and messages shown in a failure are the same.
import filecmp
import os
import re
import shlex
import shutil
import tempfile

ARGUMENT_SPEC = {
    'dest': {'type': 'path'},
    'repo': {'required': True, 'aliases': ['name']},
    'version': {'default': 'HEAD'},
    'remote': {'default': 'origin'},
    'refspec': {},
    'reference': {},
    'force': {'default': False, 'type': 'bool'},
    'depth': {'type': 'int'},
    'clone': {'default': True, 'type': 'bool'},
    'update': {'default': True, 'type': 'bool'},
    'verify_commit': {'default': False, 'type': 'bool'},
    'gpg_allowlist': {'default': [], 'type': 'list', 'aliases': ['gpg_whitelist'], 'elements': 'str'},
    'accept_hostkey': {'default': False, 'type': 'bool'},
    'accept_newhostkey': {'default': False, 'type': 'bool'},
    'key_file': {'type': 'path'},
    'ssh_opts': {},
    'executable': {'type': 'path'},
    'bare': {'default': False, 'type': 'bool'},
    'recursive': {'default': True, 'type': 'bool'},
    'single_branch': {'default': False, 'type': 'bool'},
    'track_submodules': {'default': False, 'type': 'bool'},
    'umask': {'type': 'raw'},
    'archive': {'type': 'path'},
    'archive_prefix': {},
    'separate_git_dir': {'type': 'path'},
}
SUPPORTS_CHECK_MODE = True
MUTUALLY_EXCLUSIVE = [['separate_git_dir', 'bare'], ['accept_hostkey', 'accept_newhostkey']]
REQUIRED_BY = {'archive_prefix': ['archive']}
ADD_PATH_INFO = False

_ARCHIVE_FORMATS = {'.zip': 'zip', '.gz': 'tar.gz', '.tar': 'tar', '.tgz': 'tgz'}
_BAD_GIT_DIR = 'Current repo does not have a valid reference to a separate Git dir or it refers to the invalid path'


class _Exit(Exception):
    """Ends the module early with the result as it stands (ansible's exit_json mid-way)."""


def _version_tuple(text):
    """The leading numbers of a version ('2.39.5' -> (2, 39, 5)), enough to compare git versions."""
    parts = []
    for piece in re.split(r'[.\-]', text):
        m = re.match(r'\d+', piece)
        if not m:
            break
        parts.append(int(m.group(0)))
    return tuple(parts)


def _real(path):
    if path is None:
        return None
    return os.path.normpath(os.path.realpath(os.path.expanduser(os.path.expandvars(path))))


def repo_path_of(dest, bare):
    """Where the repository's files are: dest itself (bare), dest/.git, or what a .git file names."""
    path = dest if bare else os.path.join(dest, '.git')
    if os.path.isfile(path):
        with open(path) as f:
            prefix, gitdir = f.read().rstrip().split('gitdir: ', 1)
        if prefix:
            raise ValueError('.git file has invalid git dir reference format')
        path = gitdir if os.path.isabs(gitdir) else os.path.join(dest, gitdir)
        if not os.path.isdir(path):
            raise ValueError('%s is not a directory' % path)
    return path


def head_branch_from(headfile, remote, ctx):
    """The branch a HEAD file points at ('ref: refs/heads/main' -> 'main')."""
    if not os.path.exists(headfile):
        return None
    try:
        with open(headfile) as f:
            line = f.readline()
    except Exception:
        ctx.fail('Unable to read %s' % headfile)
    if not line:
        return None
    ref = line.replace('refs/remotes/%s' % remote, '', 1).split(' ')[-1]
    return ref.split('/', 2)[-1].rstrip('\n')


class Git(object):
    def __init__(self, ctx, params, git, env):
        self.ctx = ctx
        self.params = params
        self.git = git
        self.env = env
        self.remote = params['remote']
        self.depth = params['depth']
        self.bare = params['bare']

    def run(self, cmd, cwd=None, check_rc=False):
        return self.ctx.run_command(cmd, cwd=cwd, check_rc=check_rc, environ_update=self.env)

    def version_of(self, dest, ref='HEAD'):
        _, out, _ = self.run('%s rev-parse %s' % (self.git, ref), cwd=dest)
        return out.rstrip('\n')

    def installed_version(self):
        rc, out, _ = self.run('%s --version' % self.git)
        if rc != 0:
            return None
        m = re.search('git version (.*)$', out)
        return _version_tuple(m.group(1)) if m else None

    def remote_has(self, where, kind, version, dest):
        flag, prefix = ('-h', 'refs/heads/') if kind == 'branch' else ('-t', 'refs/tags/')
        _, out, _ = self.run('%s ls-remote %s %s %s%s' % (self.git, where, flag, prefix, version), cwd=dest, check_rc=True)
        return version in out

    def branches(self, dest):
        rc, out, err = self.run('%s branch --no-color -a' % self.git, cwd=dest)
        if rc != 0:
            self.ctx.fail('Could not determine branch data - received %s' % out, stdout=out, stderr=err)
        return [line.strip() for line in out.split('\n') if line.strip()]

    def is_local_branch(self, dest, branch):
        found = self.branches(dest)
        return branch in found or '* %s' % branch in found

    def detached(self, dest):
        return any(b.startswith('* ') and ('no branch' in b or 'detached from' in b or 'detached at' in b)
                   for b in self.branches(dest))

    def head_branch(self, dest, bare=False):
        try:
            repo_path = repo_path_of(dest, bare)
        except (OSError, ValueError) as e:
            self.ctx.fail(_BAD_GIT_DIR, details=str(e))
        headfile = os.path.join(repo_path, 'HEAD')
        if self.detached(dest):
            headfile = os.path.join(repo_path, 'refs', 'remotes', self.remote, 'HEAD')
        return head_branch_from(headfile, self.remote, self.ctx)

    def remote_head(self, dest, version, where):
        """The commit `version` names at `where` (a remote name, or the repo URL when cloning)."""
        repo = self.params['repo']
        cloning = where == repo or where == 'file://' + os.path.expanduser(repo)
        cwd = None if cloning else dest
        tag = False
        if version == 'HEAD':
            if cloning:
                cmd = '%s ls-remote %s -h HEAD' % (self.git, where)
            else:
                cmd = '%s ls-remote %s -h refs/heads/%s' % (self.git, where, self.head_branch(dest, self.bare))
        elif self.remote_has(where, 'branch', version, dest):
            cmd = '%s ls-remote %s -h refs/heads/%s' % (self.git, where, version)
        elif self.remote_has(where, 'tag', version, dest):
            tag = True
            cmd = '%s ls-remote %s -t refs/tags/%s*' % (self.git, where, version)
        else:
            # a commit id: ls-remote cannot look it up, so it is taken as given
            return version
        rc, out, err = self.run(cmd, cwd=cwd, check_rc=True)
        if len(out) < 1:
            self.ctx.fail('Could not determine remote revision for %s' % version, stdout=out, stderr=err, rc=rc)
        if tag:
            # an annotated tag's line ending in ^{} names the commit it points at
            for line in out.split('\n'):
                if line.endswith(version + '^{}'):
                    out = line
                    break
                elif line.endswith(version):
                    out = line
        return out.split()[0]

    def remote_url(self, dest):
        rc, out, _ = self.run([self.git, 'ls-remote', '--get-url', self.remote], cwd=dest)
        return out.rstrip('\n') if rc == 0 else None

    def set_remote_url(self, repo, dest):
        current = self.remote_url(dest)
        if current == repo or _real(current) == _real(repo):
            return False
        rc, out, err = self.run([self.git, 'remote', 'set-url', self.remote, repo], cwd=dest)
        if rc != 0:
            self.ctx.fail('Failed to set a new url %s for %s: %s %s' % (repo, self.remote, out, err))
        return current is not None

    def fetch(self, repo, dest, version, refspec, git_version, force=False):
        self.set_remote_url(repo, dest)
        label = 'download remote objects and refs'
        cmd = [self.git, 'fetch']
        commands = []
        refspecs = []
        depth = self.depth
        if depth:
            # the fewest refs that let the wanted version be checked out
            current = self.head_branch(dest)
            if refspec:
                refspecs.append(refspec)
            elif version == 'HEAD':
                refspecs.append(current)
            elif self.remote_has(repo, 'branch', version, dest):
                if current != version:
                    refspecs.append('+refs/heads/%s:refs/heads/%s' % (version, version))
                refspecs.append('+refs/heads/%s:refs/remotes/%s/%s' % (version, self.remote, version))
            elif self.remote_has(repo, 'tag', version, dest):
                refspecs.append('+refs/tags/' + version + ':refs/tags/' + version)
            if refspecs:
                cmd.extend(['--depth', str(depth)])
        if not depth or not refspecs:
            # a full fetch: also when a shallow one cannot reach the version (a commit id)
            if self.bare:
                refspecs = ['+refs/heads/*:refs/heads/*', '+refs/tags/*:refs/tags/*']
            elif git_version is not None and git_version >= (1, 9):
                cmd.append('--tags')
            else:
                commands.append(cmd + [self.remote])
                refspecs = ['+refs/tags/*:refs/tags/*']
            if refspec:
                refspecs.append(refspec)
        if force:
            cmd.append('--force')
        cmd.append(self.remote)
        commands.append(cmd + refspecs)
        for command in commands:
            rc, out, err = self.run(command, cwd=dest)
            if rc != 0:
                self.ctx.fail('Failed to %s: %s %s' % (label, out, err), cmd=command)

    def diff(self, repo, dest, before, after):
        if before is None:
            return {'prepared': '>> Newly checked out %s' % after}
        if before == after:
            return {}
        # the commit must be here for git diff to show it
        self.fetch(repo, dest, after, '', self.installed_version())
        rc, out, err = self.run('%s diff %s %s' % (self.git, before, after), cwd=dest)
        if rc == 0 and out:
            return {'prepared': out}
        if rc == 0:
            return {'prepared': '>> No visual differences between %s and %s' % (before, after)}
        if err:
            return {'prepared': '>> Failed to get proper diff between %s and %s:\n>> %s' % (before, after, err)}
        return {'prepared': '>> Failed to get proper diff between %s and %s' % (before, after)}

    def local_mods(self, dest):
        if self.bare:
            return False
        _, out, _ = self.run('%s status --porcelain' % self.git, cwd=dest)
        return any(not re.search(r'^\?\?.*$', line) for line in out.splitlines())

    def clone(self, repo, dest, version, git_version, separate_git_dir, result):
        p = self.params
        parent = os.path.dirname(dest)
        try:
            os.makedirs(parent)
        except Exception:
            pass
        cmd = [self.git, 'clone']
        cmd.extend(['--bare'] if self.bare else ['--origin', self.remote])
        named = self.remote_has(repo, 'branch', version, dest) or self.remote_has(repo, 'tag', version, dest)
        if self.depth:
            if version == 'HEAD' or p['refspec']:
                cmd.extend(['--depth', str(self.depth)])
            elif named:
                cmd.extend(['--depth', str(self.depth), '--branch', version])
            else:
                self.ctx.warn('Ignoring depth argument. Shallow clones are only available for '
                              'HEAD, branches, tags or in combination with refspec.')
        if p['reference']:
            cmd.extend(['--reference', str(p['reference'])])
        if p['single_branch']:
            if git_version is None:
                self.ctx.fail('Cannot find git executable at %s' % self.git)
            cmd.append('--single-branch')
            if named:
                cmd.extend(['--branch', version])
        if separate_git_dir:
            if git_version is None:
                self.ctx.fail('Cannot find git executable at %s' % self.git)
            cmd.append('--separate-git-dir=%s' % separate_git_dir)
        cmd.extend([repo, dest])
        self.run(cmd, cwd=parent, check_rc=True)
        if self.bare and self.remote != 'origin':
            self.run([self.git, 'remote', 'add', self.remote, repo], cwd=dest, check_rc=True)
        if p['refspec']:
            cmd = [self.git, 'fetch']
            if self.depth:
                cmd.extend(['--depth', str(self.depth)])
            self.run(cmd + [self.remote, p['refspec']], cwd=dest, check_rc=True)
        if p['verify_commit']:
            self.verify(dest, version)

    def switch(self, dest, version):
        git, remote = self.git, self.remote
        branch = None
        if version == 'HEAD':
            branch = self.head_branch(dest)
            rc, out, err = self.run('%s checkout --force %s' % (git, branch), cwd=dest)
            if rc != 0:
                self.ctx.fail('Failed to checkout branch %s' % branch, stdout=out, stderr=err, rc=rc)
            cmd = '%s reset --hard %s/%s --' % (git, remote, branch)
        elif self.remote_has(remote, 'branch', version, dest):
            if self.depth and not self.is_local_branch(dest, version):
                # a shallow clone has only its own branch: fetch this one before checking it out
                refs = '+refs/heads/%s:refs/heads/%s +refs/heads/%s:refs/remotes/%s/%s' % (
                    version, version, version, remote, version)
                rc, out, err = self.run('%s fetch --depth=%s %s %s' % (git, self.depth, remote, refs), cwd=dest)
                if rc != 0:
                    self.ctx.fail('Failed to fetch branch from remote: %s' % version, stdout=out, stderr=err, rc=rc)
            if not self.is_local_branch(dest, version):
                cmd = '%s checkout --track -b %s %s/%s' % (git, version, remote, version)
            else:
                rc, out, err = self.run('%s checkout --force %s' % (git, version), cwd=dest)
                if rc != 0:
                    self.ctx.fail('Failed to checkout branch %s' % version, stdout=out, stderr=err, rc=rc)
                cmd = '%s reset --hard %s/%s' % (git, remote, version)
        else:
            cmd = '%s checkout --force %s' % (git, version)
        rc, out, err = self.run(cmd, cwd=dest)
        if rc != 0:
            what = version if version != 'HEAD' else 'branch %s' % branch
            self.ctx.fail('Failed to checkout %s' % what, stdout=out, stderr=err, rc=rc, cmd=cmd)
        if self.params['verify_commit']:
            self.verify(dest, version)

    def annotated_tags(self, dest):
        rc, out, err = self.run([self.git, 'for-each-ref', 'refs/tags/', '--format', '%(objecttype):%(refname:short)'],
                                cwd=dest)
        if rc != 0:
            self.ctx.fail('Could not determine tag data - received %s' % out, stdout=out, stderr=err)
        tags = []
        for line in out.split('\n'):
            if line.strip():
                kind, name = line.strip().split(':')
                if kind == 'tag':
                    tags.append(name)
        return tags

    def verify(self, dest, version):
        allowlist = self.params['gpg_allowlist']
        sub = 'verify-tag' if version in self.annotated_tags(dest) else 'verify-commit'
        cmd = '%s %s %s' % (self.git, sub, version)
        if allowlist:
            cmd += ' --raw'
        rc, out, err = self.run(cmd, cwd=dest)
        if rc != 0:
            self.ctx.fail('Failed to verify GPG signature of commit/tag "%s"' % version, stdout=out, stderr=err, rc=rc)
        if allowlist:
            fingerprint = None
            for line in err.splitlines():
                fields = line.split()
                if fields[1] == 'VALIDSIG':
                    # signed with a subkey: the 11th field is the primary key's fingerprint
                    fingerprint = fields[11 if len(fields) == 11 else 2]
                    break
            if fingerprint not in allowlist:
                self.ctx.fail('The gpg_allowlist does not include the public key "%s" for this commit' % fingerprint,
                              stdout=out, stderr=err, rc=rc)

    def submodule_versions(self, dest, version='HEAD'):
        rc, out, err = self.run([self.git, 'submodule', 'foreach', self.git, 'rev-parse', version], cwd=dest)
        if rc != 0:
            self.ctx.fail('Unable to determine hashes of submodules', stdout=out, stderr=err, rc=rc)
        found = {}
        name = None
        for line in out.splitlines():
            if line.startswith("Entering '"):
                name = line[10:-1]
            elif len(line.strip()) == 40:
                if name is None:
                    self.ctx.fail('')
                found[name] = line.strip()
                name = None
            else:
                self.ctx.fail('Unable to parse submodule hash line: %s' % line.strip())
        if name is not None:
            self.ctx.fail('Unable to find hash for submodule: %s' % name)
        return found

    def submodules_changed(self, dest, track):
        gitmodules = os.path.join(dest, '.gitmodules')
        if not os.path.exists(gitmodules):
            return False
        with open(gitmodules) as f:
            for line in f:
                if line.strip().startswith('path'):
                    path = line.split('=', 1)[1].strip()
                    if not os.path.exists(os.path.join(dest, path, '.git')):
                        return True
        begin = self.submodule_versions(dest)
        self.run([self.git, 'submodule', 'foreach', self.git, 'fetch'], cwd=dest, check_rc=True)
        if track:
            # NOTE: as ansible, the submodules' branch is taken to be master
            return begin != self.submodule_versions(dest, '%s/%s' % (self.remote, 'master'))
        _, out, _ = self.run([self.git, 'submodule', 'status'], cwd=dest, check_rc=True)
        return any(line[0] != ' ' for line in out.splitlines())

    def submodule_update(self, dest, track, force):
        # `git submodule update --help` names the options this git knows (ansible reads its stderr)
        _, _, err = self.run('%s submodule update --help' % self.git, cwd=dest)
        options = []
        for line in err.split('\n'):
            if 'git submodule [--quiet] update ' in line:
                words = shlex.split(line.replace('[', '').replace(']', '').replace('|', ' '))
                options = [w[2:] for w in words if w.startswith('--')]
        if not os.path.exists(os.path.join(dest, '.gitmodules')):
            return
        self.run([self.git, 'submodule', 'sync'], cwd=dest, check_rc=True)
        cmd = [self.git, 'submodule', 'update', '--init', '--recursive']
        if 'remote' in options and track:
            cmd.append('--remote')
        if force:
            cmd.append('--force')
        rc, out, err = self.run(cmd, cwd=dest)
        if rc != 0:
            self.ctx.fail('Failed to init/update submodules: %s' % out + err)

    def archive(self, dest, archive, version, repo, result):
        fmt = _ARCHIVE_FORMATS.get(os.path.splitext(archive)[1])
        if fmt is None:
            self.ctx.fail('Unable to get file extension from archive file name : %s' % archive,
                          details="Please specify archive as filename with extension. File extension can be one "
                                  "of ['tar', 'tar.gz', 'zip', 'tgz']")
        if not os.path.exists(archive):
            self.write_archive(dest, archive, fmt, version)
            result['changed'] = True
            return
        # an archive is there: replaced only when the new one differs
        tmp = tempfile.mkdtemp()
        fresh = os.path.join(tmp, repo.split('/')[-1].replace('.git', '')) + '.' + fmt
        self.write_archive(dest, fresh, fmt, version)
        if filecmp.cmp(fresh, archive):
            result['changed'] = False
            shutil.rmtree(tmp, ignore_errors=True)
            return
        try:
            shutil.move(fresh, archive)
            shutil.rmtree(tmp)
            result['changed'] = True
        except OSError as e:
            self.ctx.fail('Failed to move %s to %s' % (fresh, archive), details='Error occurred while moving : %s' % e)

    def write_archive(self, dest, archive, fmt, version):
        cmd = [self.git, 'archive', '--format', fmt, '--output', archive]
        if self.params['archive_prefix'] is not None:
            cmd.extend(['--prefix', self.params['archive_prefix']])
        rc, _, err = self.run(cmd + [version], cwd=dest)
        if rc != 0:
            self.ctx.fail('Failed to perform archive operation',
                          details='Git archive command failed to create archive %s using %s directory.Error: %s'
                                  % (archive, dest, err))


def _environ(ctx, name, default):
    # NOTE: the task's `environment:` is the module's environment in ansible
    value = (ctx.environ or {}).get(name)
    return value if value is not None else os.environ.get(name, default)


def _ssh_command(ctx, params, ssh_opts):
    """GIT_SSH_COMMAND: the ssh git already uses plus the options, BatchMode and the key file."""
    opts = _environ(ctx, 'GIT_SSH_OPTS', '')
    if ssh_opts is not None:
        opts += ' ' + ssh_opts
    if params['accept_hostkey'] and 'StrictHostKeyChecking=no' not in opts:
        opts += ' -o StrictHostKeyChecking=no'
    if 'BatchMode=yes' not in opts:
        opts += ' -o BatchMode=yes'
    if params['key_file']:
        if '-i %s' % params['key_file'] not in opts:
            opts += '  -i %s' % params['key_file']
        if 'IdentitiesOnly=yes' not in opts:
            opts += ' -o IdentitiesOnly=yes'
    command = _environ(ctx, 'GIT_SSH', _environ(ctx, 'GIT_SSH_COMMAND', 'ssh'))
    return command + ' ' + opts if opts else command


def _with_host_key_option(ssh_opts, option):
    if ssh_opts is None:
        return '-o StrictHostKeyChecking=' + option
    if '-o StrictHostKeyChecking=no' not in ssh_opts and '-o StrictHostKeyChecking=accept-new' not in ssh_opts:
        ssh_opts += ' -o StrictHostKeyChecking=' + option
    return ssh_opts


def _ssh_accepts_new(ctx):
    ssh = ctx.get_bin_path('ssh')
    if ssh is None:
        ctx.fail('Remote host is missing ssh command, so you cannot use acceptnewhostkey option.',
                 details='Failed to find required executable "ssh" in paths: %s' % os.environ.get('PATH', ''))
    rc, _, _ = ctx.run_command([ssh, '-o', 'StrictHostKeyChecking=accept-new', '-V'])
    return rc == 0


def run(params, ctx):
    if 'gpg_whitelist' in (ctx.raw_args or {}):
        ctx.deprecate("Alias 'gpg_whitelist' is deprecated. See the module docs for more information",
                      version='2.21', collection_name='ansible.builtin')
    umask = params['umask']
    old_umask = None
    if umask is not None:
        if not isinstance(umask, str):
            ctx.fail('umask must be defined as a quoted octal integer')
        try:
            umask = int(umask, 8)
        except Exception as e:
            ctx.fail('umask must be an octal integer', details=str(e))
        old_umask = os.umask(umask)
    try:
        return _run(params, ctx)
    except _Exit as done:
        return done.args[0]
    finally:
        # the agent outlives the task: its own umask comes back
        if old_umask is not None:
            os.umask(old_umask)


def _run(params, ctx):
    git_bin = params['executable'] or ctx.get_bin_path('git', True)
    ssh_opts = params['ssh_opts']
    if params['accept_hostkey']:
        ssh_opts = _with_host_key_option(ssh_opts, 'no')
    if params['accept_newhostkey']:
        if not _ssh_accepts_new(ctx):
            ctx.warn('Your ssh client does not support accept_newhostkey option, therefore it cannot be used.')
        else:
            ssh_opts = _with_host_key_option(ssh_opts, 'accept-new')
    dest, repo, version = params['dest'], params['repo'], params['version']
    allow_clone, bare = params['clone'], params['bare']
    # a local path becomes a file:// URL, which shallow clones need
    if os.path.expanduser(repo).startswith('/'):
        repo = 'file://' + os.path.expanduser(repo)
    locale = ctx.best_parsable_locale()
    env = dict.fromkeys(('LANG', 'LC_ALL', 'LC_MESSAGES', 'LC_CTYPE', 'LANGUAGE'), locale)
    separate_git_dir = os.path.realpath(params['separate_git_dir']) if params['separate_git_dir'] else None
    result = {'changed': False}
    gitconfig = None
    if not dest and allow_clone:
        ctx.fail('the destination directory must be specified unless clone=no')
    elif dest:
        dest = os.path.abspath(dest)
        try:
            repo_path = repo_path_of(dest, bare)
            if separate_git_dir and os.path.exists(repo_path) and separate_git_dir != repo_path:
                result['changed'] = True
                if not ctx.check_mode:
                    _relocate(ctx, result, separate_git_dir, repo_path, dest)
                    repo_path = separate_git_dir
        except (OSError, ValueError) as e:
            ctx.fail(_BAD_GIT_DIR, details=str(e))
        gitconfig = os.path.join(repo_path, 'config')
    g = Git(ctx, params, git_bin, env)
    git_version = g.installed_version()
    env['GIT_SSH_COMMAND'] = _ssh_command(ctx, params, ssh_opts)
    if g.depth is not None and git_version is not None and git_version < (1, 9, 1):
        ctx.warn('git version is too old to fully support the depth argument. Falling back to full checkouts.')
        g.depth = None
    result['before'] = None
    local_mods = False
    remote_url_changed = False
    if (dest and not os.path.exists(gitconfig)) or (not dest and not allow_clone):
        if ctx.check_mode or not allow_clone:
            # nothing to clone into (or not allowed to): say what a clone would check out
            result.update(changed=True, after=g.remote_head(dest, version, repo))
            _add_diff(ctx, g, result, repo, dest)
            raise _Exit(result)
        g.clone(repo, dest, version, git_version, separate_git_dir, result)
    elif not params['update']:
        # a repository is there: reported as it is, not checked to be the one asked for
        result['before'] = g.version_of(dest)
        result['after'] = result['before']
        if params['archive']:
            if ctx.check_mode:
                result['changed'] = True
                raise _Exit(result)
            g.archive(dest, params['archive'], version, repo, result)
        raise _Exit(result)
    else:
        local_mods = g.local_mods(dest)
        result['before'] = g.version_of(dest)
        if local_mods:
            if not params['force']:
                ctx.fail('Local modifications exist in the destination: ' + dest + ' (force=no).', **result)
            if not ctx.check_mode:
                g.run('%s reset --hard HEAD' % git_bin, cwd=dest, check_rc=True)
                result.update(changed=True, msg='Local modifications exist in the destination: ' + dest)
        if ctx.check_mode:
            url = g.remote_url(dest)
            remote_url_changed = url and url != repo and _real(url) != _real(repo)
        else:
            remote_url_changed = g.set_remote_url(repo, dest)
        result['remote_url_changed'] = remote_url_changed
        if ctx.check_mode:
            head = g.remote_head(dest, version, g.remote)
            result.update(changed=(result['before'] != head or remote_url_changed), after=head)
            _add_diff(ctx, g, result, repo, dest)
            raise _Exit(result)
        g.fetch(repo, dest, version, params['refspec'], git_version, force=params['force'])
        result['after'] = g.version_of(dest)
    if not bare:
        g.switch(dest, version)
    submodules_updated = False
    if params['recursive'] and not bare:
        submodules_updated = g.submodules_changed(dest, params['track_submodules'])
        if submodules_updated:
            result['submodules_changed'] = submodules_updated
            g.submodule_update(dest, params['track_submodules'], params['force'])
    result['after'] = g.version_of(dest)
    if result['before'] != result['after'] or local_mods or submodules_updated or remote_url_changed:
        result['changed'] = True
        _add_diff(ctx, g, result, repo, dest)
    if params['archive']:
        if ctx.check_mode:
            result['changed'] = True
            raise _Exit(result)
        g.archive(dest, params['archive'], version, repo, result)
    return result


def _add_diff(ctx, g, result, repo, dest):
    if ctx.diff_mode:
        diff = g.diff(repo, dest, result['before'], result['after'])
        if diff:
            result['diff'] = diff


def _relocate(ctx, result, new_dir, old_dir, worktree):
    if os.path.exists(new_dir):
        ctx.fail('Separate-git-dir path %s already exists.' % new_dir)
    try:
        shutil.move(old_dir, new_dir)
        with open(os.path.join(worktree, '.git'), 'w') as f:
            f.write('gitdir: %s' % new_dir)
        result['git_dir_before'] = old_dir
        result['git_dir_now'] = new_dir
    except OSError:
        if os.path.exists(new_dir):
            shutil.move(new_dir, old_dir)
        raise
