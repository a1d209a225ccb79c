import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configFiles, configMentions, cpuHasAes, FAST_CIPHER_OPTION, FAST_KEX_OPTION, fastAlgorithmOptions, openSshAtLeast } from './ssh-fast-algorithms.js';

const BOTH = { kex: true, ciphers: true };

describe('transport/ssh-fast-algorithms', () => {
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

  it('sees a keyword in a config file or a file it Includes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'volant-kex-'));
    try {
      mkdirSync(join(dir, 'conf.d'));
      writeFileSync(join(dir, 'plain'), 'Host *\n  ServerAliveInterval 30\n');
      writeFileSync(join(dir, 'conf.d', 'b.conf'), 'Host x\n  kexalgorithms=curve25519-sha256\n  Ciphers aes256-ctr\n');
      writeFileSync(join(dir, 'includes'), `Include ${join(dir, 'conf.d')}/*.conf\n`);
      assert.equal(configMentions([join(dir, 'plain')], 'kexalgorithms'), false);
      assert.equal(configMentions([join(dir, 'missing'), join(dir, 'includes')], 'kexalgorithms'), true);
      assert.equal(configMentions([join(dir, 'missing'), join(dir, 'includes')], 'ciphers'), true);
      assert.equal(configMentions([join(dir, 'plain')], 'ciphers'), false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads AES instructions from x86 flags and arm64 features only', () => {
    assert.equal(cpuHasAes('processor\t: 0\nflags\t\t: fpu vme sse2 aes avx2\n'), true);
    assert.equal(cpuHasAes('processor\t: 0\nFeatures\t: fp asimd evtstrm aes pmull sha1\n'), true);
    assert.equal(cpuHasAes('processor\t: 0\nflags\t\t: fpu vme sse2 avx2\nmodel name\t: aes-less\n'), false);
    assert.equal(cpuHasAes(''), false);
  });

  it('leaves an algorithm alone when the ssh arguments choose it, or the client is not OpenSSH', async () => {
    const cipher = cpuHasAes() ? FAST_CIPHER_OPTION : [];
    assert.deepEqual(await fastAlgorithmOptions('ssh', ['-F', '/nonexistent', '-o', 'KexAlgorithms=diffie-hellman-group14-sha256'], BOTH), cipher);
    assert.deepEqual(await fastAlgorithmOptions('ssh', ['-F', '/nonexistent', '-c', 'aes256-ctr'], BOTH), FAST_KEX_OPTION);
    assert.deepEqual(await fastAlgorithmOptions('ssh', ['-F', '/nonexistent', '-o', 'Ciphers=aes256-ctr'], BOTH), FAST_KEX_OPTION);
    assert.deepEqual(await fastAlgorithmOptions('ssh', ['-F', '/nonexistent'], { kex: false, ciphers: false }), []);
    assert.deepEqual(await fastAlgorithmOptions('ssh', ['-F', '/nonexistent'], { kex: true, ciphers: false }), FAST_KEX_OPTION);
    assert.deepEqual(await fastAlgorithmOptions('/bin/false', ['-C'], BOTH), []);
  });
});
