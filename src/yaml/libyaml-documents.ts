/**
 * The `yaml` package's parse of every document, read as libyaml reads it where the two differ in
 * what they accept: a quoted scalar's continuation lines may sit at any indentation for libyaml
 * (only a document marker ends one early), while the package ends the scalar at a line indented
 * no deeper than its parent, so that `msg: "a long\n    message"` under a task failed to load.
 */
import { Composer, Parser, type Document, type DocumentOptions, type ParseOptions, type SchemaOptions } from 'yaml';

/** The lexer state the patch below reaches into (private in the package's types). */
interface LexerInternals {
  indentNext: number;
  parseQuotedScalar: () => Generator<string, string>;
}

export function parseAllDocumentsAsLibyaml(text: string, options: ParseOptions & DocumentOptions & SchemaOptions): Document.Parsed[] {
  const parser = new Parser();
  const lexer = (parser as unknown as { lexer: LexerInternals }).lexer;
  const quotedScalar = lexer.parseQuotedScalar;
  // NOTE: with no indentation to keep, the lexer's line check looks for document markers only.
  lexer.parseQuotedScalar = function* (this: LexerInternals) {
    const indent = this.indentNext;
    this.indentNext = 0;
    try {
      return yield* quotedScalar.call(this);
    } finally {
      this.indentNext = indent;
    }
  };
  return Array.from(new Composer(options).compose(parser.parse(text)));
}
