# ansible.builtin.assemble, host side: the fragments of a directory on the host joined into one
# file (sorted by name; a newline between fragments that lack one; an optional delimiter between
# them). The controller's assemble action joins a controller directory itself and sends copy the
# result instead (remote_src=false).
import codecs
import hashlib
import os
import re
import tempfile

ARGUMENT_SPEC = {
    'src': {'type': 'path', 'required': True},
    'delimiter': {'type': 'str'},
    'dest': {'type': 'path', 'required': True},
    'backup': {'type': 'bool', 'default': False},
    'remote_src': {'type': 'bool', 'default': True},
    'regexp': {'type': 'str'},
    'ignore_hidden': {'type': 'bool', 'default': False},
    'validate': {'type': 'str'},
    'decrypt': {'type': 'bool', 'default': True},
}
ADD_FILE_COMMON_ARGS = True
SUPPORTS_CHECK_MODE = True


def join_fragments(names, read, delimiter=None, compiled_regexp=None):
    """The assembled bytes of the fragments `names` (already sorted and filtered to files)."""
    out = []
    delimit = False
    add_newline = False
    if delimiter:
        delimiter = codecs.escape_decode(delimiter)[0]
    for name in names:
        if compiled_regexp and not compiled_regexp.search(name):
            continue
        content = read(name)
        if add_newline:
            out.append(b'\n')
        if delimit and delimiter:
            out.append(delimiter)
            if not delimiter.endswith(b'\n'):
                out.append(b'\n')
        out.append(content)
        delimit = True
        add_newline = not content.endswith(b'\n')
    return b''.join(out)


def run(params, ctx):
    src = params['src']
    dest = params['dest']
    result = {'src': src, 'dest': dest}
    if not os.path.exists(src):
        ctx.fail('Source (%s) does not exist' % src)
    if not os.path.isdir(src):
        ctx.fail('Source (%s) is not a directory' % src)
    compiled = None
    if params['regexp'] is not None:
        try:
            compiled = re.compile(params['regexp'])
        except re.error as e:
            ctx.fail('Invalid Regexp (%s) in "%s"' % (e, params['regexp']))
    validate = params['validate']
    if validate and '%s' not in validate:
        ctx.fail('validate must contain %%s: %s' % validate)

    names = []
    for name in sorted(os.listdir(src)):
        path = os.path.join(src, name)
        if os.path.isfile(path) and not (params['ignore_hidden'] and name.startswith('.')):
            names.append(name)

    def read(name):
        with open(os.path.join(src, name), 'rb') as f:
            return f.read()

    data = join_fragments(names, read, params['delimiter'], compiled)
    checksum = hashlib.sha1(data).hexdigest()
    result['checksum'] = checksum
    result['md5sum'] = hashlib.md5(data).hexdigest()
    dest_hash = ctx.sha1(dest) if os.path.exists(dest) else None
    changed = False
    if checksum != dest_hash:
        fd, tmp = tempfile.mkstemp(dir=ctx.tmpdir)
        with os.fdopen(fd, 'wb') as f:
            f.write(data)
        if validate:
            rc, out, err = ctx.run_command(validate % tmp)
            result['validation'] = {'rc': rc, 'stdout': out, 'stderr': err}
            if rc != 0:
                ctx.fail('failed to validate: rc:%s error:%s' % (rc, err))
        if params['backup'] and dest_hash is not None:
            result['backup_file'] = ctx.backup_local(dest)
        if not ctx.check_mode:
            ctx.atomic_move(tmp, dest)
        changed = True
    result['changed'] = ctx.set_fs_attributes_if_different(ctx.load_file_common_arguments(params), changed)
    result['msg'] = 'OK'
    return result
