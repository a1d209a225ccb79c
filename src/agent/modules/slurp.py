# ansible.builtin.slurp: a file's content, base64.
import base64
import errno

ARGUMENT_SPEC = {
    'src': {'type': 'path', 'required': True, 'aliases': ['path']},
}
SUPPORTS_CHECK_MODE = True
ADD_PATH_INFO = False


def run(params, ctx):
    source = params['src']
    try:
        with open(source, 'rb') as f:
            data = base64.b64encode(f.read())
    except (IOError, OSError) as e:
        if e.errno == errno.ENOENT:
            # NOTE: 2.19 words it so, with the OSError shown as the error's cause.
            ctx.fail('File not found: %s' % source, _volant_cause="[Errno 2] No such file or directory: '%s'" % source)
        elif e.errno == errno.EACCES:
            msg = 'file is not readable: %s' % source
        elif e.errno == errno.EISDIR:
            msg = 'source is a directory and must be a file: %s' % source
        else:
            msg = 'unable to slurp file: %s' % e
        ctx.fail(msg)
    return {'content': data.decode('ascii'), 'source': source, 'encoding': 'base64'}
