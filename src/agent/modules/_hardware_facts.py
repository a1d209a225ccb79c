# setup's hardware collector: memory, processors, DMI, block devices, mounts and LVM, as
# ansible-core 2.19's LinuxHardware collector computes them.
import glob
import os
import re
import threading
import time

from _facts_files import file_content, file_lines
from _mounts import mount_size
from _mountinfo_facts import findmnt_bind_mounts, udev_fs_uuid


_MEM_ORIGINAL = ('MemTotal', 'SwapTotal', 'MemFree', 'SwapFree')
_MEM_ALL = _MEM_ORIGINAL + ('Buffers', 'Cached', 'SwapCached')


def _memory_facts():
    out = {}
    if not os.access('/proc/meminfo', os.R_OK):
        return out
    st = {}
    for line in file_lines('/proc/meminfo'):
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
        for line in file_lines('/sys/hypervisor/type'):
            if line.strip() == 'xen':
                xen = True
            break
    if not os.access('/proc/cpuinfo', os.R_OK):
        return out
    out['processor'] = []
    for line in file_lines('/proc/cpuinfo'):
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
            data = file_content(base + fname)
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
                d['holders'].append(file_content(sysdir + '/holders/' + folder + '/dm/name') or folder)


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
            d[key] = file_content(sysdir + '/device/' + key)
        if sg_inq:
            rc, o, e = ctx.run_command([sg_inq, '/dev/%s' % block])
            m = re.search(r"(?:Unit serial|Serial) number:\s+(\w+)", o) if rc == 0 else None
            if m:
                d['serial'] = m.group(1)
        else:
            serial = file_content('/sys/block/%s/device/serial' % block)
            if serial:
                d['serial'] = serial
        d['removable'] = file_content(sysdir + '/removable')
        d['support_discard'] = '0' if file_content(sysdir + '/queue/discard_max_hw_bytes') == '0' \
            else file_content(sysdir + '/queue/discard_granularity')
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
            part['start'] = file_content(psys + '/start', 0)
            part['sectorsize'] = file_content(psys + '/queue/logical_block_size') or \
                file_content(psys + '/queue/hw_sector_size', 512)
            part['sectors'] = int(file_content(psys + '/size', 0)) * 512 // int(part['sectorsize'])
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
        d['rotational'] = file_content(sysdir + '/queue/rotational')
        d['scheduler_mode'] = ''
        sched = file_content(sysdir + '/queue/scheduler')
        if sched is not None:
            m = re.match(r'.*?(\[(.*)\])', sched)
            if m:
                d['scheduler_mode'] = m.group(2)
        d['sectorsize'] = file_content(sysdir + '/queue/logical_block_size') or file_content(sysdir + '/queue/hw_sector_size', 512)
        d['sectors'] = int(file_content(sysdir + '/size') or 0) * 512 // int(d['sectorsize'])
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
    for line in (file_content(mtab, '') or '').splitlines():
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
    up = file_content('/proc/uptime')
    if up:
        out['uptime_seconds'] = int(float(up.split(' ')[0]))
    out.update(_lvm_facts(ctx))
    out.update(_mount_facts(ctx, params.get('gather_timeout')))
    return out
