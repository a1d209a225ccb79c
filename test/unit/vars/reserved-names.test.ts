import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatSourceContext } from '../../../src/callbacks/format/source-context.js';
import { loadInventory } from '../../../src/inventory/load-inventory.js';
import { loadYamlNode } from '../../../src/inventory/load-yaml-data.js';
import type { WarningDetail } from '../../../src/inventory/warning-detail.js';
import type { Keyword } from '../../../src/playbook/model.js';
import { parseExtraVars } from '../../../src/vars/parse-extra-vars.js';
import { RunnerVars, type CompiledPlayLike, type StepLike } from '../../../src/vars/runner-vars.js';
import type { YamlNode } from '../../../src/yaml/node.js';
import { toData } from '../../../src/yaml/to-data.js';

// fixtures/reserved/expected.json: ansible-playbook's stderr for play.yml with -e q=1 -e timeout=9
// (record.sh): reserved-name warnings, each pointing where the name was first written.
const dir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'reserved');
const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as { stderr: string };

function pair(node: YamlNode | undefined, key: string): YamlNode {
  assert.ok(node && node.kind === 'map');
  const found = node.pairs.find((p) => p.key.kind === 'scalar' && p.key.value === key);
  assert.ok(found);
  return found.value;
}

function keyword(node: YamlNode): Keyword {
  return { value: toData(node), loc: node.loc, node };
}

/** As the display prints a warning: message, then Origin and source lines (or the value), then a blank line. */
function format(w: WarningDetail): string {
  let text = `[WARNING]: ${w.message}\n`;
  if (w.location) text += `${formatSourceContext(w.location, (f) => readFileSync(f, 'utf8'))}\n\n`;
  else if (w.origin !== undefined) text += `Origin: ${w.origin}\n\n${w.shown ?? ''}\n\n`;
  return text;
}

describe('vars/reserved names', () => {
  it("warns where each reserved name was written, in ansible's order, once each", () => {
    const doc = loadYamlNode(readFileSync(join(dir, 'play.yml'), 'utf8'), join(dir, 'play.yml'));
    assert.ok(doc && doc.kind === 'seq');
    const playNode = doc.items[0];
    const tasks = pair(playNode, 'tasks');
    assert.ok(tasks.kind === 'seq');
    const taskNode = tasks.items[0];
    const play: CompiledPlayLike = {
      play: { keywords: new Map([['hosts', keyword(pair(playNode, 'hosts'))], ['vars', keyword(pair(playNode, 'vars'))]]) },
      roles: [],
    };
    const step: StepLike = { task: { keywords: new Map([['vars', keyword(pair(taskNode, 'vars'))]]) }, folded: { blockVars: [], environment: [] } };
    const inventory = loadInventory({ sources: [join(dir, 'hosts.yml')], cwd: dir });
    const vars = new RunnerVars({
      inventory,
      playbookDir: dir,
      extraVars: parseExtraVars(['q=1', 'timeout=9'], dir),
      loadVarsFile: () => ({ data: new Map(), path: '' }),
    });
    const hosts = { all: ['h1'], active: () => ['h1'], batch: () => ['h1'] };
    const playVars = vars.startPlay(play, hosts, new Map());
    playVars.forPlay();
    playVars.forTask('h1', step);
    const stderr = vars.manager.warningDetails.map(format).join('').split(dir).join('<DIR>');
    assert.equal(stderr, expected.stderr);
  });
});
