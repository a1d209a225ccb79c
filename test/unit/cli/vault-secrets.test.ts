import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VaultSecrets } from '../../../src/cli/vault-secrets.js';
import { VolantError } from '../../../src/core/errors.js';
import { vaultEncrypt } from '../../../src/template/filters/ansible-vault-format.js';

const NONE = { ids: [], passwordFiles: [], askVaultPass: false, idMatch: false, defaultId: 'default' };

function inTempDir<T>(fn: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'volant-vault-'));
  try {
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('VaultSecrets.fromOptions', () => {
  it('asks for label@prompt and prompt with the id in the prompt, --ask-vault-pass last without it', () => {
    const prompts: string[] = [];
    const vault = VaultSecrets.fromOptions({ ...NONE, ids: ['dev@prompt', 'prompt'], askVaultPass: true }, '/', (p) => (prompts.push(p), ` pw${prompts.length} `), () => undefined);
    assert.deepEqual(prompts, ['Vault password (dev): ', 'Vault password (default): ', 'Vault password: ']);
    assert.deepEqual(vault.secrets.map((s) => [s.id, s.bytes.toString()]), [['dev', 'pw1'], ['default', 'pw2'], ['default', 'pw3']]);
  });

  it('fails at once on a prompt with no answer or an empty one, warned of by the label given', () => {
    const warnings: string[] = [];
    assert.throws(() => VaultSecrets.fromOptions({ ...NONE, ids: ['prompt'] }, '/', () => undefined, (m) => warnings.push(m)), /EOFError \(ctrl-d\) on prompt for \(default\)/);
    assert.throws(() => VaultSecrets.fromOptions({ ...NONE, ids: ['a@prompt'] }, '/', () => '', (m) => warnings.push(m)), /Invalid vault password was provided/);
    assert.deepEqual(warnings, ['Error in vault password prompt (None): EOFError (ctrl-d) on prompt for (default)', 'Error in vault password prompt (a): Invalid vault password was provided']);
  });

  it('passes over a password file it cannot read when another source gives a secret, and fails with the last error when none does', () => {
    inTempDir((dir) => {
      writeFileSync(join(dir, 'pw.txt'), 'pw\n');
      const warnings: string[] = [];
      const vault = VaultSecrets.fromOptions({ ...NONE, ids: ['nofile.txt', 'x@pw.txt'] }, dir, () => undefined, (m) => warnings.push(m));
      assert.deepEqual(vault.secrets.map((s) => s.id), ['x']);
      assert.deepEqual(warnings, [`Error getting vault password file (None): The vault password file ${join(dir, 'nofile.txt')} was not found`]);
      assert.throws(
        () => VaultSecrets.fromOptions({ ...NONE, ids: ['a.txt'], passwordFiles: ['b.txt'] }, dir, () => undefined, () => undefined),
        (e: unknown) => e instanceof VolantError && e.message === `The vault password file ${join(dir, 'b.txt')} was not found`,
      );
    });
  });

  it('labels password files, --ask-vault-pass and ids given without a label with vault_identity', () => {
    inTempDir((dir) => {
      writeFileSync(join(dir, 'pw.txt'), 'pw\n');
      const warnings: string[] = [];
      const prompts: string[] = [];
      const options = { ...NONE, defaultId: 'ops', ids: ['pw.txt', '@pw.txt', 'prompt', 'nofile.txt'], passwordFiles: ['pw.txt', 'gone.txt'], askVaultPass: true };
      const vault = VaultSecrets.fromOptions(options, dir, (p) => (prompts.push(p), 'pw'), (m) => warnings.push(m));
      assert.deepEqual(vault.secrets.map((s) => s.id), ['ops', 'ops', 'ops', 'ops', 'ops']);
      assert.deepEqual(prompts, ['Vault password (ops): ', 'Vault password: ']);
      assert.deepEqual(warnings, [
        `Error getting vault password file (None): The vault password file ${join(dir, 'nofile.txt')} was not found`,
        `Error getting vault password file (ops): The vault password file ${join(dir, 'gone.txt')} was not found`,
      ]);
    });
  });
});

describe('VaultSecrets.open under vault_id_match', () => {
  const secret = { bytes: Buffer.from('pw') };
  const plain = Buffer.from('hello');
  it('takes a header without an id as naming vault_identity', () => {
    const text = vaultEncrypt(plain, secret.bytes);
    assert.equal(new VaultSecrets([{ id: 'ops', ...secret }], true, 'ops').open(text), 'hello');
    assert.equal(new VaultSecrets([{ id: 'default', ...secret }], true, 'ops').open(text), undefined);
  });
  it('opens a header with an empty id with no secret', () => {
    const text = vaultEncrypt(plain, secret.bytes).replace('$ANSIBLE_VAULT;1.1;AES256', '$ANSIBLE_VAULT;1.2;AES256;');
    assert.equal(new VaultSecrets([{ id: 'default', ...secret }], true).open(text), undefined);
    assert.equal(new VaultSecrets([{ id: 'default', ...secret }], false).open(text), 'hello');
  });
});
