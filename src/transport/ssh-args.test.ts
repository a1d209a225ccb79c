import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ANSIBLE_SSH_ARGS, sshOptions } from './ssh-args.js';

describe('transport/ssh-args', () => {
  it('passes the options ansible-core 2.19 passes, in its order', () => {
    const args = sshOptions(
      {
        host: 'h1',
        connection: 'ssh',
        address: '127.0.0.1',
        port: 2222,
        user: 'root',
        privateKeyFile: '/opt/oracle-keys/id_ed25519',
        hostKeyChecking: false,
        timeout: 10,
        sshArgs: ANSIBLE_SSH_ARGS,
      },
      '/tmp/volant-cp-x/%C',
    );
    // Recorded from `ansible h1 -m ping -vvv` (SSH: EXEC line), with our ControlPath.
    const recorded =
      "-C -o ControlMaster=auto -o ControlPersist=60s -o StrictHostKeyChecking=no -o Port=2222 -o IdentityFile=\"/opt/oracle-keys/id_ed25519\" -o KbdInteractiveAuthentication=no -o PreferredAuthentications=gssapi-with-mic,gssapi-keyex,hostbased,publickey -o PasswordAuthentication=no -o User=\"root\" -o ConnectTimeout=10 -o ControlPath=\"/tmp/volant-cp-x/%C\" -o NumberOfPasswordPrompts=1";
    assert.equal(args.join(' '), recorded);
  });

  it("uses Volant's own master without ControlPersist or compression when no ssh_args are set", () => {
    const args = sshOptions({ host: 'h', connection: 'ssh', address: 'h', hostKeyChecking: true, timeout: 5 }, '/cp/%C');
    assert.deepEqual(args.slice(0, 2), ['-o', 'ControlMaster=auto']);
    assert.ok(args.includes('ControlPath="/cp/%C"'));
    assert.ok(!args.includes('-C'));
    assert.ok(!args.some((a) => a.startsWith('ControlPersist')));
  });

  it('adds common and extra args after the timeout, keeps host key checking on by default', () => {
    const args = sshOptions(
      {
        host: 'h',
        connection: 'ssh',
        address: 'h',
        hostKeyChecking: true,
        timeout: 5,
        sshCommonArgs: '-o "ProxyCommand=ssh -W %h:%p bastion"',
        sshExtraArgs: '-o X=1',
      },
      '/cp/%C',
    );
    assert.ok(!args.includes('StrictHostKeyChecking=no'));
    const at = args.indexOf('ConnectTimeout=5');
    assert.deepEqual(args.slice(at + 1, at + 5), ['-o', 'ProxyCommand=ssh -W %h:%p bastion', '-o', 'X=1']);
  });

  it('leaves a ControlPath given by the user alone, and drops pubkey-only options with a password', () => {
    const args = sshOptions(
      { host: 'h', connection: 'ssh', address: 'h', hostKeyChecking: true, timeout: 5, password: 'pw', sshArgs: '-o ControlPersist=30s -o ControlPath=/x/%C' },
      '/cp/%C',
    );
    assert.equal(args.filter((a) => a.startsWith('ControlPath')).length, 1);
    assert.ok(args.includes('ControlPath=/x/%C'));
    assert.ok(!args.includes('PasswordAuthentication=no'));
    assert.ok(!args.join(' ').includes('pw'));
  });
});
