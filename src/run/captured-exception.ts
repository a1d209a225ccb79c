/**
 * A result's `exception` as 2.19 holds it: an error summary, not the traceback text, kept whenever
 * the exception was truthy, and shown as an error even above a result that did not fail.
 */
import { pyStr, truthy, type DataDict } from '../core/data.js';
import type { DisplayEvent } from './events.js';

/** What an error summary reads as when registered or printed (2.19 keeps no traceback by default). */
export const CAPTURED_EXCEPTION = '(traceback unavailable)';

/**
 * Drops a falsy exception and turns a truthy one into the summary, at the end of the result (2.19's
 * normalize_result_exception, which a module's result meets as it is read and every result after its
 * conditions).
 */
export function normalizeException(result: DataDict): void {
  if (!result.has('exception')) return;
  const exception = result.get('exception') ?? null;
  result.delete('exception');
  if (truthy(exception)) result.set('exception', CAPTURED_EXCEPTION);
}

/** The error 2.19 shows above a result that holds an exception but did not fail: its msg, or 'Unknown error.'. */
export function capturedErrorEvent(result: DataDict): DisplayEvent | undefined {
  if (truthy(result.get('failed') ?? null) || !truthy(result.get('exception') ?? null)) return undefined;
  return { message: result.has('msg') ? pyStr(result.get('msg') ?? null) : 'Unknown error.' };
}

/** `{ error }` for a HostResult when the result holds such an exception, else nothing. */
export function capturedErrorField(result: DataDict): { error?: DisplayEvent } {
  const error = capturedErrorEvent(result);
  return error ? { error } : {};
}
