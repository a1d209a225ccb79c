"""Records the Jinja2 expression table (test/jinja/jinja2-table.json) from the real thing.

Run inside the oracle (Debian's jinja2 3.1 + ansible-core 2.19):

    /work/shared/tools/ansible-oracle/oracle-exec python3 test/jinja/record-jinja2.py

Every case is rendered through ansible-core's Templar, which is Jinja2 with Ansible 2.19's
environment: native results (one `{{ expr }}` yields the value), strict undefined, its error
words. `cond` cases go through Templar.evaluate_conditional. Results are recorded as Python
repr() (which keeps int/float/str/None/bool and dict order apart); errors as the first line of
the exception text.
"""

import json
import os
import sys

from ansible.template import Templar, trust_as_template

HERE = os.path.dirname(os.path.abspath(__file__))

V = {
    "i": 7, "n": -3, "f": 2.5, "z": 0, "s": "Hello World", "e": "", "t": True, "fa": False, "nn": None,
    "l": [3, 1, 2], "ls": ["b", "a", "C"], "d": {"a": 1, "b": 2}, "nd": {"x": {"y": [10, 20, {"z": "deep"}]}},
    "users": [
        {"name": "bob", "age": 30, "grp": "a"},
        {"name": "alice", "age": 25, "grp": "b"},
        {"name": "carol", "age": 35, "grp": "a"},
    ],
    "lazy": "{{ i * 2 }}", "lazy2": "{{ lazy + 1 }}", "ll": ["{{ i }}", "x"], "ld": {"k": "{{ s | upper }}"},
    "rec_a": "{{ rec_b }}", "rec_b": "{{ rec_a }}", "lazy_list": "{{ l + [4] }}",
    "item": {"name": "n1"}, "inventory_hostname": "h1", "csv": "a,b,,c", "ws": "  pad  ",
    "num_s": "42", "flt_s": "3.14", "ml": "line1\nline2\n\nline4", "html": "<b>bold</b> & 'q'",
    "words": "the quick brown fox jumps over the lazy dog", "mixed": [1, "a", None, True, 2.5],
    "nested": [[1, 2], [3, [4, 5]]], "pairs": [["a", 1], ["b", 2]], "tpl_in_list": [{"v": "{{ i + 1 }}"}],
    "big": 12345678, "neg_f": -2.5, "dk": {"b": 1, "a": 2, "C": 3},
}


def cases():
    out = []

    def add(t, mode="native", vars=None, opts=None):
        case = {"t": t, "mode": mode}
        if vars is not None:
            case["vars"] = vars
        if opts:
            case["opts"] = opts
        out.append(case)

    # --- literals and native types
    for lit in ["1", "-1", "1.5", "1e3", "1_000", "0x1F", "0o17", "0b101", "'str'", '"dq"', "'a' 'b'", "true", "True", "false",
                "none", "None", "[]", "[1, 2]", "[1, 'a', none]", "()", "(1,)", "(1, 2)", "{}", "{'a': 1}", "{'b': 2, 'a': 1}",
                "{1: 'x'}", "[1, [2, [3]]]", "{'a': {'b': [1, 2.0]}}", "'\\n'", "'\\t|'", "'it\\'s'", "'\\x41\\u00e9'",
                "1.0", "0.1 + 0.2", "1e-7", "1e22", "3.0 * 2", "10 ** 20", "2 ** 0.5", "-0.0", "1.5e300 * 1e10"]:
        add("{{ %s }}" % lit)
    # --- arithmetic over operand pairs
    operands = ["7", "-7", "2", "-2", "2.5", "-2.5", "0", "0.0", "True", "'ab'", "[1]", "none"]
    for op in ["+", "-", "*", "/", "//", "%", "**"]:
        for a in ["7", "-7", "2.5", "'ab'", "[1]"]:
            for b in operands:
                add("{{ %s %s %s }}" % (a, op, b))
    for expr in ["1 + 2 * 3", "(1 + 2) * 3", "2 ** 3 ** 2", "-2 ** 2", "(-2) ** 2", "10 - 2 - 3", "100 / 10 / 5", "7 // 2 * 2",
                 "1 ~ 2 ~ 3", "1 + 2 ~ 3", "'a' ~ 1.0 ~ none ~ true", "'x' * 3", "3 * 'x'", "[0] * 3", "not 1", "not not 0",
                 "1 and 2", "0 and 2", "1 or 2", "0 or ''", "none or 'd'", "1 if true else 2", "1 if false else 2",
                 "'a' if 0", "1 if none else (2 if 1 else 3)", "-i", "+i", "-f", "-(1)", "- 'a'", "not 'a' == 'b'",
                 "2 * -1", "5 % 3 ** 2", "i // 2", "f * 2", "i / 2", "big * big", "7 %% 3", "i + f", "n % 5", "n // 5"]:
        add("{{ %s }}" % expr)
    # --- comparisons
    for expr in ["1 == 1.0", "1 == True", "'1' == 1", "[1, 2] == [1, 2]", "(1, 2) == [1, 2]", "{'a': 1} == {'a': 1}",
                 "1 < 2 < 3", "3 > 2 > 2", "1 < 2 > 1", "'a' < 'b'", "'B' < 'a'", "[1, 2] < [1, 3]", "1 < 'a'", "none < 1",
                 "1 != 2", "1 >= 1.0", "2 <= 1", "'a' in 'cat'", "'z' not in 'cat'", "1 in [1, 2]", "3 in l", "'a' in d",
                 "1 in d", "'x' in nd", "1 in 2", "1 in 'abc'", "none == none", "none is none", "[] == []", "i == 7",
                 "s == 'Hello World'", "'a' in ['a']", "(1, 2) in [(1, 2)]", "[1] in [[1]]", "true == 1", "false in [0]",
                 "nope == 1", "1 == nope", "nn == none", "'' == e", "0.1 + 0.2 == 0.3", "d == {'b': 2, 'a': 1}"]:
        add("{{ %s }}" % expr)
    # --- strings and methods
    for expr in ["s.upper()", "s.lower()", "s.title()", "'hello wORLD'.capitalize()", "s.split()", "s.split('o')", "csv.split(',')",
                 "csv.split(',', 1)", "csv.rsplit(',', 1)", "'  a  b  '.split()", "'a b c'.split(None, 1)", "ws.strip()", "ws.lstrip()",
                 "ws.rstrip()", "'xxaxx'.strip('x')", "s.startswith('Hell')", "s.endswith('xx')", "s.startswith(('a', 'H'))",
                 "s.replace('o', '0')", "s.replace('o', '0', 1)", "s.find('o')", "s.rfind('o')", "s.find('q')", "s.index('W')",
                 "s.index('q')", "s.count('o')", "ml.splitlines()", "ml.splitlines(true)", "'5'.zfill(3)", "'-5'.zfill(4)",
                 "'ab'.center(6)", "'ab'.center(7, '*')", "'ab'.ljust(5) ~ '|'", "'ab'.rjust(5, '0')", "'123'.isdigit()",
                 "'12a'.isdigit()", "'abc'.isalpha()", "'ab1'.isalnum()", "'  '.isspace()", "'abc'.islower()", "'ABC'.isupper()",
                 "'Ab Cd'.istitle()", "','.join(['a', 'b'])", "','.join(ls)", "'-'.join('abc')", "','.join([1, 2])",
                 "'{} {}'.format('a', 'b')", "'{1}{0}'.format('a', 'b')", "'{x}-{y}'.format(x=1, y=2)", "'{:>6}'.format('r')",
                 "'{:<6}|'.format('l')", "'{:^7}'.format('c')", "'{:*^7}'.format('c')", "'{:05d}'.format(42)", "'{:.3f}'.format(3.14159)",
                 "'{:,}'.format(1234567)", "'{:x}'.format(255)", "'{:#x}'.format(255)", "'{:e}'.format(12345.678)", "'{:g}'.format(0.00001)",
                 "'{:%}'.format(0.25)", "'{!r}'.format('a')", "'{0[a]}'.format(d)", "'{0.a}'.format(d)", "'{:+d}'.format(5)",
                 "'{:b}'.format(5)", "'{{}}'.format()", "'{}'.format(1.0)", "'{}'.format(none)", "'{}'.format([1, 'a'])",
                 "s[0]", "s[-1]", "s[1:4]", "s[::-1]", "s[::2]", "s[100]", "s[-3:]", "s[:0]", "'abc'[1:]", "s.x",
                 "s.partition(' ')", "s.rpartition('o')", "'a\\tb'.expandtabs(4)", "s.swapcase()", "'Ab'.casefold()",
                 "s.removeprefix('Hello ')", "s.removesuffix('World')", "'x'.upper", "s|length", "'é'|length", "s.split(',')[0]",
                 "'%s-%s' % ('a', 1)", "'%d' % 3.7", "'%5.1f|' % 2.25", "'%-5s|' % 'a'", "'%05d' % -42", "'%x %X %o' % (255, 255, 8)",
                 "'%r' % 'a'", "'%s' % [1, 2]", "'%(a)s+%(b)s' % d", "'%s' % none", "'%s %s' % ('a',)", "'%d' % 'a'", "'%%'  % ()",
                 "'%e' % 1234.5", "'%g' % 1234567.0", "'%.2e' % 0.000123", "'%c' % 65", "'%+d' % 5", "'% d' % 5", "'%s' % (1, 2)",
                 "'%.3s' % 'abcdef'", "'%i' % True", "'%5s' % 'abcdefg'", "'{:.2%}'.format(0.5)", "'{:10.3f}|'.format(3.14159)",
                 "'{0:{1}}'.format('a', 5) ~ '|'", "'%s' % d", "'a' 'b' ~ 'c'", "'ab' * 0", "'%.0f' % 2.5", "'%.0f' % 3.5",
                 "'{:.0f}'.format(2.5)", "'{:.1f}'.format(0.05)", "'{:g}'.format(100000000.0)", "'{:n}'.format(5)", "'{}'.format(True)"]:
        add("{{ %s }}" % expr)
    # --- list and dict methods
    for t in ["{{ l.index(2) }}", "{{ l.count(3) }}", "{{ [1, 2].index(9) }}", "{% set x = [1] %}{% set _ = x.append(2) %}{{ x }}",
              "{% set x = [1] %}{{ x.append(2) }}{{ x }}", "{% set x = [3, 1] %}{% set _ = x.extend([5]) %}{{ x }}",
              "{% set x = [1, 2, 3] %}{{ x.pop() }}{{ x }}", "{% set x = [1, 2, 3] %}{{ x.pop(0) }}{{ x }}",
              "{% set x = [3, 1, 2] %}{% set _ = x.sort() %}{{ x }}", "{% set x = [3, 1, 2] %}{% set _ = x.sort(reverse=true) %}{{ x }}",
              "{% set x = [1, 2] %}{% set _ = x.insert(0, 9) %}{{ x }}", "{% set x = [1, 2] %}{% set _ = x.reverse() %}{{ x }}",
              "{% set x = [1, 2, 1] %}{% set _ = x.remove(1) %}{{ x }}", "{{ l.copy() }}", "{{ d.items() | list }}", "{{ d.keys() | list }}",
              "{{ d.values() | list }}", "{{ d.get('a') }}", "{{ d.get('zz') }}", "{{ d.get('zz', 5) }}", "{{ d['a'] }}", "{{ d.a }}",
              "{% set x = {'a': 1} %}{% set _ = x.update({'b': 2}) %}{{ x }}", "{% set x = {'a': 1} %}{{ x.pop('a') }}{{ x }}",
              "{% set x = {'a': 1} %}{{ x.setdefault('b', 3) }}{{ x }}", "{{ d.copy() }}", "{% for k, v in d.items() %}{{ k }}={{ v }};{% endfor %}",
              "{{ nd.x.y[2].z }}", "{{ nd['x']['y'][0] }}", "{{ nd.x.y.1 }}", "{{ users[0].name }}", "{{ users[-1]['age'] }}",
              "{{ l[0] }}", "{{ l[-1] }}", "{{ l[1:] }}", "{{ l[:-1] }}", "{{ l[::-1] }}", "{{ l[5] }}", "{{ l['a'] }}", "{{ d.zz }}",
              "{{ d['zz'] }}", "{{ d.zz.yy }}", "{{ nd.x.q }}", "{{ nn.x }}", "{{ i.x }}", "{{ d.items }}", "{{ (1, 2)[0] }}",
              "{{ (1, 2).count(1) }}", "{{ [1, 2, 3][1:2] }}", "{{ l | length }}", "{{ d | length }}", "{{ d.keys }}", "{{ [].pop() }}",
              "{{ mixed[2] }}", "{{ mixed }}", "{{ nested[1][1][0] }}", "{{ pairs | list }}", "{{ pairs[0][1] }}", "{{ users.0.name }}"]:
        add(t)
    # --- undefined handling
    for t in ["{{ nope }}", "{{ nope.x }}", "{{ nope | default('dflt') }}", "{{ nope | d('x') }}", "{{ nope.x | default(1) }}",
              "{{ d.zz | default('z') }}", "{{ e | default('empty') }}", "{{ e | default('empty', true) }}", "{{ nn | default('n') }}",
              "{{ nn | default('n', true) }}", "{{ nope is defined }}", "{{ nope is undefined }}", "{{ d.zz is defined }}", "{{ d.a is defined }}",
              "{{ nope.x is defined }}", "{{ l[9] is defined }}", "{{ nope ~ 'x' }}", "{{ nope + 1 }}", "{{ nope | upper }}", "{{ nope | length }}",
              "{% for x in nope %}{% endfor %}", "{% if nope %}y{% endif %}", "{{ [nope] }}", "{{ {'a': nope} }}", "{{ nope() }}",
              "{{ 'x' if nope is defined else 'y' }}", "{{ nope | default(none) }}", "{{ nope | default(l) }}", "{{ nope | default(nope2) }}",
              "{{ nope | default(d).a }}", "{{ undef() }}", "{{ undef('custom hint') }}", "{{ 1 if false }}", "x{{ 1 if false }}",
              "{{ s.nope }}", "{{ l.nope }}", "{{ users[5].name }}", "{{ nope is none }}", "{{ nope is string }}", "{{ nope == nope }}",
              "{{ nope | default('a') | upper }}", "{{ (nope | default({})).x | default(2) }}", "{{ nope.a.b.c | default('deep') }}"]:
        add(t)
    # --- lazy variables
    for t in ["{{ lazy }}", "{{ lazy2 }}", "{{ lazy + 1 }}", "{{ ll }}", "{{ ll[0] }}", "{{ ll[0] + 1 }}", "{{ ld.k }}", "{{ ld }}",
              "{{ rec_a }}", "x{{ lazy }}", "{{ lazy_list }}", "{{ tpl_in_list[0].v }}", "{{ tpl_in_list }}", "{% for x in ll %}{{ x }},{% endfor %}",
              "{{ ll | join('-') }}", "{{ ld | dict2items if false else ld.items() | list }}", "{{ lazy is number }}", "{{ ll | length }}"]:
        add(t)
    # --- statements
    for t in ["{% if t %}yes{% else %}no{% endif %}", "{% if fa %}a{% elif i > 5 %}b{% else %}c{% endif %}", "{% if 0 %}x{% endif %}",
              "{% for x in l %}{{ x }}{% endfor %}", "{% for x in [] %}{{ x }}{% else %}empty{% endfor %}", "{% for x in l if x > 1 %}{{ x }}{% endfor %}",
              "{% for x in l %}{{ loop.index }}{{ loop.index0 }}{{ loop.revindex }}{{ loop.revindex0 }}{{ loop.first }}{{ loop.last }}{{ loop.length }};{% endfor %}",
              "{% for x in l %}{{ loop.cycle('a', 'b') }}{% endfor %}", "{% for x in l %}{{ loop.previtem | default('-') }}{{ loop.nextitem | default('-') }},{% endfor %}",
              "{% for x in [1, 1, 2, 2, 1] %}{% if loop.changed(x) %}{{ x }}{% endif %}{% endfor %}",
              "{% for a, b in pairs %}{{ a }}{{ b }}{% endfor %}", "{% for k in d %}{{ k }}{% endfor %}", "{% for c in 'abc' %}{{ c }}-{% endfor %}",
              "{% for x in nested %}{% for y in x %}{{ loop.depth }}{% endfor %}{% endfor %}",
              "{% for x in [[1, [2]], 3] recursive %}{% if x is iterable %}[{{ loop(x) }}]{% else %}{{ x }}@{{ loop.depth }}{% endif %}{% endfor %}",
              "{% set x = 5 %}{{ x }}", "{% set a, b = 1, 2 %}{{ a }}{{ b }}", "{% set x %}block {{ i }}{% endset %}{{ x }}",
              "{% set x | upper %}shout{% endset %}{{ x }}", "{% set x = 1 %}{% for y in l %}{% set x = y %}{% endfor %}{{ x }}",
              "{% set ns = namespace(c=0) %}{% for y in l %}{% set ns.c = ns.c + y %}{% endfor %}{{ ns.c }}",
              "{% set ns = namespace() %}{% set ns.a = 1 %}{{ ns.a }}", "{% set x = 1 %}{% set x.a = 2 %}",
              "{% macro m(a, b='B') %}{{ a }}{{ b }}{% endmacro %}{{ m(1) }}|{{ m(1, 2) }}|{{ m(b=3, a=4) }}",
              "{% macro m() %}{{ varargs }}{{ kwargs }}{% endmacro %}{{ m(1, 2, x=3) }}", "{% macro m(a) %}{{ a }}{% endmacro %}{{ m(1, 2) }}",
              "{% macro m(a) %}{{ a }}{% endmacro %}{{ m(b=1) }}", "{% macro m(a) %}[{{ a }}]{% endmacro %}{{ m() }}",
              "{% macro w() %}<{{ caller() }}>{% endmacro %}{% call w() %}inner{% endcall %}",
              "{% macro w() %}<{{ caller(5) }}>{% endmacro %}{% call(v) w() %}got {{ v }}{% endcall %}",
              "{% filter upper %}abc {{ s }}{% endfilter %}", "{% filter replace('a', 'b') | upper %}aaa{% endfilter %}",
              "{% raw %}{{ not rendered }}{% endraw %}", "{# comment #}x", "a{# multi\nline #}b", "{% with x = 1, y = 2 %}{{ x + y }}{% endwith %}",
              "{% with x = 1 %}{% endwith %}{{ x }}", "{{ 'a' }}{{ 'b' }}", "{{ 1 }}{{ 2 }}", "{{ 1 }} ", "{{ none }}x", "{{ none }}",
              "{% if true %}{{ 1 }}{% endif %}", "{% if true %}{{ [1] }}{% endif %}", "{% if false %}x{% endif %}", "{{ 1, 2 }}", "{{ (1, 2) }}",
              "{{ lipsum(1, false, 1, 1) | length > 0 }}", "{% set c = cycler('a', 'b') %}{{ c.next() }}{{ c.next() }}{{ c.next() }}{{ c.current }}",
              "{% set j = joiner('|') %}{% for x in l %}{{ j() }}{{ x }}{% endfor %}", "{{ range(3) | list }}", "{{ range(1, 10, 3) | list }}",
              "{{ range(5, 0, -2) | list }}", "{% for x in range(3) %}{{ x }}{% endfor %}", "{{ dict(a=1, b=2) }}", "{{ dict([('x', 1)]) }}",
              "{{ namespace(a=1).a }}", "{% for x in 5 %}{% endfor %}", "{% for x in d.items() %}{{ x[0] }}{% endfor %}", "{{ range(3) }}",
              "{{ l.append }}", "{{ namespace(a=1) }}", "{% for a, b in [1, 2] %}{% endfor %}", "{% for a, b in [[1, 2, 3]] %}{% endfor %}",
              "{{ caller }}", "{% set l2 = l %}{{ l2 is sameas l }}", "{{ (1).real if false else 1 }}"]:
        add(t)
    # --- whitespace control
    for t in ["a  {{- 1 -}}  b", "a\n  {%- if true %}\n x\n{%- endif %}\n", "  {% if true %}\nx\n{% endif %}\n", "a {%+ if true %}x{% endif %}",
              "{% for x in l -%}\n  {{ x }}\n{%- endfor %}", "line\n", "{{ 1 }}\n", "{{ 'a' }}\n\n", "a\r\nb", "{#- c -#}  x  ", "  {{ 'x' }}  ",
              "{% raw -%}  r  {%- endraw %}"]:
        add(t)
        add(t, opts={"trim_blocks": True})
        add(t, opts={"trim_blocks": True, "lstrip_blocks": True})
    # --- syntax errors
    for t in ["{{ 1 + }}", "{{ }}", "{% if %}{% endif %}", "{% if true %}", "{% for x in l %}", "{% endif %}", "{% foo %}", "{{ 1 | nofilter }}",
              "{{ 1 is notest }}", "{{ 'a }}", "{{ (1, 2 }}", "{{ [1, 2 }}", "{{ 1 ) }}", "{% for %}{% endfor %}", "{{ a.1b }}", "{{ a b }}",
              "{% set %}", "{% macro %}{% endmacro %}", "{{ 1 is not }}", "{% if true %}{% else %}{% else %}{% endif %}", "{{ x | }}",
              "{% if true %}{% endfor %}", "{{ 1 if }}", "{{ {'a' 1} }}", "{{ 'a' ~ }}", "{% break %}", "{% do x %}", "{{ f(*) }}", "{{ 1 =  2 }}",
              "{% for x in l %}{% endif %}", "{% if false %}{{ 1 | nofilter }}{% endif %}"]:
        add(t)
    # --- conditionals
    for c in ["true", "false", "1 == 1", "i > 5", "i > 50", "s == 'Hello World'", "'x'", "5", "0", "none", "[1]", "nope", "nope is defined",
              "nope is not defined", "l | length > 2", "d.a == 1 and d.b == 2", "d.zz == 1", "1/0", "1 +", "1 is nosuch", "t", "fa", "nn",
              "s", "l", "d", "lazy == 14", "{{ i > 5 }}", "not t", "'a' in ls", "users | selectattr('age', 'gt', 28) | list | length == 2",
              "i is divisibleby 7", "item.name == 'n1'", "e", "i", "f > 2", "l[9]", "nope.x", "i == 7 or nope", "fa and nope", "t and nope"]:
        add(c, mode="cond")
    return out


def filter_cases(add_case):
    pass


def more_cases():
    out = []

    def add(t, mode="native", vars=None, opts=None):
        case = {"t": t, "mode": mode}
        if vars is not None:
            case["vars"] = vars
        if opts:
            case["opts"] = opts
        out.append(case)

    # --- builtin filters over several inputs
    inputs = ["s", "ws", "l", "ls", "d", "i", "f", "n", "neg_f", "e", "nn", "t", "num_s", "flt_s", "html", "csv", "mixed", "users", "'Ab'", "dk"]
    simple = ["abs", "capitalize", "count", "first", "float", "int", "last", "length", "list", "lower", "max", "min", "reverse", "round",
              "sort", "string", "sum", "title", "trim", "unique", "upper", "wordcount", "escape", "e", "striptags", "tojson", "items",
              "dictsort", "urlencode", "filesizeformat", "center", "indent", "pprint", "forceescape", "safe", "batch(2)", "slice(2)",
              "join", "join(',')", "map('string')", "select", "reject", "truncate(5)", "wordwrap(5)", "format", "xmlattr"]
    for flt in simple:
        for v in inputs:
            add("{{ %s | %s }}" % (v, flt))
    for t in ["{{ users | map(attribute='name') | list }}", "{{ users | map(attribute='zz', default='?') | list }}", "{{ users | map(attribute='name') | map('upper') | join(',') }}",
              "{{ users | selectattr('grp', 'equalto', 'a') | map(attribute='name') | list }}", "{{ users | rejectattr('age', 'lt', 30) | map(attribute='name') | list }}",
              "{{ users | selectattr('age', '>', 26) | list | length }}", "{{ l | select('odd') | list }}", "{{ l | reject('even') | list }}",
              "{{ l | select('gt', 1) | list }}", "{{ mixed | select | list }}", "{{ mixed | select('string') | list }}", "{{ mixed | reject('none') | list }}",
              "{{ users | sort(attribute='age') | map(attribute='name') | list }}", "{{ users | sort(attribute='name', reverse=true) | map(attribute='name') | join }}",
              "{{ users | sort(attribute='grp,age') | map(attribute='name') | list }}", "{{ ls | sort }}", "{{ ls | sort(case_sensitive=true) }}",
              "{{ ['b', 'A', 'a'] | unique }}", "{{ ['b', 'A', 'a'] | unique(case_sensitive=true) }}", "{{ users | unique(attribute='grp') | map(attribute='name') | list }}",
              "{{ users | groupby('grp') }}", "{{ users | groupby('grp') | map(attribute='grouper') | list }}",
              "{% for g in users | groupby('grp') %}{{ g.grouper }}:{{ g.list | map(attribute='name') | join(',') }};{% endfor %}",
              "{% for k, items in users | groupby('grp') %}{{ k }}={{ items | length }};{% endfor %}", "{{ users | max(attribute='age') }}",
              "{{ users | min(attribute='age') }}", "{{ ls | max }}", "{{ ls | min(case_sensitive=true) }}", "{{ users | sum(attribute='age') }}",
              "{{ [[1], [2]] | sum(start=[]) }}", "{{ [0.1, 0.2] | sum }}", "{{ l | sum(start=10) }}", "{{ dk | dictsort }}", "{{ dk | dictsort(true) }}",
              "{{ dk | dictsort(by='value') }}", "{{ dk | dictsort(reverse=true) }}", "{{ d | items | list }}", "{{ nope | items | list }}",
              "{{ 'hello' | replace('l', 'L') }}", "{{ 'hello' | replace('l', 'L', 1) }}", "{{ 'a b' | replace(' ', '') }}", "{{ s | truncate(9) }}",
              "{{ s | truncate(9, true) }}", "{{ s | truncate(9, true, '>') }}", "{{ words | truncate(20) }}", "{{ words | truncate(20, leeway=0) }}",
              "{{ words | wordwrap(10) }}", "{{ words | wordwrap(10, wrapstring='|') }}", "{{ 'abcdefghijklmnop' | wordwrap(5) }}", "{{ ml | indent }}",
              "{{ ml | indent(2, true) }}", "{{ ml | indent(2, blank=true) }}", "{{ ml | indent('> ') }}", "{{ 'ab' | center(8) }}", "{{ '%s=%s' | format('a', 1) }}",
              "{{ '%(x)s' | format(x=5) }}", "{{ 3.14159 | round(2) }}", "{{ 2.5 | round }}", "{{ 3.5 | round }}", "{{ 2.675 | round(2) }}",
              "{{ 1.5 | round(method='floor') }}", "{{ 1.5 | round(method='ceil') }}", "{{ -1.5 | round }}", "{{ 7 | round }}", "{{ 1234.5678 | round(-2) }}",
              "{{ '12' | int + 1 }}", "{{ '12.7' | int }}", "{{ 'x' | int }}", "{{ 'x' | int(5) }}", "{{ '0x1A' | int(base=16) }}", "{{ '0x1A' | int(0, 16) }}",
              "{{ '1A' | int(base=16) }}", "{{ '0b11' | int(base=2) }}", "{{ ' 42 ' | int }}", "{{ '1_000' | int }}", "{{ true | int }}", "{{ 3.9 | int }}",
              "{{ '-3.9' | int }}", "{{ '1e3' | int }}", "{{ '3.5' | float }}", "{{ 'x' | float }}", "{{ 'x' | float(1.5) }}", "{{ 3 | float }}",
              "{{ 'inf' | float }}", "{{ ' 2 ' | float }}", "{{ -3 | abs }}", "{{ -2.5 | abs }}", "{{ 1000 | filesizeformat }}", "{{ 1024 | filesizeformat(true) }}",
              "{{ 1 | filesizeformat }}", "{{ 12345678 | filesizeformat }}", "{{ 999 | filesizeformat }}", "{{ 3000000000000 | filesizeformat }}",
              "{{ {'a': 1, 'b': none} | xmlattr }}", "{{ {'a': 'x\"y'} | xmlattr(false) }}", "{{ {'a b': 1} | xmlattr }}", "{{ 'a&b' | urlencode }}",
              "{{ 'a b/c?d' | urlencode }}", "{{ {'a': 'x y', 'b': 1} | urlencode }}", "{{ [('k', 'v&')] | urlencode }}", "{{ 'é' | urlencode }}",
              "{{ d | tojson }}", "{{ {'b': [1, 2.0, none, true], 'a': '<&>'} | tojson }}", "{{ d | tojson(2) }}", "{{ 'x' | tojson }}",
              "{{ l | batch(2) | list }}", "{{ l | batch(2, 'x') | list }}", "{{ [1, 2, 3, 4, 5] | slice(3) | list }}", "{{ [1, 2, 3, 4] | slice(3, 0) | list }}",
              "{{ l | first }}", "{{ [] | first }}", "{{ [] | last }}", "{{ 'abc' | first }}", "{{ 'abc' | last }}", "{{ d | first }}", "{{ [] | max }}",
              "{{ l | join(', ') }}", "{{ users | join(',', attribute='name') }}", "{{ [1, none] | join('-') }}", "{{ 'abc' | list }}", "{{ d | list }}",
              "{{ d | string }}", "{{ none | string }}", "{{ l | string }}", "{{ 'abc' | reverse }}", "{{ l | reverse | list }}", "{{ 'a<b>c</b>' | striptags }}",
              "{{ '  a \n b ' | striptags }}", "{{ html | e }}", "{{ html | escape | length }}", "{{ 'x' | safe }}", "{{ 'visit www.example.com now' | urlize }}",
              "{{ 'see https://x.org/a.' | urlize }}", "{{ 'mail me@example.com' | urlize }}", "{{ 'hello world' | title }}", "{{ \"it's o'neil-x\" | title }}",
              "{{ 'hELLO' | capitalize }}", "{{ '  x  ' | trim }}", "{{ 'xxaxx' | trim('x') }}", "{{ 'one two  three' | wordcount }}",
              "{{ [3, 'a'] | sort }}", "{{ [{'a': 1}] | sort }}", "{{ l | map('int') | list }}", "{{ ['1', '2'] | map('int') | sum }}",
              "{{ l | map('nofilter') | list }}", "{{ l | select('notest') | list }}", "{{ users | map(attribute='name') }}", "{{ l | map('string') }}",
              "{{ [1, 2] | map('add', 1) | list }}", "{{ 'abc' | map('upper') | list }}", "{{ {'a': 1} | map('upper') | list }}",
              "{{ 5 | default(1) }}", "{{ [] | default([1], true) }}", "{{ l | random in l }}", "{{ users | selectattr('name') | list | length }}",
              "{{ users | selectattr('nope') | list }}", "{{ l | sort(reverse=true) }}", "{{ [2, 1] | sort | first }}", "{{ [1, 2, 2] | unique | list }}",
              "{{ l | min }} {{ l | max }}", "{{ [1.5, 2] | max }}", "{{ [] | sum }}", "{{ 'ab' | count }}", "{{ i | string | length }}",
              "{{ 1 | attr('real') }}", "{{ d | attr('a') }}", "{{ d | attr('items') is callable }}", "{{ 3 | int(default=1, nope=2) }}",
              "{{ 'x' | center }}", "{{ 1 | indent }}", "{{ l | join(1) }}", "{{ users | map(attribute='age') | max }}", "{{ nested | map('length') | list }}",
              "{{ 5 | truncate(3) }}", "{{ 'abc' | truncate(2) }}", "{{ ls | map('lower') | sort | join }}", "{{ users | map(attribute='name') | sort | last }}"]:
        add(t)
    # --- tests
    test_values = ["1", "0", "-1", "2.0", "2.5", "'a'", "'A'", "''", "none", "true", "false", "[]", "[1]", "{}", "d", "nope", "l.append", "range(2)"]
    for test in ["defined", "undefined", "none", "boolean", "false", "true", "integer", "float", "number", "string", "mapping", "sequence",
                 "iterable", "callable", "lower", "upper", "odd", "even", "divisibleby 2", "eq 1", "ne 1", "lt 2", "gt 0", "le 1", "ge 1",
                 "in [1, 'a']", "sameas none", "sameas true", "escaped", "==(1)", "equalto 1", "greaterthan 0", "lessthan 2", "filter", "test"]:
        for v in test_values:
            add("{{ %s is %s }}" % (v, test))
    for t in ["{{ 'upper' is filter }}", "{{ 'nofilter' is filter }}", "{{ 'odd' is test }}", "{{ 'notest' is test }}", "{{ 3 is not odd }}",
              "{{ 4 is divisibleby(2) }}", "{{ 1 is in l }}", "{{ 'a' is in 'abc' }}", "{{ l is sameas l }}", "{{ 1 is eq(1.0) }}", "{{ i is gt(5) and i is lt 10 }}",
              "{{ (1, 2) is sequence }}", "{{ 'abc' is iterable }}", "{{ 5 is iterable }}", "{{ dict is callable }}", "{{ 'Ab' is lower }}", "{{ '1' is lower }}",
              "{{ 1 is odd is true }}", "{{ 1 is 2 }}"]:
        add(t)
    return out


def extra_cases():
    out = []

    def add(t, mode="native", vars=None, opts=None):
        case = {"t": t, "mode": mode}
        if vars is not None:
            case["vars"] = vars
        if opts:
            case["opts"] = opts
        out.append(case)

    for t in [
        "{{ d.keys() }}", "{{ d.values() }}", "{{ d.items() }}", "{{ 'a-b'.split('-') | join('+') }}", "{{ s.split()[1] | lower }}",
        "{{ 2 ** 64 }}", "{{ 2 ** 53 + 1 }}", "{{ 10 ** 15 * 7 }}", "{{ -(2 ** 31) }}", "{{ 1e308 * 10 }}", "{{ (0.1).real }}",
        "{{ '%s' % 1e16 }}", "{{ 1e16 }}", "{{ 1.0e-5 }}", "{{ 123456789.123456789 }}", "{{ 1/3 }}", "{{ 2/3 }}", "{{ 10 / 4 }}",
        "{{ 3 * 1.1 }}", "{{ -7 // 2.0 }}", "{{ -7 % 2.5 }}", "{{ 7 % -3 }}", "{{ -0.0 == 0 }}", "{{ 0.5 | round }}", "{{ 1.5 | round }}",
        "{% macro row(cells) %}<tr>{% for c in cells %}<td>{{ c }}</td>{% endfor %}</tr>{% endmacro %}{{ row([1, 2]) }}",
        "{% macro outer() %}[{{ caller() }}]{% endmacro %}{% macro inner() %}({{ caller() }}){% endmacro %}{% call outer() %}{% call inner() %}x{% endcall %}{% endcall %}",
        "{% macro m(a, b) %}{{ a }}|{{ b }}{% endmacro %}{{ m(*[1, 2]) }}", "{% macro m(a, b) %}{{ a }}|{{ b }}{% endmacro %}{{ m(**{'a': 1, 'b': 2}) }}",
        "{% macro m() %}{{ kwargs.x }}{% endmacro %}{{ m(x=5) }}", "{% macro m(x) %}{{ x }}{% endmacro %}{{ m }}", "{% macro m() %}x{% endmacro %}{{ m() ~ m() }}",
        "{% macro m(n) %}{% if n > 0 %}{{ n }}{{ m(n - 1) }}{% endif %}{% endmacro %}{{ m(3) }}", "{% macro m() %}{{ i }}{% endmacro %}{% set i = 99 %}{{ m() }}",
        "{% for x in l %}{% for y in l %}{{ loop.index }}{% endfor %}|{% endfor %}", "{% for x in l %}{{ loop.length }}{% endfor %}",
        "{% for x in l | sort %}{{ x }}{% endfor %}", "{% for x in d | dictsort %}{{ x[0] }}{% endfor %}", "{% for k, v in d | dictsort %}{{ k }}{{ v }}{% endfor %}",
        "{% for x in range(0) %}a{% else %}b{% endfor %}", "{% for x in l %}{% if loop.first %}F{% elif loop.last %}L{% else %}M{% endif %}{% endfor %}",
        "{% for x in users | selectattr('age', 'ge', 30) %}{{ x.name }} {% endfor %}", "{% for u in users %}{{ u['name'] | upper }}{{ ',' if not loop.last }}{% endfor %}",
        "{% for x in [1, 2, 3] %}{% set total = x %}{% endfor %}{{ total | default('unset') }}", "{% for i in range(3) %}{{ loop.revindex }}{% endfor %}",
        "{% for a in [[1, 2], [3, 4]] %}{{ a[0] + a[1] }}{% endfor %}", "{% for x in 'ab' %}{{ loop.cycle('x', 'y') }}{{ x }}{% endfor %}",
        "{% set x = [] %}{% for i in l %}{% set _ = x.append(i * 2) %}{% endfor %}{{ x }}", "{% set d2 = {} %}{% set _ = d2.update({'k': 1}) %}{{ d2 }}",
        "{% set a = 1 %}{% if true %}{% set a = 2 %}{% endif %}{{ a }}", "{% set a = {'x': {'y': 1}} %}{{ a.x.y }}", "{% set t = (1, 2) %}{{ t[1] }}",
        "{% set x = namespace(items=[]) %}{% for i in l %}{% set x.items = x.items + [i] %}{% endfor %}{{ x.items }}",
        "{{ '{:d}'.format(1.5) }}", "{{ '{:s}'.format(1) }}", "{{ '{0}{1}'.format('a') }}", "{{ '{x}'.format(y=1) }}", "{{ '{' }}", "{{ '{}'.format }}",
        "{{ '%s and %s' % ['a', 'b'] }}", "{{ '%s' % (['a', 'b'],) }}", "{{ '%d%%' % 50 }}", "{{ '%-8.3f|' % 3.14159 }}", "{{ '%+.2e' % 12345.678 }}",
        "{{ '%o' % 8 }}", "{{ '%#o' % 8 }}", "{{ '%#x' % 255 }}", "{{ '%5s|%-5s|' % ('ab', 'cd') }}", "{{ '%.2s' % 'abc' }}", "{{ '%s' % true }}",
        "{{ 'abc' | batch(2) | list }}", "{{ l | first | string }}", "{{ none | default }}", "{{ e | default(s) }}", "{{ (1, 2) | list }}",
        "{{ [1, [2, [3]]] | flatten if false else 0 }}", "{{ d | dictsort | first }}", "{{ users | map(attribute='name') | select('match', 'a') | list if false else 1 }}",
        "{{ users | groupby('age') | map(attribute='grouper') | list }}", "{{ users | sort(attribute='age', reverse=true) | first }}",
        "{{ ['a', 'B', 'c'] | map('upper') | list }}", "{{ ['x', 'y'] | map('replace', 'x', 'z') | list }}", "{{ [' a ', 'b '] | map('trim') | list }}",
        "{{ [3, 1, 2] | sort | reverse | list }}", "{{ 'abc' | list | reverse | join }}", "{{ [1, 2, 3] | sum / 3 }}", "{{ ([1, 2, 3] | max) - ([1, 2, 3] | min) }}",
        "{{ 'Hello' ~ ' ' ~ 'World' | upper }}", "{{ ('Hello' ~ ' ' ~ 'World') | upper }}", "{{ 1 + 2 | string }}", "{{ (1 + 2) | string }}",
        "{{ -1 | abs }}", "{{ -(1 | abs) }}", "{{ not true | string }}", "{{ [1, 2] | length + 1 }}", "{{ 'a' in ['a'] | list }}",
        "{{ 1 if 'x' in s else 0 }}", "{{ s if s | length > 5 }}", "{{ users[0]['name'] if users else 'none' }}", "{{ d['a'] | default(0) + 1 }}",
        "{{ l[0:2] + l[2:] }}", "{{ l * 2 }}", "{{ l + ['x'] }}", "{{ [l, l] }}", "{{ {'k': l} }}", "{{ {'a': 1}['a'] }}", "{{ {'a': 1}.a }}",
        "{{ [1, 2, 3][-1] }}", "{{ 'abc'[-2:] }}", "{{ 'abcdef'[1:5:2] }}", "{{ l[::-2] }}", "{{ l[10:] }}", "{{ l[-10:1] }}",
        "{{ nested | map('first') | list }}", "{{ pairs | map('last') | list }}", "{{ pairs | map('join', '=') | list }}",
        "{{ tpl_in_list | map(attribute='v') | list }}", "{{ ll | map('upper') | list }}", "{{ ld.k | lower }}", "{{ lazy | string | length }}",
        "{{ nope | default('x') is string }}", "{{ nope is not defined and l is defined }}", "{{ d.a is number }}", "{{ d is mapping and l is not mapping }}",
        "{{ i is even or i is odd }}", "{{ 'ABC' is upper }}", "{{ s is sequence }}", "{{ 3 is in [1, 2, 3] }}", "{{ f is float and i is integer }}",
        "{{ t is boolean and t is true }}", "{{ fa is false }}", "{{ nn is none }}", "{{ lazy is string }}",
        "{% if l %}{{ l | length }}{% endif %}", "{% if d.zz is defined %}x{% else %}y{% endif %}", "{% if nope is defined and nope %}a{% else %}b{% endif %}",
        "{% if i is divisibleby(7) %}div{% endif %}", "{% if 'a' in d and 'b' in d %}both{% endif %}", "{% if not (i > 10) %}small{% endif %}",
        "{% filter indent(2) %}a\nb{% endfilter %}", "{% filter center(9) %}mid{% endfilter %}", "{% set x %}{% for i in l %}{{ i }}{% endfor %}{% endset %}{{ x | int + 1 }}",
        "{% with a = l | length %}{{ a * 2 }}{% endwith %}", "{% with %}{% set qq = 1 %}{{ qq }}{% endwith %}{{ qq | default('out') }}",
        "{{ lookup('nope') if false else 'skipped' }}", "{{ now() is string if false else 1 }}", "{{ omit is string }}", "{{ 'x' ~ omit ~ 'y' == 'xy' }}",
        "{{ range(2, 8, 2) | list }}", "{{ range(3) | sum }}", "{{ range(5) | select('odd') | list }}", "{{ range(3) | map('string') | join('-') }}",
        "{{ range(-3) | list }}", "{{ range(0, 10, 0) | list }}", "{{ range(1.5) | list }}", "{{ dict(a=1).a }}", "{{ dict(d, c=3) }}",
        "{{ namespace(a=1, b=2).b }}", "{% set ns = namespace(d) %}{{ ns.a }}", "{{ cycler(1, 2).next() }}", "{{ joiner()() }}",
    ]:
        add(t)
    for t in ["{% if true %}\n  yes\n{% endif %}\n", "{% for x in l %}\n{{ x }}\n{% endfor %}\n", "  {%- for x in l %} {{ x }}{% endfor %}",
              "{% macro m() -%}\n  body\n{%- endmacro %}\n[{{ m() }}]\n", "a\n{# c #}\nb\n", "{% set x = 1 %}\n{{ x }}\n"]:
        add(t)
        add(t, opts={"trim_blocks": False})
        add(t, opts={"lstrip_blocks": True})
    for c in ["d.keys() | list == ['a', 'b']", "s.startswith('Hell')", "l | select('gt', 1) | list | length == 2", "(i + 1) is even", "'x' not in s",
              "users[0].age > 20 and users[1].age < 30", "not nope is defined", "d", "{{ t }} and fa", "'a\\nb' == 'a' ~ '\\n' ~ 'b'",
              "i == 7 and (f > 2 or nope)", "[1, 2] == l", "l == [3, 1, 2]", "d.a + d.b == 3", "s | length == 11", "nested[1][1][1] == 5"]:
        add(c, mode="cond")
    return out


def to_trusted(value):
    if isinstance(value, str):
        return trust_as_template(value)
    if isinstance(value, list):
        return [to_trusted(v) for v in value]
    if isinstance(value, dict):
        return {k: to_trusted(v) for k, v in value.items()}
    return value


def record(case):
    variables = to_trusted(case.get("vars", V))
    templar = Templar(loader=None, variables=variables)
    try:
        if case["mode"] == "cond":
            result = templar.evaluate_conditional(trust_as_template(case["t"]))
        else:
            result = templar.template(trust_as_template(case["t"]), overrides=case.get("opts") or None)
        return {"ok": repr(plain(result))}
    except Exception as e:  # noqa: BLE001 - every failure is a recorded outcome
        text = str(e)
        return {"err": text.split("\n")[0]}


def plain(value):
    """Strips Ansible's tagged subclasses so repr() is the plain Python repr."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, str):
        return str(value)
    if isinstance(value, dict):
        return {plain(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def main():
    all_cases = cases() + more_cases() + extra_cases()
    seen = set()
    table = []
    for case in all_cases:
        key = json.dumps(case, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        case.update(record(case))
        table.append(case)
    doc = {"vars": V, "cases": table}
    with open(os.path.join(HERE, "jinja2-table.json"), "w") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"recorded {len(table)} cases", file=sys.stderr)


if __name__ == "__main__":
    main()
