import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { snapshotPaths } from './disk-snapshot.js';

describe('realworld/disk-snapshot', () => {
  it('lists a folder with its files, links and modes, and names what is absent', () => {
    const root = mkdtempSync(join(tmpdir(), 'volant-snapshot-'));
    try {
      mkdirSync(join(root, 'etc/app'), { recursive: true });
      chmodSync(join(root, 'etc/app'), 0o755);
      writeFileSync(join(root, 'etc/app/app.conf'), 'port = 80\n');
      chmodSync(join(root, 'etc/app/app.conf'), 0o640);
      symlinkSync('app.conf', join(root, 'etc/app/current'));
      writeFileSync(join(root, 'etc/app/blob'), Buffer.from([0, 1, 2]));
      chmodSync(join(root, 'etc/app/blob'), 0o600);
      const owner = `${process.getuid?.() ?? 0}:${process.getgid?.() ?? 0}`;
      assert.deepEqual(snapshotPaths(root, ['/etc/app', '/etc/missing']), [
        `/etc/app: dir ${owner} 0755`,
        `/etc/app/app.conf: file ${owner} 0640 text\n    | port = 80\n    | `,
        `/etc/app/blob: file ${owner} 0600 3 bytes sha256:ae4b3280e56e2faf83f414a6e3dabe9d5fbe18976544c05fed121accb85b53fc`,
        '/etc/app/current: link -> app.conf',
        '/etc/missing: absent',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('hides the temporary file name and time crontab writes into a crontab', () => {
    const root = mkdtempSync(join(tmpdir(), 'volant-snapshot-'));
    try {
      mkdirSync(join(root, 'crontabs'));
      writeFileSync(join(root, 'crontabs/root'), '# DO NOT EDIT\n# (/tmp/crontabXYZ installed on Mon Nov 30 07:58:45 2026)\n1 * * * * true\n');
      const [line] = snapshotPaths(root, ['/crontabs/root']);
      assert.match(line ?? '', /\| # \(<FILE> installed on <TIME>\)\n {4}\| 1 \* \* \* \* true/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
