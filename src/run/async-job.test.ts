import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Data, DataDict } from '../core/data.js';
import { asyncUnsupported, controllerFailures, pollAsyncJob } from './async-job.js';

const launch = new Map<string, Data>([['ansible_job_id', 'j1.2'], ['started', true], ['finished', false]]);

/** A job that reports finished at the `doneAt`-th status check (never when undefined). */
function job(doneAt: number | undefined): { calls: DataDict[]; polls: DataDict[]; slept: number[]; hooks: Parameters<typeof pollAsyncJob>[2] } {
  const calls: DataDict[] = [];
  const polls: DataDict[] = [];
  const slept: number[] = [];
  let checks = 0;
  return {
    calls,
    polls,
    slept,
    hooks: {
      status: (args) => {
        calls.push(args);
        if (args.get('mode') === 'cleanup') return Promise.resolve(new Map<string, Data>([['erased', 'x']]));
        checks++;
        const finished = doneAt !== undefined && checks >= doneAt;
        return Promise.resolve(new Map<string, Data>([['started', true], ['finished', finished], ...(finished ? [['rc', 0] as [string, Data]] : [])]));
      },
      onPoll: (r) => polls.push(r),
      sleep: (ms) => {
        slept.push(ms);
        return Promise.resolve();
      },
    },
  };
}

describe('run/async-job', () => {
  it('sleeps poll seconds before each check, reports each unfinished check, then cleans up', async () => {
    const j = job(3);
    const result = await pollAsyncJob(launch, { seconds: 10, poll: 2 }, j.hooks);
    assert.equal(result.get('finished'), true);
    assert.equal(result.get('rc'), 0);
    assert.deepEqual(j.slept, [2000, 2000, 2000]);
    assert.equal(j.polls.length, 2);
    const last = j.calls[j.calls.length - 1];
    assert.equal(last?.get('mode'), 'cleanup');
    assert.equal(last?.get('jid'), 'j1.2');
  });

  it('gives up after async seconds with the last state under async_result, as an action failure', async () => {
    const j = job(undefined);
    const result = await pollAsyncJob(launch, { seconds: 3, poll: 1 }, j.hooks);
    assert.equal(result.get('failed'), true);
    assert.equal(result.get('msg'), 'async task did not complete within the requested time - 3s');
    assert.equal((result.get('async_result') as DataDict).get('finished'), false);
    assert.equal(j.polls.length, 3);
    assert.ok(!j.calls.some((c) => c.get('mode') === 'cleanup'), 'an unfinished job keeps its status file');
    assert.deepEqual(controllerFailures.get(result)?.map((l) => l.message), ['Action failed.', result.get('msg')]);
  });

  it('fails at once without a job id', async () => {
    const j = job(1);
    const result = await pollAsyncJob(new Map(), { seconds: 3, poll: 1 }, j.hooks);
    assert.equal(result.get('msg'), 'No job id was returned by the async task');
    assert.equal(j.calls.length, 0);
  });

  it('refuses async for controller actions and the modules ansible drives from the controller', () => {
    assert.equal(asyncUnsupported('command', false), undefined);
    assert.equal(asyncUnsupported('debug', true)?.get('msg'), 'This action (debug) does not support async.');
    assert.equal(asyncUnsupported('unarchive', false)?.get('failed'), true);
  });
});
