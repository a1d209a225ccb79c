# dnf (the dnf4 backend, which 2.19's dnf action runs for use_backend dnf, dnf4 or yum4): packages
# through dnf's Python bindings. On a host without them (Debian's apt, say) it fails as 2.19's
# module does once its argument checks pass, in check mode too. Volant does not drive dnf
# transactions yet: where the bindings import, it says so.
import sys

import _yumdnf

ARGUMENT_SPEC = dict(_yumdnf.ARGUMENT_SPEC)
ARGUMENT_SPEC.update({'use_backend': {'default': 'auto', 'choices': ['auto', 'dnf', 'yum', 'yum4', 'dnf4', 'dnf5']}})
SUPPORTS_CHECK_MODE = True
REQUIRED_ONE_OF = _yumdnf.REQUIRED_ONE_OF
MUTUALLY_EXCLUSIVE = _yumdnf.MUTUALLY_EXCLUSIVE
ADD_PATH_INFO = False


def run(params, ctx):
    _yumdnf.check_common(params, ctx)
    if _yumdnf.bindings_found('dnf'):
        ctx.fail('Volant cannot run dnf transactions yet (the dnf module is there)')
    ctx.fail('Could not import the dnf python module using %s (%s). Please install `python3-dnf` package or ensure '
             'you have specified the correct ansible_python_interpreter. (attempted %s)'
             % (sys.executable, sys.version.replace('\n', ''), _yumdnf.SYSTEM_INTERPRETERS), results=[])
