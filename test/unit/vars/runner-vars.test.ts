import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Data, DataDict } from '../../../src/core/data.js';
import { loadInventory } from '../../../src/inventory/load-inventory.js';
import type { Keyword } from '../../../src/playbook/model.js';
import type { VarsPort } from '../../../src/run/vars-port.js';
import { RunnerVars, type CompiledPlayLike, type RoleInstanceLike, type StepLike } from '../../../src/vars/runner-vars.js';

const loc = { file: 'play.yml', line: 1, column: 1 };
const kw = (value: Data): Keyword => ({ value, loc });
const dict = (o: Record<string, Data>): DataDict => new Map(Object.entries(o));

function setup(): { vars: RunnerVars; play: CompiledPlayLike; dep: RoleInstanceLike; role: RoleInstanceLike } {
  const inventory = loadInventory({ sources: ['h1,h2,'], cwd: '/' });
  const loaded: string[] = [];
  const vars = new RunnerVars({
    inventory,
    playbookDir: '/pb',
    extraVars: dict({ ev: 'extra' }),
    loadVarsFile: (name, source) => {
      const rendered = name.replace('{{ inventory_hostname }}', String(source.get('inventory_hostname')));
      loaded.push(rendered);
      if (rendered === 'missing.yml') throw Object.assign(new Error('not found'), { code: 'ENOENT' });
      if (rendered === 'absent.yml') return undefined;
      return { data: dict({ vf: rendered }), path: `/pb/${rendered}` };
    },
  });
  const role: RoleInstanceLike = {
    def: { name: 'r', path: '/pb/roles/r', defaults: dict({ d: 'r_default', x: 'r_default' }), vars: dict({ rv: 'r_vars' }) },
    ref: { keywords: new Map([['vars', kw(dict({ ev_entry: 'entry' }))]]) },
    params: dict({ p: 'param' }),
    fromInclude: false,
  };
  const dep: RoleInstanceLike = {
    def: { name: 'dep', path: '/pb/roles/dep', defaults: dict({ d: 'dep_default', dd: 'dep_default' }), vars: new Map() },
    ref: { keywords: new Map() },
    params: new Map(),
    parent: role,
    fromInclude: false,
  };
  const play: CompiledPlayLike = {
    play: {
      keywords: new Map([
        ['hosts', kw('all')],
        ['vars', kw(dict({ x: 'play', pv: 'play' }))],
        ['vars_files', kw(['absent.yml', ['missing.yml', '{{ inventory_hostname }}.yml']])],
      ]),
    },
    roles: [role, dep],
  };
  return { vars, play, dep, role };
}

const hosts = { all: ['h1', 'h2'], active: () => ['h1', 'h2'], batch: () => ['h1'] };

describe('vars/runner vars', () => {
  it('is the VarsPort the runner asks for', () => {
    const port: VarsPort = setup().vars;
    assert.equal(typeof port.startPlay, 'function');
  });

  it("layers a role step's variables: defaults under play vars, role vars, params, block, locals", () => {
    const { vars, play, role } = setup();
    const step: StepLike = {
      task: { keywords: new Map([['vars', kw(dict({ tv: 'task', x: 'task' }))]]) },
      folded: { blockVars: [kw(dict({ bv: 'block', x: 'block' }))], environment: [] },
      role,
    };
    const pv = vars.startPlay(play, hosts, new Map());
    const source = pv.forTask('h1', step, new Map([['item', 1]]));
    assert.equal(source.get('d'), 'r_default');
    assert.equal(source.get('dd'), 'dep_default');
    assert.equal(source.get('x'), 'task');
    assert.equal(source.get('rv'), 'r_vars');
    assert.equal(source.get('ev_entry'), 'entry');
    assert.equal(source.get('p'), 'param');
    assert.equal(source.get('bv'), 'block');
    assert.equal(source.get('item'), 1);
    assert.equal(source.get('ev'), 'extra');
    assert.equal(source.get('role_name'), 'r');
    assert.deepEqual(source.get('ansible_play_batch'), ['h1']);
    assert.deepEqual(source.get('ansible_dependent_role_names'), ['dep']);
  });

  it("gives a dependency's step its own defaults over its parent's", () => {
    const { vars, play, dep } = setup();
    const step: StepLike = { task: { keywords: new Map() }, folded: { blockVars: [], environment: [] }, role: dep };
    const source = vars.startPlay(play, hosts, new Map()).forTask('h2', step);
    assert.equal(source.get('d'), 'dep_default');
    assert.equal(source.get('role_name'), 'dep');
    // Role params of the parent reach its dependency's tasks (ansible's dep chain).
    assert.equal(source.get('p'), 'param');
  });

  // ansible-core 2.19 was seen skipping a missing vars_files entry without a word (rc 0).
  it('reads a templated vars_files entry per host, the first name that loads, and skips missing files', () => {
    const { vars, play } = setup();
    const pv = vars.startPlay(play, hosts, new Map());
    assert.equal(pv.forTask('h1').get('vf'), 'h1.yml');
    assert.equal(pv.forTask('h2').get('vf'), 'h2.yml');
  });

  it('keeps set_fact above play vars and facts under them', () => {
    const { vars, play } = setup();
    vars.setFacts('h1', dict({ ansible_distribution: 'Debian', x: 'fact' }));
    vars.setNonPersistent('h1', dict({ pv: 'set_fact' }));
    const source = vars.startPlay(play, hosts, new Map()).forTask('h1');
    assert.equal(source.get('x'), 'play');
    assert.equal(source.get('pv'), 'set_fact');
    assert.equal(source.get('ansible_distribution'), 'Debian');
    vars.clearFacts('h1');
    assert.equal(vars.startPlay(play, hosts, new Map()).forTask('h1').get('ansible_distribution'), undefined);
  });

  it('sees set_fact, include_vars and add_host made after the same step was first asked for', () => {
    const { vars, play } = setup();
    const step: StepLike = { task: { keywords: new Map() }, folded: { blockVars: [], environment: [] } };
    const pv = vars.startPlay(play, hosts, new Map());
    assert.equal(pv.forTask('h1', step).get('later'), undefined);
    vars.setNonPersistent('h1', dict({ later: 'set' }));
    assert.equal(pv.forTask('h1', step).get('later'), 'set');
    vars.setIncludeVars('h1', dict({ inc: 'included' }));
    assert.equal(pv.forTask('h1', step).get('inc'), 'included');
    assert.equal(pv.forTask('h2', step).get('inc'), undefined);
    // add_host puts the host straight into `all`, so it lists first (as recorded in magic-vars).
    vars.addHost('h3', ['new'], dict({ hv: 1 }));
    assert.deepEqual(pv.forTask('h1', step).get('groups'), new Map([['all', ['h3', 'h1', 'h2']], ['ungrouped', ['h1', 'h2']], ['new', ['h3']]]));
  });
  it("ranks an include's own vars over set_fact for its own task, tags and when among them", () => {
    const { vars, play } = setup();
    const own = kw(dict({ x: 'own', tags: 'own', when: 'own' }));
    const step = (action: string): StepLike => ({ task: { keywords: new Map([['vars', own]]), action }, folded: { blockVars: [], environment: [] } });
    const pv = vars.startPlay(play, hosts, new Map());
    vars.setNonPersistent('h1', dict({ x: 'set_fact' }));
    const include = pv.forTask('h1', step('include_tasks'));
    assert.deepEqual([include.get('x'), include.get('tags'), include.get('when')], ['own', 'own', 'own']);
    const plain = pv.forTask('h1', step('debug'));
    assert.deepEqual([plain.get('x'), plain.has('tags'), plain.has('when')], ['set_fact', false, false]);
  });
});
