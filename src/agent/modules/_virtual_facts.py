# setup's virtual collector: virtualization_type, _role and the guest and host technologies, read
# from /proc, /sys and DMI as ansible-core 2.19's LinuxVirtual collector reads them.
import os
import re

from _facts_files import file_content, file_lines


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
        for line in file_lines('/proc/1/cgroup'):
            if re.search(r'/docker(/|-[0-9a-f]+\.scope)', line):
                guest('docker')
            if re.search('/lxc/', line) or re.search('/machine.slice/machine-lxc', line):
                guest('lxc')
            if re.search('/system.slice/containerd.service', line):
                guest('containerd')
    if os.path.exists('/proc/1/environ'):
        for line in file_lines('/proc/1/environ', line_sep='\x00'):
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
    systemd_container = file_content('/run/systemd/container')
    if systemd_container:
        guest(systemd_container)
    if os.path.exists('/.dockerenv') or os.path.exists('/.dockerinit'):
        guest('docker')
    if guest_tech.intersection({'docker', 'lxc', 'podman', 'openvz', 'containerd'}) or systemd_container:
        guest_tech.add('container')
    if os.path.exists('/proc/xen'):
        is_host = any('control_d' in line for line in file_lines('/proc/xen/capabilities'))
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
    product_name = file_content(dmi + 'product_name')
    sys_vendor = file_content(dmi + 'sys_vendor')
    product_family = file_content(dmi + 'product_family')
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
    bios_vendor = file_content(dmi + 'bios_vendor')
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
    for line in file_lines('/proc/self/status'):
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
    for line in file_lines('/proc/cpuinfo'):
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
        modules = [line.split(' ', 1)[0] for line in file_lines('/proc/modules')]
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
