# group: create, change (gid) or remove a local group with the shadow-utils commands (Linux).
import grp
import os

ARGUMENT_SPEC = {
    'state': {'type': 'str', 'default': 'present', 'choices': ['absent', 'present']},
    'name': {'type': 'str', 'required': True},
    'force': {'type': 'bool', 'default': False},
    'gid': {'type': 'int'},
    'system': {'type': 'bool', 'default': False},
    'local': {'type': 'bool', 'default': False},
    'non_unique': {'type': 'bool', 'default': False},
    'gid_min': {'type': 'int'},
    'gid_max': {'type': 'int'},
}
SUPPORTS_CHECK_MODE = True
REQUIRED_IF = [['non_unique', True, ['gid']]]
ADD_PATH_INFO = False

GROUPFILE = '/etc/group'


class Group(object):
    def __init__(self, params, ctx):
        self.ctx = ctx
        self.name = params['name']
        self.gid = params['gid']
        self.local = params['local']
        self.force = params['force']
        self.non_unique = params['non_unique']
        self.gid_min = params['gid_min']
        self.gid_max = params['gid_max']
        if self.local:
            if self.gid_min is not None:
                ctx.fail("'gid_min' can not be used with 'local'")
            if self.gid_max is not None:
                ctx.fail("'gid_max' can not be used with 'local'")

    def _bin(self, name):
        return self.ctx.get_bin_path(('l' + name) if self.local else name, required=True)

    def _check_local_gid(self):
        if self.gid:
            for gr in grp.getgrall():
                if self.gid == gr.gr_gid and self.name != gr.gr_name:
                    self.ctx.fail("GID '{0}' already exists with group '{1}'".format(self.gid, gr.gr_name))

    def delete(self):
        cmd = [self._bin('groupdel')]
        if self.force:
            cmd.append('-f')
        cmd.append(self.name)
        return self.ctx.run_command(cmd)

    def add(self, system):
        if self.local:
            self._check_local_gid()
        cmd = [self._bin('groupadd')]
        if self.gid is not None:
            cmd += ['-g', str(self.gid)]
            if self.non_unique:
                cmd.append('-o')
        if system:
            cmd.append('-r')
        if self.gid_min is not None:
            cmd += ['-K', 'GID_MIN=' + str(self.gid_min)]
        if self.gid_max is not None:
            cmd += ['-K', 'GID_MAX=' + str(self.gid_max)]
        cmd.append(self.name)
        return self.ctx.run_command(cmd)

    def modify(self):
        if self.local:
            self._check_local_gid()
        cmd = [self._bin('groupmod')]
        info = self.info()
        if self.gid is not None and info[2] != int(self.gid):
            cmd += ['-g', str(self.gid)]
            if self.non_unique:
                cmd.append('-o')
        if len(cmd) == 1:
            return None, '', ''
        if self.ctx.check_mode:
            return 0, '', ''
        cmd.append(self.name)
        return self.ctx.run_command(cmd)

    def exists(self):
        if self.local:
            if not os.path.exists(GROUPFILE):
                self.ctx.fail("'local: true' specified but unable to find local group file {0} to parse."
                              .format(GROUPFILE))
            prefix = ('%s:' % self.name).encode()
            with open(GROUPFILE, 'rb') as f:
                return any(line.startswith(prefix) for line in f.readlines())
        try:
            return bool(grp.getgrnam(self.name))
        except KeyError:
            return False

    def info(self):
        if not self.exists():
            return False
        try:
            return list(grp.getgrnam(self.name))
        except KeyError:
            return False


def run(params, ctx):
    if params['force'] and params['local']:
        ctx.fail('force is not a valid option for local, force=True and local=True are mutually exclusive')
    group = Group(params, ctx)
    rc, out, err = None, '', ''
    result = {'name': group.name, 'state': params['state']}
    if params['state'] == 'absent':
        if group.exists():
            if ctx.check_mode:
                ctx.exit(changed=True)
            rc, out, err = group.delete()
            if rc != 0:
                ctx.fail(err, name=group.name)
    else:
        if not group.exists():
            if ctx.check_mode:
                ctx.exit(changed=True)
            rc, out, err = group.add(params['system'])
        else:
            rc, out, err = group.modify()
        if rc is not None and rc != 0:
            ctx.fail(err, name=group.name)
    result['changed'] = rc is not None
    if out:
        result['stdout'] = out
    if err:
        result['stderr'] = err
    if group.exists():
        result['system'] = params['system']
        result['gid'] = group.info()[2]
    return result
