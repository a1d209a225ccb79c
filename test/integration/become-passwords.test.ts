// Passwords on a real host: ssh login with a password (SSH_ASKPASS, as 2.19), `su` and `sudo`
// answered from stdin, wrong passwords in Ansible's words, and no password in a process list or
// a result. Needs tools/test-hosts with the host up (VOLANT_BECOME_HOST, default vb01); the test
// gives the host a user with a password itself. sudo is not in the test-hosts base image: its
// part is skipped unless sudo is installed there (or VOLANT_SUDO_DEB names a .deb to install).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dictOf, type Data } from '../../src/core/data.js';
import type { AgentSession, BecomeSpec, ConnectionSpec, ModuleResult, Transport } from '../../src/run/transport.js';
import { createTransport } from '../../src/transport/index.js';
import { testHostAddress } from './test-host-up.js';

const host = process.env['VOLANT_BECOME_HOST'] ?? 'vb01';
const rootSsh = ['-F', '/opt/test-hosts/ssh_config', host];
const user = 'volantpw';
const CLI = join(import.meta.dirname, '../../src/cli/main.ts');
const userPassword = `u-${randomBytes(9).toString('hex')}`;
const rootPassword = `r-${randomBytes(9).toString('hex')}`;

/** Runs a script on the host as root (its key), the script and its input on stdin. */
function asRoot(script: string): { status: number | null; stdout: string } {
  const r = spawnSync('ssh', [...rootSsh, 'sh -s'], { input: script, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout };
}

const address = await testHostAddress(host);
const skip = address !== undefined ? false : `test host ${host} is not up (tools/test-hosts)`;

/** root's password field before the test gave it one (Debian's `*`: no password login). */
let rootWas = '*';

/** The user gets a password and may log in with it; root gets one for su; sudo when it can. */
function prepareHost(): boolean {
  const deb = process.env['VOLANT_SUDO_DEB'];
  if (deb !== undefined && existsSync(deb)) {
    spawnSync('scp', ['-F', '/opt/test-hosts/ssh_config', deb, `${host}:/tmp/volant-sudo.deb`], { timeout: 60_000 });
  }
  const setup = asRoot(`set -e
echo "root-was:$(getent shadow root | cut -d: -f2)"
[ -f /tmp/volant-sudo.deb ] && ! command -v sudo >/dev/null && dpkg -i /tmp/volant-sudo.deb >/dev/null 2>&1 || true
id ${user} >/dev/null 2>&1 || useradd -m -s /bin/sh ${user}
chpasswd <<EOF
${user}:${userPassword}
root:${rootPassword}
EOF
if getent group sudo >/dev/null; then usermod -aG sudo ${user}; fi
printf 'PasswordAuthentication yes\\nKbdInteractiveAuthentication yes\\n' > /etc/ssh/sshd_config.d/00-volant-passwords.conf
/etc/init.d/ssh restart >/dev/null
command -v sudo >/dev/null && echo has-sudo || true
`);
  assert.equal(setup.status, 0, 'preparing the test host failed');
  rootWas = /^root-was:(.*)$/m.exec(setup.stdout)?.[1] ?? '*';
  return setup.stdout.includes('has-sudo');
}

function spec(password: string, become?: BecomeSpec): ConnectionSpec {
  return {
    host: `${host}-${become?.method ?? 'login'}-${randomBytes(3).toString('hex')}`,
    connection: 'ssh',
    address: address ?? host,
    user,
    password,
    hostKeyChecking: false,
    // NOTE: keys this machine may hold are not offered: the password is what is tested.
    sshCommonArgs: '-o PubkeyAuthentication=no',
    timeout: 15,
    ...(become ? { become } : {}),
  };
}

function whoami(session: AgentSession): Promise<ModuleResult> {
  return session.runModule({ module: 'command', args: dictOf({ _raw_params: 'id -un' }), checkMode: false, diff: false });
}

/** Every command line on the host and on this machine, while the agents live. */
function processLists(): string {
  const remote = asRoot('ps -eo args').stdout;
  const local = spawnSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).stdout;
  return `${remote}\n${local}`;
}

function assertNoPassword(text: string, what: string): void {
  for (const secret of [userPassword, rootPassword]) assert.ok(!text.includes(secret), `a password appears in ${what}`);
}

function textOf(result: ModuleResult): string {
  return JSON.stringify([...result].map(([k, v]: [Data, Data]) => [k, String(v)]));
}

describe(`transport/passwords on test host ${host}`, { skip }, () => {
  let transport: Transport;
  let hasSudo = false;
  before(() => {
    hasSudo = prepareHost();
    transport = createTransport();
  });
  after(async () => {
    await transport.closeAll();
    asRoot(`rm -f /etc/ssh/sshd_config.d/00-volant-passwords.conf; /etc/init.d/ssh restart >/dev/null; userdel -r ${user} 2>/dev/null; usermod -p '${rootWas.replace(/'/g, '')}' root; true`);
  });

  it('logs in over ssh with a password', async () => {
    const session = await transport.session(spec(userPassword));
    const result = await whoami(session);
    assert.equal(result.get('stdout'), user);
  });

  it('fails to connect with a wrong ssh password: the host is unreachable', async () => {
    // A transport of its own: an ssh master already logged in would be reused for the same user.
    const fresh = createTransport();
    try {
      await assert.rejects(fresh.session(spec('not-the-password')), /Failed to connect to the host via ssh: .*Permission denied/);
    } finally {
      await fresh.closeAll();
    }
  });

  it('becomes root through su, answering its prompt from stdin', async () => {
    const session = await transport.session(spec(userPassword, { method: 'su', user: 'root', password: rootPassword }));
    const result = await whoami(session);
    assert.equal(result.get('stdout'), 'root');
    assertNoPassword(textOf(result), 'the result');
    assertNoPassword(processLists(), 'a process list');
  });

  it('says "Incorrect su password" for a wrong one', async () => {
    await assert.rejects(transport.session(spec(userPassword, { method: 'su', user: 'root', password: 'wrong' })), /Incorrect su password/);
  });

  it('becomes root through sudo with the user\'s password', async (t) => {
    if (!hasSudo) {
      t.skip(`sudo is not installed on ${host} (set VOLANT_SUDO_DEB to a sudo .deb to install)`);
      return;
    }
    const session = await transport.session(spec(userPassword, { method: 'sudo', user: 'root', password: userPassword }));
    const result = await whoami(session);
    assert.equal(result.get('stdout'), 'root');
    assertNoPassword(textOf(result), 'the result');
    assertNoPassword(processLists(), 'a process list');
    const raw = await session.runRaw('id -un');
    assert.equal(String(raw.get('stdout')).trim(), 'root');
    assertNoPassword(textOf(raw), 'the raw result');
  });

  it('takes the passwords from --connection-password-file and --become-password-file (a script)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'volant-pw-'));
    try {
      writeFileSync(join(dir, 'inventory'), `${host} ansible_host=${address ?? host} ansible_user=${user} ansible_host_key_checking=false ansible_ssh_common_args="-o PubkeyAuthentication=no"\n`);
      writeFileSync(join(dir, 'conn.pw'), `${userPassword}\n`);
      writeFileSync(join(dir, 'become.sh'), `#!/bin/sh\necho ${rootPassword}\n`, { mode: 0o700 });
      writeFileSync(join(dir, 'site.yml'), `- hosts: all\n  gather_facts: false\n  become: true\n  become_method: su\n  tasks:\n    - command: id -un\n      register: r\n    - debug: var=r.stdout\n`);
      const run = spawnSync(process.execPath, ['--import', 'tsx', CLI, '-i', join(dir, 'inventory'), join(dir, 'site.yml'), '--connection-password-file', join(dir, 'conn.pw'), '--become-password-file', join(dir, 'become.sh')], {
        encoding: 'utf8',
        timeout: 120_000,
        env: { ...process.env, ANSIBLE_NOCOLOR: '1' },
      });
      assert.equal(run.status, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /"r\.stdout": "root"/);
      assertNoPassword(run.stdout + run.stderr, 'the output');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('asks for both passwords on the terminal with -k and -K, without echo', { skip: existsSync('/usr/bin/script') ? false : 'needs script(1) for a terminal' }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'volant-pw-'));
    try {
      writeFileSync(join(dir, 'inventory'), `${host} ansible_host=${address ?? host} ansible_user=${user} ansible_host_key_checking=false ansible_ssh_common_args="-o PubkeyAuthentication=no"\n`);
      writeFileSync(join(dir, 'site.yml'), `- hosts: all\n  gather_facts: false\n  become: true\n  become_method: su\n  tasks:\n    - command: id -un\n      register: r\n    - debug: var=r.stdout\n`);
      const line = [process.execPath, '--import', 'tsx', CLI, '-k', '-K', '-i', join(dir, 'inventory'), join(dir, 'site.yml')].map((a) => `'${a}'`).join(' ');
      // script(1) gives the run a terminal; each answer is typed once its prompt has appeared.
      const child = spawn('script', ['-qec', line, '/dev/null'], { env: { ...process.env, ANSIBLE_NOCOLOR: '1' } });
      let out = '';
      const answers: [string, string][] = [['SSH password: ', userPassword], ['BECOME password[defaults to SSH password]: ', rootPassword]];
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const next = answers[0];
        if (next && out.includes(next[0])) {
          answers.shift();
          child.stdin.write(`${next[1]}\n`);
        }
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      assert.equal(code, 0, out);
      assert.match(out, /"r\.stdout": "root"/);
      assertNoPassword(out, 'the terminal');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says "Incorrect sudo password" for a wrong one, and "Missing sudo password" for none', async (t) => {
    if (!hasSudo) {
      t.skip(`sudo is not installed on ${host}`);
      return;
    }
    await assert.rejects(transport.session(spec(userPassword, { method: 'sudo', user: 'root', password: 'wrong' })), /Incorrect sudo password/);
    await assert.rejects(transport.session(spec(userPassword, { method: 'sudo', user: 'root' })), /Missing sudo password/);
  });
});
