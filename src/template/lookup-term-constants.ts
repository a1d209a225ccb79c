/**
 * NOTE: 2.19 renders a lookup term that *is* a template-looking string constant (the object
 * it tagged as trusted: a variable, `| first`, `| default` or a branch hand it on as it is),
 * not one equal to it: a str built from it (`| lower`, `~`, a slice, `.strip()`) is text.
 * Volant's strings carry no identity, so the terms' expressions say which may still be one.
 */
import type { Expr } from './ast.js';

/** Filters that build a new str from the one they get (Python's str methods on a subclass do too). */
const NEW_TEXT_FILTERS: ReadonlySet<string> = new Set(
  [
    'lower', 'upper', 'trim', 'title', 'capitalize', 'replace', 'regex_replace', 'regex_escape', 'regex_search', 'regex_findall',
    'format', 'join', 'center', 'indent', 'truncate', 'wordwrap', 'striptags', 'urlencode', 'urldecode', 'quote',
    'b64encode', 'b64decode', 'to_json', 'to_nice_json', 'to_yaml', 'to_nice_yaml', 'tojson', 'basename', 'dirname',
    'expanduser', 'expandvars', 'realpath', 'relpath', 'normpath', 'splitext', 'split', 'comment', 'hash', 'md5', 'sha1',
    'checksum', 'e', 'escape', 'forceescape', 'safe', 'to_uuid', 'win_basename', 'win_dirname',
  ].flatMap((n) => [n, `ansible.builtin.${n}`]),
);

/** str methods that return a new str. */
const NEW_TEXT_METHODS: ReadonlySet<string> = new Set(['strip', 'lstrip', 'rstrip', 'lower', 'upper', 'title', 'capitalize', 'replace', 'format', 'join', 'center', 'ljust', 'rjust', 'zfill', 'swapcase', 'casefold', 'split', 'splitlines']);

/** Whether the value of `e` may be (or hold) a string constant of the template itself. */
export function mayHoldConstant(e: Expr): boolean {
  switch (e.kind) {
    case 'const':
    case 'name':
    case 'getattr':
      return true;
    case 'list':
    case 'tuple':
      return e.items.some(mayHoldConstant);
    case 'dict':
      return e.items.some(([, v]) => mayHoldConstant(v));
    case 'getitem':
      return e.key.kind !== 'slice' && mayHoldConstant(e.obj);
    case 'and':
    case 'or':
      return mayHoldConstant(e.left) || mayHoldConstant(e.right);
    case 'cond':
      return mayHoldConstant(e.then) || (e.else !== null && mayHoldConstant(e.else));
    case 'filter':
      if (NEW_TEXT_FILTERS.has(e.name)) return false;
      return (e.value !== null && mayHoldConstant(e.value)) || e.args.some(mayHoldConstant) || e.kwargs.some(([, v]) => mayHoldConstant(v)) || e.star !== null;
    case 'call':
      return !(e.callee.kind === 'getattr' && NEW_TEXT_METHODS.has(e.callee.attr));
    default:
      return false;
  }
}
