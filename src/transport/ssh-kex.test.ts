import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configFiles, configMentionsKex, fastKexOptions, openSshAtLeast } from './ssh-kex.js';

describe('transport/ssh-kex', () => {
  it('knows which OpenSSH versions take the ^ list syntax', () => {
    assert.equal(openSshAtLeast('OpenSSH_9.2p1 Debian-2+deb12u10, OpenSSL 3.0.19', 8, 2), true);
    assert.equal(openSshAtLeast('OpenSSH_8.2p1 Ubuntu-4ubuntu0.5', 8, 2), true);
    assert.equal(openSshAtLeast('OpenSSH_8.1p1', 8, 2), false);
    assert.equal(openSshAtLeast('OpenSSH_7.9p1', 8, 2), false);
    assert.equal(openSshAtLeast('Dropbear v2022.83', 8, 2), false);
  });

  it('reads -F alone when given, else the user and system files', () => {
    assert.deepEqual(configFiles(['-C', '-F', '/x/cfg', '-o', 'User=a']), ['/x/cfg']);
    assert.deepEqual(configFiles(['-F/y/cfg']), ['/y/cfg']);
    assert.equal(configFiles(['-o', 'ForwardAgent=yes']).at(-1), '/etc/ssh/ssh_config');
  });

  it('sees KexAlgorithms in a config file or a file it Includes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'volant-kex-'));
    try {
      mkdirSync(join(dir, 'conf.d'));
      writeFileSync(join(dir, 'plain'), 'Host *\n  ServerAliveInterval 30\n');
      writeFileSync(join(dir, 'conf.d', 'b.conf'), 'Host x\n  kexalgorithms=curve25519-sha256\n');
      writeFileSync(join(dir, 'includes'), `Include ${join(dir, 'conf.d')}/*.conf\n`);
      assert.equal(configMentionsKex([join(dir, 'plain')]), false);
      assert.equal(configMentionsKex([join(dir, 'missing'), join(dir, 'includes')]), true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves the key exchange alone when the ssh arguments choose one, or the client is not OpenSSH', async () => {
    assert.deepEqual(await fastKexOptions('ssh', ['-o', 'KexAlgorithms=diffie-hellman-group14-sha256']), []);
    assert.deepEqual(await fastKexOptions('/bin/false', ['-C']), []);
  });
});
