/**
 * Reads an agent module's declarations from its Python source without running Python: the
 * top-level keys of `ARGUMENT_SPEC` (with type, required, default, aliases), `SUPPORTS_CHECK_MODE`,
 * `ADD_FILE_COMMON_ARGS`, and whether the module reads `ctx.diff_mode`.
 */

export interface ModuleArgument {
  readonly name: string;
  readonly type?: string;
  readonly required: boolean;
  /** The default as written in Python (`True`, `'file'`, `None` …). */
  readonly default?: string;
  readonly aliases: readonly string[];
  readonly choices?: string;
}

export interface ModuleDeclarations {
  readonly arguments: readonly ModuleArgument[];
  readonly supportsCheckMode: boolean;
  readonly fileCommonArgs: boolean;
  readonly readsDiffMode: boolean;
}

/** Index just past the bracket that closes the one opening at `open`, skipping strings and comments. */
function matchBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === "'" || c === '"') {
      i = skipString(text, i);
    } else if (c === '{' || c === '[' || c === '(') {
      depth++;
    } else if (c === '}' || c === ']' || c === ')') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  throw new Error('unbalanced brackets in ARGUMENT_SPEC');
}

/** Index of the quote that ends the string starting at `start` (single-line literals only). */
function skipString(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i;
  }
  throw new Error('unterminated string in ARGUMENT_SPEC');
}

/** Splits the inside of a `{…}` on top-level commas. */
function topLevelItems(body: string): string[] {
  const items: string[] = [];
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c === "'" || c === '"') i = skipString(body, i);
    else if (c === '#') while (i < body.length && body[i] !== '\n') i++;
    else if (c === '{' || c === '[' || c === '(') i = matchBracket(body, i) - 1;
    else if (c === ',') {
      items.push(body.slice(start, i));
      start = i + 1;
    }
  }
  items.push(body.slice(start));
  return items.map((s) => s.trim()).filter((s) => s.length > 0);
}

/** The text with Python comments removed (a `#` inside a string literal is kept). */
function stripComments(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === "'" || c === '"') {
      const end = skipString(text, i);
      out += text.slice(i, end + 1);
      i = end;
    } else if (c === '#') {
      while (i + 1 < text.length && text[i + 1] !== '\n') i++;
    } else {
      out += c;
    }
  }
  return out;
}

function stringsIn(text: string): string[] {
  return [...text.matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2] ?? '');
}

/** The value written for `'key':` inside one argument's dict, as Python text. */
function field(options: Map<string, string>, key: string): string | undefined {
  return options.get(key);
}

function parseArgument(item: string): ModuleArgument | undefined {
  const m = /^(['"])([^'"]+)\1\s*:\s*([\s\S]*)$/.exec(item);
  if (!m) return undefined;
  const name = m[2] as string;
  const value = (m[3] as string).trim();
  const options = new Map<string, string>();
  if (value.startsWith('{')) {
    for (const part of topLevelItems(value.slice(1, matchBracket(value, 0) - 1))) {
      const kv = /^(['"])([^'"]+)\1\s*:\s*([\s\S]*)$/.exec(part);
      if (kv) options.set(kv[2] as string, (kv[3] as string).trim());
    }
  }
  const type = field(options, 'type');
  const def = field(options, 'default');
  const choices = field(options, 'choices');
  return {
    name,
    ...(type !== undefined ? { type: stringsIn(type)[0] ?? type } : {}),
    required: field(options, 'required') === 'True',
    ...(def !== undefined ? { default: def.replace(/\s+/g, ' ') } : {}),
    aliases: stringsIn(field(options, 'aliases') ?? ''),
    ...(choices !== undefined && choices.startsWith('[') ? { choices: stringsIn(choices).join(', ') } : {}),
  };
}

/** The arguments of the dict literal that starts at `open` (a `{`). */
function argumentsAt(source: string, open: number): ModuleArgument[] {
  const body = stripComments(source.slice(open + 1, matchBracket(source, open) - 1));
  return topLevelItems(body).flatMap((item) => parseArgument(item) ?? []);
}

/** The arguments of `NAME = {…}` at the top level of the module, or none. */
function namedDict(source: string, name: string): ModuleArgument[] {
  const at = new RegExp(`^${name}\\s*=\\s*\\{`, 'm').exec(source);
  return at ? argumentsAt(source, at.index + at[0].length - 1) : [];
}

/** The source of a helper module (`_yumdnf`) a module's spec is copied from. */
export type HelperSource = (helper: string) => string;

/**
 * ARGUMENT_SPEC as the module builds it: a dict literal, or `dict(OTHER_SPEC)` of one (its own or
 * a helper module's, `dict(_helper.SPEC)`), then any `ARGUMENT_SPEC.update({…})` calls in order (a
 * later key replaces an earlier one, as in Python).
 */
function argumentSpec(source: string, helperSource: HelperSource): ModuleArgument[] {
  const args = new Map<string, ModuleArgument>();
  const copied = /^ARGUMENT_SPEC\s*=\s*dict\((?:(\w+)\.)?(\w+)\)/m.exec(source);
  const base = copied
    ? namedDict(copied[1] === undefined ? source : helperSource(copied[1]), copied[2] as string)
    : namedDict(source, 'ARGUMENT_SPEC');
  for (const a of base) args.set(a.name, a);
  for (const m of source.matchAll(/^ARGUMENT_SPEC\.update\(\{/gm)) {
    for (const a of argumentsAt(source, m.index + m[0].length - 1)) args.set(a.name, a);
  }
  return [...args.values()];
}

export function readModuleDeclarations(source: string, helperSource: HelperSource): ModuleDeclarations {
  return {
    arguments: argumentSpec(source, helperSource),
    supportsCheckMode: /^SUPPORTS_CHECK_MODE\s*=\s*True\b/m.test(source),
    fileCommonArgs: /^ADD_FILE_COMMON_ARGS\s*=\s*True\b/m.test(source),
    readsDiffMode: /\bctx\.diff_mode\b/.test(source),
  };
}
