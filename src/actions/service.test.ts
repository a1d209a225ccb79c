import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Data, DataDict } from '../core/data.js';
import type { ActionContext } from '../run/action.js';
import { service } from './service.js';

/** A context whose templar answers only the expressions it is given, and records modules run. */
function context(answers: Record<string, string>, delegatedTo?: string): { ctx: ActionContext; ran: string[] } {
  const ran: string[] = [];
  const ctx = {
    host: 'web1',
    ...(delegatedTo !== undefined ? { delegatedTo } : {}),
    args: new Map<string, Data>([['name', 'nginx'], ['state', 'started']]),
    vars: new Map(),
    templar: {
      render(text: string): Data {
        const answer = answers[text];
        if (answer === undefined) throw new Error(`undefined: ${text}`);
        return answer;
      },
    },
    warn: () => undefined,
    runModule: async (request: { module: string }): Promise<DataDict> => {
      ran.push(request.module);
      return new Map<string, Data>([['changed', false]]);
    },
  } as unknown as ActionContext;
  return { ctx, ran };
}

test('the task host\'s service_mgr fact picks the module', async () => {
  const { ctx, ran } = context({ '{{ ansible_facts.service_mgr }}': 'sysvinit' });
  await service(ctx);
  assert.deepEqual(ran, ['sysvinit']);
});

test('a delegated task reads the delegate\'s fact from hostvars, as ansible\'s service action does', async () => {
  const { ctx, ran } = context({ '{{ ansible_facts.service_mgr }}': 'sysvinit', '{{ hostvars["db1"][\'ansible_facts\'][\'service_mgr\'] }}': 'systemd' }, 'db1');
  await service(ctx);
  assert.deepEqual(ran, ['systemd']);
});
