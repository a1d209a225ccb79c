import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatPlaybookListing, type ListedPlay } from './playbook-listing.js';

// Recorded from ansible-core 2.19 on test-fixtures/cli/list.yml with its inventory.
const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-fixtures', 'cli');
const expected = (name: string): string => readFileSync(join(CLI, name), 'utf8');

const plays = (hosts1: string[], hosts2: string[]): ListedPlay[] => [
  {
    hostPatterns: ['all'],
    name: 'first play',
    tags: ['ptag'],
    hosts: hosts1,
    tasks: [
      { name: 't1', tags: ['a', 'b'] },
      { name: 'debug', tags: [] },
      { name: 'in block', tags: ['c'] },
    ],
  },
  { hostPatterns: ['web'], name: 'web', tags: [], hosts: hosts2, tasks: [{ name: 'only', tags: [] }] },
];

describe('callbacks/format/playbook-listing', () => {
  it('lists hosts per play (--list-hosts)', () => {
    // NOTE: ansible prints the hosts of a set, so their order is whatever the run had.
    assert.equal(formatPlaybookListing('list.yml', plays(['w2', 'localhost', 'w1'], ['w2', 'w1']), { hosts: true }), expected('lh.out'));
  });

  it('lists tasks with the union of play and task tags, sorted (--list-tasks)', () => {
    assert.equal(formatPlaybookListing('list.yml', plays([], []), { tasks: true }), expected('lt.out'));
  });

  it('lists the tags of all tasks (--list-tags)', () => {
    assert.equal(formatPlaybookListing('list.yml', plays([], []), { tags: true }), expected('ltg.out'));
  });

  it('combines hosts, tasks and tags', () => {
    assert.equal(formatPlaybookListing('list.yml', plays(['w1', 'w2', 'localhost'], ['w1', 'w2']), { hosts: true, tasks: true, tags: true }), expected('all.out'));
  });

  it('lists no hosts when the inventory matched none', () => {
    assert.equal(formatPlaybookListing('list.yml', plays([], []), { hosts: true }), expected('noinv.out'));
  });

  it('prints an empty task list after tag filtering', () => {
    const filtered: ListedPlay[] = [
      { hostPatterns: ['all'], name: 'first play', tags: ['ptag'], tasks: [{ name: 'in block', tags: ['c'] }] },
      { hostPatterns: ['web'], name: 'web', tags: [], tasks: [] },
    ];
    assert.equal(formatPlaybookListing('list.yml', filtered, { tasks: true }), expected('ltc.out'));
  });
});
