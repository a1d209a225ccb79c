# What `lsb_release -a` prints, computed without running it where that is exact: Debian's
# lsb-release "minimal implementation" (12.x) is a shell script that sources /etc/os-release and
# starts six programs (getopt, cut, tr) to print four of its values; setup runs it on every gather.
# Only a script known by its hash is answered here, and only when os-release holds plain
# assignments the shell would read the same way; anything else runs the program.
import os
import re

# sha256 of lsb-release's /usr/bin/lsb_release: 12.0-1 (bookworm) and 12.1-1 (trixie). Both print
# the same for `-a` when stdout is not a terminal.
MINIMAL_SCRIPTS = frozenset([
    '484188f4b37b4021998dafd1966cda1c6f8207af9aee3ad51746a5d22acf3e65',
    '87ade2b1d6b001862a6d524f0a4265a71a0d1622678d5b0fe3a62199414195a6',
])
# variables the script reads: set in its environment, they would change what it prints
SCRIPT_INPUTS = ('ID', 'NAME', 'PRETTY_NAME', 'VERSION_ID', 'VERSION_CODENAME', 'LSB_OS_RELEASE')
# the programs it runs (without one it fails, and ansible reads /etc/lsb-release instead)
SCRIPT_PROGRAMS = ('getopt', 'cut', 'tr')

_ASSIGNMENT = re.compile(r'([A-Za-z_][A-Za-z0-9_]*)=(.*)$')
_BARE = re.compile(r'[A-Za-z0-9._,:/+@%=-]*$')
_DOUBLE = re.compile(r'"([^"$`\\]*)"$')
_SINGLE = re.compile(r"'([^']*)'$")


def _shell_value(text):
    """The value of a plain `KEY=value` right side as sh reads it, or None when it is not plain."""
    for pattern in (_BARE, _DOUBLE, _SINGLE):
        m = pattern.match(text)
        if m:
            return m.group(1) if pattern is not _BARE else text
    return None


def _os_release_values(path):
    values = {}
    try:
        with open(path, 'rb') as fh:
            data = fh.read().decode('ascii')
    except (OSError, UnicodeError):
        return None
    if re.search(r'[^\x20-\x7e\n\t]', data):
        return None  # control characters: line breaks the shell would not see
    for line in data.splitlines():
        line = line.strip(' \t')
        if not line or line.startswith('#'):
            continue
        m = _ASSIGNMENT.match(line)
        value = _shell_value(m.group(2)) if m else None
        if value is None:
            return None
        values[m.group(1)] = value
    return values


def _capitalized(text):
    return text[:1].upper() + text[1:]


def minimal_lsb_release_all(path, environ, os_releases=('/etc/os-release', '/usr/lib/os-release')):
    """`lsb_release -a`'s stdout (not a terminal) when `path` is a known minimal script; else None."""
    import hashlib
    if any(name in environ for name in SCRIPT_INPUTS):
        return None
    dirs = environ.get('PATH', os.defpath).split(os.pathsep)
    if not all(any(os.access(os.path.join(d or '.', p), os.X_OK) for d in dirs) for p in SCRIPT_PROGRAMS):
        return None
    try:
        with open(path, 'rb') as fh:
            if hashlib.sha256(fh.read()).hexdigest() not in MINIMAL_SCRIPTS:
                return None
    except OSError:
        return None
    values = {}
    for candidate in os_releases:
        if os.path.isfile(candidate):
            values = _os_release_values(candidate)
            break
    if values is None:
        return None
    # the script capitalizes ID's first byte with tr, and takes NAME when it differs from ID only
    # by case (ASCII only here: all the text is ASCII)
    dist_id = _capitalized(values.get('ID', ''))
    # NOTE: the script tests NAME with ${NAME-x}: a NAME of 'x' counts as unset
    if values.get('NAME', 'x') != 'x' and values['NAME'].lower() == dist_id.lower():
        dist_id = values['NAME']
    rows = [('Distributor ID', dist_id), ('Description', values.get('PRETTY_NAME', '')),
            ('Release', values.get('VERSION_ID', '')), ('Codename', values.get('VERSION_CODENAME', ''))]
    return ''.join('%s:\t%s\n' % (label, value or 'n/a') for label, value in rows)
