import type { Callback } from '../run/events.js';
import type { CallbackOptions } from './callback-options.js';
import { Display } from './display.js';

/** ansible.posix's `timer` notification callback: how long the playbook ran, after the recap. */
export class TimerCallback implements Callback {
  private readonly screen: Display;
  private readonly now: () => Date;
  private readonly start: Date;

  constructor(options: CallbackOptions) {
    this.screen = new Display(options);
    this.now = options.now ?? (() => new Date());
    this.start = this.now();
  }

  stats(): void {
    const ms = Math.max(0, this.now().getTime() - this.start.getTime());
    // Python's timedelta: whole days, and the seconds within the last day.
    const days = Math.floor(ms / 86_400_000);
    const seconds = Math.floor((ms % 86_400_000) / 1000);
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor(seconds / 60) % 60;
    this.screen.banner('PLAYBOOK RECAP');
    // NOTE: the plugin ends its line with "\n\r", so a stray carriage return follows the blank line.
    this.screen.display(`Playbook run took ${days} days, ${hours} hours, ${minutes} minutes, ${seconds % 60} seconds\n\r`);
  }
}
