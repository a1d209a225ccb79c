import { pyRepr } from '../../core/data.js';

export interface ListedTask {
  /** The name as listed: the task's name (with `role : ` when from a role), else its action. */
  readonly name: string;
  readonly tags: readonly string[];
}

export interface ListedPlay {
  /** The play's `hosts` as written (a list of patterns). */
  readonly hostPatterns: readonly string[];
  readonly name: string;
  /** The play's own tags, in the order they are printed. */
  readonly tags: readonly string[];
  /** --list-hosts: the matched hosts. */
  readonly hosts?: readonly string[];
  /** --list-tasks / --list-tags: the tasks left after tag filtering. */
  readonly tasks?: readonly ListedTask[];
  /** Its tasks failed to list (a tag that does not template): 2.19 has printed its header only. */
  readonly unfinished?: boolean;
}

export interface ListingWhat {
  readonly hosts?: boolean;
  readonly tasks?: boolean;
  readonly tags?: boolean;
}

function sortedUnion(...sets: (readonly string[])[]): string[] {
  // NOTE: Python sorts by code point; JS's default sort compares UTF-16 units, the same for BMP text.
  return [...new Set(sets.flat())].sort();
}

/** A listing's parts: the playbook's line, then each play's header and (when listed) its tasks or tags. */
export interface PlaybookListingParts {
  readonly head: string;
  readonly plays: readonly { readonly header: string; readonly tasks?: string }[];
}

/**
 * What `ansible-playbook --list-hosts / --list-tasks / --list-tags` prints for one playbook
 * (stdout), as ansible-core 2.19 lays it out: play headers with `TAGS: […]`, then the hosts
 * or the tasks with their tags, or the union of task tags.
 */
export function formatPlaybookListing(playbook: string, plays: readonly ListedPlay[], what: ListingWhat): string {
  const parts = playbookListingParts(playbook, plays, what);
  return parts.head + parts.plays.map((p) => p.header + (p.tasks ?? '')).join('');
}

/** The listing in its parts: 2.19 prints each play's header before it asks for the play's variables to list its tasks. */
export function playbookListingParts(playbook: string, plays: readonly ListedPlay[], what: ListingWhat): PlaybookListingParts {
  return {
    head: `\nplaybook: ${playbook}\n`,
    plays: plays.map((play, idx) => {
      let msg = `\n  play #${idx + 1} (${play.hostPatterns.join(',')}): ${play.name}\tTAGS: [${play.tags.join(',')}]`;
      if (what.hosts) {
        const hosts = play.hosts ?? [];
        msg += `\n    pattern: ${pyRepr([...play.hostPatterns])}\n    hosts (${hosts.length}):`;
        for (const host of hosts) msg += `\n      ${host}`;
      }
      const header = msg + '\n';
      if (!(what.tags || what.tasks) || play.unfinished) return { header };
      let taskMsg = what.tasks ? '    tasks:\n' : '';
      const allTags: string[] = [];
      for (const task of play.tasks ?? []) {
        allTags.push(...task.tags);
        if (what.tasks) taskMsg += `      ${task.name}\tTAGS: [${sortedUnion(play.tags, task.tags).join(', ')}]\n`;
      }
      if (what.tags) taskMsg += `      TASK TAGS: [${sortedUnion(play.tags, allTags).join(', ')}]\n`;
      // Display adds the newline the text lacks: an empty listing still prints a blank line.
      return { header, tasks: taskMsg.endsWith('\n') ? taskMsg : taskMsg + '\n' };
    }),
  };
}
