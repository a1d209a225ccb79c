# deb822_repository: an APT source as a deb822 file, /etc/apt/sources.list.d/<slug>.sources, with
# its signing key (a file path, inline key text, or a URL fetched into /etc/apt/keyrings). The
# file is written by python3-debian's Deb822, as ansible's module does, so the module fails as
# ansible's does where that library is missing.
import os
import re
import tempfile
import textwrap
import urllib.parse

from _http_client import open_url
import volant_runtime

ARGUMENT_SPEC = {
    'allow_downgrade_to_insecure': {'type': 'bool'},
    'allow_insecure': {'type': 'bool'},
    'allow_weak': {'type': 'bool'},
    'architectures': {'elements': 'str', 'type': 'list'},
    'by_hash': {'type': 'bool'},
    'check_date': {'type': 'bool'},
    'check_valid_until': {'type': 'bool'},
    'components': {'elements': 'str', 'type': 'list'},
    'date_max_future': {'type': 'int'},
    'enabled': {'type': 'bool'},
    'inrelease_path': {'type': 'str'},
    'languages': {'elements': 'str', 'type': 'list'},
    'name': {'type': 'str', 'required': True},
    'pdiffs': {'type': 'bool'},
    'signed_by': {'type': 'str'},
    'suites': {'elements': 'str', 'type': 'list'},
    'targets': {'elements': 'str', 'type': 'list'},
    'trusted': {'type': 'bool'},
    'types': {'choices': ['deb', 'deb-src'], 'elements': 'str', 'type': 'list', 'default': ['deb']},
    'uris': {'elements': 'str', 'type': 'list'},
    'mode': {'type': 'raw', 'default': '0644'},
    'state': {'type': 'str', 'choices': ['present', 'absent'], 'default': 'present'},
}
SUPPORTS_CHECK_MODE = True

KEYRINGS_DIR = '/etc/apt/keyrings'
# the arguments that are not fields of the deb822 paragraph
_NOT_FIELDS = ('mode', 'state')


def field_name(arg):
    if arg == 'name':
        return 'X-Repolib-Name'
    if arg == 'uris':
        return 'URIs'
    return arg.replace('_', '-').title()


def field_value(value):
    if isinstance(value, bool):
        return 'yes' if value else 'no'
    if isinstance(value, int):
        return str(value)
    if isinstance(value, (list, tuple)):
        return ' '.join(value)
    return value


def multiline(value):
    """A value of several lines as deb822 folds it: on the next lines, indented, blank lines as '.'."""
    lines = '\n'.join(line.strip() or '.' for line in value.strip().splitlines())
    return '\n' + textwrap.indent(lines, '    ')


def slug_of(name):
    return re.sub(r'[^a-z0-9-]+', '', re.sub(r'[_\s]+', '-', name.lower()))


def _mode_changed(ctx, path, mode):
    # NOTE: as ansible's set_mode_if_different, a file check mode did not write counts as changed
    if ctx.check_mode and not os.path.lexists(path):
        return True
    return ctx.set_mode_if_different(path, mode, False)


def _keyrings_dir(ctx):
    changed = False
    if not os.path.isdir(KEYRINGS_DIR):
        if not ctx.check_mode:
            os.mkdir(KEYRINGS_DIR, 0o755)
        changed = True
    if ctx.check_mode and not os.path.exists(KEYRINGS_DIR):
        return True
    return ctx.set_fs_attributes_if_different(
        {'path': KEYRINGS_DIR, 'owner': 'root', 'group': 'root', 'mode': '0755', 'attributes': None,
         'secontext': [None, None, None]}, changed)


def signed_by_key(ctx, value, slug):
    """(changed, key file, inline key text): a path is kept, a URL is fetched into the keyrings
    directory, anything else is the key's text itself."""
    if os.path.isfile(value):
        return False, value, None
    if not urllib.parse.urlparse(value).scheme:
        return False, None, value
    try:
        data = open_url(value, http_agent='ansible-httpget').read()
    except Exception as e:
        raise RuntimeError(str(e))
    if not data:
        return False, value, None
    fd, tmp = tempfile.mkstemp(dir=ctx.tmpdir)
    with os.fdopen(fd, 'wb') as f:
        f.write(data)
    ext = 'asc' if b'-----BEGIN PGP PUBLIC KEY BLOCK-----' in data else 'gpg'
    filename = os.path.join(KEYRINGS_DIR, '%s.%s' % (slug, ext))
    changed = False
    if ctx.sha256(tmp) != ctx.sha256(filename):
        changed |= _keyrings_dir(ctx)
        if not ctx.check_mode:
            ctx.atomic_move(tmp, filename)
        changed = True
    changed |= _mode_changed(ctx, filename, 0o644)
    return changed, filename, None


def run(params, ctx):
    try:
        from debian.deb822 import Deb822
    except ImportError as e:
        ctx.fail(volant_runtime.missing_required_lib('python3-debian'), _volant_cause=str(e))
    slug = slug_of(params['name'])
    sources = os.path.join('/etc/apt/sources.list.d', '%s.sources' % slug)
    changed = False
    if params['state'] == 'absent':
        if os.path.exists(sources):
            if not ctx.check_mode:
                os.unlink(sources)
            changed = True
        for ext in ('asc', 'gpg'):
            key_file = os.path.join(KEYRINGS_DIR, '%s.%s' % (slug, ext))
            if os.path.exists(key_file):
                if not ctx.check_mode:
                    os.unlink(key_file)
                changed = True
        # NOTE: as ansible, key_filename names the last candidate (.gpg) whatever was there
        return {'repo': None, 'changed': changed, 'dest': sources, 'key_filename': key_file}
    paragraph = Deb822()
    key_file = None
    for arg, value in sorted(params.items()):
        if value is None or arg in _NOT_FIELDS:
            continue
        if arg == 'signed_by' and isinstance(value, str):
            try:
                key_changed, key_file, key_text = signed_by_key(ctx, value, slug)
            except RuntimeError as e:
                ctx.fail('Could not fetch signed_by key: %s' % e)
            value = key_file or key_text
            changed |= key_changed
        else:
            value = field_value(value)
        if value.count('\n') > 0:
            value = multiline(value)
        paragraph[field_name(arg)] = value
    repo = paragraph.dump()
    fd, tmp = tempfile.mkstemp(dir=ctx.tmpdir)
    with os.fdopen(fd, 'wb') as f:
        f.write(repo.encode('utf-8', 'surrogateescape'))
    if ctx.sha256(tmp) != ctx.sha256(sources):
        if not ctx.check_mode:
            ctx.atomic_move(tmp, sources)
        changed = True
    changed |= _mode_changed(ctx, sources, params['mode'])
    return {'repo': repo, 'changed': changed, 'dest': sources, 'key_filename': key_file}
