/**
 * Text bound for stdout/stderr that holds lone surrogates (bytes that were not UTF-8, kept by
 * surrogateescape as ansible's to_text keeps them). 2.19's display encodes with an error handler
 * that writes '?' for each run of them and warns; Node would write U+FFFD for each one.
 */
const LONE_SURROGATES = /(?:[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])+/g;
const ANY_SURROGATE = /[\uD800-\uDFFF]/;

export const UNENCODABLE_WARNING = 'Non UTF-8 encoded data replaced with "?" while displaying text to stdout/stderr.';

/** The text as 2.19 writes it; `replaced` is called for each run it replaced. */
export function encodableText(text: string, replaced: () => void): string {
  if (!ANY_SURROGATE.test(text)) return text;
  return text.replace(LONE_SURROGATES, () => {
    replaced();
    return '?';
  });
}
