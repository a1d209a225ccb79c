# ansible.builtin.lineinfile
import os
import re

ARGUMENT_SPEC = {
    'path': {'type': 'path', 'required': True, 'aliases': ['dest', 'destfile', 'name']},
    'state': {'type': 'str', 'default': 'present', 'choices': ['absent', 'present']},
    'regexp': {'type': 'str', 'aliases': ['regex']},
    'search_string': {'type': 'str'},
    'line': {'type': 'str', 'aliases': ['value']},
    'insertafter': {'type': 'str'},
    'insertbefore': {'type': 'str'},
    'backrefs': {'type': 'bool', 'default': False},
    'create': {'type': 'bool', 'default': False},
    'backup': {'type': 'bool', 'default': False},
    'firstmatch': {'type': 'bool', 'default': False},
    'validate': {'type': 'str'},
}
MUTUALLY_EXCLUSIVE = [['insertbefore', 'insertafter'], ['regexp', 'search_string'], ['backrefs', 'search_string']]
ADD_FILE_COMMON_ARGS = True
SUPPORTS_CHECK_MODE = True
LOAD_EARLY = True
ADD_PATH_INFO = False

NL = os.linesep.encode()


def _b(text):
    return text.encode('utf-8', 'surrogateescape')


def _t(data):
    return data.decode('utf-8', 'surrogateescape')


def _ends_with_newline(line):
    return line[-1:] in (b'\n', b'\r')


def _content_diff(path):
    return {'before': '', 'after': '', 'before_header': '%s (content)' % path, 'after_header': '%s (content)' % path}


def _finish(ctx, params, path, changed, msg, diff, **extra):
    attr_diff = {}
    msg, changed = ctx.attributes_message(params, changed, msg, attr_diff)
    attr_diff['before_header'] = '%s (file attributes)' % path
    attr_diff['after_header'] = '%s (file attributes)' % path
    result = {'changed': changed, 'msg': msg}
    result.update(extra)
    result['diff'] = [diff, attr_diff]
    return result


def _locate(lines, params, line):
    """(index of the line to replace or -1, insertion index or -1, regex match, exact match)."""
    regexp, search = params['regexp'], params['search_string']
    found, match, exact = -1, None, False
    for i, cur in enumerate(lines):
        hit = None
        if regexp is not None:
            hit = re.search(_b(regexp), cur)
        elif search is not None:
            hit = _b(search) in cur or None
        if hit:
            found, match = i, hit
            if params['firstmatch']:
                break
    insert_at = -1
    after, before = params['_after'], params['_before']
    anchor = None
    if after not in (None, 'BOF', 'EOF'):
        anchor = re.compile(_b(after))
    elif before not in (None, 'BOF'):
        anchor = re.compile(_b(before))
    if not match:
        for i, cur in enumerate(lines):
            if line == cur.rstrip(b'\r\n'):
                found, exact = i, True
            elif anchor is not None and anchor.search(cur):
                insert_at = i + 1 if after else i
                if params['firstmatch']:
                    break
    return found, insert_at, match, exact


def _present(params, ctx, path):
    diff = _content_diff(path)
    exists = os.path.exists(path)
    if not exists:
        if not params['create']:
            ctx.fail('Destination %s does not exist !' % path, rc=257)
        parent = os.path.dirname(path)
        if parent and not os.path.exists(parent) and not ctx.check_mode:
            try:
                os.makedirs(parent)
            except Exception as e:
                ctx.fail('Error creating %s (%s)' % (parent, e))
        lines = []
    else:
        with open(path, 'rb') as f:
            lines = f.readlines()
    if ctx.diff_mode:
        diff['before'] = _t(b''.join(lines))
    line = _b(params['line'])
    after, before = params['_after'], params['_before']
    found, insert_at, match, exact = _locate(lines, params, line)
    msg, changed = '', False

    def add(at):
        lines.insert(at, line + NL)
        return 'line added', True

    if found != -1:
        new_line = match.expand(line) if (params['backrefs'] and match is not None and match is not True) else line
        if not new_line.endswith(NL):
            new_line += NL
        # NOTE: an exact copy of the line anywhere in the file counts as found, even with
        # insertafter/insertbefore: Ansible then only fixes its line ending.
        if lines[found] != new_line:
            lines[found] = new_line
            msg, changed = 'line replaced', True
    elif params['backrefs']:
        pass  # backrefs without a match leaves the file alone
    elif before == 'BOF' or after == 'BOF':
        msg, changed = add(0)
    elif after == 'EOF' or insert_at == -1:
        if lines and not _ends_with_newline(lines[-1]):
            lines.append(NL)
        lines.append(line + NL)
        msg, changed = 'line added', True
    elif after and insert_at != -1:
        if insert_at == len(lines):
            if lines[insert_at - 1].rstrip(b'\r\n') != line:
                lines.append(line + NL)
                msg, changed = 'line added', True
        elif line != lines[insert_at].rstrip(b'\r\n'):
            msg, changed = add(insert_at)
    else:
        msg, changed = add(insert_at)
    if ctx.diff_mode:
        diff['after'] = _t(b''.join(lines))
    backup = ''
    if changed and not ctx.check_mode:
        if params['backup'] and exists:
            backup = ctx.backup_local(path)
        ctx.write_validated(path, b''.join(lines), params['validate'])
    if ctx.check_mode and not os.path.exists(path):
        return {'changed': changed, 'msg': msg, 'backup': backup, 'diff': diff}
    return _finish(ctx, params, path, changed, msg, diff, backup=backup)


def _absent(params, ctx, path):
    if not os.path.exists(path):
        return {'changed': False, 'msg': 'file not present'}
    diff = _content_diff(path)
    with open(path, 'rb') as f:
        lines = f.readlines()
    if ctx.diff_mode:
        diff['before'] = _t(b''.join(lines))
    line = _b(params['line']) if params['line'] is not None else None
    regexp = re.compile(_b(params['regexp'])) if params['regexp'] is not None else None
    search = _b(params['search_string']) if params['search_string'] is not None else None

    def matches(cur):
        if regexp is not None:
            return regexp.search(cur) is not None
        if search is not None:
            return search in cur
        return line == cur.rstrip(b'\r\n')
    kept = [cur for cur in lines if not matches(cur)]
    removed = len(lines) - len(kept)
    changed = removed > 0
    if ctx.diff_mode:
        diff['after'] = _t(b''.join(kept))
    backup = ''
    if changed and not ctx.check_mode:
        if params['backup']:
            backup = ctx.backup_local(path)
        ctx.write_validated(path, b''.join(kept), params['validate'])
    msg = '%s line(s) removed' % removed if changed else ''
    return _finish(ctx, params, path, changed, msg, diff, found=removed, backup=backup)


def run(params, ctx):
    path = params['path']
    if '' in (params['regexp'], params['search_string']):
        what = 'regular expression' if params['regexp'] == '' else 'search string'
        msg = ('The %s is an empty string, which will match every line in the file. '
               'This may have unintended consequences, such as replacing the last line in the file rather than appending.' % what)
        if params['regexp'] == '':
            msg += " If this is desired, use '^' to match every line in the file and avoid this warning."
        ctx.warn(msg)
    if os.path.isdir(path):
        ctx.fail('Path %s is a directory !' % path, rc=256)
    if params['state'] == 'present':
        if params['backrefs'] and params['regexp'] is None:
            ctx.fail('regexp is required with backrefs=true')
        if params['line'] is None:
            ctx.fail('line is required with state=present')
        params = dict(params)
        params['_after'], params['_before'] = params['insertafter'], params['insertbefore']
        if params['_after'] is None and params['_before'] is None:
            params['_after'] = 'EOF'
        return _present(params, ctx, path)
    if params['regexp'] is None and params['search_string'] is None and params['line'] is None:
        ctx.fail('one of line, search_string, or regexp is required with state=absent')
    return _absent(params, ctx, path)
