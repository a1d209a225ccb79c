# expect: runs a command under a pseudo-terminal with the host's pexpect and answers its prompts
# (a regex of the output -> a response, or a list of responses given in turn). Like ansible's
# module it needs pexpect on the host and does not run in check mode.
import datetime
import decimal
import os
import volant_runtime

ARGUMENT_SPEC = {
    'command': {'required': True},
    'chdir': {'type': 'path'},
    'creates': {'type': 'path'},
    'removes': {'type': 'path'},
    'responses': {'type': 'dict', 'required': True},
    'timeout': {'type': 'raw', 'default': 30},
    'echo': {'type': 'bool', 'default': False},
}
SUPPORTS_CHECK_MODE = False
ADD_PATH_INFO = False


def as_int(value):
    """Ansible's check_type_int: an int, or text/float without a fractional part; TypeError otherwise."""
    if isinstance(value, int):
        return value
    try:
        number = decimal.Decimal(value)
        if number != int(number):
            raise ValueError('Significant decimal part found')
        return int(number)
    except (decimal.DecimalException, TypeError, ValueError):
        raise TypeError('"%r" cannot be converted to an int' % (value,))


def _line(response):
    text = response if isinstance(response, bytes) else str(response).encode('utf-8', 'surrogateescape')
    return text.rstrip(b'\n') + b'\n'


def responder(ctx, question, responses):
    """The responses to one question, one per time it is asked; failing when they run out."""
    pending = iter([_line(r) for r in responses])

    def answer(info):
        try:
            return next(pending)
        except StopIteration:
            ctx.fail("No remaining responses for '%s', output was '%s'" % (question, info['child_result_list'][-1]))
    return answer


def run(params, ctx):
    try:
        import pexpect
    except ImportError as e:
        ctx.fail(volant_runtime.missing_required_lib('pexpect'), _volant_cause=str(e))
    command, chdir = params['command'], params['chdir']
    timeout = params['timeout']
    if timeout is not None:
        try:
            timeout = as_int(timeout)
        except TypeError as e:
            ctx.fail("argument 'timeout' is of type %s and we were unable to convert to int: %s" % (type(timeout), e))
    events = {}
    for question, response in params['responses'].items():
        key = question.encode('utf-8', 'surrogateescape') if isinstance(question, str) else question
        events[key] = responder(ctx, question, response) if isinstance(response, list) else _line(response)
    if command.strip() == '':
        ctx.fail('no command given', rc=256)
    # NOTE: ansible chdirs its module process; the agent is shared, so paths are resolved instead
    if chdir:
        chdir = os.path.abspath(chdir)
    base = chdir or os.getcwd()
    creates, removes = params['creates'], params['removes']
    if creates and os.path.exists(os.path.join(base, creates)):
        return {'cmd': command, 'stdout': 'skipped, since %s exists' % creates, 'changed': False, 'rc': 0}
    if removes and not os.path.exists(os.path.join(base, removes)):
        return {'cmd': command, 'stdout': 'skipped, since %s does not exist' % removes, 'changed': False, 'rc': 0}
    env = dict(os.environ, **(ctx.environ or {}))
    start = datetime.datetime.now()
    try:
        out, rc = pexpect.run(command, timeout=timeout, withexitstatus=True, events=events, cwd=chdir,
                              echo=params['echo'], encoding=None, env=env)
    except (TypeError, AttributeError) as e:
        ctx.fail('Insufficient version of pexpect installed (%s), this module requires pexpect>=3.3. Error was %s'
                 % (pexpect.__version__, e))
    except pexpect.ExceptionPexpect as e:
        ctx.fail('%s' % e)
    end = datetime.datetime.now()
    result = {'cmd': command, 'stdout': (out or b'').decode('utf-8', 'surrogateescape').rstrip('\r\n'), 'rc': rc,
              'start': str(start), 'end': str(end), 'delta': str(end - start), 'changed': True}
    if rc is None:
        ctx.fail('command exceeded timeout', **result)
    if rc != 0:
        ctx.fail('non-zero return code', **result)
    return result
