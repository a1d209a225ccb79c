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
