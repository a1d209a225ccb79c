/** For the agent's tests: runs a throwaway module (its source sent with the first request). */
import assert from 'node:assert/strict';
import { isDict, type Data, type DataDict } from '../core/data.js';
import type { VolantAgentSession } from './agent-session.js';

export async function runProbe(session: VolantAgentSession, name: string, args: DataDict, source: string | undefined): Promise<DataDict> {
  const fields = new Map<string, Data>([
    ['module', name],
    ['args', args],
    ['check', false],
    ['diff', false],
    ['no_log', false],
  ]);
  if (source !== undefined) fields.set('source', source);
  const result = await session.client.request('module', fields);
  assert.ok(isDict(result));
  return result;
}
