/**
 * XML as ansible's junit report writes it: ElementTree serializes, minidom reparses and
 * pretty-prints (Python 3.13) — a `<?xml version="1.0" ?>` line, tab indents, an element whose
 * only child is text kept on one line, an empty element as `<tag/>`.
 */
export interface XmlElement {
  readonly tag: string;
  /** In the order they are written. */
  readonly attributes: readonly (readonly [string, string])[];
  /** Text content (an element has text or children, not both). Empty text is no text. */
  readonly text?: string;
  readonly children?: readonly XmlElement[];
}

/** NOTE: lone surrogates become U+FFFD, as the callback's `_cleanse_string` does before encoding. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function escapeText(text: string): string {
  // The XML parser between the two serializers turns CR LF and lone CR into LF.
  return wellFormed(text).replace(/\r\n?/g, '\n').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text: string): string {
  return wellFormed(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#13;')
    .replace(/\n/g, '&#10;')
    .replace(/\t/g, '&#9;');
}

function writeElement(element: XmlElement, indent: string): string {
  const open = `${indent}<${element.tag}${element.attributes.map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`).join('')}`;
  const children = element.children ?? [];
  if (children.length > 0) {
    return `${open}>\n${children.map((child) => writeElement(child, `${indent}\t`)).join('')}${indent}</${element.tag}>\n`;
  }
  if (element.text) return `${open}>${escapeText(element.text)}</${element.tag}>\n`;
  return `${open}/>\n`;
}

export function prettyXml(root: XmlElement): string {
  return `<?xml version="1.0" ?>\n${writeElement(root, '')}`;
}
