# iptables: one rule of a chain (present/absent, appended or inserted), a chain's policy, a
# flushed table, or a chain created/deleted, through iptables/ip6tables. The rule's words are
# built in ansible's order, since they show in the result (`rule`) and in a failed command.
import re

ARGUMENT_SPEC = {
    'table': {'type': 'str', 'default': 'filter', 'choices': ['filter', 'nat', 'mangle', 'raw', 'security']},
    'state': {'type': 'str', 'default': 'present', 'choices': ['absent', 'present']},
    'action': {'type': 'str', 'default': 'append', 'choices': ['append', 'insert']},
    'ip_version': {'type': 'str', 'default': 'ipv4', 'choices': ['ipv4', 'ipv6', 'both']},
    'chain': {'type': 'str'},
    'rule_num': {'type': 'str'},
    'protocol': {'type': 'str'},
    'wait': {'type': 'str'},
    'source': {'type': 'str'},
    'to_source': {'type': 'str'},
    'destination': {'type': 'str'},
    'to_destination': {'type': 'str'},
    'match': {'type': 'list', 'elements': 'str', 'default': []},
    'tcp_flags': {'type': 'dict', 'options': {'flags': {'type': 'list', 'elements': 'str'},
                                              'flags_set': {'type': 'list', 'elements': 'str'}}},
    'jump': {'type': 'str'},
    'gateway': {'type': 'str'},
    'log_prefix': {'type': 'str'},
    'log_level': {'type': 'str', 'choices': ['0', '1', '2', '3', '4', '5', '6', '7', 'emerg', 'alert', 'crit', 'error',
                                             'warning', 'notice', 'info', 'debug']},
    'goto': {'type': 'str'},
    'in_interface': {'type': 'str'},
    'out_interface': {'type': 'str'},
    'fragment': {'type': 'str'},
    'set_counters': {'type': 'str'},
    'source_port': {'type': 'str'},
    'destination_port': {'type': 'str'},
    'destination_ports': {'type': 'list', 'elements': 'str', 'default': []},
    'to_ports': {'type': 'str'},
    'set_dscp_mark': {'type': 'str'},
    'set_dscp_mark_class': {'type': 'str'},
    'comment': {'type': 'str'},
    'ctstate': {'type': 'list', 'elements': 'str', 'default': []},
    'src_range': {'type': 'str'},
    'dst_range': {'type': 'str'},
    'match_set': {'type': 'str'},
    'match_set_flags': {'type': 'str', 'choices': ['src', 'dst', 'src,dst', 'dst,src', 'src,src', 'dst,dst']},
    'limit': {'type': 'str'},
    'limit_burst': {'type': 'str'},
    'uid_owner': {'type': 'str'},
    'gid_owner': {'type': 'str'},
    'reject_with': {'type': 'str'},
    'icmp_type': {'type': 'str'},
    'syn': {'type': 'str', 'default': 'ignore', 'choices': ['ignore', 'match', 'negate']},
    'flush': {'type': 'bool', 'default': False},
    'policy': {'type': 'str', 'choices': ['ACCEPT', 'DROP', 'QUEUE', 'RETURN']},
    'chain_management': {'type': 'bool', 'default': False},
    'numeric': {'type': 'bool', 'default': False},
}
SUPPORTS_CHECK_MODE = True
MUTUALLY_EXCLUSIVE = [['set_dscp_mark', 'set_dscp_mark_class'], ['flush', 'policy']]
REQUIRED_BY = {'set_dscp_mark': ['jump'], 'set_dscp_mark_class': ['jump']}
REQUIRED_IF = [['jump', 'TEE', ['gateway']], ['jump', 'tee', ['gateway']], ['flush', False, ['chain']]]
ADD_PATH_INFO = False

_ICMP_TYPE_FLAG = {'ipv4': '--icmp-type', 'ipv6': '--icmpv6-type', 'both': '--icmp-type --icmpv6-type'}


class Rule(object):
    """The words of a rule, added option by option."""

    def __init__(self):
        self.words = []

    def opt(self, flag, value):
        # a value starting with ! negates the option: `! -s 10.0.0.1`
        if value is not None:
            self.words.extend(['!', flag, value[1:]] if value[0] == '!' else [flag, value])

    def csv(self, flag, values):
        if values:
            self.words.extend([flag, ','.join(values)])

    def module(self, when, name):
        if when:
            self.words.extend(['-m', name])

    def jump(self, when, target):
        if when:
            self.words.extend(['-j', target])

    def flag(self, setting, flag, negatable):
        if setting == 'match':
            self.words.append(flag)
        elif negatable and setting == 'negate':
            self.words.extend(['!', flag])


def rule_words(p):
    r = Rule()
    r.opt('-p', p['protocol'])
    r.opt('-s', p['source'])
    r.opt('-d', p['destination'])
    for name in p['match']:
        r.opt('-m', name)
    flags = p['tcp_flags']
    if flags and 'flags' in flags and 'flags_set' in flags:
        r.words.extend(['--tcp-flags', ','.join(flags['flags']), ','.join(flags['flags_set'])])
    r.opt('-j', p['jump'])
    if p.get('jump') and p['jump'].lower() == 'tee':
        r.opt('--gateway', p['gateway'])
    r.opt('--log-prefix', p['log_prefix'])
    r.opt('--log-level', p['log_level'])
    r.opt('--to-destination', p['to_destination'])
    r.module(p['destination_ports'], 'multiport')
    r.csv('--dports', p['destination_ports'])
    for flag, key in (('--to-source', 'to_source'), ('-g', 'goto'), ('-i', 'in_interface'), ('-o', 'out_interface'),
                      ('-f', 'fragment'), ('-c', 'set_counters'), ('--source-port', 'source_port'),
                      ('--destination-port', 'destination_port'), ('--to-ports', 'to_ports'),
                      ('--set-dscp', 'set_dscp_mark')):
        r.opt(flag, p[key])
    if p.get('set_dscp_mark') and p.get('jump').lower() != 'dscp':
        r.jump(p['set_dscp_mark'], 'DSCP')
    r.opt('--set-dscp-class', p['set_dscp_mark_class'])
    if p.get('set_dscp_mark_class') and p.get('jump').lower() != 'dscp':
        r.jump(p['set_dscp_mark_class'], 'DSCP')
    r.flag(p['syn'], '--syn', True)
    if 'conntrack' in p['match']:
        r.csv('--ctstate', p['ctstate'])
    elif 'state' in p['match']:
        r.csv('--state', p['ctstate'])
    elif p['ctstate']:
        r.module(True, 'conntrack')
        r.csv('--ctstate', p['ctstate'])
    if 'iprange' not in p['match']:
        r.module(p['src_range'] or p['dst_range'], 'iprange')
    r.opt('--src-range', p['src_range'])
    r.opt('--dst-range', p['dst_range'])
    if 'set' in p['match'] or p['match_set']:
        if 'set' not in p['match']:
            r.module(True, 'set')
        r.opt('--match-set', p['match_set'])
        # NOTE: as ansible's, the flags' value is added as a word of its own (None too, which
        # then fails the module as it fails ansible's)
        r.words.append(p['match_set_flags'])
    r.module(p['limit'] or p['limit_burst'], 'limit')
    r.opt('--limit', p['limit'])
    r.opt('--limit-burst', p['limit_burst'])
    for flag, key in (('--uid-owner', 'uid_owner'), ('--gid-owner', 'gid_owner')):
        r.module(p[key], 'owner')
        r.flag(p[key], flag, True)
        r.opt(flag, p[key])
    if p['jump'] is None:
        r.jump(p['reject_with'], 'REJECT')
        r.jump(p['set_dscp_mark_class'], 'DSCP')
        r.jump(p['set_dscp_mark'], 'DSCP')
    r.opt('--reject-with', p['reject_with'])
    r.opt(_ICMP_TYPE_FLAG[p['ip_version']], p['icmp_type'])
    r.module(p['comment'], 'comment')
    r.opt('--comment', p['comment'])
    return r.words


def _version_tuple(text):
    return tuple(int(n) for n in re.findall(r'\d+', text.split()[0])[:3]) if text.strip() else ()


class Tables(object):
    def __init__(self, ctx, params, path):
        self.ctx = ctx
        self.p = params
        self.path = path

    def command(self, action, with_rule=True):
        cmd = [self.path, '-t', self.p['table'], action, self.p['chain']]
        if action == '-I' and self.p['rule_num']:
            cmd.append(self.p['rule_num'])
        if self.p['wait']:
            cmd.extend(['-w', self.p['wait']])
        if with_rule:
            cmd.extend(rule_words(self.p))
        return cmd

    def run(self, cmd, check_rc=True):
        return self.ctx.run_command(cmd, check_rc=check_rc)

    def listing(self, check_rc):
        cmd = self.command('-L', with_rule=False)
        if self.p['numeric']:
            cmd.append('--numeric')
        return self.run(cmd, check_rc=check_rc)

    def policy(self):
        out = self.listing(True)[1]
        m = re.search(r'\(policy ([A-Z]+)\)', out.split('\n')[0])
        return m.group(1) if m else None

    def version(self):
        out = self.run([self.path, '--version'])[1]
        return out.split('v')[1].rstrip('\n')


def run(params, ctx):
    # NOTE: jump and wait are changed in place, as ansible does, so the invocation shows them
    p = params
    result = {'changed': False, 'failed': False, 'ip_version': p['ip_version'], 'table': p['table'],
              'chain': p['chain'], 'flush': p['flush'], 'rule': ' '.join(rule_words(p)), 'state': p['state'],
              'chain_management': p['chain_management'], 'wait': p['wait']}
    versions = ['ipv4', 'ipv6'] if p['ip_version'] == 'both' else [p['ip_version']]
    paths = [ctx.get_bin_path('iptables' if v == 'ipv4' else 'ip6tables', True) for v in versions]
    changed_any = False
    for path in paths:
        t = Tables(ctx, p, path)
        if p.get('log_prefix') or p.get('log_level'):
            if p['jump'] is None:
                p['jump'] = 'LOG'
            elif p['jump'] != 'LOG':
                ctx.fail('Logging options can only be used with the LOG jump target.')
        version = _version_tuple(t.version())
        # -w exists from 1.4.20, with seconds from 1.6.0
        if version >= (1, 4, 20):
            if version < (1, 6, 0):
                p['wait'] = ''
        else:
            p['wait'] = None
        if result['flush'] is True:
            result['changed'] = changed_any = True
            if not ctx.check_mode:
                t.run(t.command('-F', with_rule=False))
        elif p['policy']:
            current = t.policy()
            if not current:
                ctx.fail("Can't detect current policy")
            changed = current != p['policy']
            result['changed'] = changed
            changed_any = changed_any or changed
            if changed and not ctx.check_mode:
                t.run(t.command('-P', with_rule=False) + [p['policy']])
        elif not result['rule']:
            # no rule: the chain itself is what state asks for
            present = t.listing(False)[0] == 0
            wanted = result['state'] == 'present'
            result['changed'] = present != wanted
            changed_any = changed_any or present != wanted
            if present != wanted and p['chain_management'] and not ctx.check_mode:
                t.run(t.command('-N' if wanted else '-X', with_rule=False))
        else:
            present = t.run(t.command('-C'), check_rc=False)[0] == 0
            wanted = result['state'] == 'present'
            result['changed'] = present != wanted
            changed_any = changed_any or present != wanted
            if present == wanted or ctx.check_mode:
                continue
            if not wanted:
                t.run(t.command('-D'))
            else:
                t.run(t.command('-I' if p['action'] == 'insert' else '-A'))
    result['changed'] = changed_any
    return result
