# setup / gather_facts: the host's facts, computed the way ansible-core 2.19's Linux fact
# collectors compute them, returned as {"ansible_facts": {"ansible_<name>": ...}}.
# Standard library only; exec'd by the agent from this text (no imports of other modules).
import datetime
import fnmatch
import getpass
import glob
import json
import os
import pwd
import re
import shlex
import socket
import stat
import struct
import sys
import threading
import time
from io import StringIO

import volant_runtime
from _lsb_facts import minimal_lsb_release_all
from _mounts import mount_size
from _mountinfo_facts import findmnt_bind_mounts, root_fs_type, udev_fs_uuid
from _route_facts import local_addresses, route_get

ARGUMENT_SPEC = {
    'gather_subset': {'type': 'list', 'elements': 'str', 'default': ['all']},
    'gather_timeout': {'type': 'int', 'default': 10},
    'filter': {'type': 'list', 'elements': 'str', 'default': []},
    'fact_path': {'type': 'path', 'default': '/etc/ansible/facts.d'},
}
SUPPORTS_CHECK_MODE = True

# NOTE: 'gather_subset=!all' still collects these (Ansible keeps them as the "min" subset).
MINIMAL_SUBSET = frozenset(['apparmor', 'caps', 'cmdline', 'date_time', 'distribution', 'dns', 'env',
                            'fips', 'local', 'lsb', 'pkg_mgr', 'platform', 'python', 'selinux',
                            'service_mgr', 'ssh_pub_keys', 'user'])


def _read(path, default=None, strip=True):
    """Like Ansible's get_file_content: default when missing, unreadable or empty."""
    # NOTE: ansible asks exists() and access() first; opening answers both (one syscall, not three)
    try:
        with open(path) as fh:
            data = fh.read()
    except Exception:
        return default
    if strip:
        data = data.strip()
    return data if len(data) > 0 else default


def _lines(path, line_sep=None):
    data = _read(path)
    if not data:
        return []
    if line_sep is None:
        return data.splitlines()
    if len(line_sep) == 1:
        return data.rstrip(line_sep).split(line_sep)
    return data.split(line_sep)


# ---------------------------------------------------------------- base: platform, distribution, lsb

# NOTE: what platform.system()/release()/version()/machine()/node() and python_version() answer,
# without importing platform (its import compiles nine regular expressions: ~3 ms of every gather).
def _uname():
    return os.uname()


def _python_version():
    # platform parses the leading `[\w.+]+` of sys.version
    return sys.version.split()[0]


def collect_platform(ctx, params, facts):
    out = {}
    uname = _uname()
    out['system'] = uname.sysname
    out['kernel'] = uname.release
    out['kernel_version'] = uname.version
    out['machine'] = uname.machine
    out['python_version'] = _python_version()
    out['fqdn'] = socket.getfqdn()
    out['hostname'] = uname.nodename.split('.')[0]
    out['nodename'] = uname.nodename
    out['domain'] = '.'.join(out['fqdn'].split('.')[1:])
    # NOTE: platform.architecture() runs `file` on the interpreter (~8 ms); for the running ELF
    # interpreter its answer is always the pointer size, which is also its fallback.
    bits = '%dbit' % (struct.calcsize('P') * 8)
    out['userspace_bits'] = bits.replace('bit', '')
    if out['machine'] == 'x86_64':
        out['architecture'] = out['machine']
        if out['userspace_bits'] == '64':
            out['userspace_architecture'] = 'x86_64'
        elif out['userspace_bits'] == '32':
            out['userspace_architecture'] = 'i386'
    elif re.search(r'i([3456]86|86pc)', out['machine']):
        out['architecture'] = 'i386'
        if out['userspace_bits'] == '64':
            out['userspace_architecture'] = 'x86_64'
        elif out['userspace_bits'] == '32':
            out['userspace_architecture'] = 'i386'
    else:
        out['architecture'] = out['machine']
    machine_id = _read('/var/lib/dbus/machine-id') or _read('/etc/machine-id')
    if machine_id:
        out['machine_id'] = machine_id.splitlines()[0]
    return out


def _os_release():
    info = {}
    for path in ('/etc/os-release', '/usr/lib/os-release'):
        text = _read(path, strip=False)
        if text is None:
            continue
        for line in text.splitlines():
            m = re.match(r'^([A-Z_0-9]+)=(.*)$', line.strip())
            if m:
                value = m.group(2)
                try:
                    parts = shlex.split(value)
                    value = parts[0] if parts else ''
                except ValueError:
                    value = value.strip('"\'')
                info[m.group(1).lower()] = value
        break
    return info


def _guess_distribution():
    # Mirrors what the `distro` package answers through ansible's sys_info helpers.
    osr = _os_release()
    dist_id = osr.get('id', '').lower()
    name = dist_id.capitalize()
    if name == 'Amzn':
        name = 'Amazon'
    elif name == 'Rhel':
        name = 'Redhat'
    elif not name:
        name = 'OtherLinux'
    version = osr.get('version_id', '')
    if dist_id == 'debian' or 'debian' in osr.get('id_like', '').split():
        debian_version = _read('/etc/debian_version', default='') or ''
        # NOTE: distro's "best" version is the candidate with the most dots, so 12.8 beats 12.
        candidates = [version, debian_version]
        best = ''
        for cand in candidates:
            if cand and cand.count('.') > best.count('.'):
                best = cand
            elif cand and not best:
                best = cand
        if dist_id == 'debian':
            version = best
    codename = osr.get('version_codename') or osr.get('ubuntu_codename')
    if not codename:
        m = re.search(r'\(([^)]+)\)', osr.get('version', ''))
        codename = m.group(1) if m else None
    guess = {
        'distribution': name or 'NA',
        'distribution_version': version or 'NA',
        'distribution_release': 'NA' if codename is None else codename,
    }
    guess['distribution_major_version'] = guess['distribution_version'].split('.')[0] or 'NA'
    return guess


def _parse_debian_family(data, path, collected, ctx):
    out = {}
    if 'Debian' in data or 'Raspbian' in data:
        out['distribution'] = 'Debian'
        m = re.search(r"PRETTY_NAME=[^(]+ \(?([^)]+?)\)", data)
        if m:
            out['distribution_release'] = m.group(1)
        if collected['distribution_release'] == 'NA' and 'Debian' in data:
            dpkg = ctx.get_bin_path('dpkg')
            if dpkg:
                rc, o, e = ctx.run_command("%s --status tzdata|grep Provides|cut -f2 -d'-'" % dpkg,
                                           use_unsafe_shell=True)
                if rc == 0:
                    out['distribution_release'] = o.strip()
        for line in _lines('/etc/debian_version'):
            m = re.search(r'(\d+)\.(\d+)', line.strip())
            if m:
                out['distribution_minor_version'] = m.group(2)
    elif 'Ubuntu' in data:
        out['distribution'] = 'Ubuntu'
    elif 'SteamOS' in data:
        out['distribution'] = 'SteamOS'
    elif path in ('/etc/lsb-release', '/etc/os-release') and ('Kali' in data or 'Parrot' in data):
        out['distribution'] = 'Kali' if 'Kali' in data else 'Parrot'
        m = re.search('DISTRIB_RELEASE=(.*)', data)
        if m:
            out['distribution_release'] = m.group(1)
    elif 'Devuan' in data:
        out['distribution'] = 'Devuan'
        m = re.search(r"PRETTY_NAME=\"?[^(\"]+ \(?([^) \"]+)\)?", data)
        if m:
            out['distribution_release'] = m.group(1)
        m = re.search(r"VERSION_ID=\"(.*)\"", data)
        if m:
            out['distribution_version'] = m.group(1)
            out['distribution_major_version'] = m.group(1)
    elif 'Mint' in data:
        out['distribution'] = 'Linux Mint'
        m = re.search(r"VERSION_ID=\"(.*)\"", data)
        if m:
            out['distribution_version'] = m.group(1)
            out['distribution_major_version'] = m.group(1).split('.')[0]
    else:
        return False, out
    return True, out


def _parse_redhat_like(name, data):
    search = {'OracleLinux': 'Oracle Linux', 'RedHat': 'Red Hat', 'Altlinux': 'ALT'}
    out = {}
    if search[name] in data:
        out['distribution'] = name
        out['distribution_file_search_string'] = search[name]
    else:
        out['distribution'] = data.split()[0]
    return True, out


# Ansible's list of (file, parser name); only the parsers a Debian/Ubuntu/EL host needs are real,
# the others are tried as Ansible tries them (a name that has no parser never matches).
_DIST_FILES = (
    ('/etc/altlinux-release', 'Altlinux', False),
    ('/etc/oracle-release', 'OracleLinux', False),
    ('/etc/slackware-version', 'Slackware', False),
    ('/etc/centos-release', 'CentOS', False),
    ('/etc/redhat-release', 'RedHat', False),
    ('/etc/vmware-release', 'VMwareESX', True),
    ('/etc/openwrt_release', 'OpenWrt', False),
    ('/etc/os-release', 'Amazon', False),
    ('/etc/system-release', 'Amazon', False),
    ('/etc/alpine-release', 'Alpine', False),
    ('/etc/arch-release', 'Archlinux', True),
    ('/etc/os-release', 'Archlinux', False),
    ('/etc/os-release', 'SUSE', False),
    ('/etc/SuSE-release', 'SUSE', False),
    ('/etc/gentoo-release', 'Gentoo', False),
    ('/etc/os-release', 'Debian', False),
    ('/etc/lsb-release', 'Debian', False),
    ('/etc/lsb-release', 'Mandriva', False),
    ('/etc/sourcemage-release', 'SMGL', False),
    ('/usr/lib/os-release', 'ClearLinux', False),
    ('/etc/coreos/update.conf', 'Coreos', False),
    ('/etc/os-release', 'Flatcar', False),
    ('/etc/os-release', 'NA', False),
)

_OS_FAMILY_MAP = {
    'RedHat': ['RedHat', 'RHEL', 'Fedora', 'CentOS', 'Scientific', 'SLC', 'Ascendos', 'CloudLinux', 'PSBM',
               'OracleLinux', 'OVS', 'OEL', 'Amazon', 'Amzn', 'Virtuozzo', 'XenServer', 'Alibaba', 'EulerOS',
               'openEuler', 'AlmaLinux', 'Rocky', 'TencentOS', 'EuroLinux', 'Kylin Linux Advanced Server',
               'MIRACLE'],
    'Debian': ['Debian', 'Ubuntu', 'Raspbian', 'Neon', 'KDE neon', 'Linux Mint', 'SteamOS', 'Devuan', 'Kali',
               'Cumulus Linux', 'Pop!_OS', 'Parrot', 'Pardus GNU/Linux', 'Uos', 'Deepin', 'OSMC',
               'Linux Mint Debian Edition'],
    'Suse': ['SuSE', 'SLES', 'SLED', 'openSUSE', 'openSUSE Tumbleweed', 'SLES_SAP', 'SUSE_LINUX',
             'openSUSE Leap', 'ALP-Dolomite', 'SL-Micro', 'openSUSE MicroOS'],
    'Archlinux': ['Archlinux', 'Antergos', 'Manjaro'],
    'Mandrake': ['Mandrake', 'Mandriva'],
    'Slackware': ['Slackware'],
    'Altlinux': ['Altlinux'],
    'SMGL': ['SMGL'],
    'Gentoo': ['Gentoo', 'Funtoo'],
    'Alpine': ['Alpine'],
    'ClearLinux': ['Clear Linux OS', 'Clear Linux Mix'],
}
_OS_FAMILY = dict((n, fam) for fam, names in _OS_FAMILY_MAP.items() for n in names)


def _dist_file_present(path, allow_empty):
    if not os.path.isfile(path):
        return False
    return allow_empty or os.path.getsize(path) != 0


def collect_distribution(ctx, params, facts):
    uname = _uname()
    out = {'distribution': uname.sysname, 'distribution_release': uname.release,
           'distribution_version': uname.version}
    if uname.sysname == 'Linux':
        dist = _guess_distribution()
        for path, name, allow_empty in _DIST_FILES:
            if not _dist_file_present(path, allow_empty):
                continue
            if allow_empty:
                dist.update(distribution=name, distribution_file_path=path, distribution_file_variety=name)
                break
            data = (_read(path) or '').strip('\'"\\')
            parsed, extra = False, {}
            if name in ('OracleLinux', 'RedHat', 'Altlinux'):
                parsed, extra = _parse_redhat_like(name, data)
            elif name == 'Archlinux':
                parsed = 'Arch Linux' in data
            elif name == 'Debian':
                parsed, extra = _parse_debian_family(data, path, dist, ctx)
            elif name == 'Alpine':
                parsed, extra = True, {'distribution_version': data}
            elif name == 'Amazon':
                parsed = 'Amazon' in data
                if parsed:
                    extra = {'distribution': 'Amazon'}
            elif name == 'CentOS':
                parsed = 'CentOS Stream' in data
                if parsed:
                    extra = {'distribution_release': 'Stream'}
            if parsed:
                dist.update(distribution=name, distribution_file_path=path, distribution_file_variety=name,
                            distribution_file_parsed=True)
                dist.update(extra)
                break
        out.update(dist)
    out['os_family'] = _OS_FAMILY.get(out['distribution']) or out['distribution']
    return out


def collect_lsb(ctx, params, facts):
    lsb = {}
    path = ctx.get_bin_path('lsb_release')
    if path:
        env = dict(os.environ, **(ctx.environ or {}))
        o = minimal_lsb_release_all(path, env)
        rc = 0 if o is not None else None
        if o is None:
            rc, o, e = ctx.run_command([path, '-a'])
        if rc == 0:
            for line in o.splitlines():
                if len(line) < 1 or ':' not in line:
                    continue
                value = line.split(':', 1)[1].strip()
                if 'LSB Version:' in line:
                    lsb['release'] = value
                elif 'Distributor ID:' in line:
                    lsb['id'] = value
                elif 'Description:' in line:
                    lsb['description'] = value
                elif 'Release:' in line:
                    lsb['release'] = value
                elif 'Codename:' in line:
                    lsb['codename'] = value
    if not lsb and os.path.exists('/etc/lsb-release'):
        for line in _lines('/etc/lsb-release'):
            value = line.split('=', 1)[1].strip() if '=' in line else ''
            if 'DISTRIB_ID' in line:
                lsb['id'] = value
            elif 'DISTRIB_RELEASE' in line:
                lsb['release'] = value
            elif 'DISTRIB_DESCRIPTION' in line:
                lsb['description'] = value
            elif 'DISTRIB_CODENAME' in line:
                lsb['codename'] = value
    if lsb and 'release' in lsb:
        lsb['major_release'] = lsb['release'].split('.')[0]
    for k, v in list(lsb.items()):
        if v:
            lsb[k] = v.strip('\'"\\')
    return {'lsb': lsb}


# ---------------------------------------------------------------- restrictive

def collect_selinux(ctx, params, facts):
    # NOTE: ansible ships a ctypes binding to libselinux, so "python present" means the C library
    # loads; without it the status says the Python library is missing.
    try:
        import ctypes
        lib = ctypes.CDLL('libselinux.so.1', use_errno=True)
    except Exception:
        return {'selinux': {'status': 'Missing selinux Python library'}, 'selinux_python_present': False}
    sel = {}
    if not lib.is_selinux_enabled():
        sel['status'] = 'disabled'
    else:
        modes = {1: 'enforcing', 0: 'permissive', -1: 'disabled'}
        sel['status'] = 'enabled'
        vers = lib.security_policyvers()
        sel['policyvers'] = vers if vers >= 0 else 'unknown'
        mode = ctypes.c_int()
        sel['config_mode'] = modes.get(mode.value, 'unknown') if lib.selinux_getenforcemode(ctypes.byref(mode)) == 0 \
            else 'unknown'
        enf = lib.security_getenforce()
        sel['mode'] = modes.get(enf, 'unknown')
        ptype = ctypes.c_char_p()
        if lib.selinux_getpolicytype(ctypes.byref(ptype)) == 0 and ptype.value is not None:
            sel['type'] = ptype.value.decode()
        else:
            sel['type'] = 'unknown'
    return {'selinux': sel, 'selinux_python_present': True}


def collect_apparmor(ctx, params, facts):
    status = 'enabled' if os.path.exists('/sys/kernel/security/apparmor') else 'disabled'
    return {'apparmor': {'status': status}}


def collect_chroot(ctx, params, facts):
    if os.environ.get('debian_chroot', False):
        return {'is_chroot': True}
    my_root = os.stat('/')
    try:
        proc_root = os.stat('/proc/1/root/.')
        return {'is_chroot': my_root.st_ino != proc_root.st_ino or my_root.st_dev != proc_root.st_dev}
    except Exception:
        fs_root_ino = 2
        stat_path = ctx.get_bin_path('stat')
        if stat_path:
            o = root_fs_type() if os.path.basename(os.path.realpath(stat_path)) == 'stat' else None
            if o is None:
                rc, o, e = ctx.run_command([stat_path, '-f', '--format=%T', '/'])
            if 'btrfs' in o:
                fs_root_ino = 256
            elif 'xfs' in o:
                fs_root_ino = 128
        return {'is_chroot': my_root.st_ino != fs_root_ino}


def collect_fips(ctx, params, facts):
    return {'fips': _read('/proc/sys/crypto/fips_enabled') == '1'}


# ---------------------------------------------------------------- general

def collect_python(ctx, params, facts):
    try:
        # NOTE: ssl's SSLContext is _ssl's; importing ssl itself (its enums, socket) costs ~5 ms more
        import _ssl
        has_ssl = hasattr(_ssl, '_SSLContext')
    except ImportError:
        has_ssl = False
    vi = sys.version_info
    py = {
        'version': {'major': vi[0], 'minor': vi[1], 'micro': vi[2], 'releaselevel': vi[3], 'serial': vi[4]},
        'version_info': list(vi),
        'executable': sys.executable,
        'has_sslcontext': has_ssl,
    }
    try:
        py['type'] = sys.implementation.name
    except AttributeError:
        py['type'] = None
    return {'python': py}


def collect_caps(ctx, params, facts):
    out = {'system_capabilities_enforced': 'N/A', 'system_capabilities': 'N/A'}
    capsh = ctx.get_bin_path('capsh')
    if capsh:
        rc, o, e = ctx.run_command([capsh, '--print'])
        if rc == 0:
            enforced_caps = []
            enforced = 'NA'
            for line in o.splitlines():
                if line.startswith('Current:'):
                    if line.split(':')[1].strip() == '=ep':
                        enforced = 'False'
                    else:
                        enforced = 'True'
                        enforced_caps = [i.strip() for i in line.split('=')[1].split(',')]
            out['system_capabilities_enforced'] = enforced
            out['system_capabilities'] = enforced_caps
    return out


_PKG_MGRS = [
    ('/usr/bin/rpm-ostree', 'atomic_container'), ('/usr/bin/yum', 'dnf'), ('/usr/bin/dnf-3', 'dnf'),
    ('/usr/bin/dnf5', 'dnf5'), ('/usr/bin/apt-get', 'apt'), ('/usr/bin/zypper', 'zypper'),
    ('/usr/sbin/urpmi', 'urpmi'), ('/usr/bin/pacman', 'pacman'), ('/bin/opkg', 'opkg'),
    ('/usr/pkg/bin/pkgin', 'pkgin'), ('/opt/local/bin/pkgin', 'pkgin'), ('/opt/tools/bin/pkgin', 'pkgin'),
    ('/opt/local/bin/port', 'macports'), ('/usr/local/bin/brew', 'homebrew'),
    ('/opt/homebrew/bin/brew', 'homebrew'), ('/sbin/apk', 'apk'), ('/usr/sbin/pkg', 'pkgng'),
    ('/usr/sbin/swlist', 'swdepot'), ('/usr/bin/emerge', 'portage'), ('/usr/sbin/pkgadd', 'svr4pkg'),
    ('/usr/bin/pkg', 'pkg5'), ('/usr/bin/xbps-install', 'xbps'), ('/usr/local/sbin/pkg', 'pkgng'),
    ('/usr/bin/swupd', 'swupd'), ('/usr/sbin/sorcery', 'sorcery'), ('/usr/bin/installp', 'installp'),
]


def collect_pkg_mgr(ctx, params, facts):
    family = facts.get('ansible_os_family')
    name = 'unknown'
    for path, mgr in _PKG_MGRS:
        if family == 'Altlinux' and path == '/usr/bin/pkg':
            continue
        if os.path.exists(path):
            name = mgr
    if family == 'RedHat':
        name = 'unknown'
        if os.path.exists('/run/ostree-booted'):
            name = 'atomic_container'
        else:
            for p in ('/usr/bin/dnf', '/usr/bin/microdnf'):
                if os.path.exists(p):
                    name = 'dnf5' if os.path.realpath(p) == '/usr/bin/dnf5' else 'dnf'
                    break
    elif family == 'Debian' and name != 'apt':
        name = 'apt'
    elif family == 'Altlinux' and name == 'apt':
        name = 'apt_rpm'
    if name == 'apt' and os.path.exists('/usr/bin/rpm'):
        rc, o, e = ctx.run_command(['/usr/bin/rpm', '-q', '--whatprovides', '/usr/bin/apt-get'])
        name = 'apt_rpm' if rc == 0 else 'apt'
    return {'pkg_mgr': name}


def _systemd_managed(ctx):
    if ctx.get_bin_path('systemctl'):
        for canary in ('/run/systemd/system/', '/dev/.run/systemd/', '/dev/.systemd/'):
            if os.path.exists(canary):
                return True
    return False


def collect_service_mgr(ctx, params, facts):
    proc_1_map = {'procd': 'openwrt_init', 'runit-init': 'runit', 'svscan': 'svc', 'openrc-init': 'openrc'}
    proc_1 = _read('/proc/1/comm', strip=False)
    if proc_1 is None:
        rc, proc_1, e = ctx.run_command('ps -p 1 -o comm|tail -n 1', use_unsafe_shell=True)
        if rc != 0 or not proc_1.strip() or re.match(r' *[0-9]+ ', proc_1):
            proc_1 = None
    if proc_1 == 'COMMAND\n':
        proc_1 = None
    if proc_1 is None and os.path.islink('/sbin/init'):
        proc_1 = os.readlink('/sbin/init')
    if proc_1 is not None:
        proc_1 = os.path.basename(proc_1).strip()
    # NOTE: an init called 'init' (sysvinit, or a container's shell) says nothing: look further.
    if proc_1 is not None and (proc_1 == 'init' or proc_1.endswith('sh')):
        proc_1 = None
    name = None
    system = facts.get('ansible_system', '')
    if proc_1 is not None:
        name = proc_1_map.get(proc_1, proc_1)
    elif 'BSD' in system or system in ('Bitrig', 'DragonFly'):
        name = 'bsdinit'
    elif system == 'Linux':
        if _systemd_managed(ctx):
            name = 'systemd'
        elif ctx.get_bin_path('initctl') and os.path.exists('/etc/init/'):
            name = 'upstart'
        elif os.path.exists('/sbin/openrc'):
            name = 'openrc'
        elif ctx.get_bin_path('systemctl') and os.path.islink('/sbin/init') and \
                os.path.basename(os.readlink('/sbin/init')) == 'systemd':
            name = 'systemd'
        elif os.path.exists('/etc/init.d/'):
            name = 'sysvinit'
        elif os.path.exists('/etc/dinit.d/'):
            name = 'dinit'
    return {'service_mgr': name or 'service'}


def _parse_cmdline(data, multi):
    out = {}
    try:
        for piece in shlex.split(data, posix=False):
            item = piece.split('=', 1)
            if len(item) == 1:
                out[item[0]] = True
            elif multi and item[0] in out:
                if isinstance(out[item[0]], list):
                    out[item[0]].append(item[1])
                else:
                    out[item[0]] = [out[item[0]], item[1]]
            else:
                out[item[0]] = item[1]
    except ValueError:
        pass
    return out


def collect_cmdline(ctx, params, facts):
    data = _read('/proc/cmdline')
    if not data:
        return {}
    return {'cmdline': _parse_cmdline(data, False), 'proc_cmdline': _parse_cmdline(data, True)}


def collect_date_time(ctx, params, facts):
    epoch_ts = time.time()
    now = datetime.datetime.fromtimestamp(epoch_ts)
    utcnow = datetime.datetime.fromtimestamp(epoch_ts, tz=datetime.timezone.utc)
    d = {}
    d['year'] = now.strftime('%Y')
    d['month'] = now.strftime('%m')
    d['weekday'] = now.strftime('%A')
    d['weekday_number'] = now.strftime('%w')
    d['weeknumber'] = now.strftime('%W')
    d['day'] = now.strftime('%d')
    d['hour'] = now.strftime('%H')
    d['minute'] = now.strftime('%M')
    d['second'] = now.strftime('%S')
    d['epoch'] = now.strftime('%s')
    if d['epoch'] == '' or d['epoch'][0] == '%':
        d['epoch'] = str(int(epoch_ts))
    d['epoch_int'] = str(int(d['epoch'])) if d['epoch'].isdigit() else str(int(epoch_ts))
    d['date'] = now.strftime('%Y-%m-%d')
    d['time'] = now.strftime('%H:%M:%S')
    d['iso8601_micro'] = utcnow.strftime('%Y-%m-%dT%H:%M:%S.%fZ')
    d['iso8601'] = utcnow.strftime('%Y-%m-%dT%H:%M:%SZ')
    d['iso8601_basic'] = now.strftime('%Y%m%dT%H%M%S%f')
    d['iso8601_basic_short'] = now.strftime('%Y%m%dT%H%M%S')
    d['tz'] = time.strftime('%Z')
    d['tz_dst'] = time.tzname[1]
    d['tz_offset'] = time.strftime('%z')
    return {'date_time': d}


def collect_env(ctx, params, facts):
    return {'env': dict(os.environ)}


def collect_loadavg(ctx, params, facts):
    try:
        la = os.getloadavg()
    except OSError:
        return {}
    return {'loadavg': {'1m': la[0], '5m': la[1], '15m': la[2]}}


def collect_ssh_pub_keys(ctx, params, facts):
    out = {}
    for keydir in ('/etc/ssh', '/etc/openssh', '/etc'):
        for algo in ('dsa', 'rsa', 'ecdsa', 'ed25519'):
            name = 'ssh_host_key_%s_public' % algo
            if name in out:
                return out
            data = _read('%s/ssh_host_%s_key.pub' % (keydir, algo))
            if data is not None:
                keytype, key = data.split()[0:2]
                out[name] = key
                out[name + '_keytype'] = keytype
    return out


def collect_user(ctx, params, facts):
    out = {}
    out['user_id'] = getpass.getuser()
    try:
        pw = pwd.getpwnam(getpass.getuser())
    except KeyError:
        pw = pwd.getpwuid(os.getuid())
    out['user_uid'] = pw.pw_uid
    out['user_gid'] = pw.pw_gid
    out['user_gecos'] = pw.pw_gecos
    out['user_dir'] = pw.pw_dir
    out['user_shell'] = pw.pw_shell
    out['real_user_id'] = os.getuid()
    out['effective_user_id'] = os.geteuid()
    out['real_group_id'] = os.getgid()
    # NOTE: Ansible reports getgid() here too, not getegid().
    out['effective_group_id'] = os.getgid()
    return out


def collect_systemd(ctx, params, facts):
    systemctl = ctx.get_bin_path('systemctl')
    if not (systemctl and _systemd_managed(ctx)):
        return {}
    rc, o, e = ctx.run_command([systemctl, '--version'])
    if rc != 0:
        return {}
    return {'systemd': {'features': str(o.split('\n')[1]), 'version': int(o.split(' ')[1])}}


# ---------------------------------------------------------------- virtual

def collect_virtual(ctx, params, facts):
    v = {}
    found = False
    host_tech = set()
    guest_tech = set()

    def guest(kind, role='guest'):
        nonlocal found
        guest_tech.add(kind)
        if not found:
            v['virtualization_type'] = kind
            v['virtualization_role'] = role
            found = True

    if os.path.exists('/proc/1/cgroup'):
        for line in _lines('/proc/1/cgroup'):
            if re.search(r'/docker(/|-[0-9a-f]+\.scope)', line):
                guest('docker')
            if re.search('/lxc/', line) or re.search('/machine.slice/machine-lxc', line):
                guest('lxc')
            if re.search('/system.slice/containerd.service', line):
                guest('containerd')
    if os.path.exists('/proc/1/environ'):
        for line in _lines('/proc/1/environ', line_sep='\x00'):
            if re.search('container=lxc', line):
                guest('lxc')
            if re.search('container=podman', line):
                guest('podman')
            if re.search('^container=.', line):
                guest('container')
    if os.path.exists('/proc/vz') and not os.path.exists('/proc/lve'):
        v['virtualization_type'] = 'openvz'
        if os.path.exists('/proc/bc'):
            host_tech.add('openvz')
            if not found:
                v['virtualization_role'] = 'host'
        else:
            guest_tech.add('openvz')
            if not found:
                v['virtualization_role'] = 'guest'
        found = True
    systemd_container = _read('/run/systemd/container')
    if systemd_container:
        guest(systemd_container)
    if os.path.exists('/.dockerenv') or os.path.exists('/.dockerinit'):
        guest('docker')
    if guest_tech.intersection({'docker', 'lxc', 'podman', 'openvz', 'containerd'}) or systemd_container:
        guest_tech.add('container')
    if os.path.exists('/proc/xen'):
        is_host = any('control_d' in line for line in _lines('/proc/xen/capabilities'))
        if is_host:
            host_tech.add('xen')
        if not found:
            v['virtualization_type'] = 'xen'
            v['virtualization_role'] = 'host' if is_host else 'guest'
        found = True
    if not found:
        v['virtualization_role'] = 'guest'

    def dmi_guest(kind):
        nonlocal found
        guest_tech.add(kind)
        if not found:
            v['virtualization_type'] = kind
            found = True

    dmi = '/sys/devices/virtual/dmi/id/'
    product_name = _read(dmi + 'product_name')
    sys_vendor = _read(dmi + 'sys_vendor')
    product_family = _read(dmi + 'product_family')
    if product_name in ('KVM', 'KVM Server', 'Bochs', 'AHV', 'CloudStack KVM Hypervisor'):
        dmi_guest('kvm')
    if sys_vendor == 'oVirt':
        dmi_guest('oVirt')
    if sys_vendor == 'Red Hat':
        if product_family == 'RHV':
            dmi_guest('RHV')
        elif product_name == 'RHEV Hypervisor':
            dmi_guest('RHEV')
    if product_name and product_name.startswith('VMware'):
        dmi_guest('VMware')
    if product_name in ('OpenStack Compute', 'OpenStack Nova'):
        dmi_guest('openstack')
    bios_vendor = _read(dmi + 'bios_vendor')
    if bios_vendor == 'Xen':
        dmi_guest('xen')
    if bios_vendor == 'innotek GmbH':
        dmi_guest('virtualbox')
    if bios_vendor in ('Amazon EC2', 'DigitalOcean', 'Hetzner', 'Linode'):
        dmi_guest('kvm')
    if sys_vendor in ('QEMU', 'Amazon EC2', 'DigitalOcean', 'Google', 'Scaleway', 'Nutanix'):
        dmi_guest('kvm')
    if sys_vendor == 'KubeVirt':
        dmi_guest('KubeVirt')
    if sys_vendor == 'Microsoft Corporation':
        dmi_guest('VirtualPC')
    if sys_vendor == 'Parallels Software International Inc.':
        dmi_guest('parallels')
    if sys_vendor == 'OpenStack Foundation':
        dmi_guest('openstack')
    if not found:
        del v['virtualization_role']
    for line in _lines('/proc/self/status'):
        if re.match(r'^VxID:\s+\d+', line):
            if not found:
                v['virtualization_type'] = 'linux_vserver'
            if re.match(r'^VxID:\s+0', line):
                host_tech.add('linux_vserver')
                if not found:
                    v['virtualization_role'] = 'host'
            else:
                guest_tech.add('linux_vserver')
                if not found:
                    v['virtualization_role'] = 'guest'
            found = True
    for line in _lines('/proc/cpuinfo'):
        kind = None
        if re.match('^model name.*QEMU Virtual CPU', line):
            kind = 'kvm'
        elif re.match('^vendor_id.*User Mode Linux', line) or re.match('^model name.*UML', line):
            kind = 'uml'
        elif re.match('^machine.*CHRP IBM pSeries .emulated by qemu.', line):
            kind = 'kvm'
        elif re.match('^vendor_id.*PowerVM Lx86', line):
            kind = 'powervm_lx86'
        if kind is None:
            continue
        guest_tech.add(kind)
        if not found:
            v['virtualization_type'] = kind
            v['virtualization_role'] = 'guest'
            found = True
    if os.path.exists('/proc/modules') and os.access('/proc/modules', os.R_OK):
        modules = [line.split(' ', 1)[0] for line in _lines('/proc/modules')]
        if 'kvm' in modules:
            host_tech.add('kvm')
            if not found:
                v['virtualization_type'] = 'kvm'
                v['virtualization_role'] = 'host'
            found = True
        if 'vboxdrv' in modules:
            host_tech.add('virtualbox')
            if not found:
                v['virtualization_type'] = 'virtualbox'
                v['virtualization_role'] = 'host'
                found = True
        if 'virtio' in modules:
            host_tech.add('kvm')
            if not found:
                v['virtualization_type'] = 'kvm'
                v['virtualization_role'] = 'guest'
                found = True
    dmi_bin = ctx.get_bin_path('dmidecode')
    if dmi_bin is not None:
        rc, o, e = ctx.run_command('%s -s system-product-name' % dmi_bin)
        if rc == 0:
            vendor = ''.join(line.strip() for line in o.splitlines() if not line.startswith('#'))
            if vendor.startswith('VMware'):
                guest('VMware')
            if 'BHYVE' in o:
                guest('bhyve')
    if os.path.exists('/dev/kvm'):
        host_tech.add('kvm')
        if not found:
            v['virtualization_type'] = 'kvm'
            v['virtualization_role'] = 'host'
            found = True
    if not found:
        v['virtualization_type'] = 'NA'
        v['virtualization_role'] = 'NA'
    # NOTE: Ansible returns sets, serialized in hash order; sorted is the stable choice.
    v['virtualization_tech_guest'] = sorted(guest_tech)
    v['virtualization_tech_host'] = sorted(host_tech)
    return v


# ---------------------------------------------------------------- hardware

_MEM_ORIGINAL = ('MemTotal', 'SwapTotal', 'MemFree', 'SwapFree')
_MEM_ALL = _MEM_ORIGINAL + ('Buffers', 'Cached', 'SwapCached')


def _memory_facts():
    out = {}
    if not os.access('/proc/meminfo', os.R_OK):
        return out
    st = {}
    for line in _lines('/proc/meminfo'):
        data = line.split(':', 1)
        key = data[0]
        if key in _MEM_ALL:
            val = int(data[1].strip().split(' ')[0]) // 1024
            if key in _MEM_ORIGINAL:
                out['%s_mb' % key.lower()] = val
            st[key.lower()] = val
    if None not in (st.get('memtotal'), st.get('memfree')):
        st['real:used'] = st['memtotal'] - st['memfree']
    if None not in (st.get('cached'), st.get('memfree'), st.get('buffers')):
        st['nocache:free'] = st['cached'] + st['memfree'] + st['buffers']
    if None not in (st.get('memtotal'), st.get('nocache:free')):
        st['nocache:used'] = st['memtotal'] - st['nocache:free']
    if None not in (st.get('swaptotal'), st.get('swapfree')):
        st['swap:used'] = st['swaptotal'] - st['swapfree']
    out['memory_mb'] = {
        'real': {'total': st.get('memtotal'), 'used': st.get('real:used'), 'free': st.get('memfree')},
        'nocache': {'free': st.get('nocache:free'), 'used': st.get('nocache:used')},
        'swap': {'total': st.get('swaptotal'), 'free': st.get('swapfree'), 'used': st.get('swap:used'),
                 'cached': st.get('swapcached')},
    }
    return out


def _cpu_facts(facts):
    out = {}
    i = 0
    vendor_n = model_n = proc_n = 0
    physid = coreid = 0
    sockets = {}
    cores = {}
    xen = xen_paravirt = False
    if os.path.exists('/proc/xen'):
        xen = True
    else:
        for line in _lines('/sys/hypervisor/type'):
            if line.strip() == 'xen':
                xen = True
            break
    if not os.access('/proc/cpuinfo', os.R_OK):
        return out
    out['processor'] = []
    for line in _lines('/proc/cpuinfo'):
        data = line.split(':', 1)
        key = data[0].strip()
        val = data[1].strip() if len(data) > 1 else ''
        if xen and key == 'flags' and 'vme' not in val:
            xen_paravirt = True
        if key == 'flags':
            out['flags'] = val.split()
        if key in ('model name', 'Processor', 'vendor_id', 'cpu', 'Vendor', 'processor'):
            out['processor'].append(val)
            if key == 'vendor_id':
                vendor_n += 1
            if key == 'model name':
                model_n += 1
            if key == 'processor':
                proc_n += 1
            i += 1
        elif key == 'physical id':
            physid = val
            if physid not in sockets:
                sockets[physid] = 1
        elif key == 'core id':
            coreid = val
            # NOTE: Ansible tests `coreid not in sockets` here (sic), and we keep its counts.
            if coreid not in sockets:
                cores[coreid] = 1
        elif key == 'cpu cores':
            sockets[physid] = int(val)
        elif key == 'siblings':
            cores[coreid] = int(val)
        elif key == 'ncpus active':
            i = int(val)
    if vendor_n > 0 and vendor_n == model_n:
        i = vendor_n
    if facts.get('ansible_architecture', '').startswith(('armv', 'aarch', 'ppc')):
        i = proc_n
    if xen_paravirt:
        for k in ('processor_count', 'processor_cores', 'processor_vcpus', 'processor_nproc'):
            out[k] = i
        out['processor_threads_per_core'] = 1
    else:
        out['processor_count'] = len(sockets) if sockets else i
        sv = list(sockets.values())
        out['processor_cores'] = sv[0] if sv and sv[0] else 1
        cv = list(cores.values())
        if cv:
            out['processor_threads_per_core'] = round(cv[0] / out['processor_cores'])
        else:
            out['processor_threads_per_core'] = round(1 / out['processor_cores'])
        out['processor_vcpus'] = out['processor_threads_per_core'] * out['processor_count'] * out['processor_cores']
        out['processor_nproc'] = proc_n
    try:
        out['processor_nproc'] = len(os.sched_getaffinity(0))
    except AttributeError:
        pass
    return out


_FORM_FACTOR = ["Unknown", "Other", "Unknown", "Desktop", "Low Profile Desktop", "Pizza Box", "Mini Tower",
                "Tower", "Portable", "Laptop", "Notebook", "Hand Held", "Docking Station", "All In One",
                "Sub Notebook", "Space-saving", "Lunch Box", "Main Server Chassis", "Expansion Chassis",
                "Sub Chassis", "Bus Expansion Chassis", "Peripheral Chassis", "RAID Chassis",
                "Rack Mount Chassis", "Sealed-case PC", "Multi-system", "CompactPCI", "AdvancedTCA", "Blade",
                "Blade Enclosure", "Tablet", "Convertible", "Detachable", "IoT Gateway", "Embedded PC",
                "Mini PC", "Stick PC"]
_DMI = [('bios_date', 'bios_date', 'bios-release-date'), ('bios_vendor', 'bios_vendor', 'bios-vendor'),
        ('bios_version', 'bios_version', 'bios-version'),
        ('board_asset_tag', 'board_asset_tag', 'baseboard-asset-tag'),
        ('board_name', 'board_name', 'baseboard-product-name'),
        ('board_serial', 'board_serial', 'baseboard-serial-number'),
        ('board_vendor', 'board_vendor', 'baseboard-manufacturer'),
        ('board_version', 'board_version', 'baseboard-version'),
        ('chassis_asset_tag', 'chassis_asset_tag', 'chassis-asset-tag'),
        ('chassis_serial', 'chassis_serial', 'chassis-serial-number'),
        ('chassis_vendor', 'chassis_vendor', 'chassis-manufacturer'),
        ('chassis_version', 'chassis_version', 'chassis-version'),
        ('form_factor', 'chassis_type', 'chassis-type'), ('product_name', 'product_name', 'system-product-name'),
        ('product_serial', 'product_serial', 'system-serial-number'),
        ('product_uuid', 'product_uuid', 'system-uuid'), ('product_version', 'product_version', 'system-version'),
        ('system_vendor', 'sys_vendor', 'system-manufacturer')]


def _dmi_facts(ctx):
    out = {}
    base = '/sys/devices/virtual/dmi/id/'
    if os.path.exists(base + 'product_name'):
        for key, fname, _ in _DMI:
            data = _read(base + fname)
            if data is None:
                out[key] = 'NA'
            elif key == 'form_factor':
                try:
                    out[key] = _FORM_FACTOR[int(data)]
                except IndexError:
                    out[key] = 'unknown (%s)' % data
            else:
                out[key] = data
        return out
    dmi_bin = ctx.get_bin_path('dmidecode')
    for key, _, arg in _DMI:
        if dmi_bin is None:
            out[key] = 'NA'
            continue
        rc, o, e = ctx.run_command('%s -s %s' % (dmi_bin, arg))
        out[key] = ''.join(line for line in o.splitlines() if not line.startswith('#')) if rc == 0 else 'NA'
    return out


def _bytes_to_human(size):
    for suffix, limit in (('Y', 1 << 80), ('Z', 1 << 70), ('E', 1 << 60), ('P', 1 << 50), ('T', 1 << 40),
                          ('G', 1 << 30), ('M', 1 << 20), ('K', 1 << 10), ('B', 1)):
        if size >= limit:
            break
    unit = suffix + 'B' if limit != 1 else 'Bytes'
    return '%.2f %s' % (size / limit, unit)


def _device_links(link_dir):
    if not os.path.exists(link_dir):
        return {}
    found = {}
    try:
        for entry in os.listdir(link_dir):
            try:
                target = os.path.basename(os.readlink(os.path.join(link_dir, entry)))
            except OSError:
                continue
            found.setdefault(target, set()).add(entry)
    except OSError:
        return {}
    return dict((k, sorted(v)) for k, v in found.items())


def _holders(d, sysdir):
    d['holders'] = []
    if os.path.isdir(sysdir + '/holders'):
        for folder in os.listdir(sysdir + '/holders'):
            if folder.startswith('dm-'):
                d['holders'].append(_read(sysdir + '/holders/' + folder + '/dm/name') or folder)


def _device_facts(ctx):
    out = {'devices': {}}
    try:
        block_devs = os.listdir('/sys/block')
    except OSError:
        return out
    lspci = ctx.get_bin_path('lspci')
    pcidata = ctx.run_command([lspci, '-D'])[1] if lspci else None
    devs_wwn = {}
    try:
        for link in os.listdir('/dev/disk/by-id'):
            if link.startswith('wwn-'):
                try:
                    devs_wwn[os.path.basename(os.readlink(os.path.join('/dev/disk/by-id', link)))] = link[4:]
                except OSError:
                    continue
    except OSError:
        pass
    masters = {}
    for path in glob.glob('/sys/block/*/slaves/*'):
        el = path.split('/')
        masters.setdefault(el[5], set()).add(el[3])
    links = {'ids': _device_links('/dev/disk/by-id'), 'uuids': _device_links('/dev/disk/by-uuid'),
             'labels': _device_links('/dev/disk/by-label'),
             'masters': dict((k, sorted(v)) for k, v in masters.items())}
    out['device_links'] = links
    sg_inq = ctx.get_bin_path('sg_inq')
    for block in block_devs:
        virtual = 1
        no_links = False
        try:
            path = os.readlink(os.path.join('/sys/block/', block))
        except OSError as e:
            if e.errno == 22:
                path, no_links = block, True
            else:
                continue
        sysdir = os.path.join('/sys/block', path)
        if no_links and any('device' in f for f in os.listdir(sysdir)):
            virtual = 0
        d = {'virtual': virtual, 'links': dict((t, v.get(block, [])) for t, v in links.items())}
        diskname = os.path.basename(sysdir)
        for key in ('vendor', 'model', 'sas_address', 'sas_device_handle'):
            d[key] = _read(sysdir + '/device/' + key)
        if sg_inq:
            rc, o, e = ctx.run_command([sg_inq, '/dev/%s' % block])
            m = re.search(r"(?:Unit serial|Serial) number:\s+(\w+)", o) if rc == 0 else None
            if m:
                d['serial'] = m.group(1)
        else:
            serial = _read('/sys/block/%s/device/serial' % block)
            if serial:
                d['serial'] = serial
        d['removable'] = _read(sysdir + '/removable')
        d['support_discard'] = '0' if _read(sysdir + '/queue/discard_max_hw_bytes') == '0' \
            else _read(sysdir + '/queue/discard_granularity')
        if diskname in devs_wwn:
            d['wwn'] = devs_wwn[diskname]
        d['partitions'] = {}
        for folder in os.listdir(sysdir):
            m = re.search('(' + diskname + r'[p]?\d+)', folder)
            if not m:
                continue
            pname = m.group(1)
            psys = sysdir + '/' + pname
            part = {'links': dict((t, v.get(pname, [])) for t, v in links.items())}
            part['start'] = _read(psys + '/start', 0)
            part['sectorsize'] = _read(psys + '/queue/logical_block_size') or \
                _read(psys + '/queue/hw_sector_size', 512)
            part['sectors'] = int(_read(psys + '/size', 0)) * 512 // int(part['sectorsize'])
            part['size'] = _bytes_to_human(float(part['sectors']) * float(part['sectorsize']))
            part['uuid'] = None
            try:
                for uuid in os.listdir('/dev/disk/by-uuid'):
                    if os.path.realpath('/dev/disk/by-uuid/' + uuid) == '/dev/' + pname:
                        part['uuid'] = uuid
                        break
            except OSError:
                pass
            _holders(part, psys)
            d['partitions'][pname] = part
        d['rotational'] = _read(sysdir + '/queue/rotational')
        d['scheduler_mode'] = ''
        sched = _read(sysdir + '/queue/scheduler')
        if sched is not None:
            m = re.match(r'.*?(\[(.*)\])', sched)
            if m:
                d['scheduler_mode'] = m.group(2)
        d['sectorsize'] = _read(sysdir + '/queue/logical_block_size') or _read(sysdir + '/queue/hw_sector_size', 512)
        d['sectors'] = int(_read(sysdir + '/size') or 0) * 512 // int(d['sectorsize'])
        d['size'] = _bytes_to_human(float(d['sectors']) * float(d['sectorsize']))
        d['host'] = ''
        m = re.match(r'.+/([a-f0-9]{4}:[a-f0-9]{2}:[0|1][a-f0-9]\.[0-7])/', sysdir)
        if m and pcidata:
            m2 = re.search('^' + re.escape(m.group(1)) + r'\s(.*)$', pcidata, re.MULTILINE)
            if m2:
                d['host'] = m2.group(1)
        _holders(d, sysdir)
        out['devices'][diskname] = d
    return out


def _mount_extra(ctx, udevadm, mount, device, uuids, device_lock):
    """A mount's sizes and its device's UUID (what ansible's worker thread for it finds)."""
    size = mount_size(mount)
    # NOTE: one udevadm per device, not per mount of it (ansible asks again; same answer): the
    # workers of one device's mounts take turns, the first asks
    with device_lock:
        uuid = uuids.get(device)
        if uuid is None:
            uuid = udev_fs_uuid(device) if udevadm else 'N/A'
            if uuid is None:
                uuid = 'N/A'
                rc, o, e = ctx.run_command([udevadm, 'info', '--query', 'property', '--name', device])
                m = re.search('ID_FS_UUID=(.*)\n', o) if rc == 0 else None
                if m:
                    uuid = m.group(1)
            uuids[device] = uuid
    return size, uuid


class _MountWorker(threading.Thread):
    """Finds one mount's extra information; a hung filesystem leaves it behind (daemon)."""

    def __init__(self, *args):
        threading.Thread.__init__(self, daemon=True)
        self.args, self.result, self.error = args, None, None

    def run(self):
        try:
            self.result = _mount_extra(*self.args)
        except Exception as e:
            self.error = e


def _mount_facts(ctx, gather_timeout):
    bind_mounts = set()
    findmnt = ctx.get_bin_path('findmnt')
    emulated = findmnt_bind_mounts() if findmnt else None
    if emulated is not None:
        bind_mounts = emulated
    elif findmnt:
        rc, o, e = ctx.run_command([findmnt, '--list', '--noheadings', '--notruncate'])
        if rc == 0:
            for line in o.splitlines():
                fields = line.split()
                if len(fields) >= 2 and re.match(r'.*\]', fields[1]):
                    bind_mounts.add(fields[0])
    uuids = {}
    lsblk = ctx.get_bin_path('lsblk')
    if lsblk:
        rc, o, e = ctx.run_command([lsblk, '--list', '--noheadings', '--paths', '--output', 'NAME,UUID',
                                    '--exclude', '2'])
        if rc == 0:
            for line in o.splitlines():
                fields = line.strip().rsplit(None, 1)
                if len(fields) >= 2 and fields[0].strip() not in uuids:
                    uuids[fields[0].strip()] = fields[1].strip()
    udevadm = ctx.get_bin_path('udevadm')
    mtab = '/etc/mtab' if os.path.exists('/etc/mtab') else '/proc/mounts'
    pending = []
    device_locks = {}
    for line in (_read(mtab, '') or '').splitlines():
        fields = line.split()
        if len(fields) < 4:
            continue
        fields = [re.sub(r'\\[0-9]{3}', lambda m: chr(int(m.group()[1:], 8)), f) for f in fields]
        device, mount, fstype, options = fields[0], fields[1], fields[2], fields[3]
        dump, passno = int(fields[4]), int(fields[5])
        if not device.startswith(('/', '\\')) and ':/' not in device or fstype == 'none':
            continue
        info = {'mount': mount, 'device': device, 'fstype': fstype, 'options': options, 'dump': dump,
                'passno': passno}
        if mount in bind_mounts and not re.match(r'.*bind.*"', options):
            info['options'] += ',bind'
        worker = _MountWorker(ctx, udevadm, mount, device, uuids, device_locks.setdefault(device, threading.Lock()))
        worker.start()
        # as ansible: each mount gets gather_timeout seconds from its start
        pending.append((info, worker, time.monotonic() + (gather_timeout or 10)))
    mounts = []
    for info, worker, deadline in pending:
        worker.join(max(0.0, deadline - time.monotonic()))
        if worker.is_alive():
            ctx.warn('Timeout exceeded when getting mount info for %s' % info['mount'])
            info['note'] = 'Could not get extra information due to timeout'
        elif worker.error is not None:
            info['note'] = 'Could not get extra information: %s' % worker.error
        else:
            size, uuid = worker.result
            info.update(size)
            info['uuid'] = uuid or 'N/A'
        mounts.append(info)
    return {'mounts': mounts}


def _lvm_facts(ctx):
    vgs_cmd = ctx.get_bin_path('vgs')
    if vgs_cmd is None:
        return {'lvm': 'N/A'}
    if os.getuid() != 0:
        return {'lvm': 'N/A'}
    opts = ' --noheadings --nosuffix --units g --separator ,'
    vgs, lvs, pvs = {}, {}, {}
    for line in ctx.run_command(vgs_cmd + opts, use_unsafe_shell=True)[1].splitlines():
        it = line.strip().split(',')
        vgs[it[0]] = {'size_g': it[-2], 'free_g': it[-1], 'num_lvs': it[2], 'num_pvs': it[1]}
    lvs_cmd = ctx.get_bin_path('lvs')
    if lvs_cmd:
        for line in ctx.run_command(lvs_cmd + opts, use_unsafe_shell=True)[1].splitlines():
            it = line.strip().split(',')
            lvs[it[0]] = {'size_g': it[3], 'vg': it[1]}
    pvs_cmd = ctx.get_bin_path('pvs')
    if pvs_cmd:
        for line in ctx.run_command(pvs_cmd + opts, use_unsafe_shell=True)[1].splitlines():
            it = line.strip().split(',')
            pvs[it[0]] = {'size_g': it[4], 'free_g': it[5], 'vg': it[1]}
    return {'lvm': {'lvs': lvs, 'vgs': vgs, 'pvs': pvs}}


def collect_hardware(ctx, params, facts):
    out = {}
    out.update(_cpu_facts(facts))
    out.update(_memory_facts())
    out.update(_dmi_facts(ctx))
    out.update(_device_facts(ctx))
    up = _read('/proc/uptime')
    if up:
        out['uptime_seconds'] = int(float(up.split(' ')[0]))
    out.update(_lvm_facts(ctx))
    out.update(_mount_facts(ctx, params.get('gather_timeout')))
    return out


# ---------------------------------------------------------------- network

_IFACE_TYPE = {'1': 'ether', '32': 'infiniband', '512': 'ppp', '772': 'loopback', '65534': 'tunnel'}


def _is_iproute2(ip_path):
    # NOTE: what iproute2's ip prints is computed from the kernel's answers; busybox's ip differs
    return os.path.basename(os.path.realpath(ip_path)) == 'ip'


def _default_interfaces(ctx, ip_path):
    commands = {'v4': [ip_path, '-4', 'route', 'get', '8.8.8.8'],
                'v6': [ip_path, '-6', 'route', 'get', '2404:6800:400a:800::1012']}
    result = {'v4': {}, 'v6': {}}
    for v in ('v4', 'v6'):
        if v == 'v6' and not socket.has_ipv6:
            continue
        if _is_iproute2(ip_path):
            asked = route_get(socket.AF_INET if v == 'v4' else socket.AF_INET6, commands[v][-1])
            if asked is not None:
                result[v] = asked
                continue
        rc, out, err = ctx.run_command(commands[v])
        if not out:
            continue
        words = out.splitlines()[0].split()
        if len(words) > 0 and words[0] == commands[v][-1]:
            for i in range(len(words) - 1):
                if words[i] == 'dev':
                    result[v]['interface'] = words[i + 1]
                elif words[i] == 'src':
                    result[v]['address'] = words[i + 1]
                elif words[i] == 'via' and words[i + 1] != commands[v][-1]:
                    result[v]['gateway'] = words[i + 1]
    return result['v4'], result['v6']


def _addresses_by_ifindex(ctx, ip_path):
    # NOTE: ansible runs `ip addr show primary dev X` and `... secondary dev X` for every
    # interface (two processes each). One `ip addr show` holds the same lines: an address is
    # secondary when iproute2 flags it `secondary` (IPv4) or `temporary` (IPv6, the same kernel
    # flag), so the same parser gets the same lines per device. Returns {ifindex text: (primary
    # text, secondary text)}, or None where the per-device commands must run (not iproute2).
    if not _is_iproute2(ip_path):
        return None
    rc, out, err = ctx.run_command([ip_path, 'addr', 'show'])
    if rc != 0:
        return None
    blocks = {}
    current = None
    for line in out.splitlines():
        header = re.match(r'(\d+): ', line)
        if header:
            current = blocks.setdefault(header.group(1), ([], []))
            current[0].append(line)
            continue
        if current is None:
            continue
        words = line.split()
        flagged = (len(words) > 2 and (words[0] == 'inet' and 'secondary' in words[2:-1]
                                       or words[0] == 'inet6' and 'temporary' in words[2:]))
        current[1 if flagged else 0].append(line)
    return dict((index, ('\n'.join(p), '\n'.join(s))) for index, (p, s) in blocks.items())


def _interfaces_info(ctx, ip_path, default_ipv4, default_ipv6):
    interfaces = {}
    ips = {'all_ipv4_addresses': [], 'all_ipv6_addresses': []}
    all_addresses = _addresses_by_ifindex(ctx, ip_path)
    ethtool = ctx.get_bin_path('ethtool')  # NOTE: ansible looks it up again for each interface
    for path in glob.glob('/sys/class/net/*'):
        if not os.path.isdir(path):
            continue
        device = os.path.basename(path)
        dev = interfaces[device] = {'device': device}
        macaddress = ''
        if os.path.exists(os.path.join(path, 'address')):
            macaddress = _read(os.path.join(path, 'address'), default='')
            if macaddress and macaddress != '00:00:00:00:00:00':
                dev['macaddress'] = macaddress
        if os.path.exists(os.path.join(path, 'mtu')):
            dev['mtu'] = int(_read(os.path.join(path, 'mtu')))
        if os.path.exists(os.path.join(path, 'operstate')):
            dev['active'] = _read(os.path.join(path, 'operstate')) != 'down'
        if os.path.exists(os.path.join(path, 'device', 'driver', 'module')):
            dev['module'] = os.path.basename(os.path.realpath(os.path.join(path, 'device', 'driver', 'module')))
        if os.path.exists(os.path.join(path, 'type')):
            dev['type'] = _IFACE_TYPE.get(_read(os.path.join(path, 'type')), 'unknown')
        if os.path.exists(os.path.join(path, 'bridge')):
            dev['type'] = 'bridge'
            dev['interfaces'] = [os.path.basename(b) for b in glob.glob(os.path.join(path, 'brif', '*'))]
            if os.path.exists(os.path.join(path, 'bridge', 'bridge_id')):
                dev['id'] = _read(os.path.join(path, 'bridge', 'bridge_id'), default='')
            if os.path.exists(os.path.join(path, 'bridge', 'stp_state')):
                dev['stp'] = _read(os.path.join(path, 'bridge', 'stp_state')) == '1'
        if os.path.exists(os.path.join(path, 'bonding')):
            bpath = os.path.join(path, 'bonding')
            dev['type'] = 'bonding'
            dev['slaves'] = (_read(os.path.join(bpath, 'slaves'), default='') or '').split()
            dev['mode'] = (_read(os.path.join(bpath, 'mode'), default='') or '').split()[0]
            dev['miimon'] = (_read(os.path.join(bpath, 'miimon'), default='') or '').split()[0]
            dev['lacp_rate'] = (_read(os.path.join(bpath, 'lacp_rate'), default='') or '').split()[0]
            primary = _read(os.path.join(bpath, 'primary'))
            if primary:
                dev['primary'] = primary
                if os.path.exists(os.path.join(bpath, 'all_slaves_active')):
                    dev['all_slaves_active'] = _read(os.path.join(bpath, 'all_slaves_active')) == '1'
        if os.path.exists(os.path.join(path, 'bonding_slave')):
            dev['perm_macaddress'] = _read(os.path.join(path, 'bonding_slave', 'perm_hwaddr'), default='')
        if os.path.exists(os.path.join(path, 'device')):
            dev['pciid'] = os.path.basename(os.readlink(os.path.join(path, 'device')))
        if os.path.exists(os.path.join(path, 'speed')):
            speed = _read(os.path.join(path, 'speed'))
            if speed is not None:
                try:
                    dev['speed'] = int(speed)
                except ValueError:
                    pass
        if os.path.exists(os.path.join(path, 'flags')):
            dev['promisc'] = (int(_read(os.path.join(path, 'flags')), 16) & 0x0100) > 0

        def parse_ip_output(output, secondary=False):
            for line in output.splitlines():
                if not line:
                    continue
                words = line.split()
                broadcast = ''
                if words[0] == 'inet':
                    if '/' in words[1]:
                        address, netmask_length = words[1].split('/')
                        if len(words) > 3 and words[2] == 'brd':
                            broadcast = words[3]
                    else:
                        address = words[1]
                        netmask_length = '32'
                    address_bin = struct.unpack('!L', socket.inet_aton(address))[0]
                    netmask_bin = (1 << 32) - (1 << 32 >> int(netmask_length))
                    netmask = socket.inet_ntoa(struct.pack('!L', netmask_bin))
                    network = socket.inet_ntoa(struct.pack('!L', address_bin & netmask_bin))
                    iface = words[-1]
                    # NOTE: an address labelled 'eth0:1' makes its own (alias) interface entry.
                    if iface != device:
                        interfaces[iface] = {}
                    entry = {'address': address, 'broadcast': broadcast, 'netmask': netmask,
                             'network': network, 'prefix': netmask_length}
                    if not secondary and 'ipv4' not in interfaces[iface]:
                        interfaces[iface]['ipv4'] = entry
                    else:
                        interfaces[iface].setdefault('ipv4_secondaries', []).append(dict(entry))
                    if secondary:
                        interfaces[device].setdefault('ipv4_secondaries', [])
                        if device != iface:
                            interfaces[device]['ipv4_secondaries'].append(dict(entry))
                    if 'address' in default_ipv4 and default_ipv4['address'] == address:
                        default_ipv4.update(broadcast=broadcast, netmask=netmask, network=network,
                                            prefix=netmask_length, macaddress=macaddress,
                                            mtu=interfaces[device]['mtu'],
                                            type=interfaces[device].get('type', 'unknown'), alias=words[-1])
                    if not address.startswith('127.'):
                        ips['all_ipv4_addresses'].append(address)
                elif words[0] == 'inet6':
                    if 'peer' == words[2]:
                        address = words[1]
                        _, prefix = words[3].split('/')
                        scope = words[5]
                    else:
                        address, prefix = words[1].split('/')
                        scope = words[3]
                    interfaces[device].setdefault('ipv6', []).append(
                        {'address': address, 'prefix': prefix, 'scope': scope})
                    if 'address' in default_ipv6 and default_ipv6['address'] == address:
                        default_ipv6.update(prefix=prefix, scope=scope, macaddress=macaddress,
                                            mtu=interfaces[device]['mtu'],
                                            type=interfaces[device].get('type', 'unknown'))
                    if not address == '::1':
                        ips['all_ipv6_addresses'].append(address)

        shown = all_addresses.get(_read(os.path.join(path, 'ifindex'))) if all_addresses is not None else None
        if shown is not None:
            parse_ip_output(shown[0])
            parse_ip_output(shown[1], secondary=True)
        else:
            rc, data, err = ctx.run_command([ip_path, 'addr', 'show', 'primary', 'dev', device])
            if rc == 0:
                parse_ip_output(data)
            else:
                rc, data, err = ctx.run_command([ip_path, 'addr', 'show', 'dev', device])
                if rc == 0:
                    parse_ip_output(data)
            rc, data, err = ctx.run_command([ip_path, 'addr', 'show', 'secondary', 'dev', device])
            if rc == 0:
                parse_ip_output(data, secondary=True)
        interfaces[device].update(_ethtool_data(ctx, device, ethtool))
    renamed = {}
    for name in interfaces:
        renamed[name.replace(':', '_')] = interfaces[name]
    return renamed, ips


def _ethtool_data(ctx, device, ethtool):
    data = {}
    if not ethtool:
        return data
    rc, out, err = ctx.run_command([ethtool, '-k', device])
    if rc == 0:
        features = {}
        for line in out.strip().splitlines():
            if not line or line.endswith(':'):
                continue
            key, value = line.split(': ', 1)
            if value:
                features[key.strip().replace('-', '_')] = value.strip()
        data['features'] = features
    rc, out, err = ctx.run_command([ethtool, '-T', device])
    if rc == 0:
        data['timestamping'] = [m.lower() for m in re.findall(r'SOF_TIMESTAMPING_(\w+)', out)]
        data['hw_timestamp_filters'] = [m.lower() for m in re.findall(r'HWTSTAMP_FILTER_(\w+)', out)]
        m = re.search(r'PTP Hardware Clock: (\d+)', out)
        if m:
            data['phc_index'] = int(m.group(1))
    return data


def collect_network(ctx, params, facts):
    ip_path = ctx.get_bin_path('ip')
    if ip_path is None:
        return {}
    default_ipv4, default_ipv6 = _default_interfaces(ctx, ip_path)
    interfaces, ips = _interfaces_info(ctx, ip_path, default_ipv4, default_ipv6)
    out = {'interfaces': list(interfaces.keys())}
    for name in interfaces:
        out[name] = interfaces[name]
    out['default_ipv4'] = default_ipv4
    out['default_ipv6'] = default_ipv6
    out['all_ipv4_addresses'] = ips['all_ipv4_addresses']
    out['all_ipv6_addresses'] = ips['all_ipv6_addresses']
    reachable = {'ipv4': [], 'ipv6': []}
    for family in ('-4', '-6'):
        found = local_addresses(socket.AF_INET if family == '-4' else socket.AF_INET6) if _is_iproute2(ip_path) else None
        if found is None:
            rc, routes, err = ctx.run_command([ip_path, family, 'route', 'show', 'table', 'local'])
            if rc != 0:
                continue
            found = [line.split()[1] for line in routes.splitlines() if line.split()[:1] == ['local']]
        for address in found:
            key = 'ipv6' if ':' in address else 'ipv4'
            if address not in reachable[key]:
                reachable[key].append(address)
    out['locally_reachable_ips'] = reachable
    return out


def collect_dns(ctx, params, facts):
    dns = {}
    for line in (_read('/etc/resolv.conf', '') or '').splitlines():
        if line.startswith('#') or line.startswith(';') or line.strip() == '':
            continue
        tokens = line.split()
        if not tokens:
            continue
        if tokens[0] == 'nameserver':
            dns.setdefault('nameservers', []).extend(tokens[1:])
        elif tokens[0] == 'domain':
            if len(tokens) > 1:
                dns['domain'] = tokens[1]
        elif tokens[0] == 'search':
            dns['search'] = tokens[1:]
        elif tokens[0] == 'sortlist':
            dns['sortlist'] = tokens[1:]
        elif tokens[0] == 'options':
            dns['options'] = {}
            for option in tokens[1:]:
                parts = option.split(':', 1)
                dns['options'][parts[0]] = len(parts) == 2 and parts[1] or True
    return {'dns': dns}


def collect_fc_wwn(ctx, params, facts):
    wwn = []
    for fcfile in glob.glob('/sys/class/fc_host/*/port_name'):
        for line in _lines(fcfile):
            wwn.append(line.rstrip()[2:])
    return {'fibre_channel_wwn': wwn}


def collect_iscsi(ctx, params, facts):
    iqn = ''
    for line in (_read('/etc/iscsi/initiatorname.iscsi', '') or '').splitlines():
        if line.startswith('#') or line.startswith(';') or line.strip() == '':
            continue
        if line.startswith('InitiatorName='):
            iqn = line.split('=', 1)[1]
            break
    return {'iscsi_iqn': iqn}


def collect_nvme(ctx, params, facts):
    nqn = ''
    for line in (_read('/etc/nvme/hostnqn', '') or '').splitlines():
        if line.startswith('nqn.'):
            nqn = line
            break
    return {'hostnqn': nqn}


# ---------------------------------------------------------------- extra

def _local_fact(ctx, fn, text):
    """A .fact file's (or script's) text as JSON, else as ini; a warning text when neither."""
    try:
        return json.loads(text)
    except ValueError:
        pass
    except Exception as e:  # too deeply nested for the decoder
        fact = 'Failed to convert (%s) to JSON: %s' % (fn, e)
        ctx.warn(fact)
        return fact
    import configparser  # only .fact files that are not JSON need it (~1 ms to import)
    cp = configparser.ConfigParser()
    try:
        cp.read_file(StringIO(text))
    except configparser.Error:
        fact = 'error loading facts as JSON or ini - please check content: %s' % fn
        ctx.warn(fact)
        return fact
    fact = {}
    for sect in cp.sections():
        # NOTE: Ansible goes on after a bad value with the warning text in place of the dict:
        # a later value or section then indexes that text, and the TypeError ends the whole
        # local collector (no ansible_local at all); 'in' tests the text as a substring.
        if sect not in fact:
            fact[sect] = {}
        for opt in cp.options(sect):
            try:
                value = cp.get(sect, opt)
            except configparser.Error as ex:
                fact = 'error loading facts as ini - please check content: %s (%s)' % (fn, ex)
                ctx.warn(fact)
                continue
            fact[sect][opt] = value
    return fact


def collect_local(ctx, params, facts):
    fact_path = params.get('fact_path')
    if not fact_path or not os.path.exists(fact_path):
        return {'local': {}}
    local = {}
    for fn in sorted(glob.glob(fact_path + '/*.fact')):
        base = os.path.basename(fn).replace('.fact', '')
        try:
            executable = stat.S_IXUSR & os.stat(fn)[stat.ST_MODE]
        except OSError as e:
            local[base] = 'Could not stat fact (%s): %s' % (fn, e)
            ctx.warn(local[base])
            continue
        if executable:
            try:
                rc, out, err = ctx.run_command(fn)
                failed = None if rc == 0 else 'Failure executing fact script (%s), rc: %s, err: %s' % (fn, rc, err)
            except OSError as e:
                failed = 'Could not execute fact script (%s): %s' % (fn, e)
            if failed is not None:
                local[base] = failed
                ctx.warn(failed)
                continue
        else:
            out = _read(fn, default='')
        local[base] = _local_fact(ctx, fn, out)
    return {'local': local}


def _json_program_facts(ctx, output, warning):
    """facter's or ohai's JSON output as facts; a warning and none when it is not JSON."""
    if output is None:
        return {}
    try:
        return json.loads(output)
    except Exception:
        ctx.warn(warning)
        return {}


def collect_facter(ctx, params, facts):
    path = ctx.get_bin_path('facter', opt_dirs=['/opt/puppetlabs/bin'])
    path = ctx.get_bin_path('cfacter', opt_dirs=['/opt/puppetlabs/bin']) or path
    if not path:
        return {}
    # NOTE: some facter versions fail with --puppet when puppet is missing: then without it
    rc, out, err = ctx.run_command(path + ' --puppet --json')
    if rc != 0:
        rc, out, err = ctx.run_command(path + ' --json')
    return _json_program_facts(ctx, out if rc == 0 else None, 'Failed to parse facter facts')


def collect_ohai(ctx, params, facts):
    path = ctx.get_bin_path('ohai')
    if not path:
        return {}
    rc, out, err = ctx.run_command(path)
    return _json_program_facts(ctx, out if rc == 0 else None, 'Failed to gather ohai facts')


# (name, fact ids, required collectors, function), in Ansible's collector order.
COLLECTORS = [
    ('platform', ['system', 'kernel', 'kernel_version', 'machine', 'python_version', 'architecture',
                  'machine_id'], [], collect_platform),
    ('distribution', ['distribution_version', 'distribution_release', 'distribution_major_version',
                      'os_family'], [], collect_distribution),
    ('lsb', [], [], collect_lsb),
    ('selinux', [], [], collect_selinux),
    ('apparmor', [], [], collect_apparmor),
    ('chroot', ['is_chroot'], [], collect_chroot),
    ('fips', [], [], collect_fips),
    ('python', [], [], collect_python),
    ('caps', ['system_capabilities', 'system_capabilities_enforced'], [], collect_caps),
    ('pkg_mgr', [], ['distribution'], collect_pkg_mgr),
    ('service_mgr', [], ['platform', 'distribution'], collect_service_mgr),
    ('cmdline', [], [], collect_cmdline),
    ('date_time', [], [], collect_date_time),
    ('env', [], [], collect_env),
    ('loadavg', [], [], collect_loadavg),
    ('ssh_pub_keys', ['ssh_host_pub_keys', 'ssh_host_key_dsa_public', 'ssh_host_key_rsa_public',
                      'ssh_host_key_ecdsa_public', 'ssh_host_key_ed25519_public'], [], collect_ssh_pub_keys),
    ('user', ['user_id', 'user_uid', 'user_gid', 'user_gecos', 'user_dir', 'user_shell', 'real_user_id',
              'effective_user_id', 'effective_group_ids'], [], collect_user),
    ('systemd', [], [], collect_systemd),
    ('virtual', ['virtualization_type', 'virtualization_role', 'virtualization_tech_guest',
                 'virtualization_tech_host'], [], collect_virtual),
    ('hardware', ['processor', 'processor_cores', 'processor_count', 'mounts', 'devices'], ['platform'],
     collect_hardware),
    ('dns', [], [], collect_dns),
    ('fibre_channel_wwn', [], [], collect_fc_wwn),
    ('network', ['interfaces', 'default_ipv4', 'default_ipv6', 'all_ipv4_addresses', 'all_ipv6_addresses'],
     ['distribution', 'platform'], collect_network),
    ('iscsi', [], [], collect_iscsi),
    ('nvme', [], [], collect_nvme),
    ('local', [], [], collect_local),
    ('facter', ['facter'], [], collect_facter),
    ('ohai', [], [], collect_ohai),
]
# the prefix of each collector's fact names (ansible_ unless named here)
NAMESPACES = {'facter': 'facter_', 'ohai': 'ohai_'}


def select_collectors(gather_subset):
    """The collector names to run, following Ansible's gather_subset rules; raises TypeError."""
    by_id = {}
    aliases = {}
    for name, ids, _, _ in COLLECTORS:
        by_id.setdefault(name, set()).add(name)
        for fid in ids:
            by_id.setdefault(fid, set()).add(name)
            aliases.setdefault(name, set()).add(fid)
    valid = frozenset(by_id)
    additional, exclude, explicit = set(), set(), set()
    for subset in ['min'] + list(gather_subset or ['all']):
        if subset == 'min':
            additional.update(MINIMAL_SUBSET)
            continue
        if subset == 'all':
            additional.update(valid)
            continue
        if subset.startswith('!'):
            sub = subset[1:]
            if sub == 'min':
                exclude.update(MINIMAL_SUBSET)
            elif sub == 'all':
                exclude.update(valid - MINIMAL_SUBSET)
            else:
                exclude.update(aliases.get(sub, set()))
                exclude.add(sub)
            continue
        if subset not in valid:
            raise TypeError("Bad subset '%s' given to Ansible. gather_subset options allowed: all, %s"
                            % (subset, ', '.join(sorted(valid))))
        explicit.add(subset)
        additional.add(subset)
    if not additional:
        additional.update(valid)
    additional.difference_update(exclude - explicit)
    wanted = set()
    for sub in additional:
        wanted.update(by_id.get(sub, set()))
    # requirements pull in their collectors even when excluded, as Ansible's solver does
    required = dict((name, req) for name, _, req, _ in COLLECTORS)
    changed = True
    while changed:
        changed = False
        for name in list(wanted):
            for req in required.get(name, []):
                if req not in wanted:
                    wanted.add(req)
                    changed = True
    return [c for c in COLLECTORS if c[0] in wanted]


def _filtered(part, filters):
    """The (key, value) pairs of one collector's facts that the filter keeps, filter by filter as
    Ansible orders them (a key two filters match keeps the first one's place)."""
    if not filters or filters == '*':
        return list(part.items())
    found = []
    for f in filters:
        # NOTE: a pattern not naming its namespace also matches with 'ansible_' in front
        bare = not f.startswith(('ansible_', 'facter', 'ohai'))
        for key, value in part.items():
            if not f or fnmatch.fnmatch(key, f) or (bare and fnmatch.fnmatch(key, 'ansible_' + f)):
                found.append((key, value))
    return found


def _prefixed(name, prefix='ansible_'):
    return prefix + name.replace('-', '_')


def gather(ctx, params):
    gather_subset = params.get('gather_subset') or ['all']
    try:
        selected = select_collectors(gather_subset)
    except TypeError as e:
        ctx.fail(str(e))
    filters = params.get('filter') or []
    collected = {}
    facts = {}
    for name, _, _, fn in selected:
        prefix = NAMESPACES.get(name, 'ansible_')
        try:
            # NOTE: facter's or ohai's JSON may be no object: naming its keys fails, no facts
            part = dict((_prefixed(k, prefix), v) for k, v in (fn(ctx, params, collected) or {}).items())
        except (volant_runtime.ModuleFailed, volant_runtime.ModuleExit):
            raise  # ctx.fail (a fact script that cannot run) ends the module, as fail_json does
        except Exception as e:  # a broken collector must not lose the other facts, as in Ansible
            sys.stderr.write(repr(e) + '\n')
            part = {}
        collected.update(part)
        facts.update(_filtered(part, filters))
    facts.update(_filtered({'gather_subset': gather_subset, 'module_setup': True}, filters))
    return facts


def run(params, ctx):
    # NOTE: no 'changed': the controller adds failed and changed after it, in 2.19's order.
    return {'ansible_facts': gather(ctx, params)}
