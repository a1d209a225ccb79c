"""gen_flow.py's draws for seeds from 24000 on (their own random stream, so a lower seed gives the case
it always gave): roles with meta dependencies (params making a role run twice, allow_duplicates),
role handlers notified from the play and from other roles, import_role inside blocks with when and
tags, include_tasks with `apply` tags, looped include_tasks with loop_control (label, loop_var) and a
when on each item, blocks with become and environment inherited, rescues reading
ansible_failed_result.msg and ending the play, run_once over a loop; and at play level serial with
any_errors_fatal, max_fail_percentage 0, and pre_tasks/post_tasks around roles with handlers."""

# Roles every case of this stream may use: a dependency chain with params and a handler each.
ROLES = {
    'base': {'tasks': [{'name': 'base runs', 'debug': {'msg': "base {{ base_arg | default('none') }} on {{ inventory_hostname }}"}},
                       {'name': 'base notifies', 'command': 'echo base', 'notify': 'base handler'}],
             'handlers': [{'name': 'base handler', 'debug': {'msg': 'base handler {{ inventory_hostname }}'}}]},
    'app': {'tasks': [{'name': 'app runs', 'debug': {'msg': 'app {{ app_arg }}'}},
                      {'name': 'app notifies base', 'command': 'echo app', 'notify': ['base handler', 'app handler']}],
            'handlers': [{'name': 'app handler', 'debug': {'msg': 'app handler'}, 'notify': 'base : base handler'}],
            'defaults': {'app_arg': 'app default'}},
}


def roles(r):
    """The role folders of a case: app depends on base twice (other params, or allow_duplicates)."""
    out = {name: dict(parts) for name, parts in ROLES.items()}
    deps = [{'role': 'base', 'base_arg': 'one'}, r.choice([{'role': 'base', 'base_arg': 'two'}, {'role': 'base', 'base_arg': 'one'}, 'base'])]
    out['app']['meta'] = {'dependencies': deps}
    if r.random() < 0.5:
        out['base']['meta'] = {'allow_duplicates': r.choice([True, False])}
    return out


def task(g, r):
    """One of the shapes real playbooks use; g is gen_flow's G (names, host conditions, files)."""
    g.uses_roles = True
    k = r.randrange(10)
    if k == 0:
        t = {'name': g.name('import app'), 'import_role': {'name': 'app'}}
        if r.random() < 0.5:
            t['vars'] = {'app_arg': 'given'}
        b = {'block': [t], 'when': g.hcond(), 'tags': ['roles']}
        if r.random() < 0.5:
            b['rescue'] = [{'name': g.name('role rescue'), 'debug': {'msg': '{{ ansible_failed_result.msg | default(ansible_failed_task.name) }}'}}]
        return b
    if k == 1:
        fname = 'applied%d.yml' % len(g.files)
        g.files[fname] = [{'name': 'applied one', 'debug': {'msg': 'applied {{ inventory_hostname }}'}},
                          {'name': 'applied two', 'command': 'echo two', 'notify': 'base : base handler'}]
        return {'name': g.name('include apply'), 'include_tasks': {'file': fname, 'apply': {'tags': r.choice([['applied'], 'applied', ['applied', 'always']])}},
                'tags': ['applied']}
    if k == 2:
        fname = 'peritem%d.yml' % len(g.files)
        g.files[fname] = [{'name': 'per item', 'debug': {'msg': '{{ entry.name }} {{ entry.on }} {{ idx }}'}}]
        return {'name': g.name('loop include'), 'include_tasks': fname,
                'loop': [{'name': 'a', 'on': True}, {'name': 'b', 'on': False}, {'name': 'c', 'on': True}],
                'loop_control': {'loop_var': 'entry', 'label': '{{ entry.name }}', 'index_var': 'idx'},
                'when': r.choice(['entry.on', 'entry.on and (%s)' % g.hcond(), 'idx != 1'])}
    if k == 3:
        return {'name': g.name('block env'), 'become': False, 'environment': {'FLOW_VAR': 'from block'},
                'block': [{'name': g.name('read env'), 'command': 'sh -c "echo $FLOW_VAR"', 'register': 'envout', 'changed_when': False},
                          {'name': g.name('show env'), 'debug': {'msg': '{{ envout.stdout }}'}}]}
    if k == 4:
        return {'block': [g.failing()],
                'rescue': [{'name': g.name('rescue msg'), 'debug': {'msg': "{{ ansible_failed_result.msg | default('none') }}"}},
                           {'meta': 'end_play', 'when': g.hcond()} if r.random() < 0.5 else {'meta': 'end_host', 'when': g.hcond()},
                           {'name': g.name('after end'), 'debug': {'msg': 'rescue went on'}}]}
    if k == 5:
        t = {'name': g.name('run_once loop'), 'debug': {'msg': '{{ item.k }} once'}, 'loop': [{'k': 'x'}, {'k': 'y'}], 'run_once': True}
        if r.random() < 0.5:
            t['loop_control'] = {'label': '{{ item.k }}'}
        return t
    if k == 6:
        return {'name': g.name('notify role handler'), 'command': 'echo n', 'notify': r.choice(['base handler', 'app : app handler', 'app handler'])}
    if k == 7:
        return {'name': g.name('include app'), 'include_role': {'name': 'app'}, 'vars': {'app_arg': r.choice(['x', 'y'])}}
    if k == 8:
        return {'name': g.name('import base'), 'import_role': {'name': 'base'}, 'vars': {'base_arg': r.choice(['one', 'three'])}, 'when': g.hcond()}
    return {'name': g.name('dict items'), 'debug': {'msg': '{{ item.key }}={{ item.value }}'}, 'loop': "{{ {'a': 1, 'b': 2} | dict2items }}",
            'when': "item.value > 1 or (%s)" % g.hcond()}


def play(g, r, p):
    """Play-level shapes: serial with any_errors_fatal, max_fail_percentage 0, roles between pre_tasks and post_tasks."""
    x = r.random()
    if x < 0.2:
        p['serial'] = r.choice([1, 2, [1, 2]])
        p['any_errors_fatal'] = True
    elif x < 0.35:
        p['serial'] = r.choice([1, 2])
        p['max_fail_percentage'] = 0
    elif x < 0.5:
        p['serial'] = 1
    if r.random() < 0.4:
        g.uses_roles = True
        p['roles'] = [{'role': 'app', 'app_arg': 'from roles'}] if r.random() < 0.5 else ['base', 'app']
        p.setdefault('pre_tasks', []).insert(0, {'name': g.name('pre'), 'command': 'echo pre', 'notify': 'base handler'})
        p.setdefault('post_tasks', []).append({'name': g.name('post'), 'command': 'echo post', 'notify': 'app : app handler'})


# Seeds from 24100 on (gen_flow's EXTENDED13_FROM) also draw the shapes below, from a third stream.
# A role with meta/argument_specs.yml (two entry points), defaults, vars_from, an end_role, listen
# handlers; and a role whose dependencies carry when/tags and whose loop is delegated and run once.
ROLES13 = {
    'svc': {'meta/argument_specs': {'argument_specs': {
                'main': {'short_description': 'svc main', 'options': {
                    'svc_name': {'type': 'str', 'required': True},
                    'svc_port': {'type': 'int', 'default': 80},
                    'svc_mode': {'type': 'str', 'choices': ['fast', 'slow'], 'default': 'fast'}}},
                'extra': {'options': {'svc_name': {'type': 'str', 'required': True}}}}},
            'defaults': {'svc_port': 8080, 'svc_level': 'low', 'svc_mode': 'fast'},
            'vars/extra': {'svc_level': 'high'},
            'tasks': [{'name': 'svc start', 'debug': {'msg': 'svc {{ svc_name }} port {{ svc_port }} mode {{ svc_mode }} level {{ svc_level }}'}},
                      {'name': 'svc stop early', 'meta': 'end_role', 'when': "svc_name == 'stopper'"},
                      {'name': 'svc change', 'command': 'echo {{ svc_name }}', 'notify': 'svc restarted'},
                      {'name': 'svc set', 'set_fact': {'svc_seen': '{{ svc_name }}'}}],
            'tasks/extra': [{'name': 'svc extra', 'debug': {'msg': 'extra {{ svc_name }} {{ svc_level }}'}, 'changed_when': True,
                             'notify': 'svc extra handler'}],
            'handlers': [{'name': 'svc restart', 'debug': {'msg': "restart {{ svc_name | default('?') }}"}, 'listen': 'svc restarted'},
                         {'name': 'svc extra handler', 'debug': {'msg': 'extra handler {{ inventory_hostname }}'}}]},
    'dep': {'tasks': [{'name': 'dep runs', 'debug': {'msg': "dep {{ dep_x | default('none') }}"}},
                      {'name': 'dep retry', 'command': "sh -c 'test {{ n }} -ge 2'", 'register': 'dr', 'until': 'dr.rc == 0',
                       'retries': 1, 'delay': 0, 'ignore_errors': True}]},
    'top': {'meta': {'dependencies': [{'role': 'dep', 'dep_x': 'first', 'when': 'n | int != 3', 'tags': ['depx']},
                                      {'role': 'dep', 'vars': {'dep_x': 'second'}}]},
            'tasks': [{'name': 'top loop', 'command': 'echo {{ item }}', 'loop': "{{ groups['web'] }}", 'delegate_to': '{{ item }}',
                       'run_once': True, 'register': 'tl', 'changed_when': "item == 'h2'", 'notify': 'top handler'},
                      {'name': 'top shows', 'debug': {'msg': "{{ tl.results | map(attribute='item') | list }} {{ tl is changed }}"}}],
            'handlers': [{'name': 'top handler', 'debug': {'msg': 'top handler on {{ inventory_hostname }}'}, 'when': 'tl is changed'}]},
}
# handlers gen_flow's handler_list asks handlers13 for
HANDLERS13 = ('h13 block', 'h13 once', 'h13 clash')


def roles13(r):
    """The later roles; now and then svc's extra entry point loses its spec (so only main is checked)."""
    out = {name: dict(parts) for name, parts in ROLES13.items()}
    if r.random() < 0.3:
        specs = dict(out['svc']['meta/argument_specs']['argument_specs'])
        del specs['extra']
        out['svc']['meta/argument_specs'] = {'argument_specs': specs}
    return out


def task13(g, r):
    """One of the later shapes; g is gen_flow's G."""
    k = r.randrange(11)
    if k == 0:
        g.uses_roles = True
        t = {'name': g.name('svc loop'), 'include_role': {'name': 'svc'}, 'vars': {'svc_name': '{{ svc_item }}'},
             'loop': r.choice([['a', 'stopper'], ['stopper', 'b', 'c']]), 'loop_control': {'loop_var': 'svc_item', 'label': 'svc {{ svc_item }}'}}
        if r.random() < 0.4:
            t['loop_control']['extended'] = True
            t['vars']['svc_port'] = '{{ 9000 + ansible_loop.index }}'
        return t
    if k == 1:
        g.uses_roles = True
        inc = {'name': 'svc', 'tasks_from': 'extra', 'vars_from': 'extra'}
        if r.random() < 0.6:
            inc['public'] = r.choice([True, False])
        g.pending.append({'name': g.name('svc public'), 'debug': {'msg': "{{ svc_level | default('hidden') }} {{ svc_seen | default('none') }}"}})
        return {'name': g.name('svc extra'), 'include_role': inc, 'vars': {'svc_name': r.choice(['ex', 'stopper'])}, 'when': g.hcond()}
    if k == 2:
        g.uses_roles = True
        bad = r.choice([{'svc_port': 'notanint'}, {'svc_name': 'x', 'svc_mode': 'medium'}, {'svc_name': ['a']}, {'svc_name': 'ok'}])
        imp = {'import_role': {'name': 'svc'}, 'vars': bad}
        if r.random() < 0.3:
            imp['import_role']['rolespec_validate'] = False
        return {'block': [imp], 'rescue': [{'name': g.name('spec rescue'), 'debug': {'msg': "{{ ansible_failed_result.argument_errors | default(ansible_failed_result.msg) }}"}}],
                'when': g.hcond()}
    if k == 3:
        fname = 'flip%d.yml' % len(g.files)
        g.files[fname] = [{'name': 'flip one', 'debug': {'msg': 'one'}}, {'name': 'flip set', 'set_fact': {'go': False}},
                          {'name': 'flip two', 'debug': {'msg': 'two'}}]
        g.pending.append({'name': g.name('flip ' + r.choice(['import', 'include'])), r.choice(['import_tasks', 'include_tasks']): fname, 'when': 'go'})
        return {'name': g.name('flip on'), 'set_fact': {'go': True}}
    if k == 4:
        return {'name': g.name('break'), 'debug': {'msg': '{{ item }}'}, 'loop': [1, 2, 3, 4],
                'loop_control': {'break_when': r.choice(['item >= 2', ['item > 1', 'n | int == 1'], 'item == n | int', 'false'])},
                'register': 'broke'}
    if k == 5:
        # NOTE: far from the limit either way: ansible-core itself takes about a second per task under load
        slow = r.random() < 0.5
        return {'name': g.name('timed'), 'command': 'sleep 4' if slow else 'echo fast', 'timeout': 1 if slow else 30, 'ignore_errors': r.random() < 0.7}
    if k == 6:
        return {'block': [{'name': g.name('aef fail'), 'fail': {'msg': 'boom'}, 'when': g.hcond()}, {'name': g.name('aef after'), 'debug': {'msg': 'after'}}],
                'any_errors_fatal': True,
                'rescue': [{'name': g.name('aef rescue'), 'debug': {'msg': "rescued {{ ansible_failed_task.name | default('nothing') }}"}}]}
    if k == 7:
        g.uses_roles = True
        return {'name': g.name('import top'), 'import_role': {'name': 'top'}}
    if k == 8:
        h = r.choice(HANDLERS13)
        g.handlers.add(h)
        return {'name': g.name('notify13'), 'command': 'echo {{ item }}', 'loop': ['a', 'b'], 'changed_when': r.choice(["item == 'b'", True, g.hcond()]),
                'notify': h}
    if k == 9:
        return {'block': [{'name': g.name('set in block'), 'set_fact': {'stop_here': True}}, {'name': g.name('after set'), 'debug': {'msg': 'not skipped'}}],
                'when': 'stop_here is not defined'}
    return {'name': g.name('batch end'), 'meta': 'end_batch', 'when': g.hcond()}


def handlers13(g, r, h):
    """A handler block of named tasks (one fails on a host), a run_once handler, a name the roles' handlers share."""
    if h == 'h13 block':
        return [{'block': [{'name': h, 'debug': {'msg': 'in handler block'}},
                           {'name': h, 'fail': {'msg': 'handler block fails'}, 'when': g.hcond()}],
                 'rescue': [{'name': 'h13 rescue', 'debug': {'msg': 'handler rescued'}}]}]
    if h == 'h13 once':
        return [{'name': h, 'debug': {'msg': 'once {{ inventory_hostname }}'}, 'run_once': True},
                {'name': 'h13 once listener', 'debug': {'msg': 'heard once'}, 'listen': [h, 'h13 other']}]
    g.uses_roles = True
    return [{'name': 'svc extra handler', 'debug': {'msg': 'play handler shares a role handler name'}, 'listen': h},
            {'name': h, 'command': 'echo clash', 'notify': r.choice(['svc extra handler', 'svc : svc extra handler', 'svc restarted'])}]


def play13(g, r, p):
    """Play-level shapes: roles with argument specs in roles:, and serial with an end_batch now and then."""
    if r.random() < 0.25:
        g.uses_roles = True
        p['roles'] = p.get('roles', []) + [r.choice([{'role': 'svc', 'svc_name': 'from roles'}, 'top', {'role': 'svc', 'vars': {'svc_name': 'v'}, 'when': g.hcond()}])]
    if r.random() < 0.2:
        p['serial'] = r.choice([1, [1, 2]])
        p['tasks'].insert(r.randrange(len(p['tasks']) + 1), {'name': g.name('end batch'), 'meta': 'end_batch', 'when': g.hcond()})


# Seeds from 26000 on (gen_flow's EXTENDED14_FROM) also draw the shapes below, from a fourth stream:
# what real projects write and the other streams draw least. A role whose meta dependencies carry
# params, tags and a when, whose handler listens on a list of topics; imported task files tagged
# never/always; a looped include file holding a block whose when reads the loop variable and a
# nested include tagged always; vars_files with templated names and a list of alternatives;
# first_found; include_tasks with apply; handlers imported from a file and notified from roles and
# loops; ignore_unreachable; and --start-at-task, --skip-tags, --tags, --list-tasks, --list-tags.
ROLES14 = {
    'common14': {'defaults': {'c_level': 'low'},
                 'tasks': [{'name': 'common14 hello', 'debug': {'msg': 'common14 {{ c_level }} on {{ inventory_hostname }}'}},
                           {'name': 'common14 change', 'command': 'echo {{ c_level }}', 'notify': 'common14 restart', 'tags': ['cchange']}],
                 'handlers': [{'name': 'common14 restart', 'debug': {'msg': 'common14 restarted {{ c_level }}'},
                               'listen': ['restart everything', 'common topic']}]},
    'web14': {'meta': {'dependencies': [{'role': 'common14', 'c_level': 'high', 'tags': ['dep14']},
                                        {'role': 'common14', 'vars': {'c_level': 'mid'}, 'when': 'n | int > 1'}]},
              'tasks': [{'name': 'web14 configure', 'command': 'echo {{ item }}', 'loop': ['a', 'b'], 'notify': 'restart everything',
                         'changed_when': "item == 'b' or n | int == 1"},
                        {'import_tasks': 'inner.yml'},
                        {'name': 'web14 per item', 'include_tasks': 'per.yml', 'loop': [1, 2], 'loop_control': {'loop_var': 'p'}}],
              'tasks/inner': [{'name': 'web14 never', 'command': 'echo never', 'notify': 'web14 handler', 'tags': ['never', 'debug14']},
                              {'name': 'web14 always', 'debug': {'msg': 'always {{ inventory_hostname }}'}, 'tags': 'always'}],
              'tasks/per': [{'block': [{'name': 'web14 block item', 'debug': {'msg': 'item {{ p }}'}},
                                       {'name': 'web14 block notify', 'command': 'echo {{ p }}', 'notify': 'common topic'}],
                             'when': 'p == n | int or p == 2'},
                            {'name': 'web14 nested', 'include_tasks': 'nested.yml', 'tags': 'always'}],
              'tasks/nested': [{'name': 'web14 nested never', 'debug': {'msg': 'nested never'}, 'tags': 'never'},
                               {'name': 'web14 nested plain', 'debug': {'msg': 'nested {{ p }}'}}],
              'handlers': [{'name': 'web14 handler', 'debug': {'msg': 'web14 handled'}}]},
}
# vars files a play's vars_files and first_found read, beside the playbook
VARS14 = {'vars/web.yml': {'site14': 'web site'}, 'vars/default.yml': {'site14': 'default site'}}
HANDLERS14_FILE = [{'name': 'imported handler14', 'debug': {'msg': 'imported handler {{ inventory_hostname }}'}, 'listen': 'common topic'},
                   {'name': 'imported change14', 'command': 'echo h', 'listen': ['restart everything']}]


def files14(r):
    """Role folders and the other files a case of this stream may use, by path under the case."""
    out = {}
    for role, parts in ROLES14.items():
        for part, content in parts.items():
            folder, _, file = part.partition('/')
            out['roles/%s/%s/%s.yml' % (role, folder, file or 'main')] = content
    out.update(VARS14)
    out['handlers14.yml'] = HANDLERS14_FILE
    out['applied14.yml'] = [{'name': 'applied14 one', 'command': 'echo one', 'notify': r.choice(['common topic', 'imported handler14'])},
                            {'block': [{'name': 'applied14 in block', 'debug': {'msg': 'in block'}}], 'when': "inventory_hostname != 'h2'"}]
    return out


def task14(g, r):
    """One of this stream's task shapes; g is gen_flow's G."""
    k = r.randrange(9)
    if k == 0:
        return {'name': g.name('web14 role'), 'include_role': {'name': 'web14'}, 'tags': ['web14']}
    if k == 1:
        return {'name': g.name('import web14'), 'import_role': {'name': 'web14'}, 'tags': r.choice([['web14'], 'imported'])}
    if k == 2:
        t = {'name': g.name('common14 loop'), 'include_role': {'name': 'common14'}, 'loop': ['x', 'y'], 'vars': {'c_level': '{{ item }}'}}
        if r.random() < 0.5:
            t['loop_control'] = {'label': 'level {{ item }}'}
        return t
    if k == 3:
        return {'name': g.name('apply14'), 'include_tasks': {'file': 'applied14.yml', 'apply': r.choice([{'tags': ['applied14']}, {'tags': 'always', 'become': False}, {'when': 'n | int != 2'}])},
                'tags': r.choice([['applied14'], 'always', []])}
    if k == 4:
        return {'name': g.name('notify14 loop'), 'command': 'echo {{ item }}', 'loop': [1, 2, 3],
                'notify': r.choice(["{{ 'common topic' if item == 2 else 'restart everything' }}", ['common topic', 'imported handler14'], 'restart everything']),
                'changed_when': r.choice(['item == n | int', True, 'item != 3'])}
    if k == 5:
        return {'name': g.name('first_found14'), 'include_vars': "{{ lookup('first_found', ['vars/' ~ inventory_hostname ~ '.yml', 'vars/default.yml']) }}"}
    if k == 6:
        return {'name': g.name('site14'), 'debug': {'msg': "{{ site14 | default('no site') }}"}}
    if k == 7:
        return {'name': g.name('unreachable14'), 'command': 'echo reach', 'ignore_unreachable': True, 'register': 'reach14'}
    return {'name': g.name('tagged14'), 'debug': {'msg': 'tagged'}, 'tags': r.choice([['never', 'debug14'], ['always'], ['cchange']])}


def play14(g, r, p):
    """Play-level shapes: templated vars_files with alternatives, web14 in roles: with tags, handlers imported from a file."""
    if r.random() < 0.4:
        p['vars'] = dict(p.get('vars', {}), env14=r.choice(['web', 'nothere']))
        p['vars_files'] = r.choice([['vars/{{ env14 }}.yml'], [['vars/{{ env14 }}.yml', 'vars/default.yml']],
                                    ['vars/default.yml', ['vars/{{ env14 }}.yml', 'vars/missing.yml']]])
    if r.random() < 0.3:
        p['roles'] = p.get('roles', []) + [r.choice(['web14', {'role': 'web14', 'tags': ['webrole14']}, {'role': 'common14', 'c_level': 'play'}])]
    if r.random() < 0.6:
        p['handlers'] = p.get('handlers', []) + [{'import_tasks': 'handlers14.yml'}]


def args14(r):
    """Command-line arguments for this stream: a start task, tags to skip or run, or listing."""
    x = r.random()
    if x < 0.15:
        return ['--start-at-task', r.choice(['web14 configure', 'common14 change', 'web14 nested plain', 'web14 block item'])]
    if x < 0.3:
        return ['--skip-tags', r.choice(['dep14', 'always', 'cchange,never', 'web14', 'applied14'])]
    if x < 0.4:
        return ['--tags', r.choice(['debug14', 'dep14,cchange', 'web14', 'never', 'applied14'])]
    if x < 0.5:
        return ['--list-tasks'] + r.choice([[], ['--tags', 'always'], ['--skip-tags', 'dep14']])
    if x < 0.6:
        return ['--list-tags']
    return []
