# getent: a Unix database (passwd, group, hosts, ...) as facts, via the getent(1) command.
ARGUMENT_SPEC = {
    'database': {'type': 'str', 'required': True},
    'key': {'type': 'str', 'no_log': False},
    'service': {'type': 'str'},
    'split': {'type': 'str'},
    'fail_key': {'type': 'bool', 'default': True},
}
SUPPORTS_CHECK_MODE = True

# Databases whose records are colon-separated even when no split is given.
_COLON_DATABASES = ('passwd', 'shadow', 'group', 'gshadow')


def run(params, ctx):
    database = params['database']
    key = params.get('key')
    split = params.get('split')
    getent = ctx.get_bin_path('getent', required=True)
    cmd = [getent, database] if key is None else [getent, database, key]
    if params.get('service') is not None:
        cmd.extend(['-s', params['service']])
    if split is None and database in _COLON_DATABASES:
        split = ':'
    try:
        rc, out, err = ctx.run_command(cmd)
    except Exception as e:
        ctx.fail(str(e))
    tree = 'getent_%s' % database
    facts = {tree: {}}
    if rc == 0:
        seen = {}
        for line in out.splitlines():
            record = line.split(split)
            # NOTE: a key met twice (hosts with several addresses) turns into a list of records.
            if record[0] in seen:
                if seen[record[0]] == 1:
                    facts[tree][record[0]] = [facts[tree][record[0]]]
                facts[tree][record[0]].append(record[1:])
                seen[record[0]] += 1
            else:
                facts[tree][record[0]] = record[1:]
                seen[record[0]] = 1
        return {'ansible_facts': facts}
    msg = 'Unexpected failure!'
    if rc == 1:
        msg = 'Missing arguments, or database unknown.'
    elif rc == 2:
        msg = 'One or more supplied key could not be found in the database.'
        if not params['fail_key']:
            facts[tree][key] = None
            return {'ansible_facts': facts, 'msg': msg}
    elif rc == 3:
        msg = 'Enumeration not supported on this database.'
    ctx.fail(msg)
