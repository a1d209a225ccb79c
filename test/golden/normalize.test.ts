import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeOutput } from './normalize.js';

// The inputs below are lines ansible-core 2.19 printed here (before normalization).
const ctx = { caseDir: '/work/main/test/golden/cases/register-command' };

describe('golden/normalize', () => {
  it('replaces the case folder with <CASE>', () => {
    assert.equal(
      normalizeOutput('Origin: /work/main/test/golden/cases/register-command/playbook.yml:8:7\n', ctx),
      'Origin: <CASE>/playbook.yml:8:7\n',
    );
  });

  it("replaces the per-process hash in a plugin module's name, keeping Jinja's own names", () => {
    assert.equal(
      normalizeOutput('Error rendering template: ansible.plugins.filter.core_1178769373354691259.regex_replace() argument after ** must be a mapping, not list\n', ctx),
      'Error rendering template: ansible.plugins.filter.core_<HASH>.regex_replace() argument after ** must be a mapping, not list\n',
    );
    assert.equal(normalizeOutput('jinja2.filters.do_int() argument after ** must be a mapping\n', ctx), 'jinja2.filters.do_int() argument after ** must be a mapping\n');
  });

  it('replaces command clocks in one-line JSON results', () => {
    const line =
      'fatal: [localhost]: FAILED! => {"changed": true, "cmd": ["/bin/false"], "delta": "0:00:00.002811", ' +
      '"end": "2026-11-30 00:08:41.347311", "msg": "non-zero return code", "rc": 1, "start": "2026-11-30 00:08:41.344500"}';
    assert.equal(
      normalizeOutput(line, ctx),
      'fatal: [localhost]: FAILED! => {"changed": true, "cmd": ["/bin/false"], "delta": "<DELTA>", ' +
        '"end": "<TIMESTAMP>", "msg": "non-zero return code", "rc": 1, "start": "<TIMESTAMP>"}',
    );
  });

  it('replaces clocks in Python reprs too', () => {
    assert.equal(
      normalizeOutput("{'delta': '0:00:01.004046', 'start': '2026-11-30 00:08:41.344500'}", ctx),
      "{'delta': '<DELTA>', 'start': '<TIMESTAMP>'}",
    );
  });

  it('replaces stat times and inode numbers, whatever the quoting', () => {
    assert.equal(
      normalizeOutput('"atime": 1764461321.3358, "inode": 1573402, \'dev\': 2049, "mode": "0644"', ctx),
      '"atime": <EPOCH>, "inode": <NUM>, \'dev\': <NUM>, "mode": "0644"',
    );
  });

  it("replaces pause's measured sleep and tempfile's random names", () => {
    assert.equal(normalizeOutput('"stdout": "Paused for 1.01 seconds"', ctx), '"stdout": "Paused for <ELAPSED> seconds"');
    assert.equal(normalizeOutput('"path": "/tmp/ansible.k2w_8zq1.tmp"', ctx), '"path": "/tmp/ansible.<RANDOM>.tmp"');
  });

  it("replaces the controller's local temp dir in template diffs", () => {
    assert.equal(
      normalizeOutput('+++ after: /root/.ansible/tmp/ansible-local-24998gie38p0_/tmp91g74qlt/t.j2', ctx),
      '+++ after: /root/.ansible/tmp/ansible-local-<ID>/tmp<RANDOM>/t.j2',
    );
  });

  it("replaces the hidden temp file copy writes its content to (geerlingguy.dotfiles' -v run)", () => {
    assert.equal(
      normalizeOutput('"src": "/root/.ansible/tmp/ansible-local-24998gie38p0_/.7ltjnpbw"}', ctx),
      '"src": "/root/.ansible/tmp/ansible-local-<ID>/.<RANDOM>"}',
    );
  });

  it("replaces that temp file's name where copy's invocation gives it as _original_basename", () => {
    assert.equal(normalizeOutput('"_original_basename": ".02ed4pys",', ctx), '"_original_basename": ".<RANDOM>",');
    assert.equal(normalizeOutput('_original_basename: .80xrqpnk', ctx), '_original_basename: .<RANDOM>');
    assert.equal(normalizeOutput('"_original_basename": "t.j2",', ctx), '"_original_basename": "t.j2",');
  });

  it("replaces a Python object's or function's address in its repr", () => {
    assert.equal(normalizeOutput('<jinja2.utils.Cycler object at 0x7ffa6c4e7b60>', ctx), '<jinja2.utils.Cycler object at 0x<ADDR>>');
    assert.equal(normalizeOutput('[<function _lookup at 0x7f219033b600>]', ctx), '[<function _lookup at 0x<ADDR>>]');
  });

  it("replaces a module's temp file in the task's remote temp dir (get_url's checksum mismatch)", () => {
    assert.equal(
      normalizeOutput('The checksum for /root/.ansible/tmp/ansible-tmp-1796084171.0047772-2973-32023945525015/tmpcex08nyg did not', ctx),
      'The checksum for /root/.ansible/tmp/ansible-tmp-<ID>/tmp<RANDOM> did not',
    );
  });

  it("drops the connection and module loader lines of ansible-core's -vvv", () => {
    const vvv =
      '<localhost> ESTABLISH LOCAL CONNECTION FOR USER: root\n' +
      "<localhost> EXEC /bin/sh -c 'echo ~root && sleep 0'\n" +
      'Using module file /usr/lib/python3/dist-packages/ansible/modules/stat.py\n' +
      '<localhost> PUT /root/.ansible/tmp/ansible-local-1/tmpx TO /root/.ansible/tmp/ansible-tmp-1-2-3/AnsiballZ_stat.py\n' +
      '<localhost> FETCH /tmp/out/text.conf TO /tmp/out/fetched/text.conf\n' +
      'changed: [localhost] => {\n';
    assert.equal(normalizeOutput(vvv, ctx), 'changed: [localhost] => {\n');
  });

  it('replaces async job ids', () => {
    assert.equal(normalizeOutput('ASYNC OK on localhost: jid=j522711689673.32448', ctx), 'ASYNC OK on localhost: jid=<JID>');
  });

  it("replaces a backup file's pid and time", () => {
    assert.equal(
      normalizeOutput('"backup_file": "/etc/hosts.5803.2026-12-03@14:38:50~"', ctx),
      '"backup_file": "/etc/hosts.<BACKUP>~"',
    );
  });

  it('leaves everything else alone', () => {
    const recap =
      'localhost                  : ok=2    changed=1    unreachable=0    failed=0    skipped=0    rescued=0    ignored=0   \n';
    assert.equal(normalizeOutput(recap, ctx), recap);
    assert.equal(normalizeOutput('"msg": "ansible.builtin 12:30:00.5 2024-01-02"', ctx), '"msg": "ansible.builtin 12:30:00.5 2024-01-02"');
  });
  it("drops the Python traceback under an unexpected exception's message", () => {
    const text =
      "[ERROR]: Unexpected Exception, this is probably a bug: unhashable type: 'dict'\n\nTraceback (most recent call last):\n" +
      '  File "/usr/lib/python3/dist-packages/ansible/cli/__init__.py", line 660, in cli_executor\n    exit_code = cli.run()\n' +
      "TypeError: unhashable type: 'dict'\n\nThe above exception was the direct cause of the following exception:\n\n" +
      'Traceback (most recent call last):\n  File "x.py", line 1, in f\n' +
      "ansible.errors.AnsibleError: Unexpected Exception, this is probably a bug: unhashable type: 'dict'\n\n";
    assert.equal(normalizeOutput(text, ctx), "[ERROR]: Unexpected Exception, this is probably a bug: unhashable type: 'dict'\n");
  });
});
