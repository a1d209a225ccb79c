/**
 * libyaml's scanner on a quoted scalar with no closing quote: it reads on over lines at any
 * indentation, and only a document marker at a line's start (or the text's end) stops it.
 */
import type { LineIndex } from './line-index.js';
import type { YamlProblem } from './yaml-failure.js';

/**
 * The scanner's problem with the quoted scalar that starts at `start`, when it has no closing
 * quote before a document marker at a line's start or the end of the text.
 */
export function unclosedQuoted(text: string, start: number, lines: LineIndex): YamlProblem | undefined {
  const quote = text[start];
  let at = start + 1;
  for (; at < text.length; at++) {
    const c = text[at];
    if (c === '\n' && /^(?:---|\.\.\.)(?:[ \t\r\n]|$)/.test(text.slice(at + 1, at + 5))) {
      return { context: 'while scanning a quoted scalar', problem: 'found unexpected document indicator', ...lines.position(at + 1) };
    }
    if (quote === '"' && c === '\\') at++;
    else if (c === quote && !(quote === "'" && text[at + 1] === "'")) return undefined;
    else if (c === quote) at++;
  }
  return { context: 'while scanning a quoted scalar', problem: 'found unexpected end of stream', ...lines.position(text.length) };
}
