# What setup reads from iproute2's route commands, asked of the kernel over rtnetlink instead of
# starting `ip` four times per gather. Each function gives what setup's parser takes from the
# program's text (the words after dev/src/via on `ip route get`'s first line, the second word of
# `ip route show table local`'s lines starting with 'local'), computed as ip prints them; None
# when the kernel cannot be asked (setup then runs ip as before).
import socket
import struct

NETLINK_ROUTE = 0
RTM_NEWROUTE, RTM_GETROUTE = 24, 26
NLM_F_REQUEST, NLM_F_DUMP = 0x1, 0x300
NLMSG_ERROR, NLMSG_DONE = 2, 3
RTA_DST, RTA_OIF, RTA_GATEWAY, RTA_PREFSRC, RTA_TABLE, RTA_VIA = 1, 4, 5, 7, 15, 18
RTN_UNICAST, RTN_LOCAL = 1, 2
RTM_F_CLONED = 0x200
RT_TABLE_LOCAL = 255
_FAMILY_NAMES = {socket.AF_INET: 'inet', socket.AF_INET6: 'inet6'}
_HOST_BITS = {socket.AF_INET: 32, socket.AF_INET6: 128}


class _Failed(Exception):
    """The kernel said no (as `ip` would print to stderr only): no output."""


def _request(msg_type, flags, family, attrs=b'', dst_len=0):
    rtmsg = struct.pack('=BBBBBBBBI', family, dst_len, 0, 0, 0, 0, 0, 0, 0)
    body = rtmsg + attrs
    return struct.pack('=IHHII', 16 + len(body), msg_type, flags, 1, 0) + body


def _attr(kind, payload):
    size = 4 + len(payload)
    return struct.pack('=HH', size, kind) + payload + b'\0' * ((4 - size % 4) % 4)


def _talk(request):
    """Sends one request; returns the route messages of the answer as (rtmsg fields, attrs)."""
    with socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, NETLINK_ROUTE) as sock:
        sock.bind((0, 0))
        sock.sendall(request)
        routes = []
        while True:
            data = sock.recv(1 << 16)
            offset = 0
            while offset + 16 <= len(data):
                length, kind, flags, seq, pid = struct.unpack_from('=IHHII', data, offset)
                if length < 16:
                    raise ValueError('bad netlink message')
                body = data[offset + 16:offset + length]
                offset += (length + 3) & ~3
                if kind == NLMSG_DONE:
                    return routes
                if kind == NLMSG_ERROR:
                    code = struct.unpack_from('=i', body)[0]
                    if code == 0:
                        return routes
                    raise _Failed(-code)
                if kind == RTM_NEWROUTE:
                    routes.append((struct.unpack_from('=BBBBBBBBI', body), _attrs(body[12:])))
                    if not flags & 0x2:  # not NLM_F_MULTI: a single answer
                        return routes


def _attrs(data):
    found = {}
    offset = 0
    while offset + 4 <= len(data):
        size, kind = struct.unpack_from('=HH', data, offset)
        if size < 4:
            break
        found.setdefault(kind & 0x3fff, data[offset + 4:offset + size])
        offset += (size + 3) & ~3
    return found


def _address(family, raw):
    return socket.inet_ntop(family, raw)


def _device(index_raw):
    return socket.if_indextoname(struct.unpack('=I', index_raw)[0])


def route_get(family, destination):
    """`ip -4|-6 route get DESTINATION` as setup parses it: {'interface', 'address', 'gateway'}
    (those present), {} when ip prints no unicast route; None when the kernel cannot be asked."""
    try:
        packed = socket.inet_pton(family, destination)
        request = _request(RTM_GETROUTE, NLM_F_REQUEST, family, _attr(RTA_DST, packed), _HOST_BITS[family])
        routes = _talk(request)
    except _Failed:
        return {}
    except (OSError, ValueError, struct.error):
        return None
    if not routes:
        return None
    fields, attrs = routes[0]
    if fields[7] != RTN_UNICAST:
        return {}  # ip names the type first ('unreachable 2404:…'): setup skips the line
    result = {}
    try:
        if RTA_VIA in attrs:
            # NOTE: ip prints 'via inet6 ADDR'; the word after 'via' is the family name
            result['gateway'] = _FAMILY_NAMES.get(struct.unpack_from('=H', attrs[RTA_VIA])[0], '???')
        elif RTA_GATEWAY in attrs and _address(family, attrs[RTA_GATEWAY]) != destination:
            result['gateway'] = _address(family, attrs[RTA_GATEWAY])
        if RTA_OIF in attrs:
            result['interface'] = _device(attrs[RTA_OIF])
        if RTA_PREFSRC in attrs:
            result['address'] = _address(family, attrs[RTA_PREFSRC])
    except (OSError, ValueError, struct.error):
        return None
    return result


def local_addresses(family):
    """The destinations of `ip -4|-6 route show table local`'s 'local' lines, in its order (with
    '/LEN' when not a host route, 'default' without one); None when the kernel cannot be asked."""
    try:
        routes = _talk(_request(RTM_GETROUTE, NLM_F_REQUEST | NLM_F_DUMP, family))
    except _Failed:
        return []
    except (OSError, ValueError, struct.error):
        return None
    found = []
    try:
        for fields, attrs in routes:
            table = struct.unpack('=I', attrs[RTA_TABLE])[0] if RTA_TABLE in attrs else fields[4]
            if fields[0] != family or table != RT_TABLE_LOCAL or fields[7] != RTN_LOCAL or fields[8] & RTM_F_CLONED:
                continue
            dst_len = fields[1]
            if RTA_DST in attrs:
                dst = _address(family, attrs[RTA_DST])
                if dst_len != _HOST_BITS[family]:
                    dst = '%s/%d' % (dst, dst_len)
            else:
                dst = '0/%d' % dst_len if dst_len else 'default'
            found.append(dst)
    except (OSError, ValueError, struct.error):
        return None
    return found
