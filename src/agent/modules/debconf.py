# debconf: read and preseed a package's debconf answers (debconf-show / debconf-set-selections).
ARGUMENT_SPEC = {
    'name': {'type': 'str', 'required': True, 'aliases': ['pkg']},
    'question': {'type': 'str', 'aliases': ['selection', 'setting']},
    'vtype': {'type': 'str', 'choices': ['boolean', 'error', 'multiselect', 'note', 'password', 'seen', 'select',
                                         'string', 'text', 'title']},
    'value': {'type': 'raw', 'aliases': ['answer']},
    'unseen': {'type': 'bool', 'default': False},
}
SUPPORTS_CHECK_MODE = True
REQUIRED_TOGETHER = [['question', 'vtype', 'value']]
ADD_PATH_INFO = False


def _text(value):
    if isinstance(value, bool):
        return 'True' if value else 'False'
    return value if isinstance(value, str) else str(value)


def password_value(ctx, pkg, question, vtype):
    """A password's current answer: debconf-show hides it, debconf-get-selections does not."""
    rc, out, err = ctx.run_command([ctx.get_bin_path('debconf-get-selections', required=True)])
    if rc != 0:
        ctx.fail("Failed to get the value '%s' from '%s': %s" % (question, pkg, err))
    for line in out.split('\n'):
        if not line.startswith(pkg):
            continue
        fields = line.split('\t')
        if len(fields) <= 3:
            return ''
        if fields[1] == question and fields[2] == vtype:
            return fields[3]
    return None


def selections(ctx, pkg):
    rc, out, err = ctx.run_command(' '.join([ctx.get_bin_path('debconf-show', required=True), pkg]))
    if rc != 0:
        ctx.fail(err)
    found = {}
    for line in out.splitlines():
        key, value = line.split(':', 1)
        found[key.strip('*').strip()] = value.strip()
    return found


def run(params, ctx):
    pkg, question, vtype, value = params['name'], params['question'], params['vtype'], params['value']
    prev = selections(ctx, pkg)
    changed = False
    msg = ''
    if question is not None:
        if vtype is None or value is None:
            ctx.fail('when supplying a question you must supply a valid vtype and value')
        if vtype == 'boolean':
            value = _text(value).lower()
        if question not in prev:
            changed = True
        else:
            existing = prev[question]
            if vtype == 'boolean':
                existing = existing.lower()
            elif vtype == 'password':
                existing = password_value(ctx, pkg, question, vtype)
            elif vtype == 'multiselect' and isinstance(value, list):
                try:
                    value = sorted(value)
                except TypeError as e:
                    ctx.fail("Invalid value provided for 'multiselect': %s" % e)
                existing = sorted(i.strip() for i in existing.split(','))
            if value != existing:
                changed = True
    if not changed:
        return {'changed': False, 'msg': msg, 'current': prev}
    if not ctx.check_mode:
        if vtype == 'multiselect' and isinstance(value, list):
            try:
                value = ', '.join(value)
            except TypeError as e:
                ctx.fail("Invalid value provided for 'multiselect': %s" % e)
        cmd = [ctx.get_bin_path('debconf-set-selections', required=True)]
        if params['unseen']:
            cmd.append('-u')
        rc, msg, err = ctx.run_command(cmd, data=' '.join([pkg, question, vtype, _text(value)]))
        if rc:
            ctx.fail(err)
    current = {question: value}
    prev = {question: prev[question]} if question in prev else dict(prev, **{question: ''})
    diff = {}
    if ctx.diff_mode:
        after = dict(prev)
        after.update(current)
        diff = {'before': prev, 'after': after}
    return {'changed': changed, 'msg': msg, 'current': current, 'previous': prev, 'diff': diff}
