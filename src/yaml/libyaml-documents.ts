/**
 * The `yaml` package's parse of every document, read as libyaml reads it where the two differ in
 * what they accept: the lines of a quoted scalar or a flow collection may sit at any indentation
 * for libyaml (only a document marker ends one early), while the package ends them at a line
 * indented no deeper than their parent, so that `msg: "a long\n    message"` under a task failed
 * to load.
 */
import { Composer, Parser, type Document, type DocumentOptions, type ParseOptions, type SchemaOptions } from 'yaml';

/** The lexer state the patch below reaches into (private in the package's types). */
interface LexerInternals {
  indentNext: number;
  parseQuotedScalar: () => Generator<string, string>;
  parseFlowCollection: () => Generator<string, string>;
}

/** `parse` with the lexer's indentation to keep set aside: its line checks then look for document markers only. */
function withoutIndentation(parse: () => Generator<string, string>): (this: LexerInternals) => Generator<string, string> {
  return function* (this: LexerInternals) {
    const indent = this.indentNext;
    this.indentNext = 0;
    try {
      return yield* parse.call(this);
    } finally {
      this.indentNext = indent;
    }
  };
}

function parse(text: string, options: ParseOptions & DocumentOptions & SchemaOptions, flowLines: boolean): Document.Parsed[] {
  const parser = new Parser();
  const lexer = (parser as unknown as { lexer: LexerInternals }).lexer;
  lexer.parseQuotedScalar = withoutIndentation(lexer.parseQuotedScalar);
  if (flowLines) lexer.parseFlowCollection = withoutIndentation(lexer.parseFlowCollection);
  return Array.from(new Composer(options).compose(parser.parse(text)));
}

export function parseAllDocumentsAsLibyaml(text: string, options: ParseOptions & DocumentOptions & SchemaOptions): Document.Parsed[] {
  const documents = parse(text, options, true);
  // NOTE: an unclosed flow collection reads on to the end of the text that way; the errors
  // libyaml-problem.ts maps are those of the collection ended where its lines unindent.
  return documents.some((doc) => doc.errors.length > 0) ? parse(text, options, false) : documents;
}
