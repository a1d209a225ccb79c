# subversion: a working copy of a repository URL at a revision in dest: checked out when dest is
# missing, switched, reverted (force) and updated when it is a working copy, checked out over an
# existing folder with in_place, or exported. The svn commands, their order and what is read from
# their output are ansible's, so a failure shows the same command and the same before/after.
import os
import re

ARGUMENT_SPEC = {
    'dest': {'type': 'path'},
    'repo': {'type': 'str', 'required': True, 'aliases': ['name', 'repository']},
    'revision': {'type': 'str', 'default': 'HEAD', 'aliases': ['rev', 'version']},
    'force': {'type': 'bool', 'default': False},
    'username': {'type': 'str'},
    'password': {'type': 'str', 'no_log': True},
    'executable': {'type': 'path'},
    'export': {'type': 'bool', 'default': False},
    'checkout': {'type': 'bool', 'default': True},
    'update': {'type': 'bool', 'default': True},
    'switch': {'type': 'bool', 'default': True},
    'in_place': {'type': 'bool', 'default': False},
    'validate_certs': {'type': 'bool', 'default': False},
}
SUPPORTS_CHECK_MODE = True
ADD_PATH_INFO = False

# `svn info`'s revision line in any language ("Revision: 5", "Révision : 5", "版本: 5"); ansible
# reports the whole matched line, not the number
_REVISION_LINE = re.compile(r'^\w+\s?:\s+\d+$', re.MULTILINE)
_URL_LINE = re.compile(r'^URL\s?:.*$', re.MULTILINE)
# an update or switch output line naming a file it added, deleted, updated, conflicted, merged or
# found existing
_FILE_TOUCHED = re.compile(r'^[ABDUCGE]\s')


def _loose_version_at_least(text, wanted):
    """`LooseVersion(text) >= LooseVersion(wanted)` as ansible's compat class compares, its errors
    too: an empty text makes no version, a word against a number no order."""
    def parts(v):
        return [int(p) if p.isdigit() else p for p in re.split(r'(\d+|[a-z]+|\.)', v) if p and p != '.']
    if not text:
        raise AttributeError("'LooseVersion' object has no attribute 'version'")
    have, want = parts(text), parts(wanted)
    return have == want or not have < want


class _Svn:
    def __init__(self, ctx, params, svn_bin, environ):
        self.ctx = ctx
        self.dest = params['dest']
        self.repo = params['repo']
        self.revision = params['revision']
        self.username = params['username']
        self.password = params['password']
        self.validate_certs = params['validate_certs']
        self.svn_bin = svn_bin
        # NOTE: ansible sets LANG and LC_MESSAGES (not LC_ALL) for every command the module runs
        self.environ = environ

    def _password_on_stdin(self):
        _, version, _ = self.ctx.run_command([self.svn_bin, '--version', '--quiet'], check_rc=True,
                                             environ_update=self.environ)
        return _loose_version_at_least(version, '1.10.0')

    def run(self, args, check_rc=True):
        """The lines svn printed (it failing fails the task), or its exit code with check_rc=False."""
        argv = [self.svn_bin, '--non-interactive', '--no-auth-cache']
        if not self.validate_certs:
            argv.append('--trust-server-cert')
        stdin = None
        if self.username:
            argv += ['--username', self.username]
        if self.password:
            if self._password_on_stdin():
                argv.append('--password-from-stdin')
                stdin = self.password
            else:
                self.ctx.warn('The authentication provided will be used on the svn command line and is not secure. '
                              'To securely pass credentials, upgrade svn to version 1.10.0 or greater.')
                argv += ['--password', self.password]
        rc, out, _ = self.ctx.run_command(argv + args, check_rc=check_rc, data=stdin, environ_update=self.environ)
        return out.splitlines() if check_rc else rc

    def is_working_copy(self):
        return self.run(['info', self.dest], check_rc=False) == 0

    def checkout(self, force=False):
        self.run(['checkout'] + (['--force'] if force else []) + ['-r', self.revision, self.repo, self.dest])

    def export(self, force=False):
        self.run(['export'] + (['--force'] if force else []) + ['-r', self.revision, self.repo, self.dest])

    def switch(self):
        lines = self.run(['switch', '--revision', self.revision, self.repo, self.dest])
        return any(_FILE_TOUCHED.search(line) for line in lines)

    def update(self):
        lines = self.run(['update', '-r', self.revision, self.dest])
        return any(_FILE_TOUCHED.search(line) for line in lines)

    def revert(self):
        # NOTE: as ansible, any line that is not a "Reverted" line counts as a change
        lines = self.run(['revert', '-R', self.dest])
        return any(not line.startswith('Reverted ') for line in lines)

    def revision_line(self, info_args, missing):
        """The revision line `svn info INFO_ARGS` prints, else MISSING."""
        found = _REVISION_LINE.search('\n'.join(self.run(['info'] + info_args)))
        return found.group(0) if found else missing

    def local_revision(self):
        """The working copy's (revision line, URL line)."""
        text = '\n'.join(self.run(['info', self.dest]))
        rev = _REVISION_LINE.search(text)
        url = _URL_LINE.search(text)
        return (rev.group(0) if rev else 'Unable to get revision', url.group(0) if url else 'Unable to get URL')

    def has_local_mods(self):
        """Whether a versioned file was added or changed (unversioned and external ones do not count)."""
        lines = self.run(['status', '--quiet', '--ignore-externals', self.dest])
        return any(re.match(r'^[^?X]', line) for line in lines)

    def needs_update(self):
        current, _ = self.local_revision()
        wanted = self.revision_line(['-r', self.revision, self.dest], 'Unable to get revision')
        return _number(current) < _number(wanted), current, wanted


def _number(line):
    # NOTE: an unreadable revision ('Unable to get revision') raises here as it does in ansible
    return int(line.split(':')[1].strip())


def run(params, ctx):
    dest = params['dest']
    svn_bin = params['executable'] or ctx.get_bin_path('svn', True)
    export, checkout, update = params['export'], params['checkout'], params['update']
    force = params['force']
    locale = ctx.best_parsable_locale()
    svn = _Svn(ctx, params, svn_bin, {'LANG': locale, 'LC_MESSAGES': locale})
    if not dest and (checkout or update or export):
        ctx.fail('the destination directory must be specified unless checkout=no, update=no, and export=no')
    if not (export or update or checkout):
        return {'changed': False, 'after': svn.revision_line([params['repo']], 'Unable to get remote revision')}

    if export or not os.path.exists(dest):
        before, local_mods = None, False
        if ctx.check_mode:
            return {'changed': True}
        if not export and not checkout:
            return {'changed': False}
        if export:
            svn.export(force=force)
        else:
            svn.checkout()
        files_changed = True
    elif svn.is_working_copy():
        if not update:
            return {'changed': False}
        if ctx.check_mode:
            # local changes are looked for before the revisions, as ansible does
            if svn.has_local_mods() and not force:
                ctx.fail('ERROR: modified files exist in the repository.')
            changed, before, after = svn.needs_update()
            return {'changed': changed, 'before': before, 'after': after}
        # the local changes are read before the switch, which would show its own changes as
        # theirs, and the switch comes before a revert so it reverts to the right repository
        before = svn.local_revision()
        local_mods = svn.has_local_mods()
        files_changed = svn.switch() if params['switch'] else False
        if local_mods:
            if not force:
                ctx.fail('ERROR: modified files exist in the repository.')
            files_changed = svn.revert() or files_changed
        files_changed = svn.update() or files_changed
    elif params['in_place']:
        before = None
        svn.checkout(force=True)
        files_changed = True
        local_mods = svn.has_local_mods()
        if local_mods and force:
            svn.revert()
    else:
        ctx.fail("ERROR: %s folder already exists, but its not a subversion repository." % (dest,))

    if export:
        return {'changed': True}
    return {'changed': files_changed or local_mods, 'before': before, 'after': svn.local_revision()}
