/**
 * The Terminal the runner asks through (--step, the task debugger): prompts to stdout as
 * Python's input() writes them, answers read line by line from stdin only when a question is
 * asked, so a run that asks nothing never touches stdin.
 */
import type { Terminal } from '../run/terminal.js';
import { displayColumns, formatBanner } from '../callbacks/index.js';

export function stdinTerminal(out: (text: string) => void, columns: number | undefined): Terminal {
  const lines: string[] = [];
  let partial = '';
  let ended = false;
  let waiting: (() => void) | undefined;
  let started = false;
  const start = (): void => {
    started = true;
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      lines.push(...parts);
      waiting?.();
    });
    process.stdin.on('end', () => {
      if (partial !== '') lines.push(partial);
      partial = '';
      ended = true;
      waiting?.();
    });
    process.stdin.on('error', () => {
      ended = true;
      waiting?.();
    });
  };
  const next = async (): Promise<string | undefined> => {
    if (!started) start();
    while (lines.length === 0 && !ended) {
      process.stdin.resume();
      await new Promise<void>((resolve) => (waiting = resolve));
      waiting = undefined;
    }
    // A paused stdin does not keep the process alive once the run is over.
    process.stdin.pause();
    return lines.shift();
  };
  const width = displayColumns(columns);
  return {
    readLine: async (prompt) => {
      out(prompt);
      return next();
    },
    display: (text) => out(`${text.endsWith('\n') ? text.slice(0, -1) : text}\n`),
    banner: (text) => out(`${formatBanner(text, width)}\n`),
  };
}
