# ansible.builtin.slurp: a file's content, base64.
import base64
import errno

ARGUMENT_SPEC = {
    'src': {'type': 'path', 'required': True, 'aliases': ['path']},
}
SUPPORTS_CHECK_MODE = True
LOAD_EARLY = True
ADD_PATH_INFO = False


def run(params, ctx):
    source = params['src']
    try:
        with open(source, 'rb') as f:
            data = base64.b64encode(f.read())
    except (IOError, OSError) as e:
        # NOTE: 2.19 words these so, with the OSError shown as the error's cause.
        if e.errno == errno.ENOENT:
            msg = 'File not found: %s' % source
        elif e.errno == errno.EACCES:
            msg = 'File is not readable: %s' % source
        elif e.errno == errno.EISDIR:
            msg = 'Source is a directory and must be a file: %s' % source
        else:
            # NOTE: 2.19 forgot the f of this f-string: the braces are in its message.
            msg = 'Unable to slurp file: {source}'
        ctx.fail(msg, _volant_cause='[Errno %d] %s: %r' % (e.errno, e.strerror, source))
    return {'content': data.decode('ascii'), 'source': source, 'encoding': 'base64'}
