import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatSourceContext } from '../../../src/callbacks/format/source-context.js';
import type { DataDict } from '../../../src/core/data.js';
import { hostList } from '../../../src/inventory/host-list.js';
import { inventoryListJson } from '../../../src/inventory/inventory-list.js';
import { inventoryVarsDirs, loadInventory } from '../../../src/inventory/load-inventory.js';
import { VarsFiles } from '../../../src/inventory/vars-files.js';
import { VariableManager } from '../../../src/vars/variable-manager.js';

// Recorded from ansible-core 2.19 by fixtures/sources/record.sh: `ansible-inventory --list`
// (flattened and --export) per source, and ansible-playbook's stderr and rc per broken source.
const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const here = join(fixtures, 'sources');
const pbdir = join(here, 'pbdir');
interface Output {
  stdout: string;
  stderr: string;
  rc: number;
}
const expected = JSON.parse(readFileSync(join(here, 'expected.json'), 'utf8')) as {
  sources: Record<string, { sources: string[]; list: Output; export: Output }>;
  failures: Record<string, { stderr: string; rc: number }>;
};

function sourcePaths(sources: string[]): string[] {
  return sources.map((s) => (s.includes(',') ? s : join(here, s)));
}

/** `ansible-inventory --list --export`: groups' own vars, hosts' own vars plus host_vars files. */
function exportList(sources: string[]): Output {
  const inventory = loadInventory({ sources: sourcePaths(sources), cwd: pbdir });
  const files = new VarsFiles();
  const dirs = inventoryVarsDirs(inventory);
  const json = inventoryListJson(inventory, {
    hostVars: (host) => {
      const vars: DataDict = new Map(host.vars);
      for (const d of dirs) for (const [k, v] of files.varsFor(d, 'host', host.name)) vars.set(k, v);
      return vars;
    },
    groupVars: (group) => {
      const vars: DataDict = new Map(group.vars);
      for (const d of dirs) for (const [k, v] of files.varsFor(d, 'group', group.name)) vars.set(k, v);
      if (group.priority !== 1) vars.set('ansible_group_priority', group.priority);
      return vars;
    },
  });
  return { stdout: json + '\n', stderr: inventory.warnings.map((w) => `[WARNING]: ${w}\n`).join(''), rc: 0 };
}

/** `ansible-inventory --list`: every host's variables flattened, as hostvars[host] shows them. */
function flatList(sources: string[]): Output {
  const inventory = loadInventory({ sources: sourcePaths(sources), cwd: pbdir });
  const manager = new VariableManager({ inventory, playbookDir: pbdir });
  const json = inventoryListJson(inventory, {
    hostVars: (host) => {
      const source = manager.hostVarsSource(host.name);
      const vars: DataDict = new Map();
      // ansible-inventory has no --check/--diff options, so these two are not set there.
      for (const k of source.keys()) if (k !== 'ansible_check_mode') vars.set(k, source.get(k) ?? null);
      return vars;
    },
  });
  return { stdout: json + '\n', stderr: inventory.warnings.map((w) => `[WARNING]: ${w}\n`).join(''), rc: 0 };
}

describe('inventory/sources', () => {
  for (const [name, want] of Object.entries(expected.sources)) {
    it(`reads the ${name} source as ansible-inventory --list --export shows it`, () => {
      assert.deepEqual(exportList(want.sources), want.export);
    });
    it(`flattens the ${name} source's variables as ansible-inventory --list shows them`, () => {
      assert.deepEqual(flatList(want.sources), want.list);
    });
  }
});

const DEPRECATION_HINT = 'Deprecation warnings can be disabled by setting `deprecation_warnings=False` in ansible.cfg.';

describe('inventory/broken sources', () => {
  const failures = join(fixtures, 'failures');
  for (const [name, want] of Object.entries(expected.failures)) {
    it(`warns about ${name} in ansible-playbook's words and goes on`, () => {
      const inventory = loadInventory({ sources: [join(failures, name)], cwd: failures });
      hostList(inventory, undefined);
      let deprecations = 0;
      // Lines shown only at -vvv are not warnings: the recordings were made without -v.
      const stderr = inventory.warningDetails
        .filter((w) => w.verbosity === undefined)
        .map((w) => {
          // As the display prints them: a first deprecation is preceded by how to turn them off;
          // one that points into a file has the Origin and source lines, then the hint.
          let head = `[WARNING]: ${w.message}\n`;
          if (w.deprecation) {
            const removal = w.version ? ` This feature will be removed from ansible-core version ${w.version}.` : '';
            head = `[DEPRECATION WARNING]: ${w.message}${removal}\n`;
            if (deprecations++ === 0) head = `[WARNING]: ${DEPRECATION_HINT}\n${head}`;
          }
          const hint = w.hint ? `${w.hint}\n\n` : '';
          if (w.origin !== undefined) return `${head}Origin: ${w.origin}\n\n${w.shown ?? ''}\n\n${hint}`;
          if (!w.location) return head;
          return `${head}${formatSourceContext(w.location, (file) => readFileSync(file, 'utf8'))}\n\n${hint}`;
        })
        .join('')
        .split(failures)
        .join('<DIR>');
      assert.deepEqual({ stderr, rc: 0 }, want);
    });
  }
});
