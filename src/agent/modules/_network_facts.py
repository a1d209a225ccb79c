# setup's network collectors: interfaces and addresses (from `ip`, as ansible-core 2.19's
# LinuxNetwork collector reads it), DNS, Fibre Channel WWNs, iSCSI and NVMe names.
import glob
import os
import re
import socket
import struct

from _facts_files import file_content, file_lines
from _route_facts import local_addresses, route_get


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
            macaddress = file_content(os.path.join(path, 'address'), default='')
            if macaddress and macaddress != '00:00:00:00:00:00':
                dev['macaddress'] = macaddress
        if os.path.exists(os.path.join(path, 'mtu')):
            dev['mtu'] = int(file_content(os.path.join(path, 'mtu')))
        if os.path.exists(os.path.join(path, 'operstate')):
            dev['active'] = file_content(os.path.join(path, 'operstate')) != 'down'
        if os.path.exists(os.path.join(path, 'device', 'driver', 'module')):
            dev['module'] = os.path.basename(os.path.realpath(os.path.join(path, 'device', 'driver', 'module')))
        if os.path.exists(os.path.join(path, 'type')):
            dev['type'] = _IFACE_TYPE.get(file_content(os.path.join(path, 'type')), 'unknown')
        if os.path.exists(os.path.join(path, 'bridge')):
            dev['type'] = 'bridge'
            dev['interfaces'] = [os.path.basename(b) for b in glob.glob(os.path.join(path, 'brif', '*'))]
            if os.path.exists(os.path.join(path, 'bridge', 'bridge_id')):
                dev['id'] = file_content(os.path.join(path, 'bridge', 'bridge_id'), default='')
            if os.path.exists(os.path.join(path, 'bridge', 'stp_state')):
                dev['stp'] = file_content(os.path.join(path, 'bridge', 'stp_state')) == '1'
        if os.path.exists(os.path.join(path, 'bonding')):
            bpath = os.path.join(path, 'bonding')
            dev['type'] = 'bonding'
            dev['slaves'] = (file_content(os.path.join(bpath, 'slaves'), default='') or '').split()
            dev['mode'] = (file_content(os.path.join(bpath, 'mode'), default='') or '').split()[0]
            dev['miimon'] = (file_content(os.path.join(bpath, 'miimon'), default='') or '').split()[0]
            dev['lacp_rate'] = (file_content(os.path.join(bpath, 'lacp_rate'), default='') or '').split()[0]
            primary = file_content(os.path.join(bpath, 'primary'))
            if primary:
                dev['primary'] = primary
                if os.path.exists(os.path.join(bpath, 'all_slaves_active')):
                    dev['all_slaves_active'] = file_content(os.path.join(bpath, 'all_slaves_active')) == '1'
        if os.path.exists(os.path.join(path, 'bonding_slave')):
            dev['perm_macaddress'] = file_content(os.path.join(path, 'bonding_slave', 'perm_hwaddr'), default='')
        if os.path.exists(os.path.join(path, 'device')):
            dev['pciid'] = os.path.basename(os.readlink(os.path.join(path, 'device')))
        if os.path.exists(os.path.join(path, 'speed')):
            speed = file_content(os.path.join(path, 'speed'))
            if speed is not None:
                try:
                    dev['speed'] = int(speed)
                except ValueError:
                    pass
        if os.path.exists(os.path.join(path, 'flags')):
            dev['promisc'] = (int(file_content(os.path.join(path, 'flags')), 16) & 0x0100) > 0

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

        shown = all_addresses.get(file_content(os.path.join(path, 'ifindex'))) if all_addresses is not None else None
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
    for line in (file_content('/etc/resolv.conf', '') or '').splitlines():
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
        for line in file_lines(fcfile):
            wwn.append(line.rstrip()[2:])
    return {'fibre_channel_wwn': wwn}


def collect_iscsi(ctx, params, facts):
    iqn = ''
    for line in (file_content('/etc/iscsi/initiatorname.iscsi', '') or '').splitlines():
        if line.startswith('#') or line.startswith(';') or line.strip() == '':
            continue
        if line.startswith('InitiatorName='):
            iqn = line.split('=', 1)[1]
            break
    return {'iscsi_iqn': iqn}


def collect_nvme(ctx, params, facts):
    nqn = ''
    for line in (file_content('/etc/nvme/hostnqn', '') or '').splitlines():
        if line.startswith('nqn.'):
            nqn = line
            break
    return {'hostnqn': nqn}
