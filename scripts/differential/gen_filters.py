"""Writes one random filter/test/lookup case for run.py: one local play of many `debug` tasks (each
with ignore_errors), each applying a filter, test or lookup that ansible-core 2.19 ships
(ansible.builtin's and Jinja's own), picked at random, to random inputs of every type with random
arguments (positional and keyword, often of the wrong type or missing); seeded, so a seed always
gives the same case.

    python3 gen_filters.py SEED DIR

Only deterministic calls: `random`/`shuffle` always get a seed, dates are fixed epochs, password
lookups, password_hash (the oracle has no passlib) and `now()` are left out, `env` reads a variable the case's `env` file sets."""
import os, random, sys, yaml

# Where generated tasks write; run.py empties it before each engine runs.
OUT = os.environ.get("DIFFERENTIAL_OUT", "/tmp/fuzz-out")

# Play variables: typed values, some only YAML can spell (!unsafe, nan, -0.0).
PLAY_VARS = r'''    v_int: 42
    v_neg: -7
    v_zero: 0
    v_float: 3.75
    v_negzero: -0.0
    v_nan: .nan
    v_inf: .inf
    v_true: true
    v_false: false
    v_none: ~
    v_str: "Hello, World"
    v_empty: ""
    v_uni: "héllo wörld ✓ ß"
    v_numstr: "42"
    v_floatstr: "-3.5e2"
    v_boolstr: "yes"
    v_multi: "line one\nline two\n\nline four"
    v_path: /etc/ansible/../ansible/hosts.yml
    v_win: 'C:\Users\me\file.tar.gz'
    v_url: "https://user:pw@www.example.com:8080/a/b.html?q=1&r=x%20y#frag"
    v_unsafe: !unsafe "{{ not_rendered }} and {% raw %}"
    v_list: [3, 1, 2, 3, 1.5]
    v_words: [pear, Apple, fig, apple, pear]
    v_mixed: [1, "a", ~, 2.5, true, [2], {k: v}]
    v_nested: [[1, 2], [3, [4, [5, ~]]], []]
    v_empty_list: []
    v_empty_dict: {}
    v_dict: {b: 2, a: 1, C: 3}
    v_deep: {a: {b: [1, 2], c: {d: x}}, e: ~, f: [1]}
    v_over: {a: {b: [3], c: {z: 1}}, e: set, g: new}
    v_users:
      - {name: alice, age: 31, groups: [adm, dev], active: true}
      - {name: Bob, age: 25, groups: [dev], active: false, home: /home/bob}
      - {name: carol, age: 31, groups: [], active: yes}
    v_kv: [{key: x, value: 1}, {key: y, value: [2]}]
    v_pairs: [[a, 1], [b, 2]]
    v_size: 1536
    v_epoch: 1700000000
    v_date: "2024-03-05 14:07:09"
    v_tmpl: "{{ v_int + 1 }}"
'''

# Input expressions: (expression, kinds). Kinds steer the choice of inputs a filter likes.
INPUTS = [
    ('0', 'n'), ('1', 'n'), ('-3', 'n'), ('42', 'n'), ('2 ** 40', 'n'), ('3.5', 'n'), ('-0.0', 'n'), ('0.1', 'n'),
    ("'nan' | float", 'n'), ("'inf' | float", 'n'), ("'-inf' | float", 'n'), ('1e3', 'n'), ('-2.5', 'n'), ('7', 'n'),
    ('v_int', 'n'), ('v_neg', 'n'), ('v_zero', 'n'), ('v_float', 'n'), ('v_negzero', 'n'), ('v_nan', 'n'), ('v_inf', 'n'),
    ('v_size', 'n'), ('v_epoch', 'n'),
    ('true', 'b'), ('false', 'b'), ('v_true', 'b'), ('v_false', 'b'),
    ('none', 'x'), ('v_none', 'x'), ('undef_var', 'x'), ('omit', 'x'), ('v_unsafe', 's'), ('v_tmpl', 's'),
    ("''", 's'), ("'abc'", 's'), ("'Hello World'", 's'), ("'héllo ✓'", 's'), ("'42'", 's'), ("'3.14'", 's'),
    ("'-7'", 's'), ("'0x1F'", 's'), ("'yes'", 's'), ("'off'", 's'), ("'  pad me  '", 's'), ("'a,b,,c'", 's'),
    ("'AbC dEf'", 's'), ("'%s-%s'", 's'), ("'{0}'", 's'), ("'a.b*c?[d]'", 's'), ("'1.5G'", 's'), ("'10 KB'", 's'),
    ("'2 MiB'", 's'), ("'1,000'", 's'), ("'true'", 's'), ("'ALL CAPS'", 's'), ("'tab\\there'", 's'),
    ("'<b>x</b> & y'", 's'), ("'one two three four five six seven'", 's'),
    ('v_str', 's'), ('v_empty', 's'), ('v_uni', 's'), ('v_numstr', 's'), ('v_floatstr', 's'), ('v_boolstr', 's'),
    ('v_multi', 's'), ('v_path', 'p'), ('v_win', 'p'), ('v_url', 's'), ('v_date', 's'),
    ("'/etc/hosts'", 'p'), ("'a/b/../c/./d.txt'", 'p'), ("'~root/x'", 'p'), ("'/'", 'p'), ("'rel/file.tar.gz'", 'p'),
    ("'.hidden'", 'p'), ("'//double//slash/'", 'p'), ("'C:\\\\x\\\\y.txt'", 'p'), ("'\\\\\\\\srv\\\\share\\\\f'", 'p'),
    ('[]', 'l'), ('[1, 2, 3]', 'l'), ('[3, 1, 2, 1]', 'l'), ("['b', 'A', 'a', 'c']", 'l'), ("[1, 'a', none, 2.5]", 'l'),
    ('[[1, 2], [3, [4, [5]]]]', 'l'), ("[{'n': 'x', 'v': 2}, {'n': 'y', 'v': 1}, {'n': 'x', 'v': 3}]", 'l'),
    ('[true, false, 0, 1]', 'l'), ('[0.5, -1, 10]', 'l'), ("['10', '9', '100']", 'l'), ("[[1, 'a'], [2, 'b']]", 'l'),
    ('(1, 2)', 'l'), ('range(5)', 'l'), ("['x', ['y', none]]", 'l'),
    ('v_list', 'l'), ('v_words', 'l'), ('v_mixed', 'l'), ('v_nested', 'l'), ('v_empty_list', 'l'), ('v_users', 'l'),
    ('v_kv', 'l'), ('v_pairs', 'l'),
    ('{}', 'd'), ("{'a': 1, 'b': 2}", 'd'), ("{'b': {'c': [1, 2]}, 'a': none}", 'd'), ("{'key': 'k', 'value': 'v'}", 'd'),
    ("{1: 'one', 2: 'two'}", 'd'), ("{'B': 1, 'a': 2, 'c': 0}", 'd'),
    ('v_dict', 'd'), ('v_deep', 'd'), ('v_over', 'd'), ('v_empty_dict', 'd'), ('v_users[0]', 'd'),
]

# Arguments of any type, for calls with the wrong ones.
ANY_ARGS = ['0', '1', '2', '-1', '3.5', "'x'", "''", 'none', 'true', 'false', '[1, 2]', "{'a': 1}", "'%Y'", "'name'",
            'v_dict', 'v_list', 'undef_var', "'a'", '10', "'utf-8'", "'md5'", "'upper'", "'eq'"]

# filter -> (preferred input kinds, argument lists); '' is "no arguments".
FILTERS = {
    # Jinja's own
    'abs': ('n', ['']), 'attr': ('ds', ["'upper'", "'a'", "'name'", "'__class__'", '']),
    'batch': ('ls', ['2', '3', "2, 'X'", "3, fill_with=0", '0', "'2'"]),
    'capitalize': ('s', ['']), 'center': ('s', ['', '20', "9", 'width=11', "'x'"]),
    'count': ('lsd', ['']), 'dictsort': ('d', ['', 'true', "by='value'", 'reverse=true', "false, 'value', true", "by='x'"]),
    'escape': ('s', ['']), 'e': ('s', ['']), 'filesizeformat': ('n', ['', 'true', 'binary=true']),
    'first': ('ls', ['']), 'float': ('ns', ['', '1.5', 'default=2']),
    'forceescape': ('s', ['']), 'format': ('s', ['1, 2', "'a'", "'a', 'b'", 'v_dict', '', "x=1"]),
    'groupby': ('l', ["'n'", "'v'", "'age'", "'n', default='z'", "'0'", "attribute='name'", "'n', case_sensitive=true", '0']),
    'indent': ('s', ['', '2', '2, true', "first=true", "'> '", "4, blank=true", "width='--'", "2, true, true"]),
    'int': ('ns', ['', '7', 'base=16', "0, 16", "default=5", "0, 2", "0, 8"]),
    'items': ('d', ['']), 'join': ('ls', ['', "','", "', '", "attribute='n'", "'-', 'n'", '1']),
    'last': ('ls', ['']), 'length': ('lsd', ['']), 'list': ('lsd', ['']), 'lower': ('s', ['']),
    'map': ('l', ["'upper'", "'string'", "'int'", "attribute='n'", "attribute='name', default='?'", "'default', 'd'",
                  "'regex_replace', 'a', 'A'", "'bool'", "'length'", "'type_debug'", "'nosuch'", "attribute=0", '']),
    'max': ('l', ['', "attribute='v'", 'case_sensitive=true', "attribute='age'"]),
    'min': ('l', ['', "attribute='v'", 'case_sensitive=true', "attribute='age'"]),
    'pprint': ('lsdn', ['']),
    'random': ('ln', ["seed=1", "seed='x'", "seed=42", "start=5, seed=3", "step=2, seed=7", "10, 2, seed=1"]),
    'reject': ('l', ["'odd'", "'none'", "'string'", "'eq', 1", "'gt', 1", "'in', [1, 'a']", "'defined'", "'search', 'a'", '']),
    'rejectattr': ('l', ["'v'", "'n', 'eq', 'x'", "'active'", "'home', 'defined'", "'age', 'gt', 26"]),
    'replace': ('s', ["'l', 'L'", "'l', 'L', 1", "'', '-'", "'o'", "1, 2"]),
    'reverse': ('lsd', ['']), 'round': ('n', ['', '1', '2', "0, 'floor'", "1, 'ceil'", "2, 'common'", "0, 'bad'", "precision=-1"]),
    'safe': ('s', ['']),
    'select': ('l', ["'odd'", "'none'", "'string'", "'number'", "'eq', 1", "'ge', 2", "'in', [1, 'a']", "'truthy'",
                     "'match', 'a'", "'divisibleby', 3", "'version', '2', 'ge'", "'nosuchtest'", '']),
    'selectattr': ('l', ["'v'", "'n', 'eq', 'x'", "'active'", "'home', 'defined'", "'age', 'gt', 26", "'name', 'match', '[a-c]'"]),
    'slice': ('ls', ['2', '3', "2, 'F'", '0']),
    'sort': ('ls', ['', 'true', 'reverse=true', "attribute='v'", "attribute='n,v'", 'case_sensitive=true',
                    "attribute='age,name', reverse=true", "attribute='nope'"]),
    'string': ('nsldbx', ['']), 'striptags': ('s', ['']),
    'sum': ('l', ['', "attribute='v'", 'start=10', "attribute='age'", "start=[]"]),
    'title': ('s', ['']), 'tojson': ('lsdn', ['', 'indent=2', '2']), 'trim': ('s', ['', "'H'", "'\" '"]),
    'truncate': ('s', ['', '5', '10, true', "5, false, '…'", "5, leeway=0", "9, true, '', 0", "3, killwords=true"]),
    'unique': ('ls', ['', 'case_sensitive=true', "attribute='n'", "attribute='v'"]),
    'upper': ('s', ['']), 'urlencode': ('sdl', ['']), 'urlize': ('s', ['', '10', 'nofollow=true', "target='_blank'"]),
    'wordcount': ('s', ['']), 'wordwrap': ('s', ['5', '10, false', "7, wrapstring='|'", '3, true', "20, break_on_hyphens=false"]),
    'xmlattr': ('d', ['', 'false']),
    'default': ('xsnl', ["'D'", "'D', true", '', "none", "omit"]), 'd': ('xsn', ["'D'", "'D', true"]),
    # ansible.builtin
    'b64decode': ('s', ['', "encoding='utf-16-le'", "'ascii'", "urlsafe=true"]),
    'b64encode': ('s', ['', "encoding='utf-16-le'", "'latin-1'", "urlsafe=true"]),
    'basename': ('p', ['']), 'dirname': ('p', ['']), 'expanduser': ('p', ['']), 'expandvars': ('p', ['']),
    'realpath': ('p', ['']), 'relpath': ('p', ["'/etc'", "'/'", "'a'", '']), 'splitext': ('p', ['']),
    'normpath': ('p', ['']), 'path_join': ('lp', ['']), 'commonpath': ('l', ['']),
    'win_basename': ('p', ['']), 'win_dirname': ('p', ['']), 'win_splitdrive': ('p', ['']),
    'bool': ('sbnx', ['', 'true', "strict=true"]),
    'checksum': ('s', ['']), 'md5': ('s', ['']), 'sha1': ('s', ['']),
    'hash': ('s', ['', "'md5'", "'sha256'", "'sha512'", "'nope'", "'blake2s'"]),
    # NOTE: no password_hash: the oracle has no passlib (and Python 3.13 no crypt), so 2.19 fails every call there.
    'combinations': ('l', ['2', '0', '5', "'x'", '']), 'permutations': ('l', ['1', '2', '0', "'x'"]),  # never all of a long string: n! tuples hang both engines
    'product': ('l', ["['a', 'b']", 'repeat=2', "[1], ['x']", '', "5"]),
    'combine': ('d', ['v_over', 'v_over, recursive=true', "v_over, list_merge='append'", "v_over, recursive=true, list_merge='prepend_rp'",
                      "v_over, recursive=true, list_merge='append_rp'", "v_over, list_merge='keep'", "v_over, list_merge='bad'",
                      "{'a': none}", "[v_over, {'z': 0}]", '', "5", "v_over, bogus=1", "{'f': [1, 2]}, recursive=true, list_merge='append_rp'"]),
    'comment': ('s', ['', "'c'", "'erlang'", "'xml'", "'cblock'", "style='plain', prefix='@'", "'c', decoration='* '",
                      "'plain', postfix='END'", "'nope'", "beginning='<<', end='>>'"]),
    'dict2items': ('d', ['', "key_name='k', value_name='v'", "'k'", "key_name=1"]),
    'items2dict': ('l', ['', "key_name='n', value_name='v'", "key_name='name', value_name='age'", "'k'"]),
    'difference': ('l', ['[1, 3]', "['a']", '[]', '5', "v_list"]), 'intersect': ('l', ['[1, 3]', "['a', 1]", '[]', 'v_list']),
    'union': ('l', ['[1, 9]', "['z']", 'v_list', '5']), 'symmetric_difference': ('l', ['[1, 9]', "['a']", 'v_list']),
    'extract': ('sn', ['v_dict', 'v_list', "{'abc': {'x': 1}}", "v_deep, 'b'", "v_dict, ['a', 'b']", "[1, 2], 0"]),
    'fileglob': ('p', ['']),
    'flatten': ('l', ['', 'levels=1', '2', 'skip_nulls=false', "levels='x'", "1, false"]),
    'from_json': ('s', ['']), 'from_yaml': ('s', ['']), 'from_yaml_all': ('s', ['']),
    'human_readable': ('n', ['', 'true', "isbits=true, unit='M'", "unit='G'", "unit='Z'", "false, 'K'"]),
    'human_to_bytes': ('sn', ['', "'K'", "isbits=true", "default_unit='M'", "'X'"]),
    'log': ('n', ['', '10', '2', '0', "'x'", 'e']), 'pow': ('n', ['2', '0.5', '-1', "'x'", '']),
    'root': ('n', ['', '3', '0', '-2', "'x'"]),
    'mandatory': ('xsn', ['', "'custom message'", "msg='m'"]),
    'quote': ('s', ['']), 'regex_escape': ('s', ['', "'posix_basic'", "'posix_extended'", "re_type='nope'"]),
    'regex_findall': ('s', ["'l'", "'(l)(o)'", "'[a-z]+'", "'^L', multiline=true, ignorecase=true", "'(?P<x>o)'", "'.'",
                            "'('", "'\\\\d+'", "'o', true"]),
    'regex_replace': ('s', ["'l', 'L'", "'(l+)', '<\\\\1>'", "'^', '> '", "'o', 'O', count=1", "'^l', 'L', multiline=true",
                            "'H', 'h', ignorecase=true", "'(?P<w>\\\\w+)', '\\\\g<w>!'", "'x'", "'(', ''", "'l', '\\\\2'"]),
    'regex_search': ('s', ["'l+'", "'(l)(o)'", "'(l)(o)', '\\\\1'", "'(?P<a>o)', '\\\\g<a>'", "'^w', ignorecase=true",
                           "'^L', multiline=true", "'nomatch'", "'('", "'(l)', '\\\\2'", "'o', '\\\\0'"]),
    'rekey_on_member': ('l', ["'n'", "'name'", "'n', duplicates='overwrite'", "'zz'", "5"]),
    'shuffle': ('ls', ['seed=1', "seed='abc'", 'seed=99']),
    'split': ('s', ['', "','", "' '", "',', 1", "''"]),
    'strftime': ('s', ['0', '1700000000', "v_epoch, utc=true", "86400.5", "'x'", '', "-1, true"]),
    'subelements': ('l', ["'groups'", "'groups', skip_missing=true", "'v'", "'nope'", "'groups', true", '5']),
    'ternary': ('bxnsl', ["'T', 'F'", "'T', 'F', 'N'", "1", "true_val='y', false_val='n'", ""]),
    'to_datetime': ('s', ['', "'%Y-%m-%d'", "'%d/%m/%Y'", "'%Y-%m-%d %H:%M:%S'", "format='%H'"]),
    'to_json': ('lsdnbx', ['', 'indent=2', 'sort_keys=true', 'ensure_ascii=false', "separators=(',', ':')", 'indent=1, sort_keys=true']),
    'to_nice_json': ('lsdnbx', ['', 'indent=2', 'sort_keys=false', 'ensure_ascii=false', 'indent=0']),
    'to_yaml': ('lsdnbx', ['', 'indent=4', 'default_flow_style=false', 'sort_keys=false', 'width=10', "allow_unicode=false"]),
    'to_nice_yaml': ('lsdnbx', ['', 'indent=2', 'sort_keys=false', 'width=20', "allow_unicode=false"]),
    'to_uuid': ('s', ['', "namespace='6ba7b811-9dad-11d1-80b4-00c04fd430c8'", "'bad'"]),
    'type_debug': ('nsldbx', ['']),
    'unvault': ('s', ["'pw'"]), 'vault': ('s', ["'pw', salt='abcd1234'", "'pw', salt='s', vault_id='dev'", "'pw', salt='s', wrap_object=true"]),
    'urldecode': ('s', ['']), 'urlsplit': ('s', ['', "'hostname'", "'port'", "'query'", "'fragment'", "'username'", "'nope'"]),
    'zip': ('l', ["[1, 2]", "'ab'", "[1], [2], [3]", '', '5']), 'zip_longest': ('l', ["[1]", "[1], fillvalue='F'", "'abc', [0]", '']),
}

# test -> (preferred input kinds, argument lists)
TESTS = {
    # Jinja's own
    'boolean': ('bn', ['']), 'callable': ('sd', ['']), 'defined': ('x', ['']), 'undefined': ('x', ['']),
    'divisibleby': ('n', ['3', '2', '0', "'x'"]), 'eq': ('ns', ['1', "'a'", '42']), 'equalto': ('n', ['1', '42']),
    'ne': ('n', ['1']), 'lt': ('n', ['1', "'a'"]), 'le': ('n', ['3']), 'gt': ('ns', ['1', "'a'"]), 'ge': ('n', ['42']),
    'lessthan': ('n', ['2']), 'greaterthan': ('n', ['2']), 'escaped': ('s', ['']), 'even': ('n', ['']), 'odd': ('n', ['']),
    'false': ('b', ['']), 'true': ('b', ['']), 'filter': ('s', ['']), 'test': ('s', ['']), 'float': ('n', ['']),
    'in': ('ns', ['[1, 2, 42]', "'abcdef'", "{'a': 1}", '5']), 'integer': ('n', ['']), 'iterable': ('lsdn', ['']),
    'lower': ('s', ['']), 'upper': ('s', ['']), 'mapping': ('d', ['']), 'none': ('x', ['']), 'number': ('nb', ['']),
    'sameas': ('xb', ['none', 'true', '1']), 'sequence': ('lsd', ['']), 'string': ('s', ['']),
    # ansible.builtin
    'abs': ('p', ['']), 'is_abs': ('p', ['']), 'all': ('l', ['']), 'any': ('l', ['']),
    'contains': ('ls', ['1', "'a'", 'none']), 'directory': ('p', ['']), 'is_dir': ('p', ['']), 'exists': ('p', ['']),
    'file': ('p', ['']), 'is_file': ('p', ['']), 'link': ('p', ['']), 'is_link': ('p', ['']), 'link_exists': ('p', ['']),
    'mount': ('p', ['']), 'is_mount': ('p', ['']), 'same_file': ('p', ["'/etc/hosts'"]), 'is_same_file': ('p', ["'/etc'"]),
    'falsy': ('sbnlx', ['', 'convert_bool=true']), 'truthy': ('sbnlx', ['', 'convert_bool=true']),
    'isnan': ('n', ['']), 'nan': ('n', ['']),
    'match': ('s', ["'H'", "'h', ignorecase=true", "'^l', multiline=true", "'('", "'.*o'"]),
    'search': ('s', ["'o'", "'W', ignorecase=true", "'^l', multiline=true", "'('"]),
    'regex': ('s', ["'o'", "'^H', match_type='match'", "'x', match_type='bad'", "'o', match_type='fullmatch'"]),
    'subset': ('l', ['[1, 2, 3, 4]', '[]', "'abc'"]), 'issubset': ('l', ['[1, 2, 3]']),
    'superset': ('l', ['[1]', '[]', '[9]']), 'issuperset': ('l', ['[1]']),
    'uri': ('s', ['', "schemes=['https']"]), 'url': ('s', ['', "schemes=['ftp']"]), 'urn': ('s', ['']),
    'vault_encrypted': ('s', ['']), 'vaulted_file': ('p', ['']),
    'version': ('sn', ["'1.2'", "'1.10', '<'", "'2.0', 'ge'", "'1.0', 'bad'", "'1.0', '==', strict=true",
                       "'1.0.0', 'eq', version_type='semver'", "'1.0', 'lt', version_type='pep440'", "'1', '<', version_type='loose'"]),
    'version_compare': ('sn', ["'1.2', '>='"]),
    'changed': ('d', ['']), 'change': ('d', ['']), 'failed': ('d', ['']), 'failure': ('d', ['']), 'finished': ('d', ['']),
    'reachable': ('d', ['']), 'unreachable': ('d', ['']), 'skipped': ('d', ['']), 'skip': ('d', ['']),
    'started': ('d', ['']), 'succeeded': ('d', ['']), 'success': ('d', ['']), 'successful': ('d', ['']),
    'timedout': ('d', ['']),
}

# Lookup calls, written as the whole call; files live in the case folder.
LOOKUPS = [
    "lookup('items', [1, [2, 3]], 4)", "query('items', [1, [2, [3]]])", "lookup('items', v_nested)",
    "lookup('indexed_items', ['a', 'b'])", "query('indexed_items', v_words)", "lookup('indexed_items', 5)",
    "lookup('dict', v_dict)", "query('dict', v_deep)", "lookup('dict', [1])", "lookup('dict', {'a': 1}, {'b': 2})",
    "lookup('list', 1, 2)", "query('list', [1, 2], 3)", "lookup('list', 'a')",
    "lookup('sequence', 'start=1 end=5')", "query('sequence', 'start=0 end=10 stride=3 format=x%02d')",
    "lookup('sequence', 'count=3')", "lookup('sequence', 'start=5 end=1')", "lookup('sequence', 'start=5 end=1 stride=-2')",
    "lookup('sequence', 'end=3 count=3')", "lookup('sequence', 'start=x end=3')", "query('sequence', '4')",
    "lookup('sequence', start=1, end=3)", "lookup('sequence', 'start=0x0a end=0x0c format=%x')",
    "query('subelements', v_users, 'groups')", "lookup('subelements', v_users, 'groups', {'skip_missing': true})",
    "lookup('subelements', v_users, 'home')", "lookup('subelements', v_users)",
    "query('nested', [1, 2], ['a', 'b'])", "lookup('nested', [1], [])", "lookup('nested')",
    "query('together', [1, 2, 3], ['a'])", "lookup('together', [1], ['x', 'y'])",
    "lookup('first_found', 'nope.txt', 'data.txt')", "lookup('first_found', ['nope1', 'nope2'], errors='ignore')",
    "lookup('first_found', 'nope.txt')", "query('first_found', files=['x.txt', 'data.txt'], paths=['files', '.'])",
    "lookup('first_found', {'files': ['lines.txt'], 'paths': ['files']})", "lookup('first_found', 'nope', skip=true)",
    "lookup('file', 'data.txt')", "lookup('file', 'data.txt', rstrip=false)", "lookup('file', 'data.txt', lstrip=true)",
    "query('file', 'data.txt', 'lines.txt')", "lookup('file', 'nope.txt')", "lookup('file', 'nope.txt', errors='warn')",
    "lookup('file', 'nope.txt', errors='ignore')", "lookup('file', 'data.txt', 'lines.txt')",
    "lookup('lines', 'echo a; echo b')", "query('lines', 'printf \"x\\\\ny\"')", "lookup('lines', 'exit 3')",
    "lookup('pipe', 'echo hi there')", "lookup('pipe', 'printf \"a\\\\n\\\\n\"')", "lookup('pipe', 'exit 2')",
    "lookup('env', 'VOLANT_FT')", "lookup('env', 'VOLANT_FT_NONE')", "lookup('env', 'VOLANT_FT_NONE', default='dd')",
    "query('env', 'VOLANT_FT', 'VOLANT_FT_EMPTY')", "lookup('env', 'VOLANT_FT_EMPTY', default='x')",
    "lookup('vars', 'v_int')", "lookup('vars', 'v_int', 'v_str')", "lookup('vars', 'nope')", "lookup('vars', 'nope', default=0)",
    "lookup('vars', 'v_tmpl')", "query('vars', 'v_dict')", "lookup('vars', 5)",
    "query('varnames', '^v_[a-d]')", "lookup('varnames', 'v_n.*')", "lookup('varnames', '(')", "query('varnames', 'nomatch$')",
    "lookup('config', 'DEFAULT_FORKS')", "lookup('config', 'DEFAULT_BECOME_USER')", "lookup('config', 'NOPE_SETTING')",
    "lookup('config', 'NOPE_SETTING', on_missing='skip')", "lookup('config', 'NOPE_SETTING', on_missing='warn')",
    "lookup('config', 'NOPE', on_missing='bad')", "query('config', 'DEFAULT_TIMEOUT', 'DEFAULT_POLL_INTERVAL')",
    "lookup('config', 'remote_user', plugin_type='connection', plugin_name='ssh')", "lookup('config', 'DEFAULT_FORKS', plugin_type='bad')",
    "lookup('template', 't.j2')", "lookup('template', 't.j2', template_vars={'extra': 'E'})", "lookup('template', 'nope.j2')",
    "lookup('template', 't.j2', convert_data=false)", "lookup('template', 'n.j2')", "lookup('template', 'n.j2', convert_data=false)",
    "lookup('template', 't.j2', variable_start_string='[[', variable_end_string=']]')",
    "lookup('ini', 'k1', file='data.ini')", "lookup('ini', 'k1', section='s2', file='data.ini')", "lookup('ini', 'nope', file='data.ini')",
    "lookup('ini', 'nope', file='data.ini', default='dflt')", "query('ini', 'k.*', section='s1', file='data.ini', re=true)",
    "lookup('ini', 'k1 section=s2 file=data.ini')", "lookup('ini', 'k1', file='nope.ini')", "lookup('ini', 'k1', section='nos', file='data.ini')",
    "lookup('ini', 'user.name', type='properties', file='data.properties')", "lookup('ini', 'K1', file='data.ini', case_sensitive=true)",
    "lookup('ini', 'k1', file='data.ini', allow_no_value=true)",
    "lookup('csvfile', 'bob', file='data.csv', delimiter=',')", "lookup('csvfile', 'bob', file='data.csv', delimiter=',', col=2)",
    "lookup('csvfile', 'zed', file='data.csv', delimiter=',', default='none')", "lookup('csvfile', 'bob file=data.csv delimiter=, col=1')",
    "lookup('csvfile', 'alice', file='data.tsv')", "lookup('csvfile', 'alice', file='data.tsv', col=5)",
    "lookup('csvfile', 'bob', file='nope.csv')", "lookup('csvfile', 'x', file='data.csv', delimiter=',', keycol=1)",
    "lookup('fileglob', '*.txt')", "query('fileglob', 'files/*.txt')", "lookup('fileglob', 'nope*')",
    "lookup('nosuchlookup', 1)", "lookup('items')", "lookup('list')", "query('sequence', 'start=1 end=3', wantlist=false)",
    "lookup('items', [1, 2], wantlist=true)", "lookup('dict', v_dict, errors='ignore')",
    "lookup('inventory_hostnames', 'all')", "query('inventory_hostnames', 'nope')", "lookup('random_choice', 'a')",
]

# Whole expressions that mix plugins as playbooks do.
EXTRAS = [
    "v_users | map(attribute='name') | map('upper') | list", "v_users | selectattr('age', 'gt', 26) | map(attribute='name') | join(',')",
    "v_list | map('pow', 2) | list", "v_list | map('int') | sum", "v_words | map('regex_replace', '^(.)', '_\\\\1') | list",
    "v_words | select('match', '^[a-z]') | list", "v_words | reject('search', 'p') | list", "v_list | select('>', 2) | list",
    "v_users | groupby('age') | map('last') | list", "v_users | sort(attribute='name') | map(attribute='age') | list",
    "v_dict | dictsort(reverse=true) | map('first') | list", "v_kv | items2dict | dict2items", "v_dict | dict2items | items2dict",
    "v_list | unique | sort | list", "v_words | unique(case_sensitive=false) | list", "v_list | batch(2, 0) | list | last",
    "v_list | slice(3) | map('sum') | list", "[v_list, v_words] | flatten", "v_words | zip(v_list) | list | first",
    "v_words | zip_longest(v_list, fillvalue='-') | map('join', '=') | list", "v_words | product(v_list[:2]) | length",
    "v_list | combinations(2) | length", "v_words[:3] | permutations | map('join') | list", "v_nested | flatten(levels=1) | length",
    "v_deep | combine(v_over, recursive=true) | to_json", "v_deep | to_nice_yaml(indent=2)", "v_deep | to_nice_json(sort_keys=true)",
    "(v_deep | to_json | from_json) == v_deep", "v_users | to_yaml | from_yaml", "v_str | b64encode | b64decode",
    "v_str | hash('sha256') | truncate(10, true, '')", "v_uni | to_json", "v_uni | to_nice_json(ensure_ascii=false)",
    "v_url | urlsplit('query') | split('&')", "v_url | urldecode", "{'a b': 'c&d', 'e': [1, 2]} | urlencode",
    "v_path | dirname | basename", "v_path | splitext | last", "v_path | normpath | realpath", "v_win | win_splitdrive | last",
    "v_date | to_datetime", "(v_date | to_datetime).year", "(v_date | to_datetime('%Y-%m-%d %H:%M:%S') - ('2024-01-01' | to_datetime('%Y-%m-%d'))).days",
    "('%Y-%m-%d' | strftime(v_epoch, utc=true))", "'%H:%M:%S %j %a %b %p %%' | strftime(0, true)",
    "v_size | human_readable", "v_size * 1000000 | human_readable(unit='M')", "'1.5 MB' | human_to_bytes", "'1 Mb' | human_to_bytes(isbits=true)",
    "v_str | vault('pw', salt='abcd1234') | unvault('pw')", "v_float | round(1) | string", "v_list | sum(start=0.5)",
    "[v_int, v_float, v_negzero] | max", "[v_nan, 1] | min", "v_words | max(case_sensitive=true)", "v_users | min(attribute='age')",
    "(v_int | log(2)) | round(4)", "v_int | root(3)", "v_negzero | string", "v_nan == v_nan", "v_inf > 1e308",
    "v_int | ternary(v_str, v_none)", "v_none | ternary('t', 'f', 'n')", "v_numstr | int + v_float | int",
    "v_floatstr | float", "v_boolstr | bool", "v_multi | splitlines", "v_multi.splitlines()", "v_multi | wordwrap(5)",
    "v_multi | indent(3, first=true, blank=true)", "v_multi | comment('c')", "v_str | center(21, '*') if false else v_str | center(21)",
    "'%s=%d' | format('a', 1)", "'%(a)s' | format(a=1)", "'{0}-{1}'.format(v_int, v_str)", "v_str | format(1)",
    "range(3) | map('string') | join", "range(0, 10, 3) | list | random(seed=5)", "range(10) | shuffle(seed='s') | first",
    "v_users | rekey_on_member('name') | list", "v_users | subelements('groups') | map('last') | list",
    "v_users | map('extract', v_users) | list", "[0, 2] | map('extract', v_list) | list", "['a', 'C'] | map('extract', v_dict) | list",
    "v_tmpl | int", "v_unsafe | length", "v_unsafe | upper", "v_unsafe | regex_replace('{', '(')", "v_unsafe | type_debug",
    "omit | type_debug", "undef_var | default(omit) | type_debug", "v_mixed | map('type_debug') | list",
    "v_mixed | select | list", "v_mixed | reject('none') | map('string') | list", "v_mixed | map('bool') | list",
    "v_list | map('float') | map('round', 1) | list", "v_words | map('truncate', 3, true, '') | list",
    "v_list | to_json(indent=1)", "[v_nan, v_inf, v_negzero] | to_json", "[v_nan, v_inf, v_negzero] | to_yaml",
    "[v_nan, v_inf, v_negzero]", "{'a': v_nan}", "v_float | to_nice_yaml", "v_date | to_yaml", "{1: 2, none: 3, true: 4} | to_json",
    "{1: 2, none: 3} | to_nice_yaml", "v_dict | tojson", "v_uni | tojson", "v_uni | urlencode", "v_uni | b64encode",
    "v_uni | quote", "v_uni | regex_escape", "v_uni | hash('md5')", "v_uni | checksum", "v_uni | length", "v_uni | wordcount",
    "v_uni | upper", "v_uni | title", "v_uni | capitalize", "v_uni | center(20, '·')", "v_uni | to_uuid",
]

# Seeds from here on also draw Jinja statements, more tests and lookups, FQCN test names and
# Python methods on values (below); a lower seed gives the case it always gave.
EXTENDED_FROM = 21000

# Whole templates with statements (each a debug msg), over the play's variables.
STATEMENTS = [
    "{% for x in v_list %}{{ x }},{% else %}empty{% endfor %}", "{% for x in [] %}{{ x }}{% else %}empty{% endfor %}",
    "{% for x in v_words %}{{ loop.cycle('a', 'b') }}{{ x }} {% endfor %}",
    "{% for x in v_list %}{% if loop.changed(x) %}{{ x }}{% endif %}{% endfor %}",
    "{% for x in v_list %}{{ loop.previtem | default('-') }}>{{ loop.nextitem | default('-') }} {% endfor %}",
    "{% for x in v_list %}{{ loop.index }}/{{ loop.length }}/{{ loop.revindex0 }}/{{ loop.first }}/{{ loop.last }};{% endfor %}",
    "{% for x in v_nested recursive %}[{% if x is iterable %}{{ loop(x) }}{% else %}{{ x }}@{{ loop.depth }}{% endif %}]{% endfor %}",
    "{% for k, v in v_dict.items() %}{{ k }}={{ v }};{% endfor %}", "{% for k, v in v_dict | dictsort %}{{ k }}{{ v }}{% endfor %}",
    "{% for x in v_list if x > 1 %}{{ x }}{% endfor %}", "{% for x in v_list %}{% if x == 2 %}{% break %}{% endif %}{{ x }}{% endfor %}",
    "{% for a, b in v_pairs %}{{ a }}{{ b }}{% endfor %}", "{% for x in 5 %}{{ x }}{% endfor %}", "{% for x in none %}{{ x }}{% endfor %}",
    "{% for x in v_list %}{{ loop.cycle() }}{% endfor %}", "{% for x in undef_var %}{{ x }}{% else %}e{% endfor %}",
    "{% macro m(a, b='B', c=none) %}{{ a }}-{{ b }}-{{ c }}{% endmacro %}{{ m(1) }} {{ m(1, c=3) }} {{ m(b=2, a=0) }}",
    "{% macro m(a) %}{{ a }}{{ varargs }}{{ kwargs }}{% endmacro %}{{ m(1, 2, x=3) }}", "{% macro m(a) %}{{ a }}{% endmacro %}{{ m() }}",
    "{% macro m(a) %}{{ a }}{% endmacro %}{{ m(1, 2) }}", "{% macro m() %}{{ m.name }}{{ m.arguments }}{% endmacro %}{{ m() }}",
    "{% macro w(t) %}<{{ caller(t) }}>{% endmacro %}{% call(x) w('T') %}in {{ x }}{% endcall %}",
    "{% macro w() %}[{{ caller() }}]{% endmacro %}{% call w() %}body {{ v_int }}{% endcall %}", "{% macro w() %}{{ caller() }}{% endmacro %}{{ w() }}",
    "{% filter upper %}shout {{ v_str }}{% endfilter %}", "{% filter replace('l', 'L') | center(20) %}{{ v_str }}{% endfilter %}",
    "{% filter nosuch %}x{% endfilter %}", "{% set b %}block {{ v_int }}{% endset %}{{ b | length }} {{ b }}",
    "{% set b | upper %}up {{ v_str }}{% endset %}{{ b }}", "{% set x = 1 %}{% for i in v_list %}{% set x = x + i %}{% endfor %}{{ x }}",
    "{% set ns = namespace(n=0) %}{% for i in v_list %}{% set ns.n = ns.n + i %}{% endfor %}{{ ns.n }}",
    "{% set ns = namespace(a=1, b='x') %}{{ ns }}{{ ns.a }}{{ ns.c | default('nc') }}", "{% set ns = namespace() %}{% set ns.v = v_dict %}{{ ns.v.a }}",
    "{% set a, b = v_pairs[0] %}{{ a }}{{ b }}", "{% set a, b = [1] %}{{ a }}", "{% set x = 5 %}{% set x.y = 1 %}",
    "{% raw %}{{ not rendered }} {% if %}{% endraw %}{{ v_int }}", "{% with a = 1, b = v_str %}{{ a }}{{ b }}{% endwith %}{{ a | default('out') }}",
    "{% with %}{% set qq = 2 %}{{ qq }}{% endwith %}{{ qq | default('gone') }}", "{% if v_int > 40 %}big{% elif v_int > 10 %}mid{% else %}small{% endif %}",
    "{% if undef_var %}y{% else %}n{% endif %}", "{%- for x in v_list -%} {{ x }} {%- endfor -%}", "{{ v_list | join('\n') }}\n{# comment #}end",
    "{% for x in v_users | selectattr('active') %}{{ x.name }}{{ ',' if not loop.last }}{% endfor %}",
    "{% for g in v_users | groupby('age') %}{{ g.grouper }}:{{ g.list | map(attribute='name') | join('+') }} {% endfor %}",
    "{% set d = {} %}{% set _ = d.update({'k': 1}) %}{{ d }}", "{% set l = [] %}{{ l.append(1) }}{{ l }}",
    "{% for x in v_list %}{% continue %}{% endfor %}done", "{% do v_list.append(9) %}", "{% include 'n.j2' %}",
    "{% import 'n.j2' as n %}{{ n }}", "{% extends 'n.j2' %}", "{% for %}", "{% if %}{% endif %}", "{% endfor %}",
]

# More tests, with their inputs written out.
MORE_TESTS = [
    "v_str is match('H.*d$')", "v_str is search('wor', ignorecase=true)", "v_str is regex('^h', ignorecase=true, match_type='match')",
    "v_str is regex('o', match_type='findall')", "v_multi is search('^line', multiline=true)", "v_str is match('(')",
    "[1, 2] is subset(v_list)", "v_list is superset([1, 2])", "v_words is subset(v_words)", "[] is superset([])", "'ab' is subset('abc')",
    "'1.2.3' is version('1.2', '>')", "'1.2.3' is version('1.2.3', 'eq')", "'1.2.3-rc1' is version('1.2.3', '<', version_type='semver')",
    "'1.0' is version('1.0.0', '==', version_type='strict')", "'1.0a1' is version('1.0', '<', version_type='pep440')",
    "'2.0' is version('10.0', 'lt', version_type='loose')", "'1.2' is version('1.10', operator='lt')", "'1.2' is version('x.y', 'gt', strict=true)",
    "v_int is version('41', '>')", "'1' is version('1', 'bogus')", "'1.2' is version('1.2', '==', version_type='nope')",
    "'1.0' is ansible.builtin.version('1.1', 'lt')", "'x' is version_compare('y')", "'1.2' is version('1.2', 'ne', version_type='semver')",
    "'/etc' is abs", "'etc' is abs", "'/etc/hosts' is same_file('/etc/../etc/hosts')", "'/etc/hosts' is same_file('/nonexist')",
    "'nope' is same_file('/etc')", "v_str is vault_encrypted", "'$ANSIBLE_VAULT;1.1;AES256' is vault_encrypted", "undef_var is vault_encrypted",
    "v_str is ansible.builtin.match('H')", "v_list is ansible.builtin.subset(v_list)", "v_list is ansible.builtin.all",
    "v_str is ansible.builtin.string", "v_int is ansible.builtin.divisibleby(7)", "v_str is ansible.builtin.nosuchtest",
    "[v_true, 1] is all", "[] is any", "v_str is truthy(convert_bool=true)", "'no' is falsy(convert_bool=true)",
]

# More lookups.
MORE_LOOKUPS = [
    "lookup('lines', 'printf \"a\\\\nb\\\\n\"', wantlist=true)", "query('lines', 'echo one', 'echo two')", "lookup('lines', 'true')",
    "query('indexed_items', [['a', 'b'], 'c'])", "lookup('indexed_items', [])", "query('indexed_items', v_dict)",
    "query('nested', ['a', 'b'], [1, 2], ['x'])", "query('nested', [[1, 2]])", "query('nested', 'v_list', [1])", "query('nested', [])",
    "query('together', [1, 2], ['a', 'b'], ['x'])", "query('together', [])", "query('together', [[1]])",
    "query('subelements', v_users, 'groups', skip_missing=true)", "query('subelements', v_users, 'home', {'skip_missing': true})",
    "query('subelements', v_users, 'home', skip_missing=true)", "query('subelements', v_users, 'groups', {'bogus': 1})",
    "query('subelements', {'a': {'l': [1]}}, 'l')", "query('subelements', v_users, 'groups', 'extra')",
    "query('dict', {})", "query('dict', {'a': [1], 'b': {'c': 2}})", "query('dict', v_users)", "query('dict', 'str')",
    "query('sequence', 'start=1 count=3 format=n%d')", "query('sequence', 'start=10 count=2 stride=5')", "query('sequence', 'count=0')",
    "query('sequence', 'start=3 end=1 stride=1')", "query('sequence', 'start=1 end=3 format=%s-%s')", "query('sequence', 'start=1 end=2 format=%f')",
    "query('sequence', start=2, count=2, format='v%02x')", "query('sequence', '1-3/2:x%d')", "query('sequence', '0x10-12')",
    "query('sequence', 'end=2', 'start=5 end=6')", "query('sequence', 'start=1 end=3 bogus=1')",
    "lookup('random_choice', 'only')", "query('random_choice', ['one'])", "lookup('random_choice')",
    "query('varnames', '^v_i')", "query('varnames', 'v_int', 'v_str')", "lookup('varnames', 5)", "query('varnames')",
    "lookup('vars', 'nope', default='D')", "lookup('vars', 'v_int', 'nope', default=none)", "query('vars', 'v_list', 'v_dict')",
    "lookup('vars', 'v_' ~ 'str')", "lookup('vars', 'hostvars')['localhost']['v_int']", "lookup('vars', 'v_none', default=1)",
    "query('items', [[1, [2]], 3])", "lookup('items', [[1, 2], [3]], wantlist=true)", "query('items', 'a', ['b', ['c']])", "query('items', v_pairs)",
    "lookup('first_found', 'nope.txt', skip=true)", "query('first_found', ['nope1.txt', 'nope2.txt'], skip=true)",
    "lookup('first_found', files=['nope.txt'], paths=['files'], skip=true)", "lookup('first_found', 'data.txt', skip=true)",
    "query('first_found', {'files': 'nope,data.txt', 'paths': 'files'})", "lookup('first_found', [], skip=true)",
    "lookup('ansible.builtin.items', [1])", "query('ansible.builtin.dict', v_dict)", "lookup('ansible.builtin.nosuch')",
]

# Python methods on values, as playbooks call them.
METHODS = [
    "'a,b,c'.split(',')", "'a b  c'.split()", "'a,b,c'.split(',', 1)", "'a,b'.rsplit(',', 1)", "v_str.startswith('Hell')",
    "v_str.startswith(('x', 'H'))", "v_str.endswith('d')", "'{} and {}'.format(1, v_str)", "'{a}-{b}'.format(a=1, b=2)", "'{0:>5}|{1:.2f}'.format('x', 3.14159)",
    "'{}'.format()", "v_dict.items() | list", "v_dict.keys() | list | sort", "v_dict.values() | list", "v_dict.get('a')", "v_dict.get('zz', 'dflt')",
    "v_dict.get('zz')", "'%s' % v_int", "'%s-%s' % (1, 2)", "'%d' % 'x'", "'%(a)s' % v_dict", "'%5.1f|%x|%o|%e' % (v_float, 255, 8, 12345.678)",
    "v_str.replace('l', 'L')", "v_str.replace('l', 'L', 1)", "'xxhixx'.strip('x')", "'  pad  '.lstrip()", "'  pad  '.rstrip()", "v_list.index(2)",
    "v_list.index(99)", "v_list.count(3)", "v_words.count('pear')", "v_dict.update({'z': 1})", "v_list.append(1)", "v_str.upper()", "v_str.lower()",
    "v_str.title()", "v_str.swapcase()", "v_str.center(20, '*')", "v_str.zfill(15)", "'42'.isdigit()", "'abc'.isalpha()", "v_str.find('o')",
    "v_str.rfind('o')", "v_str.index('zz')", "','.join(v_words)", "v_str.partition(', ')", "v_str.splitlines()", "v_multi.splitlines(true)",
    "'ab'.encode('utf-8')", "v_str.casefold()", "v_str.ljust(15, '.')", "v_dict.copy()", "v_dict.pop('a')", "v_dict.setdefault('q', 1)",
    "v_list.pop()", "v_list.copy()", "v_str[::-1]", "v_str[1:4]", "v_list[-2:]", "v_words[1]", "v_dict['C']", "v_dict.C", "v_users[0].name",
    "v_users[0]['groups'][1]", "v_str.nosuchmethod()", "v_int.real", "v_float.is_integer()", "(5).bit_length()", "v_int.to_bytes(2, 'big')",
]

# Seeds from here on also draw the argument forms and edge cases below, which the catalogue above
# never wrote out: keyword and mode arguments of ansible.builtin's filters, Jinja's builtins with
# their less common arguments, map/select with tests and their arguments, `%` and str.format edge
# cases, and integer/float arithmetic (floor division and modulo with negatives, powers, big ints,
# float reprs, division by zero).
EDGES_FROM = 24000

EDGE_EXPRS = [
    # dict2items / items2dict / combine / extract
    "v_dict | dict2items(key_name='k', value_name='v')", "v_dict | dict2items('n', 'val') | items2dict('n', 'val')",
    "v_deep | dict2items(key_name=none)", "[{'k': 1, 'v': 2}] | items2dict(key_name='k', value_name='v')",
    "{'a': [1, 2], 'b': {'x': [1]}} | combine({'a': [2, 3], 'b': {'x': [2]}}, recursive=true, list_merge='append')",
    "{'a': [1, 2]} | combine({'a': [2, 3]}, list_merge='prepend')", "{'a': [1, 2]} | combine({'a': [2, 3]}, list_merge='append_rp')",
    "{'a': [1, 2]} | combine({'a': [2, 3]}, list_merge='prepend_rp')", "{'a': [1, 2]} | combine({'a': 3}, list_merge='append')",
    "{'a': [1]} | combine({'a': [2]}, {'a': [3]}, list_merge='append')", "[{'a': 1}, {'b': 2}, {'a': 3}] | combine",
    "{'a': {'b': 1}} | combine({'a': {'c': 2}})", "{'a': {'b': 1}} | combine({'a': {'c': 2}}, recursive=true)",
    "{'a': {'b': [1]}} | combine({'a': {'b': [1, 2]}}, recursive=true, list_merge='keep')",
    "{'a': 1} | combine({'a': none}, recursive=true)", "{} | combine([{'a': 1}], [{'b': 2}])",
    "'a' | extract(v_deep, 'b')", "'a' | extract(v_deep, ['c', 'd'])", "'a' | extract(v_deep, ['c', 'zz'])",
    "['a', 'e'] | map('extract', v_deep, 'b') | list", "0 | extract([[1, 2], [3]], 1)", "'zz' | extract(v_dict)",
    # split / regex / strings
    "'a,b,,c' | ansible.builtin.split(',')", "'a b  c' | ansible.builtin.split", "'a,b,c' | split(',', 1)", "'a-b-c' | split('-', -1)",
    "'aaa' | regex_replace('a', 'b', count=2)", "'A\\na' | regex_replace('^a', 'x', multiline=true, ignorecase=true)",
    "'abc' | regex_replace('(?P<x>b)', '[\\\\g<x>]')", "'abc' | regex_replace('', '-')", "'aXbX' | regex_replace('x', '_', ignorecase=true, count=1)",
    "'abcabc' | regex_search('(b)(c)', '\\\\2', '\\\\1')", "'abc' | regex_findall('(a)(b)')", "'A1b2' | regex_findall('[a-z]\\\\d', ignorecase=true)",
    "'a.b' | regex_escape", "'a+b(c)' | regex_escape('posix_basic')",
    # dates and times
    "'2024-03-05 14:07:09' | to_datetime", "('2024-03-05' | to_datetime('%Y-%m-%d')).weekday()",
    "(('2024-03-05 14:07:09' | to_datetime) - ('2024-03-01 00:00:00' | to_datetime)).total_seconds()",
    "(('2024-03-05 14:07:09' | to_datetime) - ('2024-03-01 00:00:00' | to_datetime)).seconds",
    "('2024-03-05 14:07:09' | to_datetime).strftime('%d/%m %H')", "'05/03/24' | to_datetime('%d/%m/%y')",
    "'2024-13-01' | to_datetime('%Y-%m-%d')", "'%Y-%m-%dT%H:%M:%S' | strftime(1700000000, utc=true)",
    "'%Y-%m-%d' | strftime(second=86400 * 365, utc=true)", "'%a %d %b %Y %I%p %j %U %w' | strftime(1234567890, utc=true)",
    "'%Y' | strftime('1700000000', utc=true)", "'%Y' | strftime(1.7e9, utc=true)",
    # comment styles
    "'x\\ny' | comment('erlang')", "'x' | comment('cblock')", "'x' | comment('xml')", "'x' | comment('c', prefix_count=2)",
    "'x\\n\\ny' | comment(decoration='; ')", "'x' | comment('plain', prefix='/*', postfix='*/', postfix_count=2)",
    "'x' | comment(beginning='#<', end='#>', newline='\\n')", "'' | comment",
    # paths and urls
    "['a', '/b', 'c'] | path_join", "('a', 'b', 'c.txt') | path_join", "['a', ''] | path_join", "['/', 'etc', '..'] | path_join",
    "['/a/b', '/a/c'] | commonpath", "'http://[::1]:80/x' | urlsplit('port')", "'http://[::1]:80/x' | urlsplit('hostname')",
    "v_url | urlsplit('path')", "v_url | urlsplit('password')", "v_url | urlsplit('scheme')", "'mailto:a@b' | urlsplit",
    "'a/b/c.tar.gz' | splitext", "'/a/./b/../c' | normpath", "'/etc/hosts' | relpath('/usr/lib')",
    # sizes
    "'1 Mb' | human_to_bytes(isbits=true)", "'10' | human_to_bytes(default_unit='K', isbits=true)", "'1 MB' | human_to_bytes(isbits=true)",
    "'1.5' | human_to_bytes('G')", "'2 KiB' | human_to_bytes", "'1e3' | human_to_bytes", "1048576 | human_readable(isbits=true)",
    "1 | human_readable(unit='B')", "0 | human_readable", "1023.5 | human_readable",
    # Jinja builtins with arguments
    "v_users | groupby('age') | map('first') | list", "v_users | groupby('home', default='none') | map('first') | list",
    "v_users | groupby('active') | map('last') | map('length') | list", "range(7) | batch(3, 'x') | list", "range(7) | slice(3) | list",
    "range(7) | slice(3, fill_with=0) | list", "[] | batch(2) | list", "v_users | sum(attribute='age')", "[[1], [2]] | sum(start=[])",
    "[0.1, 0.2, 0.3] | sum", "'a-b-c d' | wordwrap(3, break_long_words=false)", "'aaa-bbb ccc' | wordwrap(4, break_on_hyphens=false)",
    "'one two three' | wordwrap(6, wrapstring='<br>')", "'hello world foo' | truncate(9)", "'hello world foo' | truncate(9, true)",
    "'hello world foo' | truncate(12, leeway=0)", "'hello' | truncate(3, end='')", "'ab' | center(7)", "'ab' | center(1)", "'é' | center(4)",
    "v_multi | indent(2, first=true, blank=true)", "v_multi | indent(width='> ', first=true)", "'a\\n\\nb' | indent(blank=false)",
    "{'a': 1, 'b': none, 'c': 'x y', 'd': '<&>'} | xmlattr", "{'a': 1} | xmlattr(false)", "{'a b': 1} | xmlattr",
    "{'b': '<&>', 'a': [1, 2.5, none, true]} | tojson", "[1, {'b': 2, 'a': 1}] | tojson(indent=2)", "'é\\'' | tojson",
    "'x' | attr('upper')", "v_dict | dictsort(false, 'value')", "v_users | map(attribute='groups') | map('first', default='-') | list",
    "v_words | map('truncate', 3, true, '') | list", "v_words | map('center', 7) | list", "[3, 1, 2] | sort(reverse=true) | first",
    "v_words | unique(case_sensitive=true) | list", "v_users | min(attribute='age') | attr('name')", "v_users | max(attribute='name')",
    "v_users | sort(attribute='age,name') | map(attribute='name') | list", "'AbC' | lower ~ ('AbC' | swapcase if false else '')",
    "range(5) | random(seed=3)", "range(1, 10, 2) | list | last", "range(3) | reverse | list", "v_str | wordcount", "v_multi | wordcount",
    # map / select with tests and arguments
    "[1, 5, 10] | select('gt', 3) | list", "[1, 5, 10] | reject('lt', 5) | list", "v_words | select('match', '^[ap]') | list",
    "v_words | map('replace', 'p', 'P') | list", "['1f', 'ff'] | map('int', base=16) | list", "['1', 'x'] | map('int', default=-1) | list",
    "v_users | selectattr('age', '>=', 31) | map(attribute='name') | list", "v_users | rejectattr('groups') | map(attribute='name') | list",
    "v_users | selectattr('home', 'undefined') | list | length", "[none, 1, '', 0, 'a'] | select | list", "[none, 1, '', 0] | reject('none') | list",
    "[[1], [], [2, 3]] | select('ne', []) | map('length') | list", "v_list | select('divisibleby', 3) | list", "v_list | select('in', [1, 3]) | list",
    "v_words | select('search', 'PP', ignorecase=true) | list", "v_list | map('abs') | map('float') | list", "v_list | map('pow', 2) | list",
    "v_words | map('regex_search', '^.') | list", "v_users | map(attribute='nope', default=0) | list", "[1, 2] | map('default') | list",
    "v_users | map('dict2items') | map('length') | list", "v_list | select('version', '2', '>=') | list", "[1.5, 2] | map('round') | list",
    # % formatting
    "'%5.2f|%-5d|%+d|%x|%X|%o|%e|%g|%%' % (3.14159, 42, 7, 255, 255, 8, 12345.678, 0.00001)", "'%(a)s %(b)03d' % {'a': 'x', 'b': 2}",
    "'%c%c' % (65, 'b')", "'%r %a' % ('x', 'é')", "'%s' % [1, 2]", "'%s' % ((1, 2),)", "'%s %s' % (1,)", "'%d' % 3.9", "'%i' % true",
    "'%.3s' % 'abcdef'", "'%*d' % (5, 3)", "'%-6.2e' % 1234.5", "'%#x %#o' % (255, 8)", "'% d' % 5", "'%05.1f' % -2.25", "'%s' % none",
    "'%(a)s' % {}", "'%z' % 1", "'%s' % {'a': 1}", "'%x' % 3.0", "'%d' % '5'", "'%.0f %.0f %.0f' % (0.5, 1.5, 2.5)", "'%g %g' % (1e16, 1e-5)",
    # str.format
    "'{:,}'.format(1234567)", "'{:08.3f}'.format(-3.14159)", "'{!r}'.format('x')", "'{0[1]}'.format([5, 6])", "'{:^9}'.format('x')",
    "'{:*<6}|{:>6}'.format('a', 'b')", "'{:b} {:o} {:x} {:X} {:#x}'.format(10, 10, 255, 255, 255)", "'{:e}'.format(12345.678)",
    "'{:%}'.format(0.25)", "'{:.1%}'.format(1 / 3)", "'{:g} {:g}'.format(1e20, 0.0001)", "'{}'.format(none)", "'{a[b]}'.format(a={'b': 1})",
    "'{:>{w}}'.format('x', w=5)", "'{0}{1}{0}'.format('a', 'b')", "'{}{}'.format(1)", "'{0}{}'.format(1, 2)", "'{:d}'.format(1.5)",
    "'{:s}'.format(1)", "'{:+.2f}'.format(2)", "'{:_}'.format(10 ** 7)", "'{!s:>4}'.format(true)", "'{:c}'.format(9731)", "'{{}}{}'.format(1)",
    "'{:.3}'.format('abcdef')", "'{:10.4}'.format(3.14159265)", "'{:n}'.format(1234)", "'{x}'.format(**{'x': 1})",
    # arithmetic
    "-7 // 2", "-7 % 3", "7 % -3", "7 // -2", "-7.5 // 2", "-7.5 % 2", "7.5 % -2", "2 ** -1", "-2 ** 2", "(-2) ** 2", "2 ** 100",
    "(2 ** 64) // 3", "(2 ** 64) % 7", "-(2 ** 63)", "10 ** 20 + 1", "(10 ** 20) * -3", "(2 ** 53) + 1", "2 ** 53 + 1.0",
    "1 / 3", "0.1 + 0.2", "1e16", "1e-5", "1e15 + 0.3", "123456789.123456789", "2.5 // 1", "-2.5 // 1", "1 / 0", "1 // 0", "1 % 0",
    "0.0 / 0", "1.0 // 0.0", "10 ** -2", "3 * 1.1", "1e308 * 10", "-1e308 * 10", "(1e308 * 10) - (1e308 * 10)", "2.675 | round(2)",
    "1e22 | int", "(0.1 * 3) | string", "100000000000000000.0", "1234567890123456789 / 10", "(-0.0) | abs", "-5 // 2.0",
    "true + 1", "true / 2", "'9' * 3 | int", "('9' * 20) | int", "('9' * 20) | int + 1", "(2 ** 70) | string | length",
    "(2 ** 70) / 2", "(2 ** 70) // 2 ** 69", "2 ** 0.5", "4 ** 0.5", "(-8) ** (1 / 3)", "7 | float / 2", "5 % 2.5", "-0.0 * 1",
    "[1, 2] * 2", "'ab' * -1", "3 * 'x'", "1.5 * 'x'", "(1, 2) + (3,)", "[1] + (2,)", "10 | log(10)", "8 | root(3)", "(2 ** 64) | float",
    "1e400", "-1e400", "(2 ** 1024) | float", "1e300 * 1e300 / 1e300", "(1 / 3) | round(20)", "0.1 | round(1) == 0.1",
    "9007199254740993", "9007199254740993 + 0", "-9007199254740993 // 2", "2 ** 63 % 1000", "(10 ** 30) | string | first",
]

EDGE_STATEMENTS = [
    "{% for a in [[1, [2]], 3] recursive %}{{ loop.depth }}.{{ loop.depth0 }}{% if a is iterable %}({{ loop(a) }}){% endif %} {% endfor %}",
    "{% for a in [1, [2, [3]]] recursive %}{% if a is iterable %}{{ loop(a) }}{% else %}{{ a }}@{{ loop.depth }}/{{ loop.index }}/{{ loop.length }}{% endif %};{% endfor %}",
    "{% set ns = namespace(x=0, items=[]) %}{% for i in range(4) %}{% set ns.x = ns.x + i %}{% set ns.items = ns.items + [i] %}{% endfor %}{{ ns.x }} {{ ns.items }}",
    "{% set ns = namespace(found=false) %}{% for u in v_users %}{% if u.age > 30 %}{% set ns.found = u.name %}{% endif %}{% endfor %}{{ ns.found }}",
    "{% set ns = namespace() %}{% set ns.a = 1 %}{% set ns.a = ns.a * 10 %}{{ ns.a }} {{ ns.b | default('nob') }}",
    "{% set ns = namespace(v_dict) %}{{ ns.a }}{{ ns.C }}", "{% set ns = namespace(a=1) %}{{ ns.a }}{% set ns.a, ns.b = 2, 3 %}",
    "{% set ns = namespace(n=1) %}{% for x in range(3) %}{% for y in range(2) %}{% set ns.n = ns.n * 2 %}{% endfor %}{% endfor %}{{ ns.n }}",
    "{% for x in range(3) %}{% for y in 'ab' %}{{ loop.index }}{{ loop.depth }}{% endfor %}|{% endfor %}",
    "{% for x in v_list | sort %}{{ loop.index0 }}:{{ x }}{{ '' if loop.last else ',' }}{% endfor %}",
    "{% for x in range(5) %}{{ loop.revindex }}{{ loop.cycle('-', '+') }}{% endfor %}",
    "{{ '%-8s|%8s|' % ('left', 'right') }}{{ '{:-^12}'.format(' mid ') }}",
    "{% set x = -7 %}{{ x // 2 }} {{ x % 2 }} {{ x / 2 }} {{ x ** 2 }} {{ (x * 1.0) // 2 }}",
    "{% for n in [0.1, 0.5, 1.0, 1e16, 1e-7, 2 ** 60, -0.0, 1.5e300 * 1e10] %}{{ n }} {% endfor %}",
    "{% for n in [2.5, 3.5, -2.5, 0.125] %}{{ n | round }}/{{ n | round(1) }}/{{ n | int }} {% endfor %}",
    "{{ range(3) | map('string') | map('center', 3) | join('|') }}",
    "{% filter indent(2, first=true) %}a\nb{% endfilter %}", "{% filter wordwrap(4) %}aaaa bbbb cc{% endfilter %}",
    "{% filter truncate(8) %}one two three{% endfilter %}",
]

# Seeds from here on also draw expressions and statements as people write them in real roles:
# chains over lists of dicts (selectattr/map/join, items2dict, groupby loops), defaults over missing
# keys, dict methods, str methods on facts-like values, paths and urls, hostvars/groups/vars, and
# for loops with filters, dictsort, macros and namespaces collecting results.
REAL_FROM = 24200

REAL_EXPRS = [
    "v_users | selectattr('active') | map(attribute='name') | join(', ')", "v_users | items2dict(key_name='name', value_name='age')",
    "dict(v_users | map(attribute='name') | zip(v_users | map(attribute='age')))", "v_dict | dict2items | selectattr('value', 'gt', 1) | items2dict",
    "v_users | map(attribute='groups') | flatten | unique | sort", "v_list | map('int') | sum", "(v_str | lower).split(', ')",
    "v_url | urlsplit('hostname') | default('localhost', true)", "v_path | basename | splitext | first", "v_path | dirname | basename",
    "v_dict.keys() | list | sort", "v_dict.items() | list | sort", "v_deep.a.b | default([]) | length > 0", "v_deep['a']['c']['d'] | upper",
    "v_deep.get('zz', {}).get('y', 'none')", "v_none | default('', true) | length", "v_numstr | int + 1", "v_numstr is number",
    "v_str is search('World')", "v_str | regex_replace('[^a-z]', '', ignorecase=true)", "v_users | sort(attribute='name') | map(attribute='name') | list",
    "(v_list | max) - (v_list | min)", "v_list | unique | list | length", "v_size | human_readable", "'%s:%s' | format('host', 8080)",
    "['a', 'b'] | product(['x', 'y']) | map('join', '-') | list", "v_words | map('lower') | unique | sort | join(',')",
    "v_dict | combine({'d': 4}) | dict2items | map(attribute='key') | list", "v_users | selectattr('home', 'defined') | map(attribute='home') | first | default('none')",
    "v_users | map(attribute='name') | map('regex_replace', '^(.)', '\\\\1_') | list", "v_multi.splitlines() | select | list",
    "v_multi | split('\\n') | reject('equalto', '') | list", "v_str | b64encode | b64decode", "v_dict | to_nice_json(indent=2)",
    "v_users[0] | to_nice_yaml(indent=2)", "v_kv | items2dict", "v_pairs | map('join', '=') | join('&')", "v_users | map(attribute='age') | map('string') | list",
    "(v_date | to_datetime) - ('2024-01-01 00:00:00' | to_datetime)", "(v_date | to_datetime).year", "query('dict', v_dict) | map(attribute='key') | list",
    "lookup('items', v_list, wantlist=true) | length", "v_tmpl | int * 2", "v_str ~ '-' ~ v_int", "v_list | reject('equalto', 3) | list",
    "v_users | map(attribute='name') | select('match', '^[a-c]') | list", "v_list | zip(v_words) | list", "v_list | to_json | from_json | sum",
    "v_boolstr | bool", "v_str | hash('sha256') | truncate(10, true, '')", "v_words | batch(2) | map('join', '+') | list",
    "v_users | map('combine', {'x': 1}) | map(attribute='x') | sum", "v_deep | dict2items | map(attribute='value') | select('mapping') | list | length",
    "(v_users | first).name | capitalize", "v_empty_list | first | default('none')", "v_empty_list | max | default(0)",
    "v_users | map(attribute='groups') | map('length') | max", "v_str.startswith('Hello') and v_int > 40", "(v_int is divisibleby 7) | ternary('yes', 'no')",
    "v_none | ternary('set', 'unset', 'null')", "[v_int, v_numstr | int] | max", "v_url | regex_search('//([^:/@]+)@', '\\\\1') | first",
    "v_path | regex_replace('\\\\.yml$', '.yaml')", "v_words | map('quote') | join(' ')", "v_list | map('float') | map('round', 1) | list",
    "range(1, v_int // 10) | list", "v_users | list | length is even", "hostvars[inventory_hostname]['v_int']", "groups['all'] | length",
    "inventory_hostname | upper", "ansible_play_hosts | length", "lookup('vars', 'v_' + 'int')", "vars['v_str'] | length",
    "v_users | map(attribute='missing') | list", "v_users | selectattr('home', 'equalto', '/home/bob') | list | length",
    "v_dict | dictsort | map('first') | list", "v_dict | dict2items | sort(attribute='value', reverse=true) | map(attribute='key') | first",
    "v_users | rejectattr('active') | map(attribute='name') | list", "v_words | select('in', ['pear', 'fig']) | list | unique",
    "(v_users | map(attribute='age') | sum) / (v_users | length)", "v_str | replace(',', '') | split | map('lower') | list",
    "v_deep.e | default('x', true)", "v_deep.e is none", "v_deep.zz is defined", "v_deep.a.c.d | default('') | length",
    "v_users | map(attribute='name') | map('upper') | zip(v_users | map(attribute='age')) | map('join', ':') | list",
]

REAL_STATEMENTS = [
    "{% for u in v_users if u.active %}{{ u.name }}{% if not loop.last %}, {% endif %}{% endfor %}",
    "{% for k, v in v_dict | dictsort %}{{ k }}={{ v }}\n{% endfor %}", "{% for k, v in v_dict.items() %}{{ k }}: {{ v }};{% endfor %}",
    "{% if v_users | selectattr('age', 'gt', 30) | list %}old{% else %}young{% endif %}",
    "{% set total = v_users | map(attribute='age') | sum %}{{ total }} {{ (total / (v_users | length)) | round(1) }}",
    "{% macro kv(k, v='-') %}{{ k }}={{ v }}{% endmacro %}{{ kv('a') }} {{ kv('b', 2) }} {{ kv(v=3, k='c') }}",
    "{% for g, members in v_users | groupby('age') %}{{ g }}: {{ members | map(attribute='name') | join(',') }} {% endfor %}",
    "{% set ns = namespace(out=[]) %}{% for u in v_users %}{% set ns.out = ns.out + [u.name | upper] %}{% endfor %}{{ ns.out }}",
    "{% for line in v_multi.splitlines() if line %}{{ loop.index }}: {{ line }}\n{% endfor %}",
    "{% set x = v_none if v_none is not none else 'fallback' %}{{ x }}",
    "{% for item in v_kv %}{{ item.key }}{{ '=' ~ item.value if item.value is number else '' }} {% endfor %}",
    "{%- for h in groups['all'] %}{{ h }} {{ hostvars[h]['v_int'] | default('?') }}{% endfor -%}",
    "{% set ns = namespace(count=0, names=[]) %}{% for u in v_users %}{% if u.groups %}{% set ns.count, ns.names = ns.count + 1, ns.names + [u.name] %}{% endif %}{% endfor %}{{ ns.count }} {{ ns.names }}",
    "{% for u in v_users | sort(attribute='age') %}{{ u.name }}{{ loop.changed(u.age) | ternary('*', '') }} {% endfor %}",
    "{% set parts = v_str.split(', ') %}{{ parts | length }} {{ parts | last | lower }} {{ parts[0][:3] }}",
    "{% for x in v_list | map('int') | unique %}{{ x }}{{ loop.last | ternary('', ',') }}{% else %}none{% endfor %}",
]

TEMPLATE_T = 'T {{ v_int }} {{ extra | default("no extra") }} [[ v_str ]]\n'
TEMPLATE_N = '{{ v_list }}\n'


# Seeds from here on keep out what 2.19 itself does not repeat: the order of a set of strs (hash
# randomization), shuffle/random without a seed, a sequence term whose several bad options are
# checked in a frozenset's order.
STABLE_FROM = 18300
# Seeds from here on sort a set filter's result case-sensitively: Jinja's default sort ties 'a' with
# 'A', and a stable sort keeps such a pair in the set's (hash-randomized) order (seed 25022).
CASE_SENSITIVE_SORT_FROM = 25000
SET_FILTERS = ('difference', 'intersect', 'union', 'symmetric_difference')


class G:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.stable = seed >= STABLE_FROM
        self.total_sort = seed >= CASE_SENSITIVE_SORT_FROM
        self.extended = seed >= EXTENDED_FROM
        self.edges = seed >= EDGES_FROM
        self.real = seed >= REAL_FROM

    def pick(self, xs):
        return self.r.choice(xs)

    def chance(self, p):
        return self.r.random() < p

    def input_for(self, kinds):
        if self.chance(0.7):
            fit = [e for e, k in INPUTS if k in kinds]
            if fit:
                return self.pick(fit)
        return self.pick(INPUTS)[0]

    def args_for(self, choices):
        if self.chance(0.15):
            return ', '.join(self.pick(ANY_ARGS) for _ in range(self.r.randint(0, 2)))
        return self.pick(choices)

    def filter_expr(self):
        name = self.pick(sorted(FILTERS))
        kinds, choices = FILTERS[name]
        x = self.input_for(kinds)
        a = self.args_for(choices)
        if self.extended and name == 'strftime' and (a == '' or a.startswith(("'x'", 'none', 'undef_var', 'v_dict', 'v_list', '[', '{', "''"))):
            a = '0'   # no epoch (or a bad one) reads the clock: not repeatable
        if self.stable and name in ('shuffle', 'random') and 'seed=' not in a:
            a = a + ', seed=1' if a else 'seed=1'
        call = '%s(%s)' % (name, a) if a or self.chance(0.2) else name
        if self.chance(0.1):
            call = 'ansible.builtin.' + call if name not in ('e', 'safe', 'forceescape') else call
        e = '%s | %s' % (x if ' ' not in x or x.startswith(('[', '{', '(')) else '(%s)' % x, call)
        if name in ('map', 'select', 'reject', 'selectattr', 'rejectattr', 'batch', 'slice', 'zip', 'zip_longest',
                    'product', 'combinations', 'permutations', 'groupby') and self.chance(0.6):
            e += ' | list'
        if self.stable and name in SET_FILTERS:
            e += " | map('string') | sort(case_sensitive=true)" if self.total_sort else " | map('string') | sort"
        return e

    def test_expr(self):
        name = self.pick(sorted(TESTS))
        kinds, choices = TESTS[name]
        x = self.input_for(kinds)
        a = self.args_for(choices)
        neg = 'not ' if self.chance(0.2) else ''
        x = x if ' ' not in x or x.startswith(('[', '{', '(')) else '(%s)' % x
        if a and ',' not in a and '=' not in a and self.chance(0.3):
            return '%s is %s%s %s' % (x, neg, name, a)   # Jinja's one-argument test without parentheses
        return '%s is %s%s' % (x, neg, '%s(%s)' % (name, a) if a else name)

    def extended_expr(self):
        if self.real and self.chance(0.35):
            return self.pick(REAL_EXPRS)
        if self.edges and self.chance(0.4):
            return self.pick(EDGE_EXPRS)
        k = self.r.randrange(100)
        if k < 40:
            return self.filter_expr() if k < 25 else self.test_expr()
        if k < 60:
            return self.pick(MORE_TESTS)
        if k < 80:
            return self.pick(MORE_LOOKUPS)
        return self.pick(METHODS)

    def expr(self):
        if self.extended:
            return self.extended_expr()
        k = self.r.randrange(100)
        if k < 55:
            return self.filter_expr()
        if k < 75:
            return self.test_expr()
        if k < 88:
            call = self.pick(LOOKUPS)
            return call.replace('end=0x0c', 'end=12') if self.stable else call
        return self.pick(EXTRAS)

    def task(self):
        if self.real and self.chance(0.15):
            return {'debug': {'msg': self.pick(REAL_STATEMENTS)}, 'ignore_errors': True}
        if self.extended and self.chance(0.3):
            return {'debug': {'msg': self.pick(STATEMENTS + EDGE_STATEMENTS if self.edges else STATEMENTS)}, 'ignore_errors': True}
        e = self.expr()
        k = self.r.randrange(10)
        if k == 0:
            t = {'debug': {'var': e}}
        elif k == 1:
            t = {'debug': {'msg': 'x {{ %s }} y' % e}}
        elif k == 2:
            t = {'debug': {'msg': '{{ (%s) | type_debug }}' % e}}
        elif k == 3:
            t = {'debug': {'msg': ['{{ %s }}' % e, 'lit']}}
        else:
            t = {'debug': {'msg': '{{ %s }}' % e}}
        t['ignore_errors'] = True
        return t


def main(seed, out):
    g = G(seed)
    tasks = [g.task() for _ in range(g.r.randint(40, 60))]
    play = [{'name': 'filters %d' % seed, 'hosts': 'localhost', 'gather_facts': False, 'vars': {'__VARS__': None},
             'tasks': tasks}]
    text = yaml.safe_dump(play, sort_keys=False, width=10000, allow_unicode=True)
    text = text.replace('    __VARS__: null\n', PLAY_VARS)
    files = {
        'playbook.yml': text,
        'inventory': 'localhost ansible_connection=local ansible_python_interpreter=/usr/bin/python3\n',
        'args': '',
        'env': 'VOLANT_FT=from env ✓\nVOLANT_FT_EMPTY=\n',
        'files/data.txt': '  first line\nsecond line\n\n',
        'files/lines.txt': 'a\nb\n',
        'templates/t.j2': TEMPLATE_T,
        'templates/n.j2': TEMPLATE_N,
        'data.ini': '[global]\nk1 = g1\n\n[s1]\nk1 = one\nk2 = two\nK1 = upper\n\n[s2]\nk1 = s2 value\n',
        'data.properties': 'user.name = bob\nuser.id=7\n',
        'data.csv': 'alice,1,admin\nbob,2,"dev, ops"\n',
        'data.tsv': 'alice\t1\tadmin\nbob\t2\tdev\n',
    }
    for path, body in files.items():
        full = os.path.join(out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, 'w') as f:
            f.write(body)


if __name__ == '__main__':
    main(int(sys.argv[1]), sys.argv[2])
