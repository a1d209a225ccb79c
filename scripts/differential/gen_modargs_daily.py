"""gen_modargs.py's draws for seeds from 26000 on (a random stream of their own, so a lower seed gives the
case it always gave): the file and content modules people call every day, called validly with the options
they reach for and the earlier rounds drew least, each call made twice (the second finds its work done) or
followed by its undo, in a folder of its own under OUT. template with validate/backup/newline_sequence and a
changed variable, copy of trees with remote_src and backup, file links, hard links and recursive removal,
lineinfile backrefs/insertbefore/firstmatch, blockinfile with its own markers, replace between after and
before, find over a tree, unarchive of a tar listed, included or excluded, get_url from file:// with a
checksum, uri failing to connect, slurp and fetch, assemble with a delimiter, tempfile read by wait_for,
wait_for on files and their content, and getent's facts. Nothing machine-specific is printed (no whole
getent database, no stat mime or attributes, no user or cron on localhost: the oracle's is a chroot)."""
import copy, os

# Where generated tasks write, as gen_modargs.py's OUT; this stream keeps to OUT/daily.
OUT = os.environ.get("DIFFERENTIAL_OUT", "/tmp/fuzz-out")
W = OUT + '/daily'
TEXT = 'alpha\\nbeta = 1\\ngamma\\n# end\\n'
# TEXT's sha256 as the fixture writes it (printf); no mismatching sums: get_url names its random temp file then
TEXT_SHA256 = 'bacf243ff05d92885b5bfd87b9a66a87fbddc4e81f513d875a7c438691cec967'


def fixtures():
    """The stream's folder: a text file, a tree (a hidden file, a nested folder) and a plain tar of it."""
    return {'name': 'daily fixtures', 'check_mode': False, 'changed_when': False,
            'shell': ("rm -rf {w} && mkdir -p {w}/tree/sub {w}/parts && printf '{t}' > {w}/text.conf && printf 'a\\n' > {w}/tree/a.txt"
                      " && printf 'b\\n' > {w}/tree/.b && printf 'c\\n' > {w}/tree/sub/c.txt && printf 'one\\n' > {w}/parts/01.txt"
                      " && printf 'two\\n' > {w}/parts/02.txt && printf 'skip\\n' > {w}/parts/03.bak && printf 'h\\n' > {w}/parts/.04.txt"
                      " && tar -C {w}/tree --mtime=@0 --owner=0 --group=0 -cf {w}/tree.tar a.txt sub && sha1sum {w}/text.conf | cut -c1-40 > {w}/text.sha1"
                      ).format(w=W, t=TEXT)}


def files():
    """The case's controller files this stream reads: a template of a dict, and one of a changed variable."""
    return {'daily.j2': '# {{ ansible_managed | default("managed") }}\n[{{ section }}]\n{% for k, v in opts | dictsort %}\n{{ k }}={{ v }}\n{% endfor %}\n',
            'files/daily/x.txt': 'x\n', 'files/daily/deep/y.txt': 'y\n'}


def show(reg, expr=None):
    if expr is None:
        return {'name': 'show ' + reg, 'debug': {'var': reg}}
    return {'name': 'show ' + reg, 'debug': {'msg': expr}}


def twice(t, reg, r, change=None):
    """t, its result, the same call again (its work done, or changed by `change`), its result."""
    again = dict(copy.deepcopy(t), name=t['name'] + ' again', register=reg + 'b')
    again[MOD(t)] = dict(t[MOD(t)], **(change or {}))
    return [t, show(reg), again, show(reg + 'b') if r.random() < 0.6 else show(reg + 'b', '{{ %s is changed }}' % (reg + 'b'))]


def MOD(t):
    return next(k for k in t if k not in ('name', 'register', 'ignore_errors', 'check_mode', 'diff', 'vars', 'loop', 'notify'))


def task(name, mod, args, reg, **keywords):
    return dict({'name': name, mod: args, 'register': reg, 'ignore_errors': True}, **keywords)


def template(r, reg):
    args = {'src': 'daily.j2', 'dest': W + r.choice(['/app.ini', '/conf.d/app.ini', '/app.ini'])}
    for key, values in {'backup': [True, 'yes'], 'validate': ['grep -q "^\\[" %s', 'test -s %s', 'false %s'],
                        'newline_sequence': ['\\r\\n', '\\r', '\\n'], 'mode': ['0640', 'u=rw,g=r,o=', '0600'],
                        'trim_blocks': [False], 'lstrip_blocks': [True], 'force': [False]}.items():
        if r.random() < 0.4:
            args[key] = r.choice(values)
    t = task('render app.ini', 'template', args, reg, vars={'section': 'main', 'opts': {'port': 80, 'debug': False}})
    tasks = twice(t, reg, r)
    if r.random() < 0.6:  # a value changes: written again, the old one kept by backup
        tasks[2]['vars'] = {'section': 'main', 'opts': {'port': r.choice([80, 8080]), 'debug': True}}
    tasks.append(show(reg, "{{ [%s.backup_file is defined, %s.backup_file is defined, %s.mode | default('?')] }}" % (reg, reg + 'b', reg + 'b')))
    return tasks


def copy_tree(r, reg):
    src, remote = r.choice([(W + '/tree', True), (W + '/tree/', True), ('files/daily', False), ('files/daily/', False)])
    args = {'src': src, 'dest': W + r.choice(['/copied', '/copied/'])}
    if remote:
        args['remote_src'] = r.choice([True, 'yes'])
    for key, values in {'directory_mode': ['0750', 'u=rwx,g=rx'], 'mode': ['0640', 'preserve'], 'backup': [True],
                        'force': [False, True]}.items():
        if r.random() < 0.3:
            args[key] = r.choice(values)
    t = task('copy the tree', 'copy', args, reg)
    tasks = twice(t, reg, r)
    if r.random() < 0.5:  # a file there edited, then the tree copied over it with a backup
        target = W + '/copied/' + ('' if src.endswith('/') else os.path.basename(src.rstrip('/')) + '/') + ('a.txt' if remote else 'x.txt')
        tasks.append({'name': 'edit a copied file', 'copy': {'content': 'edited\n', 'dest': target}, 'register': reg + 'e', 'ignore_errors': True})
        tasks.append(task('copy over it', 'copy', dict(args, backup=True), reg + 'c'))
        tasks.append(show(reg + 'c'))
    return tasks


def links(r, reg):
    target = r.choice([W + '/text.conf', 'text.conf', W + '/tree', W + '/missing'])
    state = r.choice(['link', 'link', 'hard'])
    args = {'src': target, 'dest': W + '/current', 'state': state}
    if r.random() < 0.4:
        args['force'] = r.choice([True, False])
    if r.random() < 0.3:
        args['follow'] = False
    t = task('link it', 'file', args, reg)
    tasks = twice(t, reg, r, r.choice([None, {'src': W + '/tree/a.txt'}, {'state': 'link', 'src': W + '/tree/sub'}]))
    tasks.append(task('look at the link', 'stat', {'path': W + '/current', 'get_checksum': False, 'get_mime': False,
                                                   'get_attributes': False}, reg + 's'))
    tasks.append(show(reg + 's', "{{ [%s.stat.exists, %s.stat.islnk | default(None), %s.stat.lnk_source | default(None), %s.stat.nlink | default(None)] }}"
                      % ((reg + 's',) * 4)))
    return tasks


def removal(r, reg):
    path = r.choice([W + '/tree', W + '/tree/sub', W + '/tree/a.txt', W + '/nothing'])
    if r.random() < 0.4:  # first its modes set over the tree, then it goes
        mode = r.choice(['u=rwX,g=rX,o=', '0750', 'go-w'])
        t = task('tree modes', 'file', {'path': W + '/tree', 'state': 'directory', 'recurse': True, 'mode': mode}, reg + 'm')
        return twice(t, reg + 'm', r) + twice(task('remove it', 'file', {'path': path, 'state': 'absent'}, reg), reg, r)
    return twice(task('remove it', 'file', {'path': path, 'state': 'absent'}, reg), reg, r)


def lines(r, reg):
    kind = r.randrange(4)
    if kind == 0:
        args = {'regexp': r'^(beta)\s*=\s*(\d+)$', 'line': r.choice([r'\1 = 2', r'\1 = \2\2', r'# \1 was \2']), 'backrefs': True}
    elif kind == 1:
        args = {'line': 'delta = 4', 'insertbefore': r.choice(['^gamma', 'BOF', '^# end', '^nomatch'])}
    elif kind == 2:
        args = {'regexp': r.choice(['^beta', '^nomatch', '^[a-z]']), 'line': 'beta = 3', 'firstmatch': r.choice([True, False]),
                r.choice(['insertbefore', 'insertafter']): r.choice(['^gamma', '^alpha', 'EOF'])}
    else:
        args = {r.choice(['regexp', 'search_string']): r.choice(['^gamma', 'beta', 'nomatch']), 'state': 'absent'}
    args['path'] = W + '/text.conf'
    if r.random() < 0.3:
        args['backup'] = True
    return twice(task('edit text.conf', 'lineinfile', args, reg), reg, r) + [
        {'name': 'text.conf now', 'command': 'cat ' + W + '/text.conf', 'register': reg + 'c', 'changed_when': False, 'check_mode': False},
        show(reg + 'c', '{{ %s.stdout_lines }}' % (reg + 'c'))]


def blocks(r, reg):
    args = {'path': W + r.choice(['/text.conf', '/new.conf']), 'block': r.choice(['x = 1\ny = 2', 'only = 1'])}
    if args['path'].endswith('new.conf'):
        args['create'] = True
    for key, values in {'marker': ['# {mark} app settings', '; {mark}', '<!-- {mark} -->'], 'marker_begin': ['START', 'Anfang'],
                        'marker_end': ['STOP'], 'insertbefore': ['BOF', '^gamma', '^nomatch'], 'insertafter': ['^alpha', 'EOF'],
                        'append_newline': [True], 'prepend_newline': [True], 'backup': [True]}.items():
        if r.random() < 0.3:
            args[key] = r.choice(values)
    args.pop('insertafter' if 'insertbefore' in args and r.random() < 0.7 else 'nothing', None)
    change = r.choice([None, {'block': 'x = 9'}, {'state': 'absent'}, {'block': ''}])
    return twice(task('manage a block', 'blockinfile', args, reg), reg, r, change) + [
        {'name': 'the file now', 'command': 'cat ' + args['path'], 'register': reg + 'c', 'changed_when': False, 'check_mode': False,
         'failed_when': False},
        show(reg + 'c', '{{ %s.stdout_lines }}' % (reg + 'c'))]


def replaced(r, reg):
    args = {'path': W + '/text.conf', 'regexp': r.choice([r'^(\w+)$', r'(\d+)', '^(.*)$', r'^\s*$']),
            'replace': r.choice([r'\1;', r'<\1>', '', r'\g<1>!'])}
    for key, values in {'after': ['alpha', '^beta', 'nomatch'], 'before': ['# end', 'gamma', 'alpha'], 'backup': [True]}.items():
        if r.random() < 0.5:
            args[key] = r.choice(values)
    return twice(task('replace in text.conf', 'replace', args, reg), reg, r) + [
        {'name': 'text.conf now', 'command': 'cat ' + W + '/text.conf', 'register': reg + 'c', 'changed_when': False, 'check_mode': False},
        show(reg + 'c', '{{ %s.stdout_lines }}' % (reg + 'c'))]


def found(r, reg):
    args = {'paths': r.choice([W + '/tree', W, [W + '/tree', W + '/parts']])}
    for key, values in {'patterns': ['*.txt', ['*.txt', '.*'], '^[a-c]\\.txt$'], 'use_regex': [True], 'recurse': [True, 'yes'],
                        'hidden': [True], 'excludes': ['c*', ['*.bak']], 'file_type': ['any', 'directory', 'link'],
                        'depth': [1, 2], 'contains': ['^[ab]$', 'two']}.items():
        if r.random() < 0.35:
            args[key] = r.choice(values)
    return [task('find in the tree', 'find', args, reg),
            show(reg, "{{ [%s.matched, %s.examined, %s.files | map(attribute='path') | sort, %s.files | map(attribute='mode') | list | unique] }}"
                 % ((reg,) * 4))]


def unpacked(r, reg):
    args = {'src': W + '/tree.tar', 'dest': W + '/unpacked', 'remote_src': True}
    for key, values in {'list_files': [True], 'include': [['a.txt'], ['sub/c.txt', 'sub']], 'exclude': [['a.txt'], 'sub/c.txt'],
                        'keep_newer': [True], 'mode': ['u=rwX,go=rX', '0700']}.items():
        if r.random() < 0.3:
            args[key] = r.choice(values)
    if 'include' in args and 'exclude' in args and r.random() < 0.7:
        del args['exclude']
    return [{'name': 'unpack folder', 'file': {'path': W + '/unpacked', 'state': 'directory'}}] + twice(task('unpack tree.tar', 'unarchive', args, reg), reg, r)


def downloaded(r, reg):
    args = {'url': 'file://' + W + r.choice(['/text.conf', '/text.conf', '/missing']), 'dest': W + r.choice(['/dl.conf', '/', '/dl/'])}
    for key, values in {'checksum': ['sha1:{{ lookup("file", "%s/text.sha1") }}' % W, 'sha256:' + TEXT_SHA256],
                        'force': [True], 'mode': ['0600'], 'backup': [True]}.items():
        if r.random() < 0.35:
            args[key] = r.choice(values)
    return twice(task('download', 'get_url', args, reg), reg, r)


def uri_errors(r, reg):
    args = {'url': r.choice(['http://127.0.0.1:1/', 'http://127.0.0.1:1/x?y=1', 'file://' + W + '/missing', 'file://' + W + '/text.conf',
                             'http://[::1', 'nothing://here'])}
    for key, values in {'status_code': [200, [200, 404], -1], 'return_content': [True], 'method': ['GET', 'POST'], 'timeout': [2]}.items():
        if r.random() < 0.3:
            args[key] = r.choice(values)
    return [task('call the api', 'uri', args, reg), show(reg)]


def slurped(r, reg):
    src = r.choice([W + '/text.conf', W + '/tree/a.txt', W + '/missing', W + '/tree'])
    tasks = [task('read it', 'slurp', {'src': src}, reg), show(reg, "{{ %s.content | default('') | b64decode }}" % reg)]
    if r.random() < 0.6:
        flat = r.choice([True, False])
        args = {'src': src, 'dest': W + r.choice(['/fetched/', '/fetched/copy.conf']), 'flat': flat}
        if r.random() < 0.3:
            args['fail_on_missing'] = False
        tasks += twice(task('fetch it', 'fetch', args, reg + 'f'), reg + 'f', r)
    return tasks


def assembled(r, reg):
    args = {'src': W + '/parts', 'dest': W + '/assembled.conf', 'remote_src': True}
    for key, values in {'delimiter': ['### part', '# --', '---\n'], 'regexp': [r'\.txt$', '^0[12]'], 'ignore_hidden': [True, False],
                        'backup': [True], 'mode': ['0600'], 'validate': ['grep -q one %s']}.items():
        if r.random() < 0.35:
            args[key] = r.choice(values)
    return twice(task('assemble parts', 'assemble', args, reg), reg, r) + [
        {'name': 'assembled', 'command': 'cat ' + W + '/assembled.conf', 'register': reg + 'c', 'changed_when': False, 'check_mode': False,
         'failed_when': False},
        show(reg + 'c', '{{ %s.stdout_lines }}' % (reg + 'c'))]


def waited(r, reg):
    kind = r.randrange(3)
    if kind == 0:  # a temp file made, waited for, removed, waited for gone
        return [task('a temp file', 'tempfile', {'state': r.choice(['file', 'directory']), 'prefix': 'ansible.', 'path': W,
                                                   'suffix': r.choice(['', '.tmp'])}, reg),
                task('wait for it', 'wait_for', {'path': '{{ %s.path | default("%s/none") }}' % (reg, W), 'timeout': 1}, reg + 'w'),
                show(reg + 'w', "{{ [%s is changed, %s.state | default(None), %s.path is defined] }}" % ((reg + 'w',) * 3)),
                task('remove it', 'file', {'path': '{{ %s.path | default("%s/none") }}' % (reg, W), 'state': 'absent'}, reg + 'r'),
                task('wait for it gone', 'wait_for', {'path': '{{ %s.path | default("%s/none") }}' % (reg, W), 'state': 'absent', 'timeout': 1}, reg + 'g'),
                show(reg + 'g', "{{ [%s is failed, %s.state | default(None), %s.msg | default('')] }}" % ((reg + 'g',) * 3))]
    args = {'path': W + r.choice(['/text.conf', '/missing']), 'timeout': 1}
    if kind == 1:
        args['search_regex'] = r.choice(['^beta', 'gamma', 'nomatch', '(un'])
    else:
        args['state'] = r.choice(['present', 'absent', 'started', 'stopped', 'drained'])
    if r.random() < 0.3:
        args['msg'] = 'file not ready'
    return [task('wait on a file', 'wait_for', args, reg), show(reg, "{{ %s | dict2items | rejectattr('key', 'eq', 'elapsed') | list }}" % reg)]


def facts(r, reg):
    args = {'database': r.choice(['passwd', 'group']), 'key': 'root'}
    if r.random() < 0.4:
        args['split'] = ':'
    if r.random() < 0.3:
        args['key'] = 'nosuchname'
        args['fail_key'] = r.choice([True, False])
    return [task('look up root', 'getent', args, reg),
            show(reg, "{{ [%s is failed, %s.msg | default(''), (ansible_facts['getent_' ~ '%s'] | default({})).keys() | list] }}"
                 % (reg, reg, args['database']))]


SHAPES = [template, copy_tree, links, removal, lines, blocks, replaced, found, unpacked, downloaded, uri_errors, slurped,
          assembled, waited, facts]


def tasks(g, r):
    """A few tasks of one daily shape, named by g's count (gen_modargs's G), now and then in check mode or diff."""
    g.n += 1
    reg = 'd%d' % g.n
    out = r.choice(SHAPES)(r, reg)
    for t in out:
        mod = next((k for k in t if k in MODULES), None)
        if mod is None:
            continue
        if r.random() < 0.3:
            t['ansible.builtin.' + mod] = t.pop(mod)
        if r.random() < 0.1:
            t['check_mode'] = True
        if r.random() < 0.1:
            t['diff'] = True
    return out


MODULES = {'template', 'copy', 'file', 'lineinfile', 'blockinfile', 'replace', 'find', 'unarchive', 'get_url', 'uri', 'slurp',
           'fetch', 'assemble', 'tempfile', 'wait_for', 'getent', 'stat'}
