/**
 * What a delegated result shows as the delegate's address (`h1 -> h2(address)`): 2.19 copies it
 * from the delegate's variables as they are written, never templated, after PlayContext gave a
 * delegate without any address variable its own name.
 */
import { pyStr, type Data } from '../core/data.js';
import type { VarSource } from '../template/api.js';

/** Connections whose options read `ansible_host` (2.19 copies each such variable, set or not). */
const READS_ANSIBLE_HOST: ReadonlySet<string> = new Set(['ssh', 'smart', 'paramiko', 'paramiko_ssh', 'psrp', 'winrm']);

/** The shown address, `null` where 2.19 shows None, undefined where it shows none. */
export function delegateShownAddress(vars: VarSource, delegate: string, connection: string): Data | undefined {
  if (vars.has('ansible_host')) return vars.get('ansible_host') ?? null;
  const written = vars.get('ansible_connection');
  const transport = written === undefined || written === null ? 'ssh' : pyStr(written);
  // another address variable keeps the name from standing in; ansible_host then reads as unset
  if (vars.has(`ansible_${transport}_host`) || vars.has('ansible_ssh_host')) {
    return READS_ANSIBLE_HOST.has(connection.replace(/^ansible\.(builtin|legacy)\./, '')) ? null : undefined;
  }
  return delegate;
}
