/** The controller-only actions by name. A new action is a file plus a line here. */
import type { Action } from '../run/action.js';
import { assertAction } from './assert.js';
import { assemble } from './assemble.js';
import { asyncStatus } from './async-status.js';
import { copy } from './copy.js';
import { template } from './template.js';
import { unarchive } from './unarchive.js';
import { fetch, raw, script } from './raw-script-fetch.js';
import { validateArgumentSpec } from './validate-argument-spec.js';
import { debug } from './debug.js';
import { fail } from './fail.js';
import { addHost, groupBy, setStats } from './inventory-actions.js';
import { pause } from './pause.js';
import { setFact } from './set-fact.js';
import { service } from './service.js';
import { packageAction } from './package.js';
import { dnf } from './dnf.js';
import { withValidArgs } from './valid-args.js';
import { waitForConnection } from './wait-for-connection.js';
import { reboot } from './reboot.js';

export interface ActionDeps {
  /** Reads a vars file (YAML/JSON) for include_vars. */
  readonly includeVars?: Action;
}

export function createActions(deps: ActionDeps = {}): Map<string, Action> {
  const actions = new Map<string, Action>([
    ['debug', debug],
    ['set_fact', setFact],
    ['assert', assertAction],
    ['fail', fail],
    ['pause', pause],
    ['add_host', addHost],
    ['group_by', groupBy],
    ['set_stats', setStats],
    ['copy', copy],
    ['assemble', assemble],
    ['template', template],
    ['unarchive', unarchive],
    ['raw', raw],
    ['script', script],
    ['fetch', fetch],
    ['validate_argument_spec', validateArgumentSpec],
    ['service', service],
    ['package', packageAction],
    // NOTE: 2.19 redirects yum to dnf's action
    ['dnf', dnf],
    ['yum', dnf],
    ['wait_for_connection', waitForConnection],
    ['reboot', reboot],
    ['async_status', asyncStatus],
  ]);
  if (deps.includeVars) actions.set('include_vars', deps.includeVars);
  for (const [name, action] of actions) actions.set(name, withValidArgs(name, action));
  return actions;
}
