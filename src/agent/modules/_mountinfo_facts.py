# Stand-ins for three programs setup's collectors run, where their answer is exactly what the
# kernel's or udev's files already say: findmnt's bind mounts and `stat -f`'s name for '/' from
# /proc/self/mountinfo, `udevadm info`'s ID_FS_UUID from udev's database. Each returns None when
# it cannot be sure, and setup runs the program then.
import os
import re
import stat


_MOUNTINFO_ESCAPE = re.compile(r'\\([0-7]{3})')
_PLAIN_TEXT = re.compile(r'[\x21-\x7e]+$')


def findmnt_bind_mounts():
    """The targets `findmnt --list` shows with a ']' in its SOURCE column (SOURCE[fsroot] when a
    mount's root is not its filesystem's), read from /proc/self/mountinfo as findmnt reads them;
    None when a field is not plain text (findmnt's escaping and column splitting decide then)."""
    try:
        with open('/proc/self/mountinfo') as fh:
            lines = fh.read().splitlines()
    except (OSError, UnicodeError):
        return None
    binds = set()
    for line in lines:
        fields = line.split(' ')
        try:
            rest = fields[fields.index('-', 6) + 1:]
        except ValueError:
            return None
        unescaped = [_MOUNTINFO_ESCAPE.sub(lambda m: chr(int(m.group(1), 8)), f) for f in (fields[3], fields[4], rest[1] if len(rest) > 1 else '')]
        root, target, source = unescaped
        if not all(_PLAIN_TEXT.match(text) for text in unescaped):
            return None
        if ']' in (source if root == '/' else '%s[%s]' % (source, root)):
            binds.add(target)
    return binds


def udev_fs_uuid(device):
    """What setup takes from `udevadm info --query property --name DEVICE` (ID_FS_UUID), read
    where udevadm reads it: the udev database entry of the device node's number. 'N/A' when
    udevadm would fail or not print it; None when unsure (then udevadm runs)."""
    try:
        st = os.stat(device)
    except (OSError, ValueError):
        return 'N/A' if device.startswith('/') else None  # udevadm: no such device
    if stat.S_ISBLK(st.st_mode):
        kind, sys_kind = 'b', 'block'
    elif stat.S_ISCHR(st.st_mode):
        kind, sys_kind = 'c', 'char'
    else:
        return None
    number = '%d:%d' % (os.major(st.st_rdev), os.minor(st.st_rdev))
    if not os.path.exists('/sys/dev/%s/%s' % (sys_kind, number)):
        return 'N/A'  # udevadm: unknown device
    try:
        with open('/run/udev/data/%s%s' % (kind, number)) as fh:
            lines = fh.read().splitlines()
    except FileNotFoundError:
        return 'N/A'  # not in udev's database: the kernel's properties hold no ID_FS_UUID
    except (OSError, UnicodeError):
        return None
    found = [line.split('=', 1)[1] for line in lines if line.startswith('E:') and '=' in line
             and line.split('=', 1)[0].endswith('ID_FS_UUID')]
    # NOTE: setup searches udevadm's text for the first 'ID_FS_UUID='; with two such keys the order
    # udevadm prints them in decides, so udevadm answers
    if len(found) > 1:
        return None
    return found[0] if found else 'N/A'


def root_fs_type():
    """For collect_chroot: the filesystem type of '/' from /proc/self/mountinfo, standing for
    coreutils' `stat -f --format=%T /`, which names the same filesystem by its magic number
    (btrfs and xfs, the names setup looks for, by the same names); None when mountinfo does not
    show one mount on '/' or names a FUSE filesystem (stat says fuse, not the subtype)."""
    try:
        with open('/proc/self/mountinfo') as fh:
            roots = [line.split(' - ', 1)[1].split(' ')[0] for line in fh.read().splitlines()
                     if line.split(' ')[4:5] == ['/'] and ' - ' in line]
    except (OSError, UnicodeError, IndexError):
        return None
    if len(roots) != 1 or roots[0].startswith('fuse'):
        return None
    return roots[0]
