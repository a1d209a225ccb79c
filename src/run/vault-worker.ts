/**
 * NOTE: 2.19 runs each task on each host in a worker it forks, which decrypts a `!vault` value it
 * uses (-vvvv traces that) unless the controller had opened it before. Under -vvvv the runner
 * names the worker running now, across its awaits, so VaultString.reveal can tell.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { VaultString } from '../core/data.js';

const current = new AsyncLocalStorage<object>();
VaultString.worker = () => current.getStore();

/** Runs one task on one host as a worker of its own (only while vault decryptions are traced). */
export function inVaultWorker<T>(run: () => Promise<T>): Promise<T> {
  return VaultString.traced ? current.run({}, run) : run();
}
