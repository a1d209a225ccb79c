# ansible.builtin.blockinfile
import os
import re

ARGUMENT_SPEC = {
    'path': {'type': 'path', 'required': True, 'aliases': ['dest', 'destfile', 'name']},
    'state': {'type': 'str', 'default': 'present', 'choices': ['absent', 'present']},
    'marker': {'type': 'str', 'default': '# {mark} ANSIBLE MANAGED BLOCK'},
    'block': {'type': 'str', 'default': '', 'aliases': ['content']},
    'insertafter': {'type': 'str'},
    'insertbefore': {'type': 'str'},
    'create': {'type': 'bool', 'default': False},
    'backup': {'type': 'bool', 'default': False},
    'validate': {'type': 'str'},
    'marker_begin': {'type': 'str', 'default': 'BEGIN'},
    'marker_end': {'type': 'str', 'default': 'END'},
    'append_newline': {'type': 'bool', 'default': False},
    'prepend_newline': {'type': 'bool', 'default': False},
}
MUTUALLY_EXCLUSIVE = [['insertbefore', 'insertafter']]
ADD_FILE_COMMON_ARGS = True
SUPPORTS_CHECK_MODE = True
LOAD_EARLY = True
ADD_PATH_INFO = False

NL = os.linesep.encode()


def _b(text):
    return text.encode('utf-8', 'surrogateescape')


def _insert_index(lines, original, after, before):
    """Where a new block goes when the file has no markers yet."""
    anchor = None
    if after not in (None, 'EOF'):
        anchor = re.compile(_b(after))
    elif before not in (None, 'BOF'):
        anchor = re.compile(_b(before))
    if anchor is None:
        return 0 if before is not None else len(lines)
    at = None
    if anchor.flags & re.MULTILINE:
        # NOTE: a (?m) pattern is matched against the whole file, counting newlines to the match.
        m = anchor.search(original or b'')
        if m:
            at = (original or b'').count(b'\n', 0, m.end() if after else m.start())
    else:
        for i, line in enumerate(lines):
            if anchor.search(line):
                at = i
    if at is None:
        return len(lines)
    return at + 1 if after is not None else at


def run(params, ctx):
    path = params['path']
    if os.path.isdir(path):
        ctx.fail('Path %s is a directory !' % path, rc=256)
    exists = os.path.exists(path)
    if not exists:
        if not ctx.boolean(params['create']):
            ctx.fail('Path %s does not exist !' % path, rc=257)
        parent = os.path.dirname(path)
        if parent and not os.path.exists(parent) and not ctx.check_mode:
            try:
                os.makedirs(parent)
            except OSError as e:
                ctx.fail('Error creating %s Error code: %s Error description: %s' % (parent, e.errno, e.strerror))
        original = None
        lines = []
    else:
        with open(path, 'rb') as f:
            original = f.read()
        lines = original.splitlines(True)
    diff = {'before': '', 'after': '', 'before_header': '%s (content)' % path, 'after_header': '%s (content)' % path}
    if ctx.diff_mode and original:
        diff['before'] = original.decode('utf-8', 'surrogateescape')
    present = params['state'] == 'present'
    if not present and not exists:
        return {'changed': False, 'msg': 'File %s not present' % path}
    after, before = params['insertafter'], params['insertbefore']
    if after is None and before is None:
        after = 'EOF'
    marker = _b(params['marker'])
    begin = marker.replace(b'{mark}', _b(params['marker_begin'])) + NL
    end = marker.replace(b'{mark}', _b(params['marker_end'])) + NL
    block = _b(params['block'])
    if present and block:
        if not block.endswith(NL):
            block += NL
        new_block = [begin] + block.splitlines(True) + [end]
    else:
        new_block = []
    first = last = None
    for i, line in enumerate(lines):
        if line == begin:
            first = i
        if line == end:
            last = i
    if first is None or last is None:
        at = _insert_index(lines, original, after, before)
    elif first < last:
        del lines[first:last + 1]
        at = first
    else:
        del lines[last:first + 1]
        at = last
    if at > 0 and not lines[at - 1].endswith(NL):
        lines[at - 1] += NL
    if params['prepend_newline'] and present and at != 0 and lines[at - 1] != NL:
        lines[at:at] = [NL]
        at += 1
    lines[at:at] = new_block
    if params['append_newline'] and present:
        following = at + len(new_block)
        if following < len(lines) and lines[following] != NL:
            lines[following:following] = [NL]
    result = b''.join(lines)
    if ctx.diff_mode:
        diff['after'] = result.decode('utf-8', 'surrogateescape')
    if original == result:
        msg, changed = '', False
    elif original is None:
        msg, changed = 'File created', True
    elif not new_block:
        msg, changed = 'Block removed', True
    else:
        msg, changed = 'Block inserted', True
    backup_file = None
    if changed and not ctx.check_mode:
        if ctx.boolean(params['backup']) and exists:
            backup_file = ctx.backup_local(path)
        ctx.write_validated(os.path.realpath(path), result, params['validate'])
    if ctx.check_mode and not exists:
        return {'changed': changed, 'msg': msg, 'diff': diff}
    attr_diff = {}
    msg, changed = ctx.attributes_message(params, changed, msg, attr_diff)
    attr_diff['before_header'] = '%s (file attributes)' % path
    attr_diff['after_header'] = '%s (file attributes)' % path
    out = {'changed': changed, 'msg': msg, 'diff': [diff, attr_diff]}
    if backup_file is not None:
        out['backup_file'] = backup_file
    return out
