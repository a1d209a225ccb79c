/**
 * Ansible's `parse_address`: a host identifier (hostname, IPv4, IPv6, each possibly holding
 * `[x:y]` ranges) with an optional `:port`, which IPv6 can only take inside brackets.
 */
import { InventoryError } from '../core/errors.js';

const NUMERIC_RANGE = String.raw`\[(?:[0-9]+:[0-9]+)(?::[0-9]+)?\]`;
const HEX_RANGE = String.raw`\[(?:[0-9a-f]+:[0-9a-f]+)(?::[0-9]+)?\]`;
const ALNUM_RANGE = String.raw`\[(?:[a-z]:[a-z]|[0-9]+:[0-9]+)(?::[0-9]+)?\]`;
const IPV6_COMPONENT = String.raw`(?:[0-9a-f]{1,4}|${HEX_RANGE})`;
const IPV4_COMPONENT = String.raw`(?:[01]?[0-9]{1,2}|2[0-4][0-9]|25[0-5]|${NUMERIC_RANGE})`;
// NOTE: Python's `\w` is Unicode-aware; JS needs the explicit property classes.
const WORD = String.raw`[\p{L}\p{N}_]`;
const LABEL = String.raw`(?:${WORD}|${ALNUM_RANGE})(?:[\p{L}\p{N}_-]|${ALNUM_RANGE})*(?<![_-])`;

const C6 = IPV6_COMPONENT;
export const ADDRESS_PATTERNS = {
  bracketedHostPort: /^\[(.+)\]:([0-9]+)$/,
  hostPort: /^((?:[^:[\]]|\[[^\]]*\])*):([0-9]+)$/,
  ipv4: new RegExp(String.raw`^(?:${IPV4_COMPONENT}\.){3}${IPV4_COMPONENT}$`, 'i'),
  ipv6: new RegExp(
    '^(' +
      [
        `(?:${C6}:){7}${C6}`,
        `(?:${C6}:){1,6}:`,
        `(?:${C6}:)(?::${C6}){1,6}`,
        `(?:${C6}:){2}(?::${C6}){1,5}`,
        `(?:${C6}:){3}(?::${C6}){1,4}`,
        `(?:${C6}:){4}(?::${C6}){1,3}`,
        `(?:${C6}:){5}(?::${C6}){1,2}`,
        `(?:${C6}:){6}(?::${C6})`,
        `:(?::${C6}){1,6}`,
        `${C6}?::`,
        String.raw`(?:0:){6}(?:${C6}\.){3}${C6}`,
        String.raw`::(?:ffff:)?(?:${C6}\.){3}${C6}`,
        String.raw`(?:0:){5}ffff:(?:${C6}\.){3}${C6}`,
      ].join('|') +
      ')$',
    'i',
  ),
  hostname: new RegExp(String.raw`^${LABEL}(?:\.${LABEL})*$`, 'iu'),
};

/** ASCII labels without ranges: a subset of `hostname` (each label starts with a word character and
 * does not end with `_` or `-`; parse-address.test.ts checks the subset). */
const PLAIN_HOSTNAME = /^(?:[a-z0-9]|[a-z0-9_][a-z0-9_-]*[a-z0-9])(?:\.(?:[a-z0-9]|[a-z0-9_][a-z0-9_-]*[a-z0-9]))*$/i;

export interface ParsedAddress {
  host: string;
  port: number | undefined;
}

/** Throws InventoryError when the text is not a host identifier (callers often catch it). */
export function parseAddress(address: string, allowRanges = false): ParsedAddress {
  let rest = address;
  let port: number | undefined;
  for (const re of [ADDRESS_PATTERNS.bracketedHostPort, ADDRESS_PATTERNS.hostPort]) {
    const m = re.exec(rest);
    if (m) {
      rest = m[1] as string;
      port = Number.parseInt(m[2] as string, 10);
    }
  }
  // NOTE: most names are plain ASCII labels; the full patterns (Unicode classes: ~3 ms to compile
  // on first use, then ~0.1 ms per name) are for the rest.
  let host: string | undefined = PLAIN_HOSTNAME.test(rest) ? rest : undefined;
  for (const re of [ADDRESS_PATTERNS.ipv4, ADDRESS_PATTERNS.ipv6, ADDRESS_PATTERNS.hostname]) {
    if (host !== undefined) break;
    if (re.test(rest)) host = rest;
  }
  if (!host) throw new InventoryError('not-a-hostname', `Not a valid network hostname: ${rest}`);
  if (!allowRanges && host.includes('[')) {
    throw new InventoryError('host-range-not-allowed', 'Detected range in host but was asked to ignore ranges');
  }
  return { host, port };
}
