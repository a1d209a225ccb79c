import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isVaultText, vaultDecrypt, vaultEncrypt } from './ansible-vault-format.js';

// test/jinja/ansible-fixtures/vaulted.txt was written by the oracle's `ansible-vault encrypt`
// with the password "pw"; its plaintext is "vaulted content\n".
const ORACLE_VAULT = readFileSync(fileURLToPath(new URL('../../../test/jinja/ansible-fixtures/vaulted.txt', import.meta.url)), 'utf8');

describe('template/filters/ansible-vault-format', () => {
  it('decrypts a file made by ansible-vault', () => {
    assert.equal(vaultDecrypt(ORACLE_VAULT, Buffer.from('pw')).toString('utf8'), 'vaulted content\n');
  });

  it('round-trips with a random salt, and headers a vault id as 1.2', () => {
    const text = vaultEncrypt(Buffer.from('ünïcode secret'), Buffer.from('k3y'), 'prod');
    assert.ok(text.startsWith('$ANSIBLE_VAULT;1.2;AES256;prod\n'));
    assert.ok(text.split('\n').slice(1, -1).every((line) => line.length <= 80));
    assert.equal(vaultDecrypt(text, Buffer.from('k3y')).toString('utf8'), 'ünïcode secret');
    assert.ok(isVaultText(text));
  });

  it('refuses the wrong secret', () => {
    assert.throws(() => vaultDecrypt(ORACLE_VAULT, Buffer.from('nope')), /Decryption failed \(no vault secrets were found that could decrypt\)\./);
  });
});
