"""Writes one random module-arguments case for run.py: a play on localhost calling ansible.builtin
modules with random, often wrong, arguments (unknown or misspelt options, wrong types, missing
required or mutually exclusive options, choices out of range, aliases, free-form forms) and valid
calls on files under DIFFERENTIAL_OUT; each result is registered and printed, and the play ends
by listing the files left behind. Seeded, so a seed always gives the same case."""
import gzip, io, os, random, sys, tarfile, yaml
import gen_modargs_more, gen_modargs_daily
# Where generated tasks write; run.py empties it before each engine runs.
OUT = os.environ.get("DIFFERENTIAL_OUT", "/tmp/fuzz-out")
F = OUT + '/f.txt'          # a text file the fixtures create
D = OUT + '/dir'            # a directory with a.txt, b.log, sub/c.txt
NEW = [OUT + '/new.txt', OUT + '/new2.txt', OUT + '/nd', OUT + '/nd/x.txt', OUT + '/lnk']
FIXTURES = (
    "mkdir -p {d}/sub && printf 'alpha\\nbeta\\ngamma\\n# end\\n' > {f} && printf 'aaa\\n' > {d}/a.txt"
    " && printf 'bbb\\nneedle\\n' > {d}/b.log && printf 'ccc\\n' > {d}/sub/c.txt && chmod 0644 {f}"
    " && ln -sfn {f} {o}/f.link && tar -C {d} --mtime=@0 --owner=0 --group=0 -cf - a.txt sub | gzip -n > {o}/t.tgz && printf 'k: 1\\n' > {o}/v.yml"
).format(d=D, f=F, o=OUT)

# seeds from 21100 on: a plain tar, a hidden file, a link to a directory
FIXTURES10 = ("tar -C {d} --mtime=@0 --owner=0 --group=0 -cf {o}/t.tar b.log sub && printf 'h\\n' > {d}/.hidden"
              " && ln -sfn {d}/sub {o}/dlink").format(d=D, o=OUT)
MODES = ['0644', 420, 644, '644', 'u=rw,g=r', 'u=rw,g=r,o=r', '0o600', '01777', 'a+x', 'rwx', 'preserve',
         '0755', 493, 'u+z', '', '0999', 0]
BOOLS = [True, False, 'yes', 'no', 'on', 'off', 1, 0, 'true', 'maybe', [1], '1', 'y']
WRONG = [['a', 'b'], {'k': 'v'}, 3, 2.5, None, '', 'yes', '{{ none_v }}']
PATHS = [F, D, OUT + '/f.link', OUT + '/missing', OUT + '/t.tgz', D + '/a.txt', D + '/sub'] + NEW
# an ed25519 public key (known_hosts wants a valid one)
KEY = 'example.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPLvS5bPxzrs3YskPYo0C6y25ly/zJgA8bRcavK1ATHZ'
REGEXES = ['^beta', 'gam+a', '^#', '[unclosed', 'nomatch', '^(al)pha$', '']

# module -> option -> value choices; '!' marks the options a valid call must have
SPECS = {
    'file': {'path!': PATHS, 'state': ['file', 'directory', 'touch', 'absent', 'link', 'hard', 'bogus'],
             'mode': MODES, 'recurse': BOOLS, 'src': [F, D, OUT + '/missing', 'f.txt'], 'force': BOOLS,
             'follow': BOOLS, 'access_time': ['preserve', 'now', '202001011200.00', 'bad'],
             'modification_time': ['preserve', 'now'], 'modification_time_format': ['%Y'],
             'owner': ['root', 'nobody-x', 0], 'group': ['root', 'nogroup-x']},  # no attributes: the oracle's chroot has no lsattr
    'copy': {'dest!': [OUT + '/new.txt', OUT + '/nd/', F, D, OUT + '/new2.txt', OUT + '/nd/x.txt'],
             'content': ['hello\n', '', 'alpha\nbeta\ngamma\n# end\n', {'a': 1}, ['x'], 42],
             'src': ['data.txt', 'files/', 'files', 'nope.txt', F, D + '/'], 'backup': BOOLS,
             'mode': MODES, 'directory_mode': MODES, 'remote_src': BOOLS, 'force': BOOLS,
             'validate': ['test -s %s', 'false %s', 'true', 'grep -q alpha %s'], 'follow': BOOLS,
             'local_follow': BOOLS, 'decrypt': BOOLS, 'checksum': ['abc', '0' * 40]},
    'template': {'src!': ['t.j2', 'bad.j2', 'nope.j2'], 'dest!': [OUT + '/new.txt', OUT + '/nd/', F, D],
                 'mode': MODES, 'backup': BOOLS, 'force': BOOLS, 'newline_sequence': ['\n', '\r\n', 'x'],
                 'trim_blocks': BOOLS, 'lstrip_blocks': BOOLS, 'output_encoding': ['utf-8', 'latin-1', 'nope'],
                 'validate': ['test -s %s', 'false %s'], 'variable_start_string': ['[[', '{{'],
                 'block_start_string': ['[%']},
    'lineinfile': {'path!': [F, OUT + '/new.txt', D, OUT + '/missing'], 'line': ['beta', 'delta', 'x=1', ''],
                   'regexp': REGEXES, 'search_string': ['beta', 'zzz'], 'state': ['present', 'absent', 'gone'],
                   'insertafter': ['EOF', '^alpha', 'BOF', 'nomatch'], 'insertbefore': ['BOF', '^gamma', 'EOF'],
                   'create': BOOLS, 'backrefs': BOOLS, 'backup': BOOLS, 'firstmatch': BOOLS, 'mode': MODES,
                   'validate': ['test -s %s', 'false']},
    'blockinfile': {'path!': [F, OUT + '/new.txt', OUT + '/missing'], 'block': ['one\ntwo', '', 'x'],
                    'marker': ['# {mark} MANAGED', '# no mark', '<!-- {mark} -->'], 'state': ['present', 'absent'],
                    'insertafter': ['EOF', '^beta', 'nomatch'], 'insertbefore': ['BOF', '^gamma'],
                    'create': BOOLS, 'backup': BOOLS, 'marker_begin': ['START'], 'marker_end': ['STOP'],
                    'append_newline': BOOLS, 'prepend_newline': BOOLS, 'mode': MODES},
    'replace': {'path!': [F, OUT + '/missing', D], 'regexp!': REGEXES, 'replace': ['X', r'\1-', '', r'\g<0>!'],
                'after': ['alpha', 'nomatch'], 'before': ['gamma', '# end'], 'backup': BOOLS,
                'encoding': ['utf-8', 'nope'], 'mode': MODES, 'validate': ['test -s %s']},
    'assemble': {'src!': [D, OUT + '/missing', F, 'files'], 'dest!': [OUT + '/new.txt', D + '/out.txt'],
                 'delimiter': ['---', '', '\\n##\\n'], 'regexp': ['\\.txt$', '[bad', '^a'], 'remote_src': BOOLS,
                 'ignore_hidden': BOOLS, 'backup': BOOLS, 'mode': MODES, 'validate': ['test -s %s', 'true']},
    'fetch': {'src!': [F, D + '/a.txt', OUT + '/missing', D], 'dest!': [OUT + '/fetched/', OUT + '/fetched', OUT + '/fetched/one.txt'],
              'flat': BOOLS, 'fail_on_missing': BOOLS, 'validate_checksum': BOOLS},
    'slurp': {'src!': [F, OUT + '/missing', D, D + '/a.txt']},
    'stat': {'path!': PATHS, 'get_checksum': BOOLS, 'checksum_algorithm': ['sha1', 'md5', 'sha256', 'sha512', 'crc'],
             'get_mime': [False], 'follow': BOOLS, 'get_attributes': [False]},
    'find': {'paths!': [D, [D, OUT], OUT + '/missing', D + ',' + OUT], 'patterns': ['*.txt', ['*.txt', '*.log'], '^a', 'a*,b*'],
             'use_regex': BOOLS, 'recurse': BOOLS, 'file_type': ['file', 'directory', 'any', 'link', 'fifo'],
             'age': ['1d', '-1d', '5x', '3600'], 'size': ['1', '-1k', '2b', 'big'], 'contains': ['needle', '^c+$', '['],
             'hidden': BOOLS, 'excludes': ['b*', ['*.log']], 'depth': [1, 0, 'x'], 'get_checksum': BOOLS,
             'age_stamp': ['mtime', 'atime', 'born'], 'read_whole_file': BOOLS, 'limit': [1, 0, 'x'],
             'mode': ['0644', '0o755', 'u=rw', 'bad'], 'exact_mode': BOOLS, 'encoding': ['utf-8', 'latin-1', 'nope'],
             'follow': BOOLS, 'checksum_algorithm': ['sha1', 'md5', 'bogus']},
    'tempfile': {'state': ['file', 'directory', 'fifo'], 'path': [OUT, OUT + '/missing'], 'prefix': ['ansible.'],
                 'suffix': ['', '.txt']},
    # (not an archive: the reasons list the tools the machine has; the oracle's chroot lacks unzip, bzip2, xz, zstd)
    'unarchive': {'src!': [OUT + '/t.tgz', OUT + '/missing'], 'dest!': [OUT + '/nd', D, OUT + '/missing'],
                  'remote_src': [True, True, 'yes', False], 'list_files': BOOLS, 'creates': [D + '/a.txt', OUT + '/zz'],
                  'exclude': ['a.txt', ['sub']], 'keep_newer': BOOLS, 'mode': MODES, 'include': ['a.txt', ['sub/x']],
                  'extra_opts': [['--no-same-owner']], 'validate_certs': BOOLS},
    'get_url': {'url!': ['file://' + F, 'file://' + OUT + '/missing', 'notaurl', 'ftp:/x'],
                'dest!': [OUT + '/new.txt', OUT + '/nd/', D], 'checksum': ['sha1:d730d6c1a944f5759d44141c005cdbe9e9c957ef', 'bogus'],  # a mismatch names a random temp file
                'force': BOOLS, 'mode': MODES, 'timeout': [1, 'x'], 'backup': BOOLS},
    'wait_for': {'path': [F, OUT + '/missing'], 'state': ['present', 'absent', 'started', 'drained', 'bogus'],
                 'timeout': [0, 1, 'x'], 'search_regex': ['beta', 'nope'], 'delay': [0], 'sleep': [1],
                 'msg': ['custom timeout'], 'port': [1]},
    'getent': {'database!': ['passwd', 'group', 'nodb'], 'key': ['root', 'nosuchuser', 0], 'split': [':', None],
               'fail_key': BOOLS, 'service': ['files']},
    'set_stats': {'data!': [{'a': 1}, ['x'], 'str'], 'per_host': BOOLS, 'aggregate': BOOLS},
    'pause': {'seconds': [0, '0', 'x'], 'minutes': [0], 'prompt': ['p'], 'echo': BOOLS},
    'include_vars': {'file': ['v.yml', 'nope.yml', OUT + '/v.yml'], 'dir': ['vars_dir', 'nodir'], 'name': ['loaded'],
                     'depth': [0, 1], 'files_matching': ['.*\\.yml'], 'ignore_unknown_extensions': BOOLS,
                     'hash_behaviour': ['merge', 'replace', 'x']},
    'debug': {'msg': ['hi', ['a', 'b'], {'k': 1}, 3], 'var': ['n', 'nope', '{{ n }}', ['n']], 'verbosity': [0, 1, 'x']},
    'assert': {'that!': ['n == 1', ['n == 1', 'n > 0'], 'n ==', 5], 'fail_msg': ['f', ['a', 'b']],
               'success_msg': ['ok', 3], 'quiet': BOOLS, 'msg': ['m']},
    'fail': {'msg': ['boom', ['a'], {'x': 1}, '']},
    'ping': {'data': ['pong', 'crash', 3]},
    'set_fact': {'cacheable': BOOLS, 'sf_a': ['v', 3]},
    # session 7: modules and options the first rounds did not reach
    'known_hosts': {'name!': ['example.com', '[example.com]:2222', 'Example.COM', 'bad name!', ''],
                    'key': [KEY, '[example.com]:2222 ' + KEY.split(' ', 1)[1], 'other.example ' + KEY.split(' ', 1)[1], 'garbage', ''],
                    'path': [OUT + '/kh', OUT + '/nd/kh', D], 'state': ['present', 'absent', 'bogus'], 'hash_host': [False, 'no']},
    'yum_repository': {'name!': ['repo1', 'bad name', ''], 'description': ['d', ''], 'baseurl': ['http://example.invalid/', ['http://a.invalid/', 'http://b.invalid/']],
                       'reposdir': [OUT, OUT + '/missing'], 'state': ['present', 'absent', 'bogus'], 'enabled': BOOLS, 'gpgcheck': BOOLS,
                       'keepcache': ['0', '1', True, 2], 'file': ['custom', 'repo1'], 'mirrorlist': ['http://m.invalid/'], 'priority': [1, '99', 'x'],
                       'exclude': ['pkg*', ['a', 'b']], 'async': BOOLS},
    'uri': {'url!': ['file://' + F, 'notaurl', 'http://127.0.0.1:1/', 'file://' + OUT + '/missing'], 'return_content': BOOLS,
            'dest': [OUT + '/new.txt', D], 'method': ['GET', 'POST', 'bogus method'], 'status_code': [200, [200, 201], 'x'],
            'timeout': [1, 'x'], 'follow_redirects': ['safe', 'yes', True, 'bogus'], 'body_format': ['raw', 'json', 'nope'],
            'creates': [F, OUT + '/missing'], 'removes': [OUT + '/missing']},
    'validate_argument_spec': {'argument_spec!': [{'a': {'type': 'int'}}, {'a': {'type': 'str', 'required': True}}, {'a': {'choices': [1, 2]}}, 'x'],
                               'provided_arguments': [{'a': 'x'}, {'a': 3}, {}, {'b': 1}, ['a']]},
    'add_host': {'name!': ['newhost', '', 'newhost:2222'],  # a list name crashes 2.19 (unhashable, a traceback)
                 'groups': ['g1', ['g1', 'g2'], 'g1,g2', ''], 'ansible_host': ['127.0.0.2'],
                 'ansible_port': [2222, 'x']},
    'group_by': {'key!': ['grp', 'bad key!', '', 3], 'parents': ['p1', ['p1', 'p2'], '']},
    'async_status': {'jid!': ['nope', '123.456', ''], 'mode': ['status', 'cleanup', 'bogus']},
}
# session 8, seeds from 13100 on (a lower seed gives the case it always gave): more values for
# the options above, and templates with variables and filters
MORE = {
    'template': {'src!': ['filters.j2', 'vars.j2'], 'newline_sequence': ['\r'], 'mode': ['u=rw,go=r', '0640']},
    'blockinfile': {'marker': ['## {mark} block ##', '{mark}'], 'marker_begin': ['BEGIN', 'b e g'], 'marker_end': ['END', ''],
                    'insertbefore': ['^# end', 'nomatch', 'EOF'], 'insertafter': ['^alpha', 'BOF'], 'block': ['alpha', 'new\nlines\n']},
    'replace': {'regexp!': ['^(b)eta$', '(?m)^g', 'a', '(?P<w>\\w+)'], 'replace': ['\\g<w>!', r'<\1>'],
                'after': ['^alpha$', '^beta'], 'before': ['^gamma$', 'alpha']},
    'lineinfile': {'regexp': ['^(al)pha$', '^(b)(eta)', '^gam'], 'line': [r'\1-X', r'\2 \1', 'gamma'],
                   'insertafter': ['^beta', '^#'], 'insertbefore': ['^alpha', '^# end'], 'firstmatch': [True, True, False]},
    'file': {'mode': ['u+rwx,g-w', 'a=r', 'o-rwx', 'u=rwX,go=rX', 'g+s', '+t'], 'recurse': [True, True, False],
             'state': ['directory', 'directory', 'touch']},
    'find': {'age': ['-10m', '2w', '1y'], 'size': ['10m', '-4', '0'], 'depth': [2, '1'], 'patterns': ['*.TXT', ['a*', 'c*']],
             'paths': [D + '/sub', [D + '/sub', D]]},
    'stat': {'checksum_algorithm': ['sha224', 'sha384', 'SHA1'], 'get_checksum': [True, True]},
    'wait_for': {'search_regex': ['^beta', 'gamma$', '(needle'], 'path': [F, D + '/b.log']},
    'getent': {'key': ['root', 'daemon', 'bin'], 'database': ['passwd', 'passwd', 'group'], 'split': [':', ',']},
    'set_stats': {'data!': [{'b': [1, 2]}, {'c': {'d': 1}}, {'a': 'x'}], 'aggregate': [True, False, 'no']},
    'assert': {'that!': ['n > 0', ['n is number', 'n == 2'], 'none_v is none'], 'quiet': [True, 'yes', False],
               'success_msg': ['all good', ['a', 'b'], ''], 'fail_msg': ['{{ n }} failed']},
    'uri': {'url!': ['file://' + D + '/a.txt', 'file://' + D], 'return_content': [True, True]},
    'get_url': {'url!': ['file://' + D + '/b.log'], 'dest!': [OUT + '/new2.txt', OUT + '/nd/'],
                'checksum': ['md5:bogus', 'sha256:' + '0' * 64]},
    'unarchive': {'list_files': [True, True], 'exclude': [['a.txt', 'sub/c.txt']], 'include': ['sub/c.txt']},
    'tempfile': {'suffix': ['.d'], 'state': ['directory', 'file']},  # no other prefix: its random name shows
}
# session 10, seeds from 21100 on: what real playbooks use most, with ordinary and wrong values
MORE10 = {
    'file': {'path!': [OUT + '/lnk', OUT + '/lnk2', D + '/sub', OUT + '/nd'], 'state': ['link', 'hard', 'absent', 'link', 'directory'],
             'src': ['f.txt', '../f.txt', 'dir', D + '/sub', 'dir/a.txt'], 'follow': [True, False, 'no'],
             'mode': [0o755, '0o644', 'u+x,g-w', 'u=rwx,g=rx,o=', 'ug+rw', 493, '755'], 'recurse': [True, 'yes']},
    'copy': {'src': [D, D + '/', D + '/sub', F, 'files/sub/', 'files/sub'], 'remote_src': [True, True, 'yes'],
             'mode': ['preserve', '0600', 'u=rw,go='], 'directory_mode': ['0755', '0700', 'u=rwx,go=rx', 'x'],
             'validate': ['grep -q . %s', 'test -f %s'], 'backup': [True, True]},
    'template': {'newline_sequence': ['\r\n', '\n'], 'trim_blocks': [False, 'no'], 'lstrip_blocks': [True, 'yes'],
                 'output_encoding': ['utf-16', 'ascii', 'utf-8'], 'backup': [True, True], 'src!': ['ws.j2', 'ws.j2']},
    'lineinfile': {'insertafter': ['^gamma', '^(al|be)', '[bad'], 'insertbefore': ['^beta', '(gam)ma', '[bad'],
                   'search_string': ['# end', 'alpha', ''], 'create': [True, True], 'backup': [True], 'line': ['alpha', '# end']},
    'blockinfile': {'marker_begin': ['OPEN', '{mark}'], 'marker_end': ['CLOSE', 'END'], 'insertbefore': ['^beta', 'BOF'],
                    'state': ['absent', 'present'], 'append_newline': [True, 'yes'], 'prepend_newline': [True, 'yes'],
                    'marker': ['# {mark} ANSIBLE MANAGED BLOCK', '// {mark}']},
    'replace': {'after': ['^beta$', 'gamma', '(unclosed'], 'before': ['^beta', 'zzz', '(unclosed'], 'regexp!': ['a+', '^', '$', '(?s).*']},
    'find': {'patterns': ['.*\\.txt$', '[ab]*', ['*.txt', '*.nope'], '*'], 'excludes': ['a*', ['sub', 'c*'], '.*\\.log$'],
             'use_regex': [True, True], 'age': ['0', '-1s', '1h'], 'size': ['0', '-1m', '1g', '3b'],
             'file_type': ['directory', 'any', 'file'], 'recurse': [True, True], 'depth': [1, 3, -1],
             'contains': ['^a+$', 'needle', ''], 'hidden': [True]},
    'stat': {'checksum_algorithm': ['sha256', 'md5', 'bogus'], 'get_checksum': [True, False], 'follow': [True, True]},
    'assemble': {'src!': [D, D + '/sub', 'files'], 'remote_src': [True, False, 'no'], 'delimiter': ['#sep', '\\n--\\n'],
                 'regexp': ['^[ab]', '.*'], 'ignore_hidden': [True]},
    'tempfile': {'state': ['file', 'directory', 'bogus'], 'path': [OUT, D, OUT + '/missing', F]},
    'wait_for': {'search_regex': ['needle', '^aaa$', 'zzz'], 'path': [D + '/b.log', D + '/a.txt', D],
                 'state': ['present', 'absent', 'started', 'stopped'], 'delay': [0, 'x'], 'sleep': [1, 'x']},
    'unarchive': {'src!': [OUT + '/t.tgz', OUT + '/t.tar', F], 'dest!': [OUT + '/nd', D + '/sub'], 'remote_src': [True, True],
                  'list_files': [True], 'keep_newer': [True], 'exclude': [['sub/*']], 'creates': [OUT + '/nd/a.txt']},
    'set_stats': {'data!': [{'k': '{{ n }}'}, {'l': [1, {'m': 2}]}, {}], 'per_host': [True, 'yes', 'x']},
    'async_status': {'jid!': ['j0.0', '{{ none_v }}', 3], 'mode': ['status', 'cleanup']},
}
# session 11, seeds from 22200 on: options the earlier rounds drew seldom or never (copy force: no
# onto what exists, lineinfile create with a mode, links over files and directories, unarchive of
# an archive the controller holds, find regexes, fetch flat, uri status lists)
MORE11 = {
    'copy': {'force': [False, 'no'], 'dest!': [D + '/', OUT + '/nd/sub/', D + '/a.txt'], 'content': ['new\n'],
             'src': ['files/one.txt', 'files/sub', 'files/sub/'], 'backup': [True], 'remote_src': [False]},
    'lineinfile': {'create': [True, True], 'mode': ['0600', 'u=rw', 0o640, '640', 'u+x'],
                   'path!': [OUT + '/nd/x.txt', OUT + '/new.txt'], 'insertbefore': ['BOF'], 'line': ['first']},
    'file': {'state': ['link', 'hard', 'link'], 'src': [OUT + '/missing', D + '/a.txt', 'sub', D], 'force': [True, True],
             'path!': [F, D, OUT + '/lnk', D + '/a.txt']},
    'template': {'newline_sequence': ['\r\n'], 'output_encoding': ['latin-1', 'utf-16'], 'trim_blocks': [True, False],
                 'force': [False]},
    'unarchive': {'src!': ['local.tgz', 'local.tar', 'missing.tgz'], 'remote_src': [False, False, 'no'],
                  'dest!': [OUT + '/nd', D], 'list_files': [True], 'exclude': [['x/two.txt']], 'keep_newer': [True]},
    'find': {'contains': ['^[ab]', 'ee', '(?i)NEEDLE', 'c$'], 'patterns': ['^[ab]\\..*$', '.*\\.(txt|log)$', '(bad'],
             'use_regex': [True, True], 'read_whole_file': [True]},
    'fetch': {'flat': [True, True], 'dest!': [OUT + '/fetched/', OUT + '/fl.txt']},
    'wait_for': {'path': [F], 'search_regex': ['^(al)pha', 'gamma\n#'], 'state': ['present']},
    'slurp': {'src!': [OUT + '/f.link', OUT + '/t.tgz']},
    'uri': {'status_code': [[200, 201], ['200'], [404, 200], '200,201'], 'return_content': [True]},
    'replace': {'after': ['^beta'], 'before': ['^# end'], 'regexp!': ['^(\\w)'], 'replace': ['[\\1]']},
    'blockinfile': {'insertbefore': ['^gamma', 'BOF'], 'append_newline': [True], 'prepend_newline': [True],
                    'create': [True], 'path!': [OUT + '/nd/b.txt']},
    'assemble': {'src!': ['files', D], 'remote_src': [False, True], 'delimiter': ['## sep ##']},
}
# session 12, seeds from 23000 on: modules and options no earlier round drew (subversion with an
# executable that is no svn, the oracle's chroot having none; find's limit/mode/encoding, file
# times, template delimiters and validate, lineinfile backrefs with validate, replace encodings,
# unarchive's io_buffer_size and extra_opts, getent's service, assemble validate)
MORE12 = {
    'subversion': {'repo!': ['file:///nowhere/repo', 'svn://example.invalid/r', ''], 'dest': [OUT + '/wc', D, F, ''],
                   'executable!': ['/bin/true', '/bin/false', OUT + '/missing'], 'checkout': BOOLS, 'update': BOOLS,
                   'export': BOOLS, 'force': BOOLS, 'in_place': BOOLS, 'switch': BOOLS, 'revision': ['HEAD', '3', 'x'],
                   'username': ['u'], 'password': ['Secret9'], 'validate_certs': BOOLS},
    'find': {'paths!': [D, [D, OUT + '/missing'], OUT], 'limit': [1, 2, 'x', 0], 'mode': ['0644', '644', 'u=rw,g=r,o=r', '0o755', 420, 'bogus'],
             'exact_mode': BOOLS, 'encoding': ['utf-8', 'latin-1', 'bogus'], 'contains': ['a', '^needle$'],
             'get_checksum': [True], 'checksum_algorithm': ['md5', 'sha256', 'bogus'], 'follow': BOOLS, 'recurse': [True]},
    'file': {'path!': [F, OUT + '/new.txt', D], 'state': ['touch', 'file', 'directory'],
             'modification_time': ['preserve', '202001011200.00', 'bad', '2020-01-01'], 'modification_time_format': ['%Y%m%d%H%M.%S', '%Y-%m-%d', 'x'],
             'access_time': ['preserve', '202001011200.00', 'bad'], 'access_time_format': ['%Y%m%d%H%M.%S', '%Y']},
    'template': {'src!': ['alt.j2', 't.j2'], 'dest!': [OUT + '/tpl.txt', D + '/', OUT + '/f.link'],
                 'variable_start_string': ['[[', '{{'], 'variable_end_string': [']]', '}}'], 'block_start_string': ['[%'],
                 'block_end_string': ['%]'], 'comment_start_string': ['[#'], 'comment_end_string': ['#]'],
                 'validate': ['grep -q n= %s', 'false %s', 'true'], 'follow': BOOLS, 'unsafe_writes': BOOLS},
    'lineinfile': {'path!': [F], 'regexp': ['^(al)(pha)$', '^(gam)'], 'line': ['\\2\\1', 'x\\1y'], 'backrefs': [True, True],
                   'search_string': ['beta'], 'firstmatch': [True], 'validate': ['grep -q alpha %s', 'true', 'false %s', 'nopercent']},
    'replace': {'path!': [F, D + '/a.txt'], 'regexp!': ['a', '^(\\w+)$'], 'replace': ['A', '<\\1>'],
                'encoding': ['latin-1', 'utf-16', 'bogus', 'ascii'], 'validate': ['grep -q . %s', 'false %s'], 'backup': [True]},
    'unarchive': {'src!': [OUT + '/t.tgz', 'local.tgz'], 'dest!': [OUT + '/nd', D], 'remote_src': [True, False],
                  'io_buffer_size': [65536, 'x', 1], 'extra_opts': [['--verbose'], '--x', ['--strip-components=1']],
                  'decrypt': BOOLS, 'validate_certs': BOOLS, 'list_files': [True]},
    'getent': {'database!': ['passwd', 'group'], 'key': ['root'], 'service': ['files', 'nosuch'], 'split': [':', 'x']},
    'assemble': {'src!': [D, 'files'], 'dest!': [OUT + '/asm.txt'], 'validate': ['grep -q . %s', 'false %s', 'true'],
                 'remote_src': [True, False], 'ignore_hidden': BOOLS, 'decrypt': BOOLS},
    'fetch': {'src!': [F, OUT + '/missing', D, OUT + '/f.link'], 'dest!': [OUT + '/fetched/', OUT + '/fl'], 'flat': BOOLS,
              'fail_on_missing': BOOLS, 'validate_checksum': BOOLS},
}
# and for the play on the test host: its stat has file(1)'s absence and lsattr alike on both sides
MORE10_SYSTEM = {
    'stat': {'get_mime': [True, False], 'get_attributes': [True, False], 'checksum_algorithm': ['sha256', 'md5'],
             'path!': ['/etc/hostname', '/bin', '/etc/ssh/sshd_config']},
}
# session 9, seeds from 17000 on: a second play, in check mode, on an isolated test host
# (MODARGS_TESTHOST: its inventory line, from /opt/test-hosts/inventory.ini; run.py passes
# ORACLE_EXTRA_BINDS=/opt/test-hosts on to the oracle), which both engines see the same
USERS = ['root', 'sshd', 'nobody', 'alice', 'bad name', '']
SYSTEM = {
    'user': {'name!': USERS, 'state': ['present', 'absent', 'bogus'], 'shell': ['/bin/bash', '/bin/sh', ''],
             'uid': [0, 1500, 'x'], 'group': ['root', 'users', 'nogroup-x'], 'groups': [['users'], 'users,root', [], ''],
             'append': BOOLS, 'create_home': BOOLS, 'home': ['/home/alice', '/root'], 'comment': ['A User', ''],
             'system': BOOLS, 'password': ['!', '*'], 'password_lock': BOOLS, 'expires': [-1, 1700000000, 'x'],
             'remove': BOOLS, 'force': BOOLS, 'move_home': BOOLS, 'non_unique': BOOLS, 'generate_ssh_key': BOOLS,
             'update_password': ['always', 'on_create', 'bogus']},
    'group': {'name!': ['root', 'users', 'devs', 'bad name', ''], 'gid': [0, 100, 2345, 'x'], 'state': ['present', 'absent', 'bogus'],
              'system': BOOLS, 'non_unique': BOOLS, 'force': BOOLS, 'local': BOOLS},
    'cron': {'name': ['backup', 'other', ''], 'job': ['/bin/true', 'echo hi > /dev/null', ''], 'minute': ['0', '*/5', 61, 'x'],
             'hour': ['3', '*', '25'], 'day': ['1', '*'], 'month': ['*', '13'], 'weekday': ['0', 'mon'],
             'special_time': ['reboot', 'daily', 'bogus'], 'state': ['present', 'absent', 'bogus'], 'user': ['root', 'nosuchuser'],
             'disabled': BOOLS, 'env': BOOLS, 'cron_file': ['backup', '/etc/cron.d/x', ''], 'insertafter': ['PATH'],
             'backup': BOOLS},
    'apt': {'name': ['openssh-server', ['cron', 'openssh-server'], 'nosuchpkg-x', 'python3=1.0', 'cron*'],
            'state': ['present', 'latest', 'absent', 'bogus', 'build-dep', 'fixed'], 'install_recommends': BOOLS,
            'force': BOOLS, 'only_upgrade': BOOLS, 'purge': BOOLS, 'autoremove': BOOLS, 'default_release': ['bookworm'],
            'allow_downgrade': BOOLS, 'dpkg_options': ['force-confdef'], 'upgrade': ['no', 'safe', 'bogus'],
            'cache_valid_time': [3600, 'x'], 'policy_rc_d': [101, 'x'], 'lock_timeout': [0, 'x']},
    'service_facts': {},
    'package_facts': {'manager': ['auto', 'apt', ['apt', 'rpm'], 'bogus'], 'strategy': ['first', 'all', 'bogus']},
    'getent': {'database!': ['passwd', 'group', 'shadow', 'services', 'nodb'], 'key': ['root', 'sshd', 'ssh', 'nosuch', '22/tcp'],
               'split': [':', None], 'fail_key': BOOLS},
    'pip': {'name': ['requests', ['a', 'b'], 'nosuch-pkg-x'], 'state': ['present', 'absent', 'latest', 'bogus'],
            'requirements': ['/nonexistent/req.txt'], 'virtualenv': ['/tmp/venv-x'], 'executable': ['pip3', 'nosuch-pip'],
            'extra_args': ['--user'], 'version': ['1.0'], 'editable': BOOLS},
    'debconf': {'name!': ['tzdata', 'openssh-server', 'nosuchpkg-x'], 'question': ['tzdata/Areas', 'x/y'],
                'value': ['Europe', 'Etc', ''], 'vtype': ['select', 'string', 'boolean', 'password', 'bogus'], 'unseen': BOOLS},
    'iptables': {'chain': ['INPUT', 'OUTPUT', 'bogus'], 'protocol': ['tcp', 'udp'], 'destination_port': ['22', '80:90'],
                 'jump': ['ACCEPT', 'DROP'], 'state': ['present', 'absent'], 'action': ['append', 'insert'], 'table': ['filter', 'nat', 'x'],
                 'policy': ['ACCEPT', 'DROP'], 'flush': BOOLS, 'comment': ['c'], 'ip_version': ['ipv4', 'ipv6', 'ipv9']},
    'hostname': {'name!': ['s9host', 'bad_name!', ''], 'use': ['debian', 'generic', 'systemd', 'bogus']},
    'systemd': {'name': ['ssh', 'cron', 'nosuch'], 'state': ['started', 'stopped', 'restarted', 'reloaded', 'bogus'],
                'enabled': BOOLS, 'masked': BOOLS, 'daemon_reload': BOOLS, 'scope': ['system', 'user', 'x'], 'no_block': BOOLS},
    'service': {'name!': ['ssh', 'cron', 'nosuch'], 'state': ['started', 'stopped', 'restarted', 'reloaded', 'bogus'],
                'enabled': BOOLS, 'pattern': ['sshd'], 'sleep': [1], 'runlevel': ['2'], 'arguments': ['-x']},
    'sysvinit': {'name!': ['ssh', 'cron', 'nosuch'], 'state': ['started', 'stopped', 'restarted'], 'enabled': BOOLS,
                 'runlevels': [[2, 3], '2']},
    'known_hosts': {'name!': ['example.com'], 'key': [KEY], 'path': ['/root/.ssh/known_hosts', '/etc/ssh/ssh_known_hosts'],
                    'state': ['present', 'absent']},
    'slurp': {'src!': ['/etc/hostname', '/etc/nosuch', '/etc', '/etc/shadow']},
    'stat': {'path!': ['/etc/passwd', '/etc/ssh', '/nosuch', '/etc/os-release'], 'get_checksum': BOOLS,
             'get_mime': [False], 'get_attributes': [False]},
    'fetch': {'src!': ['/etc/hostname', '/etc/nosuch', '/etc'], 'dest!': [OUT + '/fetched/', OUT + '/fetched/h.txt'],
              'flat': BOOLS, 'fail_on_missing': BOOLS, 'validate_checksum': BOOLS},
    'file': {'path!': ['/etc/motd', '/root/newdir', '/etc/passwd'], 'state': ['touch', 'directory', 'absent', 'file'],
             'mode': ['0600', '0644', 'u+x'], 'owner': ['root', 'sshd']},
    'lineinfile': {'path!': ['/etc/hosts', '/etc/nosuch'], 'line': ['127.0.0.2 extra', ''], 'regexp': ['^127', 'nomatch'],
                   'state': ['present', 'absent'], 'create': BOOLS},
    'command': {'cmd!': ['id -un', 'cat /etc/hostname', 'false'], 'creates': ['/etc/passwd', '/nosuch']},
}
# seeds from 22200 on, on the test host: modules it lacks the tools or libraries for (no git, no
# pexpect) and apt's repository modules, all in check mode
SYSTEM11 = {
    'expect': {'command!': ['echo hi', 'passwd'], 'responses!': [{'(?i)password': 'x'}, {}, 'x'], 'timeout': [1, 'x'],
               'echo': BOOLS, 'chdir': ['/tmp']},
    'git': {'repo!': ['/srv/repo.git', 'https://example.invalid/r.git'], 'dest!': ['/srv/co', ''], 'version': ['main', 'HEAD'],
            'clone': BOOLS, 'update': BOOLS, 'depth': [1, 'x'], 'force': BOOLS, 'bare': BOOLS},
    'apt_repository': {'repo!': ['deb http://example.invalid/debian bookworm main', 'ppa:x/y', 'bogus', ''],
                       'state': ['present', 'absent', 'bogus'], 'filename': ['extra', 'bad/name'], 'update_cache': [False, 'no'],
                       'mode': ['0644', 420, 'x'], 'codename': ['bookworm']},
    'deb822_repository': {'name!': ['extra', 'bad name'], 'types': ['deb', ['deb', 'deb-src'], 'bogus'],
                          'uris': ['http://example.invalid/debian'], 'suites': ['bookworm', ['bookworm', 'bookworm-updates']],
                          'components': ['main'], 'state': ['present', 'absent', 'bogus'], 'enabled': BOOLS,
                          'signed_by': ['/nosuch.gpg'], 'mode': ['0644', 'x']},
    'dpkg_selections': {'name!': ['cron', 'nosuchpkg-x', ''], 'selection!': ['hold', 'install', 'purge', 'bogus']},
    'package': {'name!': ['cron', 'nosuchpkg-x', ['cron', 'openssh-server']], 'state': ['present', 'absent', 'latest', 'bogus'],
                'use': ['auto', 'apt', 'bogus']},
    'systemd_service': {'name': ['ssh', 'cron'], 'state': ['started', 'stopped', 'bogus'], 'enabled': BOOLS},
}
# session 12, seeds from 23000 on, on the test host (check mode): setup with filters (never the
# whole facts: memory and clocks change between runs), the dnf family where dnf is missing
# (dnf4's and dnf5's modules, yum's redirect, package's use), rpm_key and apt_key, subversion (no
# svn there), mount_facts of pseudo filesystems only
SYSTEM12 = {
    'setup': {'filter!': ['ansible_hostname', ['ansible_os_family', 'ansible_distribution*'], 'nomatch', 'ansible_lsb',
                          'ansible_python_version', 'ansible_user_id'],
              'gather_subset': ['!all', ['!all', 'min'], 'bogus', ['!all', '!min', 'distribution'], 'lsb'],
              'gather_timeout': [5, 'x'], 'fact_path': ['/etc/ansible/facts.d', '/nosuch']},
    'dnf': {'name': ['cron', ['a', 'b'], 'a b', 'x,y'], 'state': ['present', 'latest', 'absent', 'bogus'],
            'use_backend': ['dnf4', 'dnf', 'yum4', 'dnf5', 'auto', 'bogus'], 'list': ['installed'], 'update_cache': BOOLS,
            'autoremove': BOOLS, 'lock_timeout': [0, 'x'], 'install_repoquery': BOOLS, 'best': BOOLS, 'nobest': BOOLS},
    'dnf5': {'name': ['cron', 'a b'], 'state': ['present', 'bogus'], 'autoremove': BOOLS, 'auto_install_module_deps': BOOLS,
             'list': ['installed']},
    'yum': {'name': ['cron', 'a b'], 'use_backend': ['yum4', 'dnf4', 'auto'], 'state': ['latest', 'removed']},
    'rpm_key': {'key!': ['/nosuch.asc', 'DEADBEEF', '0xDEADBEEF', '/etc/hostname'], 'state': ['present', 'absent', 'bogus'],
                'validate_certs': BOOLS, 'fingerprint': ['ABCD', ['A', 'B']]},
    'apt_key': {'id': ['DEADBEEF', '0xDEADBEEF12345678', 'x'], 'file': ['/nosuch.asc', '/etc/hostname'],
                'keyring': ['/etc/apt/trusted.gpg.d/x.gpg'], 'state': ['present', 'absent', 'bogus'], 'data': ['garbage'],
                'validate_certs': BOOLS},
    'subversion': {'repo!': ['file:///srv/svn', 'svn://example.invalid/r'], 'dest': ['/srv/wc', ''], 'checkout': BOOLS,
                   'update': BOOLS, 'export': BOOLS, 'executable': ['/bin/true', '/nosuch/svn']},
    'mount_facts': {'fstypes!': [['proc'], ['proc', 'sysfs'], 'proc'], 'devices': [['proc'], 'nosuch*'],
                    'sources': [['static'], ['dynamic'], 'all', ['bogus']], 'mount_binary': ['/bin/mount', '/nosuch'],
                    'timeout': [1, 'x'], 'on_timeout': ['error', 'warn', 'ignore', 'bogus'], 'include_aggregate_mounts': BOOLS},
}
SYSTEM_ALIASES = {'user': {'name': ['user']}, 'group': {}, 'cron': {'name': []}, 'apt': {'name': ['package', 'pkg']},
                  'pip': {'name': []}, 'debconf': {'name': ['pkg'], 'question': ['selection', 'setting'], 'vtype': ['type']},
                  'systemd': {'name': ['service', 'unit']}, 'service': {}, 'slurp': {'src': ['path']}}
META = ['noop', 'clear_facts', 'clear_host_errors', 'refresh_inventory', 'reset_connection', 'flush_handlers', 'end_host']
# the local HTTP server uri asks: fixed headers (no clock, no Python version), fixed bodies
HTTP_SERVER = '''import http.server, json, sys
class H(http.server.BaseHTTPRequestHandler):
    server_version = 'fixed'
    sys_version = ''
    def date_time_string(self, timestamp=None):
        return 'Thu, 01 Jan 2026 00:00:00 GMT'
    def log_message(self, *a):
        pass
    def answer(self):
        n = int(self.headers.get('Content-Length') or 0)
        body = self.rfile.read(n) if n else b''
        path = self.path.split('?')[0]
        if path == '/redirect':
            self.send_response(301); self.send_header('Location', '/ok'); self.end_headers(); return
        if path == '/missing':
            out, code, ctype = b'no such page', 404, 'text/plain'
        elif path == '/json':
            out, code, ctype = json.dumps({'a': 1, 'b': [1, 2], 'm': self.command}).encode(), 200, 'application/json'
        elif path == '/echo':
            out, code, ctype = body or b'empty', 201, self.headers.get('Content-Type') or 'text/plain'
        else:
            out, code, ctype = b'hello\\n', 200, 'text/plain'
        self.send_response(code); self.send_header('Content-Type', ctype); self.send_header('Content-Length', str(len(out)))
        self.send_header('X-Test', 'yes'); self.end_headers()
        if self.command != 'HEAD':
            self.wfile.write(out)
    do_GET = do_POST = do_PUT = do_HEAD = do_DELETE = answer
http.server.HTTPServer(('127.0.0.1', int(sys.argv[1])), H).serve_forever()
'''

MORE_FREE = {
    'command': [['cat'], ['printf', '%s|', 'a b', 'c'], ['sh', '-c', 'echo $0 $1', 'x', 'y']],
    'script': ['s.sh "a b" c', 's.sh --opt=1', 'fails.sh x'],
}

FREE = {
    'command': ['echo hi', 'false', 'ls ' + OUT + '/missing', 'cat ' + F, 'echo $HOME *', 'nosuchcommand'],
    'shell': ['echo hi; echo err >&2', 'exit 3', 'cat ' + F + ' | grep a', 'echo $0', 'cd ' + D + ' && ls'],
    'raw': ['echo raw', 'exit 2', 'printf "a\\nb"'],
    'script': ['s.sh', 's.sh arg1 "two words"', 'nope.sh', 'fails.sh'],
}
FREE_OPTS = {
    'chdir': [D, OUT + '/missing', F], 'creates': [F, OUT + '/missing', D + '/*.txt'],
    'removes': [F, OUT + '/missing'], 'stdin': ['input', ''], 'stdin_add_newline': BOOLS,
    'strip_empty_ends': BOOLS, 'executable': ['/bin/bash', '/bin/sh', 'nosuch'], 'cmd': ['echo cmd', 'cat'],
    'argv': [['echo', 'a b'], ['false'], 'echo x', [1, 2]], 'expand_argument_vars': BOOLS,
    'warn': BOOLS, '_uses_shell': [True], 'free_form': ['echo ff'],
}
FREE_ALLOWED = {
    'command': ['chdir', 'creates', 'removes', 'stdin', 'stdin_add_newline', 'strip_empty_ends', 'cmd', 'argv',
                'expand_argument_vars'],
    'shell': ['chdir', 'creates', 'removes', 'stdin', 'stdin_add_newline', 'strip_empty_ends', 'cmd', 'executable'],
    'raw': ['executable'],
    'script': ['chdir', 'creates', 'removes', 'executable', 'cmd'],
}
TYPOS = {'path': 'paht', 'dest': 'dst', 'state': 'sate', 'mode': 'mdoe', 'content': 'contents', 'src': 'source',
         'regexp': 'regex', 'line': 'lines', 'msg': 'mgs', 'that': 'thats', 'create': 'creates'}
ALIASES = {'file': {'path': ['dest', 'name']}, 'known_hosts': {'name': ['host']}, 'yum_repository': {'name': []},
           'uri': {}, 'add_host': {'name': ['host', 'hostname'], 'groups': ['group', 'groupname']}, 'group_by': {}, 'lineinfile': {'path': ['dest', 'destfile', 'name'], 'regexp': ['regex']},
           'blockinfile': {'path': ['dest', 'destfile', 'name'], 'block': ['content']},
           'replace': {'path': ['dest', 'destfile', 'name']}, 'stat': {'path': ['dest', 'name'], 'checksum_algorithm': ['checksum', 'checksum_algo']},
           'find': {'paths': ['name', 'path'], 'patterns': ['pattern'], 'excludes': ['exclude']},
           'copy': {}, 'get_url': {}, 'getent': {}, 'slurp': {'src': ['path']}, 'wait_for': {'path': []},
           'assert': {'fail_msg': ['msg']}, 'unarchive': {}, 'fetch': {}}


def with_more(specs, extras):
    """The specs with each extra's values added to (or forming) their options' choices."""
    out = {mod: dict(spec) for mod, spec in specs.items()}
    for extra in extras:
        for mod, options in extra.items():
            out.setdefault(mod, {})  # a module of its own
            for key, values in options.items():
                name = key if key in out[mod] else (key + '!' if key + '!' in out[mod] else key)
                out[mod][name] = list(out[mod].get(name, [])) + values
    return out


class G:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.n = 0
        self.more = seed >= 13100
        self.system = seed >= 17000
        self.port = 20000 + (seed * 7 + sum(OUT.encode())) % 20000
        self.s10 = seed >= 21100
        self.s11 = seed >= 22200
        self.s12 = seed >= 23000
        # seeds from 24100 on: gen_modargs_more.py's shapes, from a stream of their own
        self.s13 = seed >= 24100
        self.r13 = random.Random(seed * 31 + 13)
        # seeds from 26000 on: gen_modargs_daily.py's shapes, from a stream of their own
        self.s14 = seed >= 26000
        self.r14 = random.Random(seed * 37 + 14)
        self.system_specs = SYSTEM
        if self.more:
            self.specs = with_more(SPECS, [MORE] + ([MORE10] if self.s10 else []) + ([MORE11] if self.s11 else [])
                                   + ([MORE12] if self.s12 else []))
        else:
            self.specs = SPECS
        if self.s10:
            self.system_specs = with_more(SYSTEM, [MORE10_SYSTEM] + ([SYSTEM11] if self.s11 else [])
                                          + ([SYSTEM12] if self.s12 else []))

    def pick(self, xs):
        return self.r.choice(xs)

    def chance(self, p):
        return self.r.random() < p

    def valid(self, mod):
        spec = self.specs[mod]
        args = {}
        for key, values in spec.items():
            if key.endswith('!'):
                args[key[:-1]] = self.pick(values)
            elif self.chance(0.3):
                args[key] = self.pick(values)
        return args

    def mutate(self, mod, args):
        k = self.r.randrange(9)
        keys = list(args)
        if k == 0 and keys:                       # misspelt option
            key = self.pick(keys)
            args[TYPOS.get(key, key + 's')] = args.pop(key)
        elif k == 1:                              # unknown option
            args[self.pick(['bogus', 'foo_bar', 'Path', 'with_items'])] = 1
        elif k == 2 and keys:                     # wrong type
            args[self.pick(keys)] = self.pick(WRONG + BOOLS)
        elif k == 3 and keys:                     # missing a required one
            req = [x[:-1] for x in self.specs[mod] if x.endswith('!')]
            if req:
                args.pop(self.pick(req), None)
        elif k == 4:                              # alias in place of the name, or both
            al = ALIASES.get(mod, {})
            names = [n for n in al if al[n]]
            if names:
                name = self.pick(names)
                alias = self.pick(al[name])
                if self.chance(0.6) and name in args:
                    args[alias] = args.pop(name)
                else:
                    args[alias] = self.pick(self.specs[mod].get(name, self.specs[mod].get(name + '!', ['x'])))
        elif k == 5:                              # every option set at once: exclusions, requirements
            for key, values in self.specs[mod].items():
                if self.chance(0.5):
                    args[key.rstrip('!')] = self.pick(values)
        elif k == 6:
            return {}
        elif k == 7:                              # the arguments as one k=v string
            return ' '.join('%s=%s' % (a, v) for a, v in args.items() if isinstance(v, (str, int)) and ' ' not in str(v))
        return args

    def free(self, mod):
        cmd = self.pick(FREE[mod] + (MORE_FREE.get(mod, []) if self.more else []))
        opts = {}
        if isinstance(cmd, list):                 # an argv (command only): with stdin now and then
            opts['argv'] = cmd
            if cmd == ['cat'] or self.chance(0.3):
                opts['stdin'] = self.pick(['input', 'two\nlines', ''])
            return {mod: opts}
        allowed = FREE_ALLOWED[mod]
        for _ in range(self.r.randrange(3)):
            key = self.pick(allowed if self.chance(0.8) else list(FREE_OPTS))
            opts[key] = self.pick(FREE_OPTS[key])
        if 'stdin' in opts:                       # a command that does not read it races its writer
            cmd = 'cat'
            opts.pop('cmd', None)
        form = self.r.randrange(4)
        if form == 0 and not opts:
            return {mod: cmd}
        if form == 1:                             # free form with k=v options in the string
            kv = ' '.join('%s=%s' % (k, v) for k, v in opts.items() if isinstance(v, str) and ' ' not in v)
            return {mod: (cmd + ' ' + kv).strip()}
        if form == 2:                             # free form plus args:
            t = {mod: cmd}
            if opts:
                t['args'] = opts
            return t
        if 'cmd' not in opts and 'argv' not in opts and self.chance(0.8):
            opts['cmd'] = cmd
        return {mod: opts}

    def task(self):
        self.n += 1
        reg = 'r%d' % self.n
        mod = self.pick(list(self.specs) + list(FREE) * 2 + ['async'])
        if self.s10 and self.chance(0.5):          # what real playbooks use most
            mod = self.pick(list(MORE10) + ['command', 'shell'])
        if self.s11 and self.chance(0.3):          # the options session 11 added
            mod = self.pick(list(MORE11))
        if self.s12 and self.chance(0.3):          # the modules and options session 12 added
            mod = self.pick(list(MORE12))
        if mod == 'async':
            return self.async_tasks(reg)
        if mod in FREE:
            t = self.free(mod)
        else:
            args = self.valid(mod)
            if self.chance(0.55):
                args = self.mutate(mod, args)
            if mod == 'wait_for':                 # its default timeout is five minutes
                if isinstance(args, dict):
                    args.setdefault('timeout', 1)
                elif 'timeout=' not in args:
                    args += ' timeout=1'
            if mod == 'getent':                   # a whole database is the machine's, not the module's
                if isinstance(args, dict) and not (isinstance(args.get('key'), str) and args['key']):
                    args['key'] = 'root'
                elif isinstance(args, str) and 'key=' not in args:
                    args += ' key=root'
            if mod == 'known_hosts':             # never the machine's own ~/.ssh/known_hosts
                if isinstance(args, dict):
                    if not (isinstance(args.get('path'), str) and args['path'].startswith(OUT)):
                        args['path'] = OUT + '/kh'
                else:
                    args = ' '.join(kv for kv in args.split(' ') if not kv.startswith('path=')) + ' path=' + OUT + '/kh'
            if mod == 'stat' and isinstance(args, dict):
                # the oracle's chroot has neither file(1) nor lsattr
                args.update(get_mime=False, get_attributes=False)
            elif mod == 'stat' and self.s11:     # (the k=v form too)
                args = ' '.join(kv for kv in args.split(' ') if kv.split('=')[0] not in ('get_mime', 'get_attributes')) + ' get_mime=false get_attributes=false'
            if mod == 'unarchive' and self.s11:
                # not an archive: the reasons would list the tools this machine has and the oracle's chroot lacks
                if isinstance(args, dict) and args.get('src') == F:
                    args['src'] = OUT + '/t.tar'
                elif isinstance(args, str):
                    args = ' '.join('src=' + OUT + '/t.tar' if kv == 'src=' + F else kv for kv in args.split(' '))
            if mod == 'tempfile' and self.s11 and not (isinstance(args, dict) and args.get('prefix') in (None, 'ansible.')):
                # a random name shows whole unless it starts ansible. (run.py's normalization)
                args = dict(args, prefix='ansible.') if isinstance(args, dict) else ' '.join(kv for kv in args.split(' ') if not kv.startswith('prefix=')) + ' prefix=ansible.'
            t = {mod: args}
            if mod == 'set_fact' and isinstance(args, dict) and not any(k.startswith('sf_') for k in args):
                t[mod]['sf_b'] = 1
        name = '%s %d' % (mod, self.n)
        out = dict([('name', name)] + list(t.items()))
        if self.chance(0.15):
            out['check_mode'] = self.pick([True, False])
        if self.chance(0.1):
            out['diff'] = self.pick([True, False])
        out['register'] = reg
        out['ignore_errors'] = True
        tasks = [out]
        if self.chance(0.6):
            tasks.append({'name': 'show %s' % reg, 'debug': {'var': reg}})
        return tasks

    def async_tasks(self, reg):
        """A command started with async (waited for, or not), then asked about by async_status."""
        launch = {'name': 'async %d' % self.n, 'command': self.pick(['echo hi', 'false', 'sh -c "echo out; exit 3"', 'nosuchcommand']),
                  'async': self.pick([5, '5', 0]), 'poll': self.pick([0, 1, '0']), 'register': reg, 'ignore_errors': True}
        if self.chance(0.15):
            launch['check_mode'] = True
        tasks = [launch, {'name': 'show %s' % reg, 'debug': {'var': reg}}]
        if launch['poll'] in (0, '0'):
            # the job ends well within the second the pause gives it
            # (not in check mode: there the command would not run, and the job not end in time)
            tasks.append({'name': 'let it end', 'command': 'sleep 1', 'changed_when': False, 'check_mode': False})
            tasks.append({'name': 'status %d' % self.n, 'register': reg + 's', 'ignore_errors': True,
                          'async_status': {'jid': '{{ %s.ansible_job_id | default("none") }}' % reg, 'mode': self.pick(['status', 'status', 'cleanup'])}})
            tasks.append({'name': 'show %ss' % reg, 'debug': {'var': reg + 's'}})
        return tasks

    def system_task(self):
        """A check-mode call of a module that acts on the machine, on the test host."""
        self.n += 1
        reg = 'r%d' % self.n
        mod = self.pick(list(self.system_specs) + ['meta'])
        if self.s12 and self.chance(0.35):
            mod = self.pick(list(SYSTEM12))
        if mod == 'meta':
            return [{'name': 'meta %d' % self.n, 'meta': self.pick(META), 'when': self.pick([True, 'false', 'n == 1'])}]
        spec = self.system_specs[mod]
        args = {}
        for key, values in spec.items():
            if key.endswith('!') or self.chance(0.3):
                args[key.rstrip('!')] = self.pick(values)
        if self.chance(0.4):
            k = self.r.randrange(4)
            if k == 0:
                args[self.pick(['bogus', 'Name'])] = 1
            elif k == 1 and args:
                args[self.pick(list(args))] = self.pick(WRONG + BOOLS)
            elif k == 2:
                al = SYSTEM_ALIASES.get(mod, {})
                names = [n for n in al if al[n] and n in args]
                if names:
                    name = self.pick(names)
                    args[self.pick(al[name])] = args.pop(name)
            elif k == 3:
                args = ' '.join('%s=%s' % (a, v) for a, v in args.items() if isinstance(v, (str, int)) and ' ' not in str(v) and v != '')
        out = {'name': '%s %d' % (mod, self.n), mod: args, 'register': reg, 'ignore_errors': True}
        if mod == 'fetch':
            out['check_mode'] = self.pick([True, False])  # writes on the controller only
        tasks = [out]
        if mod == 'service_facts':
            tasks.append({'name': 'show %s' % reg, 'debug': {'msg': "{{ ansible_facts.services | default({}) | dict2items | selectattr('key', 'in', ['ssh', 'cron', 'ssh.service']) | list }}"}})
        elif mod == 'package_facts':
            tasks.append({'name': 'show %s' % reg, 'debug': {'msg': "{{ [(ansible_facts.packages | default({}))['openssh-server'] | default('none'), %s.failed | default(false), %s.msg | default('')] }}" % (reg, reg)}})
        elif self.chance(0.7):
            tasks.append({'name': 'show %s' % reg, 'debug': {'var': reg}})
        return tasks

    def system_play(self, host):
        tasks = []
        for _ in range(self.r.randint(4, 10)):
            tasks += self.system_task()
        if self.s13:
            # apt_key's gpg creates /root/.gnupg under the first engine, which the second then finds
            tasks.insert(0, {'name': 'no gnupg home', 'file': {'path': '/root/.gnupg', 'state': 'absent'}, 'check_mode': False,
                             'changed_when': False})
        return {'name': 'system', 'hosts': host, 'gather_facts': self.pick([False, False, True]), 'check_mode': True,
                'vars': {'n': 1}, 'tasks': tasks}

    def http_other_tasks(self):
        """get_url from the case's own HTTP server, or wait_for its port (open) or another (closed)."""
        self.n += 1
        reg = 'r%d' % self.n
        base = 'http://127.0.0.1:%d' % self.port
        if self.chance(0.35):
            args = {'port': self.pick([self.port, self.port, 1, 'x']), 'host': self.pick(['127.0.0.1', 'localhost']), 'timeout': 1}
            for key, values in {'state': ['started', 'stopped', 'drained', 'present', 'absent'], 'search_regex': ['hello', 'nope'],
                                'connect_timeout': [1, 'x'], 'delay': [0], 'msg': ['port wait']}.items():
                if self.chance(0.3):
                    args[key] = self.pick(values)
            mod = 'wait_for'
        else:
            # (no redirect: check mode's HEAD stays HEAD through it on the oracle's Python 3.13, turns
            # into a GET on 3.11's urllib, which this machine's agent runs on)
            args = {'url': base + self.pick(['/ok', '/json', '/missing', '/ok?q=1']),
                    'dest': self.pick([OUT + '/got.txt', OUT + '/nd/', D, F, OUT + '/missing/x.txt'])}
            # (url_password is masked wherever it shows: never a letter that random temp names hold;
            # no tmp_dest that exists: the download's random name shows as src)
            options = {'checksum': ['sha1:f572d396fae9206628714fb2ce00f72e94f2258f', 'sha256:' + '0' * 64, 'md5:x', 'bogus'],
                       'force': BOOLS, 'mode': MODES, 'backup': BOOLS, 'timeout': [5, 'x', 0], 'headers': [{'X-A': '1'}, 'x'],
                       'url_username': ['u'], 'url_password': ['Secret9'], 'force_basic_auth': BOOLS, 'use_proxy': BOOLS,
                       'validate_certs': BOOLS, 'decompress': BOOLS, 'unredirected_headers': [['X-A']], 'http_agent': ['agent/1'],
                       'tmp_dest': [OUT + '/missing', D + '/a.txt'], 'bogus': [1]}
            for key, values in options.items():
                if self.chance(0.15):
                    args[key] = self.pick(values)
            mod = 'get_url'
        out = {'name': '%s %d' % (mod, self.n), mod: args, 'register': reg, 'ignore_errors': True}
        if self.chance(0.2):
            out['check_mode'] = True
        if self.chance(0.2):
            out['diff'] = True
        return [out, {'name': 'show %s' % reg, 'debug': {'var': reg}}]

    def http_tasks(self):
        """uri against the case's own HTTP server (started by an earlier task)."""
        if self.s10 and self.chance(0.5):
            return self.http_other_tasks()
        self.n += 1
        reg = 'r%d' % self.n
        base = 'http://127.0.0.1:%d' % self.port
        args = {'url': base + self.pick(['/ok', '/json', '/redirect', '/missing', '/echo', '/ok?q=1'])}
        options = {'method': ['GET', 'POST', 'HEAD', 'PUT', 'DELETE', 'bogus'], 'return_content': BOOLS,
                   'status_code': [200, [200, 201], 404, '201', 'x'], 'follow_redirects': ['none', 'safe', 'all', 'urllib2', 'bogus'],
                   'body_format': ['raw', 'json', 'form-urlencoded', 'nope'], 'body': ['text', {'k': 'v'}, ['a', 1]],
                   'headers': [{'X-A': '1'}, {'Content-Type': 'text/csv'}], 'dest': [OUT + '/got.txt', D],
                   'timeout': [5, 'x'], 'creates': [F, OUT + '/missing'], 'removes': [OUT + '/missing'],
                   'force_basic_auth': BOOLS, 'url_username': ['u'], 'url_password': ['p'], 'validate_certs': BOOLS,
                   'unix_socket': [OUT + '/nosock'], 'decompress': BOOLS, 'use_proxy': BOOLS}
        for key, values in options.items():
            if self.chance(0.2):
                args[key] = self.pick(values)
        out = {'name': 'uri %d' % self.n, 'uri': args, 'register': reg, 'ignore_errors': True}
        if self.chance(0.2):
            out['check_mode'] = True
        shown = {'name': 'show %s' % reg, 'debug': {'var': reg}}
        return [out, shown]

    def play(self):
        tasks = [{'name': 'fixtures', 'shell': FIXTURES, 'check_mode': False, 'changed_when': False}]
        if self.s10:
            tasks.append({'name': 'more fixtures', 'shell': FIXTURES10, 'check_mode': False, 'changed_when': False})
        if self.system and self.chance(0.7 if self.s10 else 0.5):
            # the case's own HTTP server, asked by uri tasks mixed in, stopped by the last task (its
            # pid kept in the case folder, which no generated task touches)
            tasks.append({'name': 'http server', 'shell': 'nohup python3 {{ playbook_dir }}/srv.py %d >/dev/null 2>&1 & echo $! > {{ playbook_dir }}/http.pid; sleep 1' % self.port,
                          'check_mode': False, 'changed_when': False})
            self.http = True
        else:
            self.http = False
        if self.s13:
            tasks.append(gen_modargs_more.fixtures())
        if self.s14:
            tasks.append(gen_modargs_daily.fixtures())
        for _ in range(self.r.randint(5, 15)):
            tasks += self.http_tasks() if self.http and self.chance(0.4) else self.task()
            if self.s13 and self.r13.random() < 0.4:
                tasks += gen_modargs_more.task(self, self.r13)
            if self.s14 and self.r14.random() < 0.8:
                tasks += gen_modargs_daily.tasks(self, self.r14)
        if self.http:
            tasks.append({'name': 'http server stops', 'shell': 'kill $(cat {{ playbook_dir }}/http.pid); rm {{ playbook_dir }}/http.pid',
                          'check_mode': False, 'changed_when': False})
        tasks.append({'name': 'files left', 'shell': "cd %s && find . -printf '%%p %%y %%m %%s\\n' | sort && find . -type f | sort | xargs md5sum" % OUT,
                      'check_mode': False, 'changed_when': False, 'register': 'left'})
        tasks.append({'name': 'show files', 'debug': {'var': 'left.stdout_lines'}})
        play = {'name': 'modargs', 'hosts': 'localhost', 'gather_facts': False,
                'vars': {'n': 1, 'none_v': None}, 'tasks': tasks}
        if self.s13:
            play['vars']['settings'] = {'b': 'two', 'a': 1, 'c': [1, 2]}
            play['handlers'] = gen_modargs_more.HANDLERS
        return play


def write_archives(out):
    """local.tar and local.tgz in the case folder: a.txt and x/two.txt, fixed owners, modes and times."""
    members = [('a.txt', b'local a\n'), ('x', None), ('x/two.txt', b'two\n')]
    for name, mode in (('local.tar', 'w'), ('local.tgz', 'w:gz')):
        raw = io.BytesIO()
        with tarfile.open(fileobj=raw, mode='w', format=tarfile.GNU_FORMAT) as tar:
            for path, data in members:
                info = tarfile.TarInfo(path)
                info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, 'root', 'root'
                if data is None:
                    info.type, info.mode = tarfile.DIRTYPE, 0o755
                    tar.addfile(info)
                else:
                    info.size, info.mode = len(data), 0o644
                    tar.addfile(info, io.BytesIO(data))
        data = raw.getvalue()
        if mode == 'w:gz':  # no name, no time in the gzip header
            data = gzip.compress(data, mtime=0)
        with open(os.path.join(out, name), 'wb') as f:
            f.write(data)


def main(seed, out):
    g = G(seed)
    play = g.play()
    plays = [play]
    testhost = os.environ.get('MODARGS_TESTHOST', '')
    if g.system and testhost:
        plays.append(g.system_play(testhost.split()[0]))
    os.makedirs(os.path.join(out, 'files', 'sub'), exist_ok=True)
    os.makedirs(os.path.join(out, 'vars_dir'), exist_ok=True)
    with open(os.path.join(out, 'playbook.yml'), 'w') as f:
        yaml.safe_dump(plays, f, sort_keys=False, width=1000)
    with open(os.path.join(out, 'inventory'), 'w') as f:
        f.write('localhost ansible_connection=local ansible_python_interpreter=/usr/bin/python3\n')
        if len(plays) > 1:
            f.write(testhost + '\n')
    files = {
        't.j2': 'host {{ inventory_hostname }} n={{ n }}\n{% for i in [1, 2] %}- {{ i }}\n{% endfor %}',
        'bad.j2': 'broken {{ n + }}\n', 'data.txt': 'file data\n', 'files/one.txt': 'one\n',
        'files/sub/two.txt': 'two\n', 'vars_dir/a.yml': 'va: 1\n', 'vars_dir/b.yml': 'vb: [1, 2]\n',
        'v.yml': 'iv: from v\n',
        'filters.j2': '{{ [3, 1, 2] | sort | join(",") }} {{ "abc" | upper }} {{ n | default(5) + 1 }}\n'
                      '{% if none_v is none %}none{% else %}some{% endif %} {{ {"k": n} | to_json }}\n'
                      '{{ "a,b" | split(",") | map("upper") | list }} {{ undefined_v | default("dflt") }}\n',
        'vars.j2': '{{ inventory_hostname }} {{ template_path | basename }} {{ ansible_managed | default("m") | length > 0 }}\n'
                   '{% for k, v in {"x": 1, "y": [n]}.items() %}{{ k }}={{ v }};{% endfor %}\n', 's.sh': '#!/bin/sh\necho "script $# $1"\n', 'fails.sh': '#!/bin/sh\necho out; echo err >&2; exit 4\n',
    }
    if g.system:
        files['srv.py'] = HTTP_SERVER
    if g.s10:  # blocks indented, a non-ASCII character (trim_blocks, lstrip_blocks, output_encoding)
        files['ws.j2'] = '  {% if n %}\n  indented {{ n }}\n  {% endif %}\n{% for i in [1, 2] %}\n  - {{ i }} é\n{% endfor %}\nend\n'
    # (the later streams' files are written with the others: gen_modargs_more's were once added after the
    # writing, and its config template and vars folder were missing from every case)
    if g.s13:
        files.update(gen_modargs_more.files())
    if g.s14:
        files.update(gen_modargs_daily.files())
    for name, text in files.items():
        os.makedirs(os.path.dirname(os.path.join(out, name)), exist_ok=True)
        with open(os.path.join(out, name), 'w') as f:
            f.write(text)
    if g.s11:  # archives the controller holds, for unarchive without remote_src
        write_archives(out)
    if g.s12:  # a template in other delimiters
        with open(os.path.join(out, 'alt.j2'), 'w') as f:
            f.write('[# note #]n=[[ n ]] [% if n %]yes[% endif %] {{ kept }}\n')
    for name in ('s.sh', 'fails.sh'):
        os.chmod(os.path.join(out, name), 0o755)
    args = g.pick([['-v'], ['--check', '--diff'], ['-v', '--check', '--diff'], ['-v', '--diff'], ['-v']])
    with open(os.path.join(out, 'args'), 'w') as f:
        f.write('\n'.join(args))


if __name__ == '__main__':
    main(int(sys.argv[1]), sys.argv[2])
