/** A template that does not parse: Jinja's TemplateSyntaxError, with the offset where it was found. */
export class TemplateSyntaxError extends Error {
  /** Met compiling a template (a variable's too), not an expression: 2.19 says "in template". */
  ofTemplate = false;

  constructor(
    message: string,
    readonly pos: number,
  ) {
    super(message);
    this.name = 'TemplateSyntaxError';
  }
}
