/**
 * ansible's `script` inventory plugin: an executable source is run with `--list`; its JSON names
 * groups (hosts, vars, children) and, under `_meta.hostvars`, every host's variables. Without
 * `_meta.hostvars` the script is asked again with `--host <name>` for each host.
 */
import { spawnSync } from 'node:child_process';
import { isDict, pyRepr, pyTypeName, type Data, type DataDict } from '../core/data.js';
import { parseJson } from '../core/json.js';
import type { Inventory } from './inventory.js';
import { InventorySourceError } from './inventory-source-error.js';

export function parseScriptInventory(inventory: Inventory, path: string): void {
  const origin = `<inventory script output from ${pyRepr(path)}>`;
  const fail = (message: string, help?: string): InventorySourceError => scriptFailure(message, path, help);
  const out = runScript(path, ['--list'], fail);
  let processed: Data;
  try {
    processed = parseJson(out.stdout);
  } catch (e) {
    throw fail(`Unable to get JSON decoder for inventory script result: Value could not be parsed as JSON: ${pythonJsonError(e, out.stdout)}`, out.help);
  }
  if (!isDict(processed)) throw fail(`Unable to get JSON decoder for inventory script result: Value is ${pyRepr(pyTypeName(processed))} instead of 'dict'.`, out.help);
  const hosts: string[] = [];
  let hostvars: DataDict | undefined;
  for (const [group, data] of processed) {
    if (group === '_meta') {
      const meta = isDict(data) ? data.get('hostvars') : undefined;
      if (!isDict(meta)) throw fail(`Value contains '_meta.hostvars' which is ${pyRepr(pyTypeName(meta ?? null))} instead of 'dict'.`);
      hostvars = meta;
    } else {
      parseGroup(inventory, String(group), data, origin, hosts, fail);
    }
  }
  if (hostvars === undefined) {
    deprecate(inventory, "Inventory scripts should always provide 'meta.hostvars'. Host variables will be collected by running the inventory script with the '--host' option for each host.", origin);
  }
  for (const host of hosts) {
    const vars = hostvars === undefined ? hostVariables(path, host, fail) : hostvars.get(host);
    if (!isDict(vars)) continue;
    for (const [key, value] of vars) inventory.setVariable(host, String(key), value);
  }
}

type Fail = (message: string, help?: string) => InventorySourceError;

function parseGroup(inventory: Inventory, name: string, given: Data, origin: string, hosts: string[], fail: Fail): void {
  const group = inventory.addGroupNamed(name);
  let data: DataDict;
  if (!isDict(given)) {
    data = new Map([['hosts', given]]);
    deprecate(inventory, `Group ${pyRepr(group)} was converted to 'dict' from ${pyRepr(pyTypeName(given))}.`, origin);
  } else if (!['hosts', 'vars', 'children'].some((k) => given.has(k))) {
    data = new Map<string, Data>([['hosts', [group]], ['vars', given]]);
    deprecate(inventory, `Treating malformed group ${pyRepr(group)} as the sole host of that group. Variables provided in this manner cannot be templated.`, origin);
  } else {
    data = given;
  }
  if (data.has('hosts')) {
    const list = data.get('hosts') ?? null;
    if (!Array.isArray(list)) throw fail(`Value contains '${group}.hosts' which is ${pyRepr(pyTypeName(list))} instead of 'list'.`);
    for (const host of list) {
      const hostName = String(host);
      if (!hosts.includes(hostName)) hosts.push(hostName);
      inventory.addHostNamed(hostName, group);
    }
  }
  if (data.has('vars')) {
    const vars = data.get('vars') ?? null;
    if (!isDict(vars)) throw fail(`Value contains '${group}.vars' which is ${pyRepr(pyTypeName(vars))} instead of 'dict'.`);
    for (const [key, value] of vars) inventory.setVariable(group, String(key), value);
  }
  const children = data.get('children');
  if (Array.isArray(children)) {
    for (const child of children) inventory.addChild(group, inventory.addGroupNamed(String(child)));
  }
}

function hostVariables(path: string, host: string, fail: Fail): Data {
  const out = runScript(path, ['--host', host], fail);
  if (out.stdout.trim() === '') return new Map();
  try {
    return parseJson(out.stdout);
  } catch (e) {
    throw fail(`Inventory script result for host ${pyRepr(host)} could not be parsed as JSON: ${pythonJsonError(e, out.stdout)}`, out.help);
  }
}

interface ScriptOutput {
  readonly stdout: string;
  /** ansible's help text under a failure: the script's standard error. */
  readonly help?: string;
}

function runScript(path: string, options: readonly string[], fail: Fail): ScriptOutput {
  const run = spawnSync(path, options, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (run.error) throw fail(`Failed to execute inventory script command ${pyRepr([path, ...options].join(' '))}.`);
  let stderr = run.stderr ?? '';
  if (stderr && !stderr.endsWith('\n')) stderr += '\n';
  const help = stderr.trim() ? `Standard error from inventory script:\n${stderr}` : undefined;
  if (run.status !== 0) throw fail(`Inventory script returned non-zero exit code ${run.status ?? 1}.`, help);
  return { stdout: run.stdout ?? '', ...(help ? { help } : {}) };
}

/** Python's JSONDecodeError text ("Expecting value: line 1 column 1 (char 0)") for a parseJson error. */
function pythonJsonError(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const m = /^(.*) at position (\d+)$/.exec(message);
  if (!m) return message;
  const pos = Number(m[2]);
  const line = text.slice(0, pos).split('\n').length;
  const column = pos - (pos === 0 ? -1 : text.lastIndexOf('\n', pos - 1));
  return `${m[1] as string}: line ${line} column ${column} (char ${pos})`;
}

/** A failure as ansible's inventory manager shows it: at the plugin and source, with the script's stderr. */
function scriptFailure(message: string, path: string, help?: string): InventorySourceError {
  const origin = `<inventory plugin 'script' with source ${pyRepr(path)}>`;
  return new InventorySourceError(message, [`${message}\nOrigin: ${origin}${help ? `\n\n${help.trimEnd()}` : ''}`]);
}

function deprecate(inventory: Inventory, message: string, origin: string): void {
  inventory.warningDetails.push({ message, deprecation: true, origin, version: '2.23', plugin: "inventory plugin 'script'" });
}
