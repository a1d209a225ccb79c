# rpm_key: a GPG key in rpm's database (imported from a file or a URL, erased by id). The key's id
# is read from its armor with gpg, so a key already there is left alone; on a machine without rpm
# (or gpg) it fails naming the missing program, as ansible's module does.
import os
import re
import tempfile

from _http_client import fetch_url

ARGUMENT_SPEC = {
    'state': {'type': 'str', 'default': 'present', 'choices': ['absent', 'present']},
    'key': {'type': 'str', 'required': True, 'no_log': False},
    'fingerprint': {'type': 'list', 'elements': 'str'},
    'validate_certs': {'type': 'bool', 'default': True},
}
SUPPORTS_CHECK_MODE = True
ADD_PATH_INFO = False

_ARMORED_KEY = re.compile('.*?(-----BEGIN PGP PUBLIC KEY BLOCK-----.*?-----END PGP PUBLIC KEY BLOCK-----).*', re.DOTALL)


class RpmKey(object):
    def __init__(self, ctx, params):
        self.ctx = ctx
        self.params = params
        # NOTE: ansible looks for rpm before anything else, then gpg (or gpg2)
        self.rpm = ctx.get_bin_path('rpm', True)
        self.gpg = ctx.get_bin_path('gpg') or ctx.get_bin_path('gpg2', required=True)

    def run(self):
        ctx, params = self.ctx, self.params
        key = params['key']
        wanted = params['fingerprint'] or []
        fingerprints = set(f.replace(' ', '').upper() for f in wanted)
        keyfile = None
        fetched = False
        if '://' in key:
            keyfile = self.fetch_key(key)
            keyid = self.key_id(keyfile)
            fetched = True
        elif re.match('(0x)?[0-9a-f]{8}', key, flags=re.IGNORECASE):
            keyid = key
        elif os.path.isfile(key):
            keyfile = key
            keyid = self.key_id(keyfile)
        else:
            ctx.fail('Not a valid key %s' % key)
        keyid = keyid.strip().upper()
        if keyid.startswith('0X'):
            keyid = keyid[2:]
        imported = self.is_imported(keyid)
        if params['state'] == 'absent':
            if imported and not ctx.check_mode:
                self.execute([self.rpm, '--erase', '--allmatches', 'gpg-pubkey-%s' % keyid[-8:].lower()])
            return {'changed': imported}
        if imported:
            return {'changed': False}
        if not keyfile:
            ctx.fail('When importing a key, a valid file must be given')
        if fingerprints:
            found = self.fingerprints(keyfile)
            if not fingerprints.issubset(found):
                ctx.fail("The specified fingerprint, '%s', does not match any key fingerprints in '%s'" % (fingerprints, found))
        if not ctx.check_mode:
            self.execute([self.rpm, '--import', keyfile])
        if fetched:
            os.unlink(keyfile)
        return {'changed': True}

    def execute(self, cmd):
        rc, out, err = self.ctx.run_command(cmd, use_unsafe_shell=True)
        if rc != 0:
            self.ctx.fail(err)
        return out

    def fetch_key(self, url):
        rsp, info = fetch_url(self.ctx, self.params, url)
        if info['status'] != 200:
            self.ctx.fail('failed to fetch key at %s , error was: %s' % (url, info['msg']))
        data = rsp.read()
        if not _ARMORED_KEY.match(data.decode('utf-8', 'surrogateescape')):
            self.ctx.fail('Not a public key: %s' % url)
        fd, name = tempfile.mkstemp()
        self.ctx.add_cleanup_file(name)
        with os.fdopen(fd, 'w+b') as f:
            f.write(data)
        return name

    def key_id(self, keyfile):
        out = self.execute([self.gpg, '--no-tty', '--batch', '--with-colons', '--fixed-list-mode', keyfile])
        for line in out.splitlines():
            line = line.strip()
            if line.startswith('pub:'):
                return line.split(':')[4]
        self.ctx.fail('Unexpected gpg output')

    def fingerprints(self, keyfile):
        out = self.execute([self.gpg, '--no-tty', '--batch', '--with-colons', '--fixed-list-mode', '--import',
                            '--import-options', 'show-only', '--dry-run', keyfile])
        found = set(line.strip().split(':')[9] for line in out.splitlines() if line.strip().startswith('fpr:'))
        if not found:
            self.ctx.fail('Unexpected gpg output')
        return found

    def is_imported(self, keyid):
        cmd = self.rpm + ' -q  gpg-pubkey'
        rc, _, _ = self.ctx.run_command(cmd)
        if rc != 0:  # no key in rpm's database at all
            return False
        cmd += ' --qf "%{description}" | ' + self.gpg + ' --no-tty --batch --with-colons --fixed-list-mode -'
        out = self.execute(cmd)
        return any(keyid in line.split(':')[4] for line in out.splitlines())


def run(params, ctx):
    return RpmKey(ctx, params).run()
