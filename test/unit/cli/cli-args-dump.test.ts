/**
 * The -vvvv dump of the command line's options, as 2.19's default callback printed it for the
 * same command lines (seen with the oracle).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseArgv } from '../../../src/cli/argv.js';
import { AnsibleConfig } from '../../../src/cli/config.js';
import { cliArgsLines } from '../../../src/cli/cli-args-dump.js';

const cwd = '/nonexistent/work';
const config = new AnsibleConfig({ ANSIBLE_CONFIG: '/nonexistent/none.cfg', HOME: '/nonexistent' }, cwd);

describe('cliArgsLines', () => {
  it('shows the options that have a value, in the parser’s order, paths made absolute', () => {
    const args = parseArgv(['pe.yml', '-vvvv', '--step', '--vault-id', 'vpf', '--become-password-file', 'vpf', '--connection-password-file', 'vpf', '-e', '@ev.yml', '-e', 'x=1', '--tags', 'a', '-t', 'a', '-i', 'inv', '-i', 'localhost,']);
    assert.deepEqual(cliArgsLines(args, config, cwd), [
      'Positional arguments: pe.yml',
      'verbosity: 4',
      'connection: ssh',
      `connection_password_file: ${cwd}/vpf`,
      'become_method: sudo',
      `become_password_file: ${cwd}/vpf`,
      "tags: ('a',)",
      `inventory: ('${cwd}/inv', 'localhost,')`,
      `extra_vars: ('@${cwd}/ev.yml', 'x=1')`,
      "vault_ids: ('vpf',)",
      'forks: 5',
      'step: True',
    ]);
  });

  it('shows switches as True and -M paths with the last use first', () => {
    const args = parseArgv(['pe.yml', '-vvvv', '-C', '-D', '-l', 'localhost', '--skip-tags', 'y', '-u', 'root', '-c', 'local', '-T', '5', '-M', 'a:b', '-M', '/c', '-f', '2', '-b']);
    const lines = cliArgsLines(args, config, cwd);
    assert.deepEqual(lines.slice(2, 6), ['remote_user: root', 'connection: local', 'timeout: 5', 'become: True']);
    assert.ok(lines.includes("tags: ('all',)"));
    assert.ok(lines.includes("skip_tags: ('y',)"));
    assert.ok(lines.includes('subset: localhost'));
    assert.ok(lines.includes(`module_path: ('/c', '${cwd}/a', '${cwd}/b')`));
    assert.ok(lines.includes("inventory: ('/etc/ansible/hosts',)"));
  });
});
