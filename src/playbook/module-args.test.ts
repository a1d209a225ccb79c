import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Data } from '../core/data.js';
import { PyFloat, UnsafeString } from '../core/data.js';
import { VolantError } from '../core/errors.js';
import { loadYaml } from '../yaml/load-yaml.js';
import { parseModuleArgs } from './module-args.js';

// Recorded from ansible.parsing.mod_args.ModuleArgsParser(task).parse() in ansible-core 2.19.11,
// each task loaded with ansible's own YAML loader: [action, args, delegate_to] or the error.
interface Row {
  task: string;
  action?: string;
  args?: unknown;
  delegate_to?: string | null;
  error?: string;
}
const rows = JSON.parse(readFileSync(new URL('./fixtures/module-args.json', import.meta.url), 'utf8')) as Row[];

/** Data as JSON-like values with dict order kept as entry lists, to compare order too. */
function plain(value: Data): unknown {
  if (value instanceof Map) return [...value].map(([k, v]) => [k, plain(v)]);
  if (Array.isArray(value)) return value.map(plain);
  if (value instanceof PyFloat) return value.value;
  if (value instanceof UnsafeString) return value.value;
  return value;
}
function plainJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plainJson);
  if (value !== null && typeof value === 'object') return Object.entries(value).map(([k, v]) => [k, plainJson(v)]);
  return value;
}

describe('playbook/module-args resolves actions as ModuleArgsParser does', () => {
  for (const row of rows) {
    it(`reads ${JSON.stringify(row.task)}`, () => {
      const doc = loadYaml(row.task, 'task.yml').documents[0];
      assert.ok(doc?.kind === 'map');
      if (row.error !== undefined) {
        assert.throws(() => parseModuleArgs(doc), (error: unknown) => error instanceof VolantError && error.message === row.error);
        return;
      }
      const resolved = parseModuleArgs(doc);
      assert.equal(resolved.actionWritten, row.action);
      assert.deepEqual(plain(resolved.args), plainJson(row.args));
      assert.equal(resolved.delegateTo?.value ?? null, row.delegate_to);
    });
  }
  it('gives builtins written with a collection prefix their short name', () => {
    const doc = loadYaml('ansible.legacy.command: ls -l\n', 'task.yml').documents[0];
    assert.ok(doc?.kind === 'map');
    const resolved = parseModuleArgs(doc);
    assert.equal(resolved.action, 'command');
    assert.equal(resolved.actionWritten, 'ansible.legacy.command');
  });
});
