# dpkg_selections: a package's dpkg selection (install, hold, deinstall, purge) through
# `dpkg --get-selections` / `--set-selections`; nothing is installed or removed here.
ARGUMENT_SPEC = {
    'name': {'required': True},
    'selection': {'choices': ['install', 'hold', 'deinstall', 'purge'], 'required': True},
}
SUPPORTS_CHECK_MODE = True
ADD_PATH_INFO = False


def run(params, ctx):
    dpkg = ctx.get_bin_path('dpkg', True)
    locale = ctx.best_parsable_locale()
    env = dict.fromkeys(('LANG', 'LC_ALL', 'LC_MESSAGES', 'LC_CTYPE', 'LANGUAGE'), locale)
    name, selection = params['name'], params['selection']
    _, out, err = ctx.run_command([dpkg, '--get-selections', name], check_rc=True, environ_update=env)
    if 'no packages found matching' in err:
        ctx.fail("Failed to find package '%s' to perform selection '%s'." % (name, selection))
    current = out.split()[1] if out else 'not present'
    changed = current != selection
    if changed and not ctx.check_mode:
        ctx.run_command([dpkg, '--set-selections'], data='%s %s' % (name, selection), check_rc=True,
                        environ_update=env)
    return {'changed': changed, 'before': current, 'after': selection}
