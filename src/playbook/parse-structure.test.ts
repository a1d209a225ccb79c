import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Data } from '../core/data.js';
import { loadYamlFile } from '../yaml/load-yaml-file.js';
import { loadRole } from './load-role.js';
import { loadRoleTasks } from './load-role-tasks.js';
import type { TaskOrBlock } from './model.js';
import { parsePlaybook } from './parse-playbook.js';

// Recorded from ansible-core 2.19.11's own objects (Playbook.load; each play's task blocks and
// roles, with ModuleArgsParser's action/args, loop_with, delegate_to, name, register).
const dir = fileURLToPath(new URL('./fixtures/structure/', import.meta.url));
interface Entry {
  kind: 'task' | 'block';
  action?: string;
  args?: Record<string, unknown>;
  name?: string;
  register?: string;
  delegate_to?: string;
  loop_with?: string;
  loop?: unknown;
  listen?: string[];
  block?: Entry[];
  rescue?: Entry[];
  always?: Entry[];
}
interface PlayRecord {
  name: string;
  roles: string[];
  pre_tasks: Entry[];
  tasks: Entry[];
  post_tasks: Entry[];
  handlers: Entry[];
}
const plays = JSON.parse(readFileSync(`${dir}structure.json`, 'utf8')) as PlayRecord[];
const roles = JSON.parse(readFileSync(`${dir}roles.json`, 'utf8')) as Record<string, { defaults: object; vars: object; allow_duplicates: boolean; dependencies: string[]; tasks: Entry[]; handlers: Entry[] }>;

function plain(value: Data): unknown {
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), plain(v)]));
  if (Array.isArray(value)) return value.map(plain);
  return value;
}

/** Our tree in the recorded shape. NOTE: ansible expands import_tasks while loading; we leave
 * that to compile, so an import appears here as its own task. */
function shape(items: readonly TaskOrBlock[]): Entry[] {
  return items.map((item): Entry => {
    if (item.kind === 'block') return { kind: 'block', block: shape(item.block), rescue: shape(item.rescue), always: shape(item.always) };
    const out: Entry = { kind: 'task', action: item.actionWritten, args: plain(item.args) as Record<string, unknown> };
    const name = item.keywords.get('name')?.value;
    if (typeof name === 'string' && name !== '') out.name = name;
    const register = item.keywords.get('register')?.value;
    if (typeof register === 'string') out.register = register;
    if (item.delegateTo !== undefined) out.delegate_to = String(item.delegateTo.value);
    if (item.withLookup !== undefined) {
      out.loop_with = item.withLookup.name;
      out.loop = plain(item.withLookup.terms.value);
    }
    const listen = item.keywords.get('listen')?.value;
    if (listen !== undefined) out.listen = typeof listen === 'string' ? [listen] : (listen as string[]);
    return out;
  });
}

function pick(entries: Entry[]): Entry[] {
  return entries.map((e) => {
    if (e.kind === 'block') return { kind: 'block', block: pick(e.block ?? []), rescue: pick(e.rescue ?? []), always: pick(e.always ?? []) };
    const out: Entry = { kind: 'task', action: e.action, args: e.args };
    for (const key of ['name', 'register', 'delegate_to', 'loop_with', 'listen'] as const) if (e[key] !== undefined) out[key] = e[key] as never;
    if (e.loop_with !== undefined) out.loop = e.loop;
    return out;
  });
}

describe('playbook/parse-playbook builds the tree ansible-core builds', () => {
  const file = `${dir}site.yml`;
  const playbook = parsePlaybook(loadYamlFile(file).documents, file);

  it('reads a play and an import_playbook entry', () => {
    assert.deepEqual(
      playbook.entries.map((e) => e.kind),
      ['play', 'import_playbook'],
    );
    const imported = playbook.entries[1];
    assert.ok(imported?.kind === 'import_playbook');
    assert.equal(imported.file.value, 'other-play.yml');
    assert.equal(imported.keywords.get('when')?.value, 'x');
    assert.equal(plays.length, 2, 'ansible loads the imported play as a second play');
  });

  it('reads tasks, blocks, handlers and role entries as 2.19 does', () => {
    const play = playbook.entries[0];
    const recorded = plays[0];
    assert.ok(play?.kind === 'play' && recorded !== undefined);
    assert.equal(play.keywords.get('name')?.value, recorded.name);
    assert.deepEqual(
      play.roles.map((r) => r.name.value),
      recorded.roles,
    );
    assert.deepEqual(play.roles[1]?.params, new Map([['extra_param', 5]]));
    assert.deepEqual([...(play.roles[1]?.keywords.keys() ?? [])], ['when', 'tags']);
    assert.deepEqual(shape(play.preTasks), pick(recorded.pre_tasks));
    const ours = shape(play.tasks);
    const imported = ours.findIndex((t) => t.action === 'import_tasks');
    assert.deepEqual(ours[imported]?.args, { file: 'other.yml' });
    // The recorded list holds the imported file's one task in its place.
    assert.deepEqual([...ours.slice(0, imported), ...ours.slice(imported + 1)], pick([...recorded.tasks.slice(0, imported), ...recorded.tasks.slice(imported + 1)]));
    assert.deepEqual(shape(play.postTasks), pick(recorded.post_tasks));
    assert.deepEqual(shape(play.handlers), pick(recorded.handlers));
    assert.ok(play.handlers.every((h) => h.kind === 'task' && h.isHandler));
  });

  it('loads roles: defaults merged from a main/ directory, vars, meta, tasks and handlers', () => {
    const searchPaths = [`${dir}roles`, dir];
    for (const [name, recorded] of Object.entries(roles)) {
      const role = loadRole(name, { searchPaths });
      assert.deepEqual(plain(role.defaults), recorded.defaults);
      assert.deepEqual(plain(role.vars), recorded.vars);
      assert.equal(role.allowDuplicates, recorded.allow_duplicates);
      assert.deepEqual(
        role.dependencies.map((d) => d.name.value),
        recorded.dependencies,
      );
      assert.deepEqual(shape(loadRoleTasks(role)), pick(recorded.tasks));
      assert.deepEqual(shape(loadRoleTasks(role, 'main', true)), pick(recorded.handlers));
    }
    const web = loadRole('web', { searchPaths });
    assert.deepEqual(shape(loadRoleTasks(web, 'extra')), [{ kind: 'task', action: 'debug', args: { msg: 'extra' } }]);
    assert.deepEqual(plain(web.dependencies[0]?.keywords.get('vars')?.value ?? null), { x: 1 });
  });
});

describe('playbook/parse-playbook on less common forms', () => {
  // structure2.json: the same recording for site2.yml (local_action mapping, with_dict,
  // with_nested, always after block, nested blocks, import_role, FQCN k=v, block in handlers).
  const file = `${dir}site2.yml`;
  const recorded = (JSON.parse(readFileSync(`${dir}structure2.json`, 'utf8')) as PlayRecord[])[0];

  it('reads them as 2.19 does', () => {
    const play = parsePlaybook(loadYamlFile(file).documents, file).entries[0];
    assert.ok(play?.kind === 'play' && recorded !== undefined);
    const ours = shape(play.tasks);
    const imported = ours.findIndex((t) => t.action === 'import_role');
    assert.deepEqual(ours[imported]?.args, { name: 'base' });
    // NOTE: ansible expands import_role while loading: the role's block and its role_complete block.
    const theirs = [...recorded.tasks.slice(0, imported), ...recorded.tasks.slice(imported + 2)];
    assert.deepEqual([...ours.slice(0, imported), ...ours.slice(imported + 1)], pick(theirs));
    assert.deepEqual(shape(play.handlers), pick(recorded.handlers));
  });
});
