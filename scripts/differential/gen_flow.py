"""Writes one random case for run.py about how a play runs when things fail or branch: failures
(fail, /bin/false, assert, failed_when/changed_when, until), ignore_errors, loops with failing
items, blocks with rescue and always, any_errors_fatal, max_fail_percentage (with serial lists),
serial, order, throttle, run_once (over loops too), delegate_to with delegate_facts, strategies,
meta tasks (clear_facts too), handlers (listen, chains, force_handlers, failing handlers, a role's
handlers notified as 'role : handler'), includes, and roles (include_role/import_role with
tasks_from, handlers_from, public, allow_duplicates), meta tasks ending roles, hosts and batches
inside roles and rescues, check_mode, --step, over 2-4 local hosts; seeded, so a seed always gives
the same case."""
import os, random, sys, yaml
import gen_flow_roles
# Where generated tasks write; run.py empties it before each engine runs.
OUT = os.environ.get("DIFFERENTIAL_OUT", "/tmp/fuzz-out")

# Conditions that pick some hosts (per-host failures, when, until).
HOST_CONDS = ["inventory_hostname == 'h1'", "inventory_hostname == 'h2'", "inventory_hostname in ['h1', 'h3']",
              "n is even", "n is odd", "n > 2", "'web' in group_names", "inventory_hostname != ansible_play_hosts[0]",
              "true", "false"]


# Seeds from here on also draw what was added in session 7 (run_once loops, delegate_facts, failing
# items, clear_facts, role handler names, tasks_from/handlers_from/public, import_role, serial lists
# with max_fail_percentage); a lower seed gives the case it always gave.
EXTENDED_FROM = 6000
# Seeds from here on also draw what session 8 added (include_tasks nested in looped includes with a
# loop_var, include_role in a rescue, flush_handlers in blocks and rescues, listen topics notified
# from included files, run_once + delegate_to + register, throttle over loops, any_errors_fatal with
# ignore_unreachable, order with every strategy).
EXTENDED8_FROM = 12000
# Seeds from here on also draw what session 9 added (include_role with apply, handlers notifying
# handlers from handlers, templated notify names, meta tasks in blocks, loops and handlers
# (reset_connection too), any_errors_fatal in a rescue, a block with always around an unreachable
# host, until with register and failed_when, loop_control pause/label/index_var/extended, run_once
# under serial).
EXTENDED9_FROM = 17000
# Seeds from here on also draw what session 10 added (include_tasks/include_role as handlers, listen
# topics several handlers share (with when), notify from loops and from included files, handlers
# whose when reads a looped register, run_once + register read through another host's hostvars,
# delegate_to a host outside the play, any_errors_fatal beside max_fail_percentage, nested blocks
# whose always follows meta end_host).
EXTENDED10_FROM = 21000
# Seeds from here on also draw what session 12 added (meta end_role/end_host/end_batch inside included
# roles and their rescues, run_once + delegate_to + register in an included role, check_mode on a
# task under --check or not, a role with allow_duplicates included twice, include_role public vars
# read after it, handlers relaying through listen topics to other handlers, throttle under free and
# host_pinned, --step with answers on stdin).
EXTENDED11_FROM = 23000
# Seeds from here on also draw gen_flow_roles.py's shapes (role dependencies, apply tags, looped includes
# with labels, end_play in a rescue, serial with any_errors_fatal …) from their own random stream.
EXTENDED12_FROM = 24000
# Seeds from here on also draw gen_flow_roles.py's later shapes (argument_specs entry points, looped and
# public include_role, end_role, break_when, timeout, handler blocks and name clashes …) from a third stream.
EXTENDED13_FROM = 24100
# Seeds from here on also draw gen_flow_roles.py's fourth stream (role dependencies with params and tags,
# templated vars_files, first_found, include_tasks apply, imported handler files, never/always includes,
# ignore_unreachable, --start-at-task/--skip-tags/--list-tasks/--list-tags) from its own random stream.
EXTENDED14_FROM = 26000


class G:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.more = seed >= EXTENDED_FROM
        self.more8 = seed >= EXTENDED8_FROM
        self.more9 = seed >= EXTENDED9_FROM
        self.more10 = seed >= EXTENDED10_FROM
        self.more11 = seed >= EXTENDED11_FROM
        self.r12 = random.Random(seed * 7 + 24001) if seed >= EXTENDED12_FROM else None
        self.r13 = random.Random(seed * 11 + 24101) if seed >= EXTENDED13_FROM else None
        self.r14 = random.Random(seed * 13 + 26001) if seed >= EXTENDED14_FROM else None
        self.uses14 = False
        self.uses_roles = False
        self.handlers = set()
        self.files = {}
        self.roles = {}
        self.count = 0
        # a strategy a drawn task wants its play to have (throttle under free)
        self.strategy_hint = None
        # tasks that read what the task before registered, put after it
        self.pending = []

    def pick(self, xs):
        return self.r.choice(xs)

    def chance(self, p):
        return self.r.random() < p

    def name(self, what):
        self.count += 1
        return '%s %d' % (what, self.count)

    def hcond(self):
        return self.pick(HOST_CONDS)

    def notify(self, t):
        h = self.pick(['h ok', 'h fail', 'h listen', 'h chain'])
        self.handlers.add(h)
        t['notify'] = h if self.chance(0.7) else [h, 'h ok']
        self.handlers.add('h ok')

    def failing(self):
        """A task that fails on some hosts."""
        k = self.r.randrange(6)
        c = self.hcond()
        if k == 0:
            return {'name': self.name('fail'), 'fail': {'msg': 'failed on {{ inventory_hostname }}'}, 'when': c}
        if k == 1:
            return {'name': self.name('false'), 'command': '/bin/false', 'when': c}
        if k == 2:
            t = {'name': self.name('assert'), 'assert': {'that': ['not (%s)' % c] if self.chance(0.7) else ['n > 0', 'not (%s)' % c]}}
            if self.chance(0.5):
                t['assert']['fail_msg'] = 'assert says no to {{ inventory_hostname }}'
            if self.chance(0.3):
                t['assert']['success_msg'] = 'fine {{ n }}'
            if self.chance(0.15):
                t['assert']['quiet'] = True
            return t
        if k == 3:
            return {'name': self.name('failed_when'), 'command': 'echo out {{ n }}', 'register': 'fw',
                    'failed_when': self.pick([c, [c, "'out' in fw.stdout"], "fw.rc == 0 and (%s)" % c, True,
                                              "'out 2' in fw.stdout", "fw.stdout is search('1')"]),
                    'changed_when': self.pick([False, True, "fw.rc == 0", ["fw.rc == 0", c]])}
        if k == 4:
            return {'name': self.name('until'), 'command': 'echo try', 'register': 'ut',
                    'until': self.pick(["ut.stdout == 'never'", "not (%s)" % c, "ut.rc == 0"]),
                    'retries': self.pick([1, 2]), 'delay': 0}
        return {'name': self.name('exit'), 'shell': "exit {{ 3 if (%s) else 0 }}" % c}

    def plain(self):
        k = self.r.randrange(37 if self.more11 else 30 if self.more10 else 23 if self.more9 else 17 if self.more8 else 14 if self.more else 9)
        if k >= 30:
            return self.plain_more11(k)
        if k >= 23:
            return self.plain_more10(k)
        if k >= 17:
            return self.plain_more9(k)
        if k >= 14:
            return self.plain_more8(k)
        if k >= 9:
            return self.plain_more(k)
        if k == 0:
            return {'name': self.name('debug'), 'debug': {'msg': '{{ inventory_hostname }} n={{ n }}'}}
        if k == 1:
            t = {'name': self.name('changed'), 'command': 'echo change {{ inventory_hostname }}'}
            if self.chance(0.5):
                self.notify(t)
            return t
        if k == 2:
            t = {'name': self.name('ok'), 'command': 'echo ok', 'changed_when': False}
            if self.chance(0.5):
                self.notify(t)
            return t
        if k == 3:
            return {'name': self.name('set_fact'), 'set_fact': {'seen': "{{ (seen | default([])) + [inventory_hostname] }}"}}
        if k == 4:
            t = {'name': self.name('run_once'), 'debug': {'msg': 'once {{ inventory_hostname }} of {{ ansible_play_batch }}'}, 'run_once': True}
            if self.chance(0.4):
                t['delegate_to'] = self.pick(['h1', 'localhost', '{{ ansible_play_hosts[-1] }}'])
            return t
        if k == 5:
            return {'name': self.name('throttled'), 'command': 'echo t', 'throttle': 1, 'changed_when': self.chance(0.5)}
        if k == 6:
            return {'name': self.name('loop'), 'debug': {'msg': '{{ item }}'}, 'loop': [1, 2],
                    'when': self.pick(['item == 1', 'true', self.hcond()])}
        if k == 7:
            return {'name': self.name('loop fail'), 'command': "sh -c 'exit {{ item }}'", 'loop': [0, 1],
                    'ignore_errors': self.chance(0.5)}
        return {'name': self.name('copy'), 'copy': {'content': '{{ n }}\n', 'dest': OUT + '/{{ inventory_hostname }}.txt'}}

    def plain_more(self, k):
        """run_once over a loop, delegate_facts, failing items with ignore_errors, role handlers by name."""
        if k == 9:
            t = {'name': self.name('run_once loop'), 'debug': {'msg': '{{ item }} on {{ inventory_hostname }}'}, 'loop': [1, 2], 'run_once': True}
            if self.chance(0.4):
                t['when'] = self.pick(['item == 2', self.hcond()])
            return t
        if k == 10:
            t = {'name': self.name('delegate_facts'), 'set_fact': {'given': '{{ inventory_hostname }}'}, 'delegate_to': self.pick(['h1', 'h2', '{{ ansible_play_hosts[0] }}']),
                 'delegate_facts': self.chance(0.7)}
            if self.chance(0.4):
                t['run_once'] = True
            return t
        if k == 11:
            return {'name': self.name('show facts'), 'debug': {'msg': "{{ hostvars[inventory_hostname].given | default('none') }} {{ seen | default([]) }}"}}
        if k == 12:
            t = {'name': self.name('items fail'), 'command': "sh -c 'exit {{ 1 if item == n else 0 }}'", 'loop': [1, 2, 3],
                 'ignore_errors': self.chance(0.6)}
            if self.chance(0.4):
                t['loop_control'] = {'label': 'item {{ item }}'}
            if self.chance(0.3):
                t['register'] = 'items'
            return t
        # a role's handler by its 'role : handler' name (the role must be in the play by then, or 2.19 says so)
        return {'name': self.name('notify role'), 'command': 'echo r', 'notify': '%s : %s' % (self.role(), self.pick(['role handler', 'extra handler']))}

    def plain_more8(self, k):
        """run_once + delegate_to + register and its use, throttle over a loop, a listen topic notified."""
        if k == 14:
            reg = 'once_%d' % self.count
            t = {'name': self.name('run_once register'), 'command': 'echo {{ inventory_hostname }}', 'run_once': True,
                 'delegate_to': self.pick(['h1', '{{ ansible_play_hosts[-1] }}', 'localhost']), 'register': reg,
                 'changed_when': self.chance(0.5)}
            self.pending.append({'name': self.name('show once'), 'debug': {'msg': "{{ %s.stdout | default('none') }} {{ %s is changed }}" % (reg, reg)}})
            return t
        if k == 15:
            t = {'name': self.name('throttled loop'), 'command': 'echo {{ item }}', 'loop': [1, 2, 3], 'throttle': self.pick([1, 2]),
                 'changed_when': False}
            if self.chance(0.4):
                t['when'] = self.pick(['item != 2', self.hcond()])
            return t
        self.handlers.add('h listen')
        return {'name': self.name('notify topic'), 'command': 'echo topic', 'notify': self.pick(['h listen', ['h listen', 'h ok']])}

    def plain_more9(self, k):
        """until with register and failed_when, loop_control extras, templated notify, looped meta, run_once."""
        if k == 17:
            reg = 'tries_%d' % self.count
            t = {'name': self.name('until failed_when'), 'command': 'echo {{ n }}', 'register': reg,
                 'until': self.pick(["%s.stdout | int > 1" % reg, "%s is not failed" % reg, "not (%s)" % self.hcond()]),
                 'retries': self.pick([0, 1, 2]), 'delay': 0,
                 'failed_when': self.pick(["%s.stdout == '1'" % reg, False, "(%s)" % self.hcond()])}
            self.pending.append({'name': self.name('show tries'), 'debug': {'msg': "{{ %s.attempts | default('-') }} {{ %s is failed }}" % (reg, reg)}})
            return t
        if k == 18:
            lc = {'pause': 0}
            for key, value in [('label', '{{ item.k }}'), ('index_var', 'idx'), ('extended', True)]:
                if self.chance(0.6):
                    lc[key] = value
            msg = '{{ item.k }}'
            if 'index_var' in lc:
                msg += ' at {{ idx }}'
            if lc.get('extended'):
                msg += ' {{ ansible_loop.index }}/{{ ansible_loop.length }} first={{ ansible_loop.first }}'
            t = {'name': self.name('loop control'), 'debug': {'msg': msg}, 'loop': [{'k': 'a'}, {'k': 'b'}], 'loop_control': lc}
            if self.chance(0.4):
                t['failed_when'] = "item.k == 'b' and (%s)" % self.hcond()
            return t
        if k == 19:
            self.handlers.add('h ok')
            self.handlers.add('h chain')
            return {'name': self.name('templated notify'), 'command': 'echo tn', 'notify': self.pick(["h {{ 'ok' }}", "{{ 'h chain' }}", ["h {{ 'ok' }}", 'h chain']])}
        if k == 20:
            m = self.pick(['end_host', 'clear_host_errors', 'reset_connection', 'noop', 'end_batch'])
            return {'name': self.name('meta in include loop'), 'include_tasks': self.meta_file(m), 'loop': [1, 2]}
        if k == 21:
            return {'name': self.name('run_once serial'), 'command': 'echo {{ inventory_hostname }} {{ ansible_play_batch | length }}', 'run_once': True,
                    'register': 'rs', 'changed_when': False}
        return {'name': self.name('delegate_facts'), 'setup': {'gather_subset': ['!all', 'min'], 'filter': ['ansible_hostname']},
                'delegate_to': self.pick(['h1', '{{ ansible_play_hosts[-1] }}']), 'delegate_facts': self.chance(0.6)}

    def plain_more10(self, k):
        """Notify from loops and included files, handlers as includes, shared topics, hosts outside the play."""
        if k == 23:
            self.handlers.add('h looped')
            return {'name': self.name('notify from loop'), 'command': 'echo {{ item }}', 'loop': [1, 2, 3], 'register': 'looped_reg',
                    'changed_when': self.pick(['item == 2', 'item > n', True]), 'notify': 'h looped'}
        if k == 24:
            fname = 'notifying%d.yml' % len(self.files)
            h = self.pick(['h shared', 'h include', 'h looped'])
            self.handlers.add(h)
            self.files[fname] = [{'name': 'notify in file', 'command': 'echo f', 'notify': h, 'changed_when': self.hcond()},
                                 {'name': 'after notify in file', 'debug': {'msg': 'in file {{ inventory_hostname }}'}}]
            t = {'name': self.name('include notifying'), 'include_tasks': fname}
            if self.chance(0.4):
                t['loop'] = [1, 2]
            return t
        if k == 25:
            self.handlers.add('h shared')
            return {'name': self.name('notify shared'), 'command': 'echo s', 'notify': self.pick(['shared topic', ['shared topic', 'h shared']]),
                    'changed_when': self.hcond()}
        if k == 26:
            reg = 'seen_once_%d' % self.count
            t = {'name': self.name('run_once seen'), 'command': 'echo {{ inventory_hostname }}', 'run_once': True, 'register': reg}
            self.pending.append({'name': self.name('read other host'),
                                 'debug': {'msg': "{{ hostvars[ansible_play_hosts_all[-1]][%r].stdout | default('unset') }}" % reg}})
            return t
        if k == 27:
            outside = "{{ groups['all'] | difference(ansible_play_hosts_all) | first | default('localhost') }}"
            t = {'name': self.name('delegate outside'), 'set_fact': {'from_outside': '{{ inventory_hostname }}'}, 'delegate_to': outside,
                 'delegate_facts': self.chance(0.6)}
            if self.chance(0.4):
                t = {'name': self.name('delegate outside'), 'command': 'echo {{ inventory_hostname }}', 'delegate_to': outside, 'register': 'outside'}
            self.pending.append({'name': self.name('show outside'),
                                 'debug': {'msg': "{{ from_outside | default('-') }} {{ outside.stdout | default('-') }}"}})
            return t
        if k == 28:
            inner = {'block': [{'name': self.name('before end_host'), 'debug': {'msg': 'going'}},
                               {'meta': 'end_host', 'when': self.hcond()},
                               {'name': self.name('after end_host'), 'debug': {'msg': 'still here'}}],
                     'always': [{'name': self.name('inner always'), 'debug': {'msg': 'inner always {{ inventory_hostname }}'}}]}
            if self.chance(0.4):
                inner['rescue'] = [{'name': self.name('inner rescue'), 'debug': {'msg': 'rescued'}}]
            return {'name': self.name('outer block'), 'block': [inner, {'name': self.name('outer after'), 'debug': {'msg': 'outer'}}],
                    'always': [{'name': self.name('outer always'), 'debug': {'msg': 'outer always {{ inventory_hostname }}'}}]}
        self.handlers.add('h include')
        return {'name': self.name('notify include handler'), 'command': 'echo i', 'notify': 'h include', 'changed_when': self.hcond()}

    def plain_more11(self, k):
        """Meta tasks ending things inside included roles, run_once in a role, check_mode, allow_duplicates, public, relayed handlers."""
        if k == 30:
            name = 'rend%d' % len(self.roles)
            m = self.pick(['end_role', 'end_role', 'end_host', 'end_batch', 'end_play'])
            ending = {'meta': m, 'when': self.hcond()}
            if self.chance(0.5):
                # in the rescue of a block inside the role
                tasks = [{'name': 'rend start', 'debug': {'msg': 'in ' + name}},
                         {'block': [self.failing(), {'name': 'rend in block', 'debug': {'msg': 'block went on'}}],
                          'rescue': [{'name': 'rend rescued', 'debug': {'msg': '{{ ansible_failed_task.name }}'}}, ending,
                                     {'name': 'rend after end', 'debug': {'msg': 'rescue went on'}}],
                          'always': [{'name': 'rend always', 'debug': {'msg': 'role always {{ inventory_hostname }}'}}]}]
            else:
                tasks = [{'name': 'rend start', 'debug': {'msg': 'in ' + name}}, ending,
                         {'name': 'rend after end', 'command': 'echo went on', 'notify': 'rend handler'}]
            self.roles[name] = {'tasks': tasks, 'handlers': [{'name': 'rend handler', 'debug': {'msg': 'rend handler {{ inventory_hostname }}'}}]}
            kind = self.pick(['include_role', 'include_role', 'import_role'])
            t = {'name': self.name(kind), kind: {'name': name}}
            self.pending.append({'name': self.name('after ending role'), 'debug': {'msg': 'after {{ inventory_hostname }}'}})
            if self.chance(0.4):
                return {'block': [t], 'rescue': [{'name': self.name('role end rescued'), 'debug': {'msg': '{{ ansible_failed_task.name }}'}}],
                        'always': [{'name': self.name('role end always'), 'debug': {'msg': 'always {{ inventory_hostname }}'}}]}
            return t
        if k == 31:
            name = 'ronce%d' % len(self.roles)
            reg = 'ronce_reg'
            self.roles[name] = {'tasks': [{'name': 'ronce start', 'debug': {'msg': 'in ' + name}},
                                          {'name': 'ronce task', 'command': 'echo {{ inventory_hostname }}', 'run_once': True,
                                           'delegate_to': self.pick(['h1', '{{ ansible_play_hosts[-1] }}', 'localhost']), 'register': reg,
                                           'changed_when': self.chance(0.5)},
                                          {'name': 'ronce show', 'debug': {'msg': "{{ %s.stdout | default('none') }}" % reg}}]}
            t = {'name': self.name('include_role'), 'include_role': {'name': name}}
            if self.chance(0.3):
                t['when'] = self.hcond()
            if self.chance(0.3):
                t['include_role']['apply'] = {'delegate_to': 'h1'}
            return t
        if k == 32:
            t = self.pick([{'name': self.name('check_mode off'), 'copy': {'content': 'cm {{ n }}\n', 'dest': OUT + '/cm-{{ inventory_hostname }}.txt'}},
                           {'name': self.name('check_mode cmd'), 'command': 'echo cm', 'register': 'cm'}])
            t['check_mode'] = self.pick([False, True, '{{ n is even }}'])
            if 'register' in t:
                self.pending.append({'name': self.name('show cm'), 'debug': {'msg': "{{ cm.stdout | default('-') }} {{ cm is skipped }} {{ cm.changed }}"}})
            return t
        if k == 33:
            name = 'rdup'
            if name not in self.roles:
                self.roles[name] = {'tasks': [{'name': 'rdup runs', 'debug': {'msg': "rdup {{ dup_arg | default('none') }} on {{ inventory_hostname }}"}},
                                              {'name': 'rdup notifies', 'command': 'echo dup', 'notify': 'rdup handler'}],
                                    'handlers': [{'name': 'rdup handler', 'debug': {'msg': 'rdup handler'}}],
                                    'meta': {'allow_duplicates': self.pick([True, False])}}
            first = self.pick(['include_role', 'import_role'])
            return {'block': [{'name': self.name(first), first: {'name': name}, 'vars': {'dup_arg': 'one'}},
                              {'name': self.name('include_role'), 'include_role': {'name': name}, 'vars': {'dup_arg': self.pick(['one', 'two'])}}]}
        if k == 34:
            name = self.role()
            t = {'name': self.name('include_role'), 'include_role': {'name': name, 'public': self.chance(0.5)}}
            if self.chance(0.4):
                t['include_role']['tasks_from'] = 'other'
            self.pending.append({'name': self.name('role var after'), 'debug': {'msg': "{{ role_var | default('hidden') }}"}})
            return t
        if k == 35:
            self.handlers.add('h relay')
            return {'name': self.name('notify relay'), 'command': 'echo relay', 'notify': 'h relay', 'changed_when': self.hcond()}
        t = {'name': self.name('throttled'), 'command': 'echo {{ item }}', 'loop': [1, 2], 'throttle': self.pick([1, 2]), 'changed_when': False}
        self.strategy_hint = self.pick(['free', 'host_pinned'])
        return t

    def meta_file(self, m):
        fname = 'meta_%s.yml' % m
        self.files[fname] = [{'name': 'before ' + m, 'debug': {'msg': '{{ item }} on {{ inventory_hostname }}'}},
                             {'meta': m, 'when': 'item == 2 and (%s)' % self.hcond()} if m != 'reset_connection' else {'meta': m},
                             {'name': 'after ' + m, 'debug': {'msg': '{{ item }}'}}]
        return fname

    def meta(self):
        m = self.pick(['clear_host_errors', 'end_host', 'end_batch', 'end_play', 'flush_handlers', 'noop', 'refresh_inventory'] + (['clear_facts'] if self.more else [])
                      + (['reset_connection', 'end_host', 'clear_host_errors'] if self.more9 else []))
        t = {'name': self.name('meta'), 'meta': m} if self.chance(0.5) else {'meta': m}
        if m in ('end_host', 'end_batch', 'end_play') or self.chance(0.3):
            t['when'] = self.hcond()
        return t

    def block(self, depth, in_include):
        b = {'block': self.tasks(depth + 1, in_include, 1, 3)}
        if self.chance(0.5):
            b['block'].insert(self.r.randrange(len(b['block']) + 1), self.failing())
        if self.chance(0.65):
            b['rescue'] = [{'name': self.name('rescued'), 'debug': {'msg': "{{ ansible_failed_task.name }}: {{ ansible_failed_result.msg | default('no msg') }}"}}]
            if self.chance(0.3):
                b['rescue'].append(self.failing())
            if self.chance(0.4):
                b['rescue'] += self.tasks(depth + 1, in_include, 1, 2)
        if self.chance(0.45):
            b['always'] = [{'name': self.name('always'), 'debug': {'msg': 'always {{ inventory_hostname }}'}}]
            if self.chance(0.25):
                b['always'].append(self.failing())
            if self.chance(0.3):
                b['always'] += self.tasks(depth + 1, in_include, 1, 1)
        if self.more8:
            if self.chance(0.25):
                b['block'].insert(self.r.randrange(len(b['block']) + 1), {'meta': 'flush_handlers'})
            if 'rescue' in b and self.chance(0.25):
                b['rescue'].append({'name': self.name('flush in rescue'), 'meta': 'flush_handlers'})
            if 'rescue' in b and not in_include and self.chance(0.25):
                b['rescue'].append(self.include_role(bare=True))
        if self.more9:
            if 'rescue' in b and self.chance(0.2):
                b['rescue'].insert(0, dict(self.failing(), any_errors_fatal=True))
            if self.chance(0.2):
                b['block'].append(self.meta())
            if self.chance(0.15):
                # the unreachable host (when there is one) fails here; always runs for the others
                b['block'].insert(0, {'name': self.name('reach'), 'command': 'echo reach', 'ignore_unreachable': self.chance(0.5)})
                b.setdefault('always', []).append({'name': self.name('always after reach'), 'debug': {'msg': '{{ ansible_play_hosts }}'}})
        if self.more11 and 'rescue' in b and self.chance(0.15):
            b['rescue'].insert(1, {'meta': self.pick(['end_host', 'end_batch', 'end_play', 'clear_host_errors']), 'when': self.hcond()})
        if self.chance(0.4):
            b['name'] = self.name('block')
        if self.chance(0.15):
            b['any_errors_fatal'] = True
        if self.chance(0.1):
            b['ignore_errors'] = True
        if self.chance(0.15):
            b['when'] = self.hcond()
        return b

    def include(self, depth, nested=False):
        fname = 'inc%d.yml' % len(self.files)
        self.files[fname] = []  # reserve the name before the nested tasks
        self.files[fname] = self.tasks(depth + 1, True, 1, 3)
        if self.more8 and not nested and depth < 2 and self.chance(0.3):
            # an include_tasks inside the included file, looped with its own loop_var
            inner = self.include(depth + 1, nested=True)
            self.files[fname].insert(self.r.randrange(len(self.files[fname]) + 1), inner)
        kind = 'include_tasks' if nested else self.pick(['include_tasks', 'import_tasks', 'include_tasks'])
        t = {'name': self.name(kind), kind: fname}
        if nested:
            t['loop'] = ['a', 'b']
            t['loop_control'] = {'loop_var': 'inner_item'}
            self.files[fname].append({'name': self.name('inner item'), 'debug': {'msg': "{{ inner_item }} {{ outer_item | default('-') }}"}})
        elif kind == 'include_tasks' and self.more8 and self.chance(0.4):
            t['loop'] = [1, 2]
            t['loop_control'] = {'loop_var': 'outer_item'}
        elif kind == 'include_tasks' and self.chance(0.4):
            t['loop'] = [1, 2]
        if self.chance(0.35):
            t['when'] = self.hcond()
        return t

    def role(self):
        name = 'role%d' % self.r.randrange(2)
        if name not in self.roles:
            tasks = [{'name': 'role start', 'debug': {'msg': 'in ' + name}}]
            tasks.append(self.failing() if self.chance(0.6) else self.plain())
            if self.chance(0.5):
                tasks.append({'name': 'role notifies', 'command': 'echo x', 'notify': 'role handler'})
            handlers = [{'name': 'role handler', 'debug': {'msg': 'role handler of ' + name}}]
            if not self.more:
                self.roles[name] = {'tasks': tasks, 'handlers': handlers}
                return name
            if self.chance(0.4):
                handlers.append({'name': 'role chained', 'debug': {'msg': 'chained in ' + name}, 'listen': 'role topic'})
                handlers[0]['notify'] = 'role topic'
            other = [{'name': 'other start', 'debug': {'msg': 'other of ' + name}},
                     self.failing() if self.chance(0.4) else self.plain(),
                     {'name': 'other notifies', 'command': 'echo y', 'notify': self.pick(['extra handler', 'role handler', 'role topic'])}]
            self.roles[name] = {'tasks': tasks, 'handlers': handlers, 'tasks/other': other,
                                'handlers/extra': [{'name': 'extra handler', 'debug': {'msg': 'extra of ' + name}}],
                                'defaults': {'role_var': 'default of ' + name}}
        return name

    def include_role(self, bare=False):
        kind = self.pick(['include_role', 'include_role', 'import_role']) if self.more else 'include_role'
        t = {'name': self.name(kind), kind: {'name': self.role()}}
        if self.more and self.chance(0.35):
            t[kind]['tasks_from'] = 'other'
        if self.more and self.chance(0.3):
            t[kind]['handlers_from'] = 'extra'
        if self.more and kind == 'include_role' and self.chance(0.3):
            t[kind]['public'] = self.chance(0.6)
        if self.more9 and kind == 'include_role' and self.chance(0.35):
            t[kind]['apply'] = self.pick([{'tags': ['applied']}, {'when': self.hcond()}, {'ignore_errors': True},
                                          {'any_errors_fatal': True}, {'notify': 'h ok'}, {'run_once': True}])
            if 'notify' in t[kind]['apply']:
                self.handlers.add('h ok')
        if bare:
            t = {'name': t['name'].replace(kind, 'include_role'), 'include_role': t[kind]}
            return t
        if kind == 'import_role':
            return t if self.chance(0.5) else {'block': [t, {'name': self.name('after import'), 'debug': {'msg': "{{ role_var | default('no role_var') }}"}}],
                                               'rescue': [{'name': self.name('import rescued'), 'debug': {'msg': '{{ ansible_failed_task.name }}'}}]}
        if self.chance(0.3):
            t['when'] = self.hcond()
        if self.chance(0.2):
            t['loop'] = [1, 2]
            t['loop_control'] = {'loop_var': 'outer'}
        if self.chance(0.6):  # in a block, as the brief asks
            b = {'block': [t]}
            if self.chance(0.7):
                b['rescue'] = [{'name': self.name('role rescued'), 'debug': {'msg': '{{ ansible_failed_task.name }}'}}]
            if self.chance(0.4):
                b['always'] = [{'name': self.name('role always'), 'debug': {'msg': 'done'}}]
            return b
        return t

    def task(self, depth, in_include):
        k = self.r.randrange(100)
        if k < 30:
            t = self.failing()
        elif k < 55:
            t = self.plain()
        elif k < 63:
            t = self.meta()
        elif k < 78 and depth < 3:
            return self.block(depth, in_include)
        elif k < 86 and not in_include and depth < 3:
            return self.include(depth)
        elif k < 91 and not in_include:
            return self.include_role()
        else:
            t = self.plain()
        if self.more11 and any(key in t for key in ('block', 'include_role', 'import_role', 'include_tasks', 'import_tasks')):
            return t  # keywords an include or import does not take would make the whole case a parse error
        if self.chance(0.15) and 'ignore_errors' not in t:
            t['ignore_errors'] = True
        if self.chance(0.05):
            t['any_errors_fatal'] = True
        if self.chance(0.05):
            t['ignore_unreachable'] = True
        if 'notify' not in t and 'meta' not in t and self.chance(0.12):
            self.notify(t)
        return t

    def tasks(self, depth, in_include, lo, hi):
        out = []
        for _ in range(self.r.randint(lo, hi)):
            out.append(self.task(depth, in_include))
            out += self.pending
            self.pending = []
            if self.r12 and not in_include and self.r12.random() < 0.3:
                out.append(gen_flow_roles.task(self, self.r12))
            if self.r13 and not in_include and self.r13.random() < 0.35:
                out.append(gen_flow_roles.task13(self, self.r13))
            if self.r14 and not in_include and self.r14.random() < 0.4:
                self.uses14 = True
                out.append(gen_flow_roles.task14(self, self.r14))
        return out

    def handler_list(self):
        hs = []
        for h in sorted(self.handlers):
            if h == 'h fail':
                hs.append({'name': h, 'fail': {'msg': 'handler fails on {{ inventory_hostname }}'}, 'when': self.hcond()})
            elif h == 'h listen':
                hs.append({'name': 'listener one', 'debug': {'msg': 'heard'}, 'listen': h})
                hs.append({'name': 'listener two', 'command': 'echo heard', 'listen': [h, 'h ok']})
            elif h == 'h chain' and self.more9 and self.chance(0.5):
                # a chain of three, through a listen topic, with a meta task among the handlers
                hs.append({'name': h, 'command': 'echo chain', 'notify': 'h chain two'})
                hs.append({'name': 'h chain two', 'debug': {'msg': 'two'}, 'notify': ['h chain topic'], 'changed_when': True})
                hs.append({'name': 'h chain three', 'debug': {'msg': 'three'}, 'listen': 'h chain topic', 'changed_when': True, 'notify': 'h ok'})
                hs.append({'name': 'h meta', 'meta': self.pick(['noop', 'end_host', 'clear_host_errors', 'reset_connection', 'end_play']), 'listen': 'h chain topic'})
                if 'h ok' not in self.handlers:
                    hs.append({'name': 'h ok', 'debug': {'msg': 'handler h ok on {{ inventory_hostname }}'}})
            elif h == 'h chain':
                hs.append({'name': h, 'command': 'echo chain', 'notify': 'h ok'})
            elif h == 'h shared':
                # several handlers on one topic, one of them conditional, one named as the topic's notifier may be
                hs.append({'name': 'h shared', 'debug': {'msg': 'shared by name'}, 'listen': 'shared topic'})
                hs.append({'name': 'shared two', 'command': 'echo shared', 'listen': 'shared topic', 'when': self.hcond()})
                hs.append({'name': 'shared three', 'debug': {'msg': 'three {{ inventory_hostname }}'}, 'listen': ['shared topic', 'other topic']})
            elif h == 'h include':
                if self.chance(0.5):
                    fname = 'handler_inc%d.yml' % len(self.files)
                    self.files[fname] = [{'name': 'in handler file', 'debug': {'msg': 'handler file {{ inventory_hostname }}'}},
                                         self.failing() if self.chance(0.3) else {'name': 'handler file again', 'command': 'echo again'}]
                    hs.append({'name': h, 'include_tasks': fname})
                else:
                    hs.append({'name': h, 'include_role': {'name': self.role()}})
            elif h == 'h looped':
                # when reads the looped register of the task that notified (when it was that one)
                hs.append({'name': h, 'debug': {'msg': 'looped handler {{ inventory_hostname }}'},
                           'when': self.pick(["looped_reg is undefined or (looped_reg.results | select('changed') | list | length) > 1",
                                              "looped_reg is defined and looped_reg.results[-1] is changed", "n is odd"])})
                hs.append({'name': 'h looped items', 'debug': {'msg': '{{ item }}'}, 'loop': [1, 2], 'listen': 'h looped',
                           'when': self.pick(['item == 2', self.hcond()])})
            elif h == 'h relay':
                # a handler notifies a topic; the handlers listening to it notify another handler, by topic and by name
                hs.append({'name': h, 'command': 'echo relay', 'notify': 'relay topic'})
                hs.append({'name': 'relay one', 'debug': {'msg': 'relayed'}, 'listen': 'relay topic', 'changed_when': True, 'notify': 'relay end'})
                hs.append({'name': 'relay two', 'command': 'echo two', 'listen': ['relay topic'], 'when': self.hcond(), 'notify': ['relay end topic']})
                hs.append({'name': 'relay end', 'debug': {'msg': 'relay end {{ inventory_hostname }}'}, 'listen': 'relay end topic'})
                if self.chance(0.4):
                    hs.insert(0, hs.pop())  # the end handler defined first: it runs in that flush only if notified before
            elif h in gen_flow_roles.HANDLERS13:
                hs += gen_flow_roles.handlers13(self, self.r13, h)
            else:
                hs.append({'name': h, 'debug': {'msg': 'handler %s on {{ inventory_hostname }}' % h}})
        self.handlers = set()
        return hs

    def play(self, i, hosts):
        p = {'name': 'play %d' % i, 'hosts': self.pick(['all', 'all', 'all', 'web', 'all:!h2']), 'gather_facts': False}
        if self.chance(0.45 if self.more9 else 0.3):
            p['serial'] = self.pick([1, 2, '50%', '34%', [1, 2], [1, '50%'], ['30%', 1]])
        if self.chance(0.15):
            p['any_errors_fatal'] = True
        if self.chance(0.2):
            p['max_fail_percentage'] = self.pick([0, 20, 49, 50, 100] + ([0, 100] if self.more9 else []))
            if self.more and self.chance(0.4):
                p['serial'] = self.pick([[1, 2], [1, '50%'], ['30%', 1], [2, 1]])
        if self.chance(0.3):
            p['strategy'] = self.pick(['linear', 'free', 'host_pinned', 'host_pinned'])
        if self.chance(0.2):
            p['order'] = self.pick(['sorted', 'reverse_sorted', 'reverse_inventory', 'inventory'])
        if self.more8 and self.chance(0.25):
            p['strategy'] = self.pick(['linear', 'free', 'host_pinned'])
            p['order'] = self.pick(['sorted', 'reverse_sorted', 'reverse_inventory', 'inventory'])
        if self.more8 and self.chance(0.1):
            p['any_errors_fatal'] = True
            p['ignore_unreachable'] = True
        if self.more10 and self.chance(0.12):
            p['any_errors_fatal'] = True
            p['max_fail_percentage'] = self.pick([0, 30, 50])
            if self.chance(0.5):
                p['serial'] = self.pick([[1, '50%'], 2])
        if self.chance(0.2):
            p['force_handlers'] = True
        if self.chance(0.1):
            p['ignore_errors'] = True
        if self.chance(0.1):
            p['ignore_unreachable'] = True
        if self.chance(0.15):
            p['pre_tasks'] = self.tasks(0, False, 1, 2)
        if self.chance(0.2):
            p['roles'] = [self.role()]
        p['tasks'] = self.tasks(0, False, 3, 9)
        if self.chance(0.15):
            p['post_tasks'] = self.tasks(0, False, 1, 2)
        if self.r12:
            gen_flow_roles.play(self, self.r12, p)
        if self.r13:
            gen_flow_roles.play13(self, self.r13, p)
        if self.strategy_hint:
            p['strategy'] = self.strategy_hint
            self.strategy_hint = None
        hs = self.handler_list()
        if hs:
            p['handlers'] = hs
        if self.r14:
            self.uses14 = True
            gen_flow_roles.play14(self, self.r14, p)
        return p


def inventory(r, count, unreachable):
    lines = ['[web]']
    for i in range(1, count + 1):
        if i == 3:
            lines += ['', '[db]']
        lines.append('h%d n=%d' % (i, i))
    if unreachable:
        lines += ['', '[far]', 'u1 n=9 ansible_connection=ssh ansible_host=127.0.0.1 ansible_port=1 ansible_user=nobody']
    lines += ['', '[all:vars]', 'ansible_connection=local', 'ansible_python_interpreter=/usr/bin/python3', '']
    return '\n'.join(lines)


def main(seed, out):
    g = G(seed)
    count = g.r.randint(2, 4)
    unreachable = g.chance(0.2 if g.more9 else 0.08)
    plays = [g.play(i, count) for i in range(g.r.randint(1, 2))]
    if unreachable:
        plays[0]['hosts'] = 'all'
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, 'playbook.yml'), 'w') as f:
        yaml.safe_dump(plays, f, sort_keys=False, width=1000)
    with open(os.path.join(out, 'inventory'), 'w') as f:
        f.write(inventory(g.r, count, unreachable))
    if g.uses_roles:
        g.roles.update(gen_flow_roles.roles(g.r12))
    if g.uses_roles and g.r13:
        g.roles.update(gen_flow_roles.roles13(g.r13))
    for role, parts in g.roles.items():
        for part, content in parts.items():
            folder, _, file = part.partition('/')
            os.makedirs(os.path.join(out, 'roles', role, folder), exist_ok=True)
            with open(os.path.join(out, 'roles', role, folder, (file or 'main') + '.yml'), 'w') as f:
                yaml.safe_dump(content, f, sort_keys=False, width=1000)
    for name, tasks in g.files.items():
        with open(os.path.join(out, name), 'w') as f:
            yaml.safe_dump(tasks, f, sort_keys=False, width=1000)
    if g.uses14:
        for path, content in gen_flow_roles.files14(g.r14).items():
            os.makedirs(os.path.dirname(os.path.join(out, path)), exist_ok=True)
            with open(os.path.join(out, path), 'w') as f:
                yaml.safe_dump(content, f, sort_keys=False, width=1000)
    r = g.r
    args = []
    x = r.random()
    if x < 0.3:
        args.append('-v')
    if r.random() < 0.12:
        args.append('--check')
    if r.random() < 0.12:
        args.append('--diff')
    if r.random() < 0.12:
        args += ['--limit', r.choice(['h1:h2', '!h2', 'h2', 'web'])]
    if r.random() < 0.12:
        args += ['-e', r.choice(['n=2', 'n=1'])]
    if g.more11 and '--check' not in args and r.random() < 0.12:
        args.append('--check')
    if g.more11 and r.random() < 0.08:
        # --step: some answers, then continue; each play and serial batch asks again (stdin runs out otherwise)
        args.append('--step')
        answers = [r.choice(['y', 'y', 'n', 'yes', 'N', '']) for _ in range(r.randint(1, 8))] + ['c'] * 12
        if any(p.get('strategy') in ('free', 'host_pinned') for p in plays):
            # NOTE: 2.19's free strategy marks the host blocked before it asks, so a task answered
            # no leaves the host waiting for a result that never comes: the run never ends.
            answers = [a if a in ('y', 'yes', 'c') else 'y' for a in answers]
        with open(os.path.join(out, 'stdin'), 'w') as f:
            f.write('\n'.join(answers) + '\n')
    if g.r14 and '--step' not in args:
        args += gen_flow_roles.args14(g.r14)
    with open(os.path.join(out, 'args'), 'w') as f:
        f.write('\n'.join(args))


if __name__ == '__main__':
    main(int(sys.argv[1]), sys.argv[2])
