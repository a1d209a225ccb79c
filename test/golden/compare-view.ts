// The view of an output that a case's compare mode compares: as is, as sorted lines, or as sorted
// distinct lines.
import type { CompareMode } from './golden-case.js';
import { sortLines } from './sort-lines.js';

export function compareView(mode: CompareMode, text: string): string {
  switch (mode) {
    case 'exact':
      return text;
    case 'sorted':
      return sortLines(text);
    case 'distinct':
      // NOTE: under the free strategy a task's banner prints again whenever a host starts the
      // task apart from the others, so even the number of identical lines varies.
      return [...new Set(text.split('\n'))].sort().join('\n');
  }
}
