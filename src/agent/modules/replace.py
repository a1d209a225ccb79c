# ansible.builtin.replace
import os
import re

ARGUMENT_SPEC = {
    'path': {'type': 'path', 'required': True, 'aliases': ['dest', 'destfile', 'name']},
    'regexp': {'type': 'str', 'required': True},
    'replace': {'type': 'str', 'default': ''},
    'after': {'type': 'str'},
    'before': {'type': 'str'},
    'backup': {'type': 'bool', 'default': False},
    'validate': {'type': 'str'},
    'encoding': {'type': 'str', 'default': 'utf-8'},
}
ADD_FILE_COMMON_ARGS = True
SUPPORTS_CHECK_MODE = True
LOAD_EARLY = True
ADD_PATH_INFO = False


def run(params, ctx):
    path = params['path']
    encoding = params['encoding']
    out = {'rc': 0}
    if os.path.isdir(path):
        ctx.fail('Path %s is a directory !' % path, rc=256)
    if not os.path.exists(path):
        ctx.fail('Path %s does not exist !' % path, rc=257)
    with open(path, 'rb') as f:
        contents = f.read().decode(encoding, 'surrogateescape')
    after, before = params['after'], params['before']
    pattern = ''
    if after and before:
        pattern = '%s(?P<subsection>.*?)%s' % (after, before)
    elif after:
        pattern = '%s(?P<subsection>.*)' % after
    elif before:
        pattern = '(?P<subsection>.*)%s' % before
    span = None
    section = contents
    if pattern:
        m = re.search(re.compile(pattern, re.DOTALL), contents)
        if not m:
            out['msg'] = 'Pattern for before/after params did not match the given file: %s' % pattern
            out['changed'] = False
            return out
        section = m.group('subsection')
        span = (m.start('subsection'), m.end('subsection'))
    # NOTE: as in ansible, a regexp that does not compile is the module's crash, not a failure it reports.
    regexp = re.compile(params['regexp'], re.MULTILINE)
    try:
        new_section, count = re.subn(regexp, params['replace'], section)
    except re.error as e:
        ctx.fail('Unable to process replace due to error: %s' % e)
    changed = count > 0 and new_section != section
    msg = ''
    new_contents = contents
    if changed:
        new_contents = contents[:span[0]] + new_section + contents[span[1]:] if span else new_section
        msg = '%s replacements made' % count
        if ctx.diff_mode:
            out['diff'] = {'before_header': path, 'before': contents, 'after_header': path, 'after': new_contents}
    if changed and not ctx.check_mode:
        if params['backup'] and os.path.exists(path):
            out['backup_file'] = ctx.backup_local(path)
        ctx.write_validated(os.path.realpath(path), new_contents.encode(encoding, 'surrogateescape'), params['validate'])
    out['msg'], out['changed'] = ctx.attributes_message(params, changed, msg)
    return out
