/** A template that does not parse: Jinja's TemplateSyntaxError, with the offset where it was found. */
export class TemplateSyntaxError extends Error {
  constructor(
    message: string,
    readonly pos: number,
  ) {
    super(message);
    this.name = 'TemplateSyntaxError';
  }
}
