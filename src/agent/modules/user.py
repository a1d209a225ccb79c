# user: local accounts on Linux with shadow-utils (useradd/usermod/userdel, or the libuser l*
# commands with local=true): uid, groups, home, shell, password hash, expiry, ssh key.
import ctypes
import ctypes.util
import grp
import math
import os
import pty
import pwd
import re
import select
import shutil
import socket
import subprocess
import time
from datetime import datetime

ARGUMENT_SPEC = {
    'state': {'type': 'str', 'default': 'present', 'choices': ['absent', 'present']},
    'name': {'type': 'str', 'required': True, 'aliases': ['user']},
    'uid': {'type': 'int'},
    'non_unique': {'type': 'bool', 'default': False},
    'group': {'type': 'str'},
    'groups': {'type': 'list', 'elements': 'str'},
    'comment': {'type': 'str'},
    'home': {'type': 'path'},
    'shell': {'type': 'path'},
    'password': {'type': 'str', 'no_log': True},
    'login_class': {'type': 'str'},
    'password_expire_max': {'type': 'int', 'no_log': False},
    'password_expire_min': {'type': 'int', 'no_log': False},
    'password_expire_warn': {'type': 'int', 'no_log': False},
    'hidden': {'type': 'bool'},
    'seuser': {'type': 'str'},
    'force': {'type': 'bool', 'default': False},
    'remove': {'type': 'bool', 'default': False},
    'create_home': {'type': 'bool', 'default': True, 'aliases': ['createhome']},
    'skeleton': {'type': 'str'},
    'system': {'type': 'bool', 'default': False},
    'move_home': {'type': 'bool', 'default': False},
    'append': {'type': 'bool', 'default': False},
    'generate_ssh_key': {'type': 'bool'},
    'ssh_key_bits': {'type': 'int', 'default': 0},
    'ssh_key_type': {'type': 'str', 'default': 'rsa'},
    'ssh_key_file': {'type': 'path'},
    'ssh_key_comment': {'type': 'str', 'default': 'ansible-generated on %s' % socket.gethostname()},
    'ssh_key_passphrase': {'type': 'str', 'no_log': True},
    'update_password': {'type': 'str', 'default': 'always', 'choices': ['always', 'on_create'], 'no_log': False},
    'expires': {'type': 'float'},
    'password_lock': {'type': 'bool', 'no_log': False},
    'local': {'type': 'bool'},
    'profile': {'type': 'str'},
    'authorization': {'type': 'str'},
    'role': {'type': 'str'},
    'umask': {'type': 'str'},
    'password_expire_account_disable': {'type': 'int', 'no_log': False},
    'uid_min': {'type': 'int'},
    'uid_max': {'type': 'int'},
}
SUPPORTS_CHECK_MODE = True
ADD_PATH_INFO = False

PASSWORDFILE = '/etc/passwd'
SHADOWFILE = '/etc/shadow'
LOGIN_DEFS = '/etc/login.defs'
DATE_FORMAT = '%Y-%m-%d'
_HASH_RE = re.compile(r'[^a-zA-Z0-9./=]')


class _Spwd(ctypes.Structure):
    _fields_ = [('sp_namp', ctypes.c_char_p), ('sp_pwdp', ctypes.c_char_p), ('sp_lstchg', ctypes.c_long),
                ('sp_min', ctypes.c_long), ('sp_max', ctypes.c_long), ('sp_warn', ctypes.c_long),
                ('sp_inact', ctypes.c_long), ('sp_expire', ctypes.c_long), ('sp_flag', ctypes.c_ulong)]


def _libc():
    try:
        lib = ctypes.cdll.LoadLibrary(ctypes.util.find_library('c') or 'libc.so.6')
        lib.getspnam.argtypes = (ctypes.c_char_p,)
        lib.getspnam.restype = ctypes.POINTER(_Spwd)
        return lib
    except (AttributeError, OSError):
        return None


def getspnam(name):
    """The shadow entry; raises ValueError when there is none (a NULL pointer), as Ansible relies on."""
    return _LIBC.getspnam(name.encode()).contents


_LIBC = _libc()


class User(object):
    def __init__(self, params, ctx):
        self.ctx = ctx
        self.p = params
        self.name = params['name']
        self.state = params['state']
        self.uid = params['uid']
        self.group = params['group']
        self.comment = params['comment']
        self.home = params['home']
        self.shell = params['shell']
        self.password = params['password']
        self.local = params['local']
        self.force = params['force']
        self.remove = params['remove']
        self.create_home = params['create_home']
        self.move_home = params['move_home']
        self.skeleton = params['skeleton']
        self.system = params['system']
        self.append = params['append']
        self.password_lock = params['password_lock']
        self.umask = params['umask']
        self.inactive = params['password_expire_account_disable']
        self.expires = None
        self.groups = None
        if self.local:
            for key in ('umask', 'uid_min', 'uid_max'):
                if params[key] is not None:
                    ctx.fail("'%s' can not be used with 'local'" % key)
        if params['groups'] is not None:
            self.groups = ','.join(params['groups'])
        if params['expires'] is not None:
            try:
                self.expires = time.gmtime(params['expires'])
            except Exception as e:
                ctx.fail("Invalid value for 'expires' %s: %s" % (self.expires, e))
        self.ssh_file = params['ssh_key_file'] if params['ssh_key_file'] is not None \
            else os.path.join('.ssh', 'id_%s' % params['ssh_key_type'])
        if self.groups is None and self.append:
            ctx.warn("'append' is set, but no 'groups' are specified. Use 'groups' for appending new groups."
                     "This will change to an error in Ansible 2.14.")

    def check_password_encrypted(self):
        pw = self.password
        if not pw:
            return
        maybe_invalid = False
        if pw not in ('*', '!', '*************'):
            if any(c in pw for c in ':*!'):
                maybe_invalid = True
            if '$' not in pw:
                maybe_invalid = True
            else:
                fields = pw.split('$')
                if len(fields) >= 3:
                    if _HASH_RE.search(fields[-1]):
                        maybe_invalid = True
                    expected = {'1': 22, '5': 43, '6': 86, 'y': 43}.get(fields[1])
                    if expected is not None and len(fields[-1]) != expected:
                        maybe_invalid = True
                else:
                    maybe_invalid = True
        if maybe_invalid:
            self.ctx.warn("The input password appears not to have been hashed. "
                          "The 'password' argument must be encrypted for this module to work properly.")

    def execute(self, cmd, data=None, obey_checkmode=True):
        if self.ctx.check_mode and obey_checkmode:
            return 0, '', ''
        return self.ctx.run_command([str(x) for x in cmd], data=data)

    def _bin(self, name):
        return self.ctx.get_bin_path(('l' + name) if self.local else name, required=True)

    # -- lookups ---------------------------------------------------------------------------
    def exists(self):
        if self.local:
            if not os.path.exists(PASSWORDFILE):
                self.ctx.fail("'local: true' specified but unable to find local account file {0} to parse."
                              .format(PASSWORDFILE))
            prefix = ('%s:' % self.name).encode()
            with open(PASSWORDFILE, 'rb') as f:
                return any(line.startswith(prefix) for line in f.readlines())
        try:
            return bool(pwd.getpwnam(self.name))
        except KeyError:
            return False

    def pwd_info(self):
        if not self.exists():
            return False
        return list(pwd.getpwnam(self.name))

    def info(self):
        if not self.exists():
            return False
        info = self.pwd_info()
        if len(info[1]) <= 1:
            info[1] = self.shadow_password()[0]
        return info

    def shadow_password(self):
        if _LIBC is not None:
            try:
                sp = getspnam(self.name)
                return sp.sp_pwdp.decode(), sp.sp_expire
            except ValueError:
                return '', ''
        if not self.exists():
            return '', ''
        passwd, expires = '', ''
        if os.path.exists(SHADOWFILE) and os.access(SHADOWFILE, os.R_OK):
            with open(SHADOWFILE) as f:
                for line in f:
                    if line.startswith('%s:' % self.name):
                        passwd = line.split(':')[1]
                        expires = line.split(':')[7] or -1
        return passwd, expires

    @staticmethod
    def group_exists(group):
        try:
            grp.getgrgid(int(group))
            return True
        except (ValueError, KeyError):
            try:
                grp.getgrnam(group)
                return True
            except KeyError:
                return False

    def group_info(self, group):
        if not self.group_exists(group):
            return False
        try:
            return list(grp.getgrgid(int(group)))
        except (ValueError, KeyError):
            return list(grp.getgrnam(group))

    def groups_set(self, remove_existing=True, names_only=False):
        info = self.info()
        groups = set(x.strip() for x in self.groups.split(',') if x)
        names = set()
        for g in groups.copy():
            if not self.group_exists(g):
                self.ctx.fail('Group %s does not exist' % g)
            ginfo = self.group_info(g)
            if info and remove_existing and ginfo[2] == info[3]:
                groups.remove(g)
            elif names_only:
                names.add(ginfo[0])
        return names if names_only else groups

    def membership(self, exclude_primary=True):
        info = self.pwd_info()
        return [g.gr_name for g in grp.getgrall()
                if self.name in g.gr_mem and (not exclude_primary or info[3] != g.gr_gid)]

    # -- actions ---------------------------------------------------------------------------
    def remove_user(self):
        cmd = [self._bin('userdel')]
        if self.force and not self.local:
            cmd.append('-f')
        if self.remove:
            cmd.append('-r')
        cmd.append(self.name)
        return self.execute(cmd)

    def create_user(self):
        if self.local:
            lgroupmod = self.ctx.get_bin_path('lgroupmod', required=True)
            lchage = self.ctx.get_bin_path('lchage', required=True)
        cmd = [self._bin('useradd')]
        if self.uid is not None:
            cmd += ['-u', self.uid]
            if self.p['non_unique']:
                cmd.append('-o')
        if self.p['seuser'] is not None:
            cmd += ['-Z', self.p['seuser']]
        if self.group is not None:
            if not self.group_exists(self.group):
                self.ctx.fail('Group %s does not exist' % self.group)
            cmd += ['-g', self.group]
        elif self.group_exists(self.name):
            # NOTE: a group named like the user exists already: useradd must not try to create it.
            cmd.append('-n' if self.local else '-N')
        groups = None
        if self.groups is not None and len(self.groups):
            groups = self.groups_set()
            if not self.local:
                cmd += ['-G', ','.join(groups)]
        if self.comment is not None:
            cmd += ['-c', self.comment]
        if self.home is not None:
            if self.create_home and not os.path.isdir(os.path.dirname(self.home)):
                self.create_homedir(self.home)
            cmd += ['-d', self.home]
        if self.shell is not None:
            cmd += ['-s', self.shell]
        if self.expires is not None and not self.local:
            cmd += ['-e', '' if self.expires < time.gmtime(0) else time.strftime(DATE_FORMAT, self.expires)]
        if self.inactive is not None:
            cmd += ['-f', int(self.inactive)]
        if self.password is not None:
            cmd += ['-p', ('!%s' % self.password) if self.password_lock else self.password]
        if self.create_home:
            if not self.local:
                cmd.append('-m')
            if self.skeleton is not None:
                cmd += ['-k', self.skeleton]
            if self.umask is not None:
                cmd += ['-K', 'UMASK=' + self.umask]
        else:
            cmd.append('-M')
        if self.system:
            cmd.append('-r')
        if self.p['uid_min'] is not None:
            cmd += ['-K', 'UID_MIN=' + str(self.p['uid_min'])]
        if self.p['uid_max'] is not None:
            cmd += ['-K', 'UID_MAX=' + str(self.p['uid_max'])]
        cmd.append(self.name)
        rc, out, err = self.execute(cmd)
        if not self.local or rc != 0:
            return rc, out, err
        if self.expires is not None:
            lexpires = -1 if self.expires < time.gmtime(0) else int(math.floor(self.p['expires'])) // 86400
            rc, o, e = self.execute([lchage, '-E', str(lexpires), self.name])
            out, err = out + o, err + e
            if rc != 0:
                return rc, out, err
        for g in groups or ():
            rc, o, e = self.execute([lgroupmod, '-M', self.name, g])
            out, err = out + o, err + e
            if rc != 0:
                return rc, out, err
        return rc, out, err

    def _usermod_has_append(self):
        path = self._bin('usermod')
        if not os.access(path, os.X_OK):
            return False
        rc, o, e = self.execute([path, '--help'], obey_checkmode=False)
        return any(line.strip().startswith('-a, --append') for line in (o + e).split('\n'))

    def modify_user(self):
        lgroup_add, lgroup_del, lexpires = set(), set(), None
        if self.local:
            lgroupmod = self.ctx.get_bin_path('lgroupmod', required=True)
            lchage = self.ctx.get_bin_path('lchage', required=True)
        cmd = [self._bin('usermod')]
        info = self.info()
        has_append = self._usermod_has_append()
        if self.uid is not None and info[2] != int(self.uid):
            cmd += ['-u', self.uid]
            if self.p['non_unique']:
                cmd.append('-o')
        if self.group is not None:
            if not self.group_exists(self.group):
                self.ctx.fail('Group %s does not exist' % self.group)
            ginfo = self.group_info(self.group)
            if info[3] != ginfo[2]:
                cmd += ['-g', ginfo[2]]
        if self.groups is not None:
            current = self.membership(exclude_primary=False)
            need_mod = False
            groups = []
            if self.groups == '':
                if current and not self.append:
                    need_mod = True
            else:
                groups = self.groups_set(remove_existing=False, names_only=True)
                gdiff = set(current).symmetric_difference(groups)
                if gdiff:
                    if self.append:
                        for g in groups:
                            if g in gdiff:
                                if has_append:
                                    cmd.append('-a')
                                need_mod = True
                                break
                    else:
                        need_mod = True
            if need_mod:
                if self.local:
                    lgroup_add = set(groups).difference(current)
                    lgroup_del = set() if self.append else set(current).difference(groups)
                elif self.append and not has_append:
                    cmd += ['-A', ','.join(gdiff)]
                else:
                    cmd += ['-G', ','.join(groups)]
        if self.comment is not None and info[4] != self.comment:
            cmd += ['-c', self.comment]
        if self.home is not None and info[5] != self.home:
            cmd += ['-d', self.home]
            if self.move_home:
                cmd.append('-m')
        if self.shell is not None and info[6] != self.shell:
            cmd += ['-s', self.shell]
        if self.expires is not None:
            current_expires = int(self.shadow_password()[1] or '0')
            if self.expires < time.gmtime(0):
                if current_expires >= 0:
                    if self.local:
                        lexpires = -1
                    else:
                        cmd += ['-e', '']
            else:
                current_date = time.gmtime(current_expires * 86400)
                if current_expires < 0 or current_date[:3] != self.expires[:3]:
                    if self.local:
                        lexpires = int(math.floor(self.p['expires'])) // 86400
                    else:
                        cmd += ['-e', time.strftime(DATE_FORMAT, self.expires)]
        if self.inactive is not None:
            cmd += ['-f', self.inactive]
        if self.password_lock and not info[1].startswith('!'):
            cmd.append('-L')
        elif self.password_lock is False and info[1].startswith('!'):
            cmd.append('-U')
        if self.p['update_password'] == 'always' and self.password is not None and \
                info[1].lstrip('!') != self.password.lstrip('!'):
            # NOTE: a new password replaces -L/-U: the lock is expressed by the '!' prefix instead.
            cmd = [c for c in cmd if c not in ('-U', '-L')]
            cmd += ['-p', ('!%s' % self.password) if self.password_lock else self.password]
        rc, out, err = None, '', ''
        if len(cmd) > 1:
            cmd.append(self.name)
            rc, out, err = self.execute(cmd)
        if not self.local or not (rc is None or rc == 0):
            return rc, out, err
        if lexpires is not None:
            rc, o, e = self.execute([lchage, '-E', str(lexpires), self.name])
            out, err = out + o, err + e
            if rc != 0:
                return rc, out, err
        for g in lgroup_add:
            rc, o, e = self.execute([lgroupmod, '-M', self.name, g])
            out, err = out + o, err + e
            if rc != 0:
                return rc, out, err
        for g in lgroup_del:
            rc, o, e = self.execute([lgroupmod, '-m', self.name, g])
            out, err = out + o, err + e
            if rc != 0:
                return rc, out, err
        return rc, out, err

    def set_password_expire(self):
        wanted = [('-m', 'password_expire_min', 'sp_min'), ('-M', 'password_expire_max', 'sp_max'),
                  ('-W', 'password_expire_warn', 'sp_warn')]
        needs = dict((flag, self.p[key] is not None) for flag, key, _ in wanted)
        if _LIBC is not None:
            try:
                sp = getspnam(self.name)
            except ValueError:
                return None, '', ''
            for flag, key, field in wanted:
                needs[flag] = needs[flag] and self.p[key] != getattr(sp, field)
        if not any(needs.values()):
            return None, '', ''
        cmd = [self.ctx.get_bin_path('chage', required=True)]
        for flag, key, _ in wanted:
            if needs[flag]:
                cmd += [flag, self.p[key]]
        cmd.append(self.name)
        return self.execute(cmd)

    # -- home and ssh key ------------------------------------------------------------------
    def create_homedir(self, path):
        if os.path.exists(path):
            return
        skeleton = self.skeleton if self.skeleton is not None else '/etc/skel'
        try:
            if os.path.exists(skeleton) and skeleton != os.devnull:
                shutil.copytree(skeleton, path, symlinks=True)
            else:
                os.makedirs(path)
        except OSError as e:
            self.ctx.exit(failed=True, msg='%s' % e)
        if os.path.exists(LOGIN_DEFS):
            mode = 0o755
            with open(LOGIN_DEFS) as fh:
                for line in fh:
                    m = re.match(r'^HOME_MODE\s+(\d+)$', line)
                    if m:
                        mode = int(m.group(1), 8)
                        break
                    m = re.match(r'^UMASK\s+(\d+)$', line)
                    if m:
                        mode = 0o777 & ~int(m.group(1), 8)
            try:
                os.chmod(path, mode)
            except OSError as e:
                self.ctx.exit(failed=True, msg=str(e))

    def chown_homedir(self, uid, gid, path):
        try:
            os.chown(path, uid, gid)
            for root, dirs, files in os.walk(path):
                for d in dirs:
                    os.chown(os.path.join(root, d), uid, gid)
                for f in files:
                    full = os.path.join(root, f)
                    if not os.path.islink(full):
                        os.chown(full, uid, gid)
        except OSError as e:
            self.ctx.exit(failed=True, msg='%s' % e)

    def ssh_key_path(self):
        if os.path.isabs(self.ssh_file):
            return self.ssh_file
        info = self.info()
        if not os.path.exists(info[5]) and not self.ctx.check_mode:
            raise Exception('User %s home directory does not exist' % self.name)
        return os.path.join(info[5], self.ssh_file)

    def ssh_key_gen(self):
        info = self.info()
        overwrite = None
        try:
            key_file = self.ssh_key_path()
        except Exception as e:
            return 1, '', str(e)
        pub_file = key_file + '.pub'
        ssh_dir = os.path.dirname(key_file)
        if not os.path.exists(ssh_dir):
            if self.ctx.check_mode:
                return 0, '', ''
            try:
                os.mkdir(ssh_dir, 0o700)
                os.chown(ssh_dir, info[2], info[3])
            except OSError as e:
                return 1, '', 'Failed to create %s: %s' % (ssh_dir, e)
        if os.path.exists(key_file):
            if self.force:
                self.ctx.warn('Overwriting existing ssh key private file "%s"' % key_file)
                overwrite = 'y'
            else:
                self.ctx.warn('Found existing ssh key private file "%s", no force, so skipping ssh-keygen generation'
                              % key_file)
                return None, 'Key already exists, use "force: yes" to overwrite', ''
        if os.path.exists(pub_file):
            if self.force:
                self.ctx.warn('Overwriting existing ssh key public file "%s"' % pub_file)
                os.unlink(pub_file)
            else:
                self.ctx.warn('Found existing ssh key public file "%s", no force, so skipping ssh-keygen generation'
                              % pub_file)
                return None, 'Public key already exists, use "force: yes" to overwrite', ''
        cmd = [self.ctx.get_bin_path('ssh-keygen', required=True), '-t', self.p['ssh_key_type']]
        if self.p['ssh_key_bits'] > 0:
            cmd += ['-b', self.p['ssh_key_bits']]
        cmd += ['-C', self.p['ssh_key_comment'], '-f', key_file]
        if self.p['ssh_key_passphrase'] is not None:
            if self.ctx.check_mode:
                return 0, '', ''
            rc, out, err = self._keygen_with_passphrase([str(c) for c in cmd])
            if rc is None:
                return rc, out, err
        else:
            rc, out, err = self.execute(cmd + ['-N', ''], data=overwrite)
        if rc == 0 and not self.ctx.check_mode:
            os.chown(key_file, info[2], info[3])
            os.chown(pub_file, info[2], info[3])
        return rc, out, err

    def _keygen_with_passphrase(self, cmd):
        # ssh-keygen reads a passphrase only from a terminal: answer its prompts through ptys.
        m_in, s_in = pty.openpty()
        m_out, s_out = pty.openpty()
        m_err, s_err = pty.openpty()
        env = dict(os.environ, LC_ALL='C')
        secret = self.p['ssh_key_passphrase'].encode() + b'\r'
        try:
            proc = subprocess.Popen(cmd, stdin=s_in, stdout=s_out, stderr=s_err, preexec_fn=os.setsid, env=env)
            buffers = {m_out: b'', m_err: b''}
            prompt = b'Enter passphrase'
            start = datetime.now()
            while proc.poll() is None:
                ready = select.select([m_out, m_err], [], [], 1)[0]
                if (datetime.now() - start).seconds > 900:
                    return 1, '', 'Timeout after 900 while reading passphrase for SSH key'
                for fd in ready:
                    buffers[fd] += os.read(fd, 10240)
                    if prompt in buffers[fd]:
                        os.write(m_in, secret)
                        prompt = b'Enter same passphrase again'
                    if any(b'Overwrite (y/n)?' in b for b in buffers.values()):
                        return None, 'Key already exists', ''
            return proc.returncode, buffers[m_out].decode(errors='replace'), buffers[m_err].decode(errors='replace')
        except OSError as e:
            return 1, '', str(e)
        finally:
            for fd in (m_in, s_in, m_out, s_out, m_err, s_err):
                os.close(fd)

    def ssh_key_fingerprint(self):
        key_file = self.ssh_key_path()
        if not os.path.exists(key_file):
            return 1, 'SSH Key file %s does not exist' % key_file, ''
        return self.execute([self.ctx.get_bin_path('ssh-keygen', required=True), '-l', '-f', key_file],
                            obey_checkmode=False)

    def ssh_public_key(self):
        try:
            with open('%s.pub' % self.ssh_key_path()) as f:
                return f.read().strip()
        except OSError:
            return None


def run(params, ctx):
    user = User(params, ctx)
    user.check_password_encrypted()
    rc, out, err = None, '', ''
    result = {'name': user.name, 'state': user.state}
    if user.state == 'absent':
        if user.exists():
            if ctx.check_mode:
                ctx.exit(changed=True)
            rc, out, err = user.remove_user()
            if rc != 0:
                ctx.fail(err, name=user.name, rc=rc)
            result['force'] = user.force
            result['remove'] = user.remove
    else:
        if not user.exists():
            if ctx.check_mode:
                ctx.exit(changed=True)
            needs_parents = bool(user.home and user.create_home and not os.path.isdir(os.path.dirname(user.home)))
            rc, out, err = user.create_user()
            if needs_parents:
                info = user.info()
                if info is not False:
                    user.chown_homedir(info[2], info[3], user.home)
            result['system'] = user.system
            result['create_home'] = user.create_home
        else:
            rc, out, err = user.modify_user()
            result['append'] = user.append
            result['move_home'] = user.move_home
        if rc is not None and rc != 0:
            ctx.fail(err, name=user.name, rc=rc)
        if user.password is not None:
            result['password'] = 'NOT_LOGGING_PASSWORD'
    result['changed'] = rc is not None
    if out:
        result['stdout'] = out
    if err:
        result['stderr'] = err
    if user.exists() and user.state == 'present':
        info = user.info()
        result['uid'] = info[2]
        result['group'] = info[3]
        result['comment'] = info[4]
        result['home'] = info[5]
        result['shell'] = info[6]
        if user.groups is not None:
            result['groups'] = user.groups
        if user.home is None:
            user.home = info[5]
        if not os.path.exists(user.home) and user.create_home:
            if not ctx.check_mode:
                user.create_homedir(user.home)
                user.chown_homedir(info[2], info[3], user.home)
            result['changed'] = True
        if params['generate_ssh_key']:
            rc, out, err = user.ssh_key_gen()
            if rc is not None and rc != 0:
                ctx.fail(err, name=user.name, rc=rc)
            if rc == 0:
                result['changed'] = True
            rc, out, err = user.ssh_key_fingerprint()
            result['ssh_fingerprint'] = out.strip() if rc == 0 else err.strip()
            result['ssh_key_file'] = user.ssh_key_path()
            result['ssh_public_key'] = user.ssh_public_key()
        rc, out, err = user.set_password_expire()
        if rc is not None:
            if rc != 0:
                ctx.fail(err, name=user.name, rc=rc)
            result['changed'] = True
    return result
