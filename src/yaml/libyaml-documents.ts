/**
 * The `yaml` package's parse of every document, read as libyaml reads it where the two differ in
 * what they accept: the lines of a quoted scalar or a flow collection may sit at any indentation
 * for libyaml (only a document marker ends one early), while the package ends them at a line
 * indented no deeper than their parent, so that `msg: "a long\n    message"` under a task failed
 * to load.
 */
import { Composer, isScalar, Parser, type Document, type DocumentOptions, type ParseOptions, type SchemaOptions } from 'yaml';

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
  let documents = parse(text, options, true);
  // NOTE: an unclosed flow collection reads on to the end of the text that way; the errors
  // libyaml-problem.ts maps are those of the collection ended where its lines unindent.
  if (documents.some((doc) => doc.errors.length > 0)) documents = parse(text, options, false);
  return documents.filter((doc, index) => index === 0 || !isExtraDocumentEnd(text, doc));
}

/**
 * NOTE: libyaml skips the `...` lines that follow a document's end (`...` then `...`); the
 * `yaml` package reads an empty document from each.
 */
function isExtraDocumentEnd(text: string, doc: Document.Parsed): boolean {
  if (doc.directives?.docStart === true || doc.errors.length > 0) return false;
  const contents = doc.contents;
  if (contents !== null && !(isScalar(contents) && contents.source === '' && contents.type === 'PLAIN' && contents.tag === undefined && contents.anchor === undefined)) return false;
  return isDocumentEndAt(text, firstTokenOffset(text, doc.range[0]));
}

/** Whether a `...` document end marker is at `offset`. */
export function isDocumentEndAt(text: string, offset: number): boolean {
  return (offset === 0 || text[offset - 1] === '\n') && text.startsWith('...', offset) && /^[ \t\r\n]?$/.test(text[offset + 3] ?? '');
}

/** The offset of the first token from `from` on: blanks, line breaks and comments skipped. */
export function firstTokenOffset(text: string, from: number): number {
  let at = from;
  for (;;) {
    while (' \t\r\n'.includes(text[at] ?? 'x')) at++;
    if (text[at] !== '#') return at;
    while (at < text.length && text[at] !== '\n') at++;
  }
}
