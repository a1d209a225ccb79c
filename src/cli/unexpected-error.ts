/**
 * The words of an error Volant did not expect, as 2.19's "Unexpected Exception" shows Python's:
 * NOTE: a stack overflow (a playbook importing itself) is Python's RecursionError there.
 */
export function unexpectedMessage(e: unknown): string {
  if (e instanceof RangeError && /call stack size exceeded/i.test(e.message)) return 'maximum recursion depth exceeded';
  return e instanceof Error ? e.message : String(e);
}
