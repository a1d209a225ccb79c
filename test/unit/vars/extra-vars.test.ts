import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDict, PyFloat, type Data } from '../../../src/core/data.js';
import { UsageError, VolantError } from '../../../src/core/errors.js';
import { parseExtraVars } from '../../../src/vars/parse-extra-vars.js';

// fixtures/extra-vars/expected.json: what ansible-core 2.19 made of each -e combination
// (record.sh prints the variables through a debug task), or its error and exit code.
const dir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'extra-vars');
// NOTE: recorded in a checkout at /work/main; the paths in its messages follow this checkout.
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const cases = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8').split('/work/main').join(repoRoot)) as {
  args: string[];
  vars: Record<string, unknown> | null;
  rc: number;
  stderr: string;
}[];

/** As the debug task prints it: JSON, floats with a fraction digit. */
function printed(value: Data): unknown {
  if (value instanceof PyFloat) return value.value;
  if (Array.isArray(value)) return value.map(printed);
  if (isDict(value)) return Object.fromEntries([...value].map(([k, v]) => [String(k), printed(v)]));
  return value;
}

describe('vars/extra vars', () => {
  for (const c of cases) {
    const title = c.args.map((a) => `-e ${a}`).join(' ');
    if (c.rc === 0) {
      it(`reads ${title} as ansible does`, () => {
        const extra = parseExtraVars(c.args, dir);
        const names = Object.keys(c.vars ?? {});
        assert.deepEqual(printed(new Map(names.map((n) => [n, extra.get(n) ?? '<missing>']))), c.vars);
        // Only the recorded names were asked for; nothing else may have appeared either.
        const known = ['a', 'b', 'c', 'd', 'from_file', 'num', 'list', 'json', 'f', 'n', 'y', '_raw_params', 'e', 'q'];
        assert.deepEqual([...extra.keys()].filter((k) => known.includes(String(k))).sort(), names.sort());
      });
    } else {
      it(`rejects ${title} with ansible's error and exit code`, () => {
        const error = c.stderr.slice(c.stderr.indexOf('[ERROR]: ') + '[ERROR]: '.length).replace(/\n+$/, '');
        assert.throws(
          () => parseExtraVars(c.args, dir),
          (e: unknown) => {
            assert.ok(e instanceof VolantError);
            assert.equal(e.message, error);
            assert.equal(e instanceof UsageError ? 5 : 1, c.rc);
            return true;
          },
        );
      });
    }
  }
  it('keeps 1.0 a float and 0755 octal in YAML values', () => {
    const extra = parseExtraVars(['{a: 0755, f: 1.0}'], dir);
    assert.equal(extra.get('a'), 493);
    assert.ok(extra.get('f') instanceof PyFloat);
  });
});
