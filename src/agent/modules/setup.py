# setup / gather_facts: the host's facts, computed the way ansible-core 2.19's Linux fact
# collectors compute them, returned as {"ansible_facts": {"ansible_<name>": ...}}.
# The collectors too large to keep here are in helper modules (_virtual_facts, _hardware_facts,
# _network_facts); the standard library and those helpers are all it imports.
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
import time
from io import StringIO

import volant_runtime
from _facts_files import file_content, file_lines
from _hardware_facts import collect_hardware
from _lsb_facts import minimal_lsb_release_all
from _mountinfo_facts import root_fs_type
from _network_facts import collect_dns, collect_fc_wwn, collect_iscsi, collect_network, collect_nvme
from _virtual_facts import collect_virtual

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
    machine_id = file_content('/var/lib/dbus/machine-id') or file_content('/etc/machine-id')
    if machine_id:
        out['machine_id'] = machine_id.splitlines()[0]
    return out


def _os_release():
    info = {}
    for path in ('/etc/os-release', '/usr/lib/os-release'):
        text = file_content(path, strip=False)
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
        debian_version = file_content('/etc/debian_version', default='') or ''
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
        for line in file_lines('/etc/debian_version'):
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
            data = (file_content(path) or '').strip('\'"\\')
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
        for line in file_lines('/etc/lsb-release'):
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
    return {'fips': file_content('/proc/sys/crypto/fips_enabled') == '1'}


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
    proc_1 = file_content('/proc/1/comm', strip=False)
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
    data = file_content('/proc/cmdline')
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
            data = file_content('%s/ssh_host_%s_key.pub' % (keydir, algo))
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
            out = file_content(fn, default='')
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
