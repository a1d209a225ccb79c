# apt_repository: add or remove one one-line apt source ("deb URI SUITE COMPONENTS") in
# sources.list or sources.list.d/NAME.list, then refresh the apt cache. Ubuntu PPAs ("ppa:...")
# are asked of Launchpad as ansible does (a failure there is ansible's), but adding one needs its
# signing key from a keyserver, which Volant does not fetch yet and says so; removing one works.
import glob
import sys
import os
import re
import tempfile

from _apt_common import import_apt, update_cache
from _http_client import fetch_url

ARGUMENT_SPEC = {
    'repo': {'type': 'str', 'required': True},
    'state': {'type': 'str', 'default': 'present', 'choices': ['absent', 'present']},
    'mode': {'type': 'raw'},
    'update_cache': {'type': 'bool', 'default': True, 'aliases': ['update-cache']},
    'update_cache_retries': {'type': 'int', 'default': 5},
    'update_cache_retry_max_delay': {'type': 'int', 'default': 12},
    'filename': {'type': 'str'},
    'install_python_apt': {'type': 'bool', 'default': True},
    'validate_certs': {'type': 'bool', 'default': True},
    'codename': {'type': 'str'},
}
SUPPORTS_CHECK_MODE = True
ADD_PATH_INFO = False

VALID_SOURCE_TYPES = ('deb', 'deb-src')
LP_API = 'https://api.launchpad.net/1.0/~%s/+archive/%s'
PPA_URI = 'https://ppa.launchpadcontent.net'


class InvalidSource(Exception):
    pass


class SourcesList(object):
    """Every one-line source file, as (line number, valid, enabled, source, comment) per line."""

    def __init__(self, ctx, params, apt_pkg):
        self.ctx = ctx
        self.params = params
        self.files = {}
        self.links = {}
        self.new_repos = set()
        self.default_file = apt_pkg.config.find_file('Dir::Etc::sourcelist')
        if os.path.isfile(self.default_file):
            self.load(self.default_file)
        self.sources_dir = apt_pkg.config.find_dir('Dir::Etc::sourceparts')
        for path in glob.iglob('%s/*.list' % self.sources_dir):
            if os.path.islink(path):
                self.links[path] = os.readlink(path)
            self.load(path)

    def copy(self):
        other = SourcesList.__new__(SourcesList)
        other.__dict__.update(self.__dict__)
        other.files = dict((k, list(v)) for k, v in self.files.items())
        other.new_repos = set(self.new_repos)
        return other

    def __iter__(self):
        for path, sources in self.files.items():
            for n, valid, enabled, source, comment in sources:
                if valid:
                    yield path, n, enabled, source, comment

    @staticmethod
    def parse(line, raise_if_invalid_or_disabled=False):
        valid, enabled, comment = False, True, ''
        line = line.strip()
        if line.startswith('#'):
            enabled = False
            line = line[1:]
        i = line.find('#')
        if i > 0:
            comment = line[i + 1:].strip()
            line = line[:i]
        source = line.strip()
        if source:
            chunks = source.split()
            if chunks[0] in VALID_SOURCE_TYPES:
                valid = True
                source = ' '.join(chunks)
        if raise_if_invalid_or_disabled and (not valid or not enabled):
            raise InvalidSource(line)
        return valid, enabled, source, comment

    def load(self, path):
        with open(path) as f:
            self.files[path] = [(n,) + self.parse(line) for n, line in enumerate(f)]

    def suggest_filename(self, line):
        line = re.sub(r'\[[^\]]+\]', '', line)
        line = re.sub(r'\w+://', '', line)
        parts = [part for part in line.split() if part not in VALID_SOURCE_TYPES]
        if '@' in parts[0]:
            parts[0] = parts[0].split('@', 1)[-1]
        name = self.params['filename']
        if name is None:
            name = '_'.join(re.sub('[^a-zA-Z0-9]', ' ', ' '.join(parts[:1])).split())
        return '%s.list' % name

    def expand_path(self, filename):
        return filename if '/' in filename else os.path.abspath(os.path.join(self.sources_dir, filename))

    @staticmethod
    def render(sources):
        lines = []
        for _, _, enabled, source, comment in sources:
            line = ('' if enabled else '# ') + source + (' # ' + comment if comment else '') + '\n'
            lines.append(line)
        return ''.join(lines)

    def dump(self):
        return dict((path, self.render(sources)) for path, sources in self.files.items() if sources)

    def save(self):
        for path, sources in list(self.files.items()):
            if not sources:
                del self.files[path]
                if os.path.exists(path):
                    os.remove(path)
                continue
            d, fn = os.path.split(path)
            if not os.path.isdir(d):
                try:
                    os.makedirs(d)
                except OSError as e:
                    self.ctx.fail('Failed to create directory %s: %s' % (d, e))
            fd, tmp = tempfile.mkstemp(prefix='.%s-' % fn, dir=d)
            with os.fdopen(fd, 'w') as f:
                f.write(self.render(sources))
            self.ctx.atomic_move(tmp, self.links.get(path, path))
            if path in self.new_repos:
                self.ctx.set_mode_if_different(path, self.params.get('mode'), False)

    def expand_ppa(self, line):
        """'ppa:OWNER/NAME' (NAME defaults to ppa) as its deb line for the codename, owner, name."""
        ppa = line.split(':')[1]
        owner = ppa.split('/')[0]
        name = ppa.split('/')[1] if '/' in ppa else 'ppa'
        codename = self.params['codename'] or distro_codename()
        return 'deb %s/%s/%s/ubuntu %s main' % (PPA_URI, owner, name, codename), owner, name

    def add_source(self, line):
        if line.startswith('ppa:'):
            source, owner, name = self.expand_ppa(line)
            if any(enabled and src == source for _, _, enabled, src, _ in self):
                return
            _, info = fetch_url(self.ctx, self.params, LP_API % (owner, name), headers={'Accept': 'application/json'})
            if info['status'] != 200:
                self.ctx.fail('failed to fetch PPA information, error was: %s' % info['msg'])
            self.ctx.fail('Volant cannot add Ubuntu PPA repositories yet (%s): use a deb line with its key' % line)
        source = self.parse(line, raise_if_invalid_or_disabled=True)[2]
        found = False
        for path, n, enabled, src, comment in self:
            if src == source:
                valid, _, old_source, old_comment = self.files[path][n][1:]
                self.files[path][n] = (n, valid, True, old_source, old_comment)
                found = True
        if not found:
            path = self.expand_path(self.suggest_filename(source))
            group = self.files.setdefault(path, [])
            group.append((len(group), True, True, source, ''))
            self.new_repos.add(path)

    def remove_source(self, line):
        source = self.expand_ppa(line)[0] if line.startswith('ppa:') else self.parse(line, raise_if_invalid_or_disabled=True)[2]
        for path, n, enabled, src, comment in self:
            # NOTE: Ansible pops by line number while walking, as here; one match per file is usual.
            if src == source and enabled:
                self.files[path].pop(n)


def distro_codename():
    """The host's codename as python3-apt's aptsources sees it (ansible's distro.codename)."""
    try:
        import aptsources.distro
        return aptsources.distro.get_distro().codename
    except Exception:
        return None


def revert(ctx, before_dump, after_dump, before_list):
    for path in set(after_dump).difference(before_dump):
        if os.path.exists(path):
            os.remove(path)
    before_list.save()


def run(params, ctx):
    apt, apt_pkg = import_apt()
    if apt is None:
        if ctx.check_mode:
            ctx.fail('python3-apt must be installed to use check mode. If run normally this module can auto-install it.')
        if not params['install_python_apt']:
            ctx.fail('python3-apt is not installed, and install_python_apt is False')
        apt_get = ctx.get_bin_path('apt-get')
        if apt_get:
            ctx.run_command([apt_get, 'update'])
            ctx.run_command([apt_get, 'install', 'python3-apt', '-y', '-q'], check_rc=True)
        apt, apt_pkg = import_apt()
        if apt is None:
            ctx.fail('python3-apt must be installed and visible from %s.' % sys.executable)
    repo, state = params['repo'], params['state']
    if not repo:
        ctx.fail("Please set argument 'repo' to a non-empty value")
    if not ctx.get_bin_path('apt-key') and not ctx.get_bin_path('gpg'):
        ctx.fail('Either apt-key or gpg binary is required, but neither could be found.The apt-key CLI has been '
                 'deprecated and removed in modern Debian and derivatives, you might want to use '
                 '"deb822_repository" instead.')
    sources = SourcesList(ctx, params, apt_pkg)
    before_list = sources.copy()
    before = sources.dump()
    try:
        if state == 'present':
            sources.add_source(repo)
        else:
            sources.remove_source(repo)
    except InvalidSource as e:
        ctx.fail('Invalid repository string: %s' % e)
    after = sources.dump()
    changed = before != after
    diff = []
    added, removed = [], []
    if changed:
        added = sorted(set(after).difference(before))
        removed = sorted(set(before).difference(after))
        if ctx.diff_mode:
            # NOTE: like Ansible, only files that appear or disappear get a diff entry.
            for path in sorted(set(added) | set(removed)):
                diff.append({'before': before.get(path, ''), 'after': after.get(path, ''),
                             'before_header': path if path in before else '/dev/null',
                             'after_header': path if path in after else '/dev/null'})
    if changed and not ctx.check_mode:
        try:
            sources.save()
            if params['update_cache']:
                retries = params['update_cache_retries']
                err = update_cache(ctx, apt, apt.Cache(), retries, params['update_cache_retry_max_delay'],
                                   'Failed to update cache after %s due to %s retry, retrying',
                                   'Sleeping for %s seconds, before attempting to update the cache again')
                if err is not None:
                    revert(ctx, before, after, before_list)
                    ctx.fail('Failed to update apt cache after %s retries: %s' % (retries, err or 'unknown reason'))
        except OSError:
            revert(ctx, before, after, before_list)
            raise
    return {'changed': changed, 'repo': repo, 'sources_added': added, 'sources_removed': removed, 'state': state,
            'diff': diff}
