"""gen_output.py's draws for seeds from 24000 on (their own random stream, so a lower seed gives the case
it always gave): what people see every day. until retries that succeed late or never, command
creates/removes, stat read back, shell pipelines with changed_when, wait_for timing out, loops over
dict2items and lists of dicts with labels, with_items/with_dict, block/rescue printing
ansible_failed_result, local_action and run_once, asserts of several conditions, to_nice_json/yaml
text, async with async_status, a role with defaults, a handler and a template, and meta end_host."""
import os
# Where generated tasks write; run.py empties it before each engine runs (as gen_output.py's OUT).
OUT = os.environ.get("DIFFERENTIAL_OUT", "/tmp/fuzz-out")
# The play vars the tasks below read.
PLAY_VARS = {'cfg': {'port': 8080, 'name': 'web ✓', 'tls': False},
             'users': [{'name': 'alice', 'groups': 'admin'}, {'name': 'bob'}, {'name': 'carol', 'state': 'absent'}]}


def everyday_task(r, depth):
    """What people see every day (seed-24000 stream): retries, creates/removes, stat, pipelines,
    wait_for, dict loops, block/rescue, local_action, asserts, nice json/yaml, async, roles."""
    k = r.randrange(20)
    tries = OUT + '/{{ inventory_hostname }}-tries'
    if k == 0:
        # succeeds on the attempt the count reaches (or never within the retries)
        need = r.choice([1, 2, 3, 9])
        return {'name': 'wait for service', 'shell': 'n=$(cat %s 2>/dev/null || echo 0); echo $((n+1)) > %s; test $n -ge %d' % (tries, tries, need),
                'register': 'svc', 'until': r.choice(['svc.rc == 0', 'svc is succeeded']), 'retries': r.choice([2, 3]), 'delay': 0,
                'ignore_errors': r.random() < 0.7}
    if k == 1:
        return {'command': {'cmd': 'echo created', r.choice(['creates', 'removes']): r.choice(['/etc/passwd', '/nonexistent', OUT])}}
    if k == 2:
        # NOTE: the oracle's chroot has no `file` or `lsattr`: mime and attributes would differ by machine
        return {'name': 'check file', 'stat': {'path': r.choice([OUT, '/nonexistent', OUT + '/{{ inventory_hostname }}-c.txt']), 'get_mime': False,
                                               'get_attributes': False}, 'register': 'st'}
    if k == 3:
        return {'debug': {'msg': r.choice(['exists={{ st.stat.exists | default("?") }}', '{{ st.stat.isdir | default(false) }}'])},
                'when': r.choice(['st is defined', 'st.stat.exists | default(false)', 'st is defined and not st.stat.exists'])}
    if k == 4:
        return {'name': 'pipeline', 'shell': r.choice(["echo one two three | tr ' ' '\\n' | sort -r", 'ls / | grep -c etc', 'echo "a=1" | cut -d= -f2']),
                'register': 'pipe', 'changed_when': r.choice([False, 'pipe.rc != 0', "'one' in pipe.stdout"])}
    if k == 5:
        return {'debug': {'var': r.choice(['pipe.stdout_lines', 'pipe.stdout', 'pipe', 'svc.attempts', 'st.stat.exists'])}}
    if k == 6:
        return {'name': 'wait for file', 'wait_for': {'path': r.choice(['/nonexistent', OUT]), 'timeout': 1}, 'ignore_errors': True}
    if k == 7:
        t = {'debug': {'msg': '{{ item.key }} = {{ item.value }}'}, 'loop': '{{ cfg | dict2items }}'}
        if r.random() < 0.6:
            t['loop_control'] = {'label': '{{ item.key }}'}
        if r.random() < 0.3:
            t['when'] = "item.key != 'port'"
        return t
    if k == 8:
        t = {'name': 'add users', 'command': 'echo {{ item.name }} {{ item.groups | default("none") }}', 'loop': '{{ users }}',
             'changed_when': r.choice([True, False, "item.name == 'bob'"])}
        if r.random() < 0.6:
            t['loop_control'] = {'label': r.choice(['{{ item.name }}', 'user {{ item.name }}'])}
        if r.random() < 0.3:
            t['when'] = r.choice(["item.state | default('present') == 'present'", 'item.groups is defined'])
        return t
    if k == 9:
        return r.choice([{'debug': {'msg': '{{ item }}'}, 'with_items': [['a', 'b'], 'c', ['d']]},
                         {'debug': {'msg': '{{ item.key }}: {{ item.value }}'}, 'with_dict': '{{ cfg }}'},
                         {'debug': {'msg': '{{ item }}'}, 'with_items': '{{ users | map(attribute="name") | list }}'}])
    if k == 10 and depth < 1:
        return {'name': 'deploy', 'block': [{'name': 'step', 'command': r.choice(['/bin/false', 'cat /nonexistent', 'echo fine'])}],
                'rescue': [{'name': 'report', 'debug': {'msg': r.choice(['failed: {{ ansible_failed_result.msg }}', '{{ ansible_failed_task.name }} rc={{ ansible_failed_result.rc }}',
                                                                         '{{ ansible_failed_result.stderr | default("") }}'])}}],
                'always': [{'name': 'cleanup', 'debug': {'msg': 'always runs'}}]}
    if k == 11:
        return r.choice([{'local_action': 'command echo from controller'}, {'command': 'echo once', 'run_once': True, 'delegate_to': 'localhost'},
                         {'debug': {'msg': 'once {{ inventory_hostname }}'}, 'run_once': True}])
    if k == 12:
        t = {'assert': {'that': r.sample(['cfg.port == 8080', "cfg.name == 'db'", 'users | length > 1', 'n is defined', 'n | int > 1'], 2)}}
        if r.random() < 0.6:
            t['assert']['fail_msg'] = r.choice(['port is {{ cfg.port }}', 'bad config on {{ inventory_hostname }}'])
        if r.random() < 0.4:
            t['assert']['success_msg'] = 'config ok'
        if r.random() < 0.3:
            t['assert']['quiet'] = True
        t['ignore_errors'] = r.random() < 0.7
        return t
    if k == 13:
        return {'debug': {r.choice(['msg', 'msg']): r.choice(['{{ cfg | to_nice_json }}', '{{ cfg | to_nice_yaml }}', '{{ users | to_nice_json(indent=2) }}',
                                                          '{{ users | to_yaml }}', '{{ cfg | to_json }}'])}}
    if k == 14:
        return {'name': 'start job', 'command': 'echo background', 'async': 30, 'poll': 0, 'register': 'job'}
    if k == 15:
        return {'name': 'job status', 'async_status': {'jid': '{{ job.ansible_job_id }}'}, 'register': 'jobres',
                'until': 'jobres.finished', 'retries': 5, 'delay': 1, 'when': 'job is defined', 'ignore_errors': True}
    if k == 16:
        return r.choice([{'include_role': {'name': 'web'}}, {'import_role': {'name': 'web'}},
                         {'include_role': {'name': 'web', 'tasks_from': 'extra'}, 'vars': {'web_port': 9090}}])
    if k == 17:
        return {'meta': 'end_host', 'when': r.choice(["inventory_hostname == 'h2'", 'n == 1'])}
    if k == 18:
        return {'command': 'echo {{ item }}', 'loop': r.choice([[1, 2, 3], ['x']]), 'register': 'many',
                'failed_when': r.choice(["many.rc != 0", "item == 2", False])}
    return {'debug': {'msg': r.choice(['{{ many.results | map(attribute="stdout") | list }}', '{{ many.results | length }}',
                                      '{{ many | default("not run") }}'])}, 'when': r.choice(['many is defined', 'true'])}


def write_role(out):
    """The role the seed-24000 stream's plays and tasks use: defaults, handlers, a template, a second tasks file."""
    files = {
        'defaults/main.yml': 'web_port: 80\nweb_name: site ✓\n',
        'tasks/main.yml': ('- name: render config\n  template:\n    src: site.j2\n    dest: ' + OUT + '/{{ inventory_hostname }}-site.conf\n'
                           '  notify: restart web\n- name: show port\n  debug:\n    msg: "port {{ web_port }}"\n'),
        'tasks/extra.yml': '- name: extra step\n  command: echo {{ web_name }}\n  changed_when: false\n',
        'handlers/main.yml': '- name: restart web\n  debug:\n    msg: "restarting {{ web_name }} on {{ web_port }}"\n',
        'templates/site.j2': 'listen {{ web_port }}\nname {{ web_name }}\n',
    }
    for rel, text in files.items():
        path = os.path.join(out, 'roles', 'web', rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'w') as f:
            f.write(text)

