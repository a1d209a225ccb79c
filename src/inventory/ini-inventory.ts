/**
 * ansible's `ini` inventory plugin: `[group]`, `[group:vars]`, `[group:children]` sections, host
 * lines with `k=v` variables, host ranges. Values (host lines and :vars sections alike) go
 * through Python's literal_eval and stay strings when they are not literals.
 *
 * NOTE: ansible's documentation says :vars values are strings; 2.19's code evaluates them as
 * literals too (`x=1` is an int), and so do we.
 */
import type { Data } from '../core/data.js';
import { InventoryError } from '../core/errors.js';
import { expandHostRange, HostRangeError } from './expand-host-range.js';
import type { Inventory } from './inventory.js';
import { iniFailure } from './inventory-source-error.js';
import { parseAddress } from './parse-address.js';
import { literalEval } from './python-literal.js';
import { ShlexError, shlexSplit } from './shlex-split.js';

const SECTION_RE = /^\[([^:\]\s]+)(?::(\w+))?\]\s*(?:#.*)?$/;
const GROUP_NAME_RE = /^([^:\]\s]+)\s*(?:#.*)?$/;

interface Pending {
  line: number;
  state: 'vars' | 'children';
  name: string;
  parents: string[];
}

/** Parses INI inventory text into `inventory`. Throws InventorySourceError in ansible's words. */
export function parseIniInventory(inventory: Inventory, text: string, path: string): void {
  try {
    parseLines(inventory, text.split(/\r\n|\r|\n/), path);
  } catch (error) {
    if (error instanceof IniLineError) throw iniFailure(error.message, path, error.chained);
    if (error instanceof InventoryError) throw iniFailure(error.message, path, error instanceof HostRangeError && error.whileHandling);
    throw error;
  }
}

class IniLineError extends Error {
  constructor(
    message: string,
    readonly chained = false,
  ) {
    super(message);
  }
}

function parseLines(inventory: Inventory, lines: string[], path: string): void {
  const pending = new Map<string, Pending>();
  let groupName = 'ungrouped';
  let state = 'hosts';
  let lineNo = 0;
  for (const rawLine of lines) {
    lineNo++;
    const line = rawLine.trim();
    if (!line || line[0] === ';' || line[0] === '#') continue;
    const section = SECTION_RE.exec(line);
    if (section) {
      groupName = inventory.safeGroupName(section[1] as string);
      state = section[2] ?? 'hosts';
      if (!['hosts', 'children', 'vars'].includes(state)) {
        throw new IniLineError(`Section [${section[1]}:${state}] has unknown type: ${state}`);
      }
      if (!inventory.groups.has(groupName)) {
        if (state === 'vars' && !pending.has(groupName)) {
          pending.set(groupName, { line: lineNo, state: 'vars', name: groupName, parents: [] });
        }
        inventory.addGroupNamed(groupName);
      }
      const waiting = pending.get(groupName);
      if (waiting && state !== 'vars') {
        if (waiting.state === 'children') addPendingChildren(inventory, groupName, pending);
        else pending.delete(groupName);
      }
      continue;
    }
    if (line.startsWith('[') && line.endsWith(']')) {
      throw new IniLineError(
        `Invalid section entry: '${line}'. Please make sure that there are no spaces in the section entry, and that there are no other invalid characters`,
      );
    }
    // NOTE: ansible tags INI variable names with the line only: its warnings underline the whole line.
    const origin = { file: path, line: lineNo, column: 0 };
    if (state === 'hosts') {
      const { hosts, port, vars } = parseHostDefinition(line);
      for (const host of hosts) {
        inventory.addHostNamed(host, groupName, port);
        for (const [k, v] of vars) {
          inventory.checkVariableName(k, origin);
          inventory.setVariable(host, k, v, origin);
        }
      }
    } else if (state === 'vars') {
      const eq = line.indexOf('=');
      if (eq < 0) throw new IniLineError(`Expected key=value, got: ${line}`);
      const name = line.slice(0, eq).trim();
      inventory.checkVariableName(name, origin);
      inventory.setVariable(groupName, name, parseValue(line.slice(eq + 1).trim()), origin);
    } else {
      const m = GROUP_NAME_RE.exec(line);
      if (!m) throw new IniLineError(`Expected group name, got: ${line}`);
      const child = m[1] as string;
      if (!inventory.groups.has(child)) {
        const waiting = pending.get(child);
        if (waiting) waiting.parents.push(groupName);
        else pending.set(child, { line: lineNo, state: 'children', name: child, parents: [groupName] });
      } else inventory.addChild(groupName, child);
    }
  }
  for (const decl of pending.values()) {
    if (decl.state === 'vars') throw new IniLineError(`Section [${decl.name}:vars] not valid for undefined group '${decl.name}'.`);
    throw new IniLineError(`Section [${decl.parents[decl.parents.length - 1]}:children] includes undefined group '${decl.name}'.`);
  }
}

function addPendingChildren(inventory: Inventory, group: string, pending: Map<string, Pending>): void {
  const decl = pending.get(group) as Pending;
  for (const parent of decl.parents) {
    inventory.addChild(parent, group);
    const parentDecl = pending.get(parent);
    if (parentDecl && parentDecl.state === 'children') addPendingChildren(inventory, parent, pending);
  }
  pending.delete(group);
}

function parseHostDefinition(line: string): { hosts: string[]; port: number | undefined; vars: Map<string, Data> } {
  let tokens: string[];
  try {
    tokens = shlexSplit(line);
  } catch (error) {
    if (error instanceof ShlexError) throw new IniLineError(`Error parsing host definition '${line}': ${error.message}`, true);
    throw error;
  }
  const pattern = tokens[0] ?? '';
  const { hosts, port } = expandHostPattern(pattern);
  const vars = new Map<string, Data>();
  for (const t of tokens.slice(1)) {
    const eq = t.indexOf('=');
    if (eq < 0) throw new IniLineError(`Expected key=value host variable assignment, got: ${t}`);
    vars.set(t.slice(0, eq), parseValue(t.slice(eq + 1)));
  }
  return { hosts, port, vars };
}

/** A host pattern as inventory files write it: `name[:port]`, with ranges expanded. */
export function expandHostPattern(pattern: string, iniChecks = true): { hosts: string[]; port: number | undefined } {
  let name = pattern;
  let port: number | undefined;
  try {
    ({ host: name, port } = parseAddress(pattern, true));
  } catch {
    name = pattern;
    port = undefined;
  }
  const hosts = name.includes('[') ? expandHostRange(name) : [name];
  if (!iniChecks) return { hosts, port };
  if (pattern.trim().endsWith(':') && port === undefined) {
    throw new IniLineError(`Invalid host pattern '${pattern}' supplied, ending in ':' is not allowed, this character is reserved to provide a port.`);
  }
  for (const h of hosts) {
    if (h.trim() === '---') throw new IniLineError(`Invalid host pattern '${pattern}' supplied, '---' is normally a sign this is a YAML file.`);
  }
  return { hosts, port };
}

/** An INI value: a Python literal when it is one, else the text. */
export function parseValue(text: string): Data {
  const value = literalEval(text);
  return value === undefined ? text : value;
}
