/**
 * The frame that gives an agent module sources ahead of a module's first request (op `load`, id
 * null: the agent answers nothing). It is encoded once per set of sources and the same bytes go
 * to every host's agent: JSON-encoding and deflating 5–25 KiB of Python text for each host cost
 * node ~0.3 ms per module and host.
 */
import { dumpJson } from '../core/json.js';
import type { Data } from '../core/data.js';
import { encodeFrame } from './frame-codec.js';

export type Sources = readonly (readonly [string, string])[];

const frames = new Map<string, { sources: Sources; frame: Buffer }>();

export function loadFrame(sources: Sources): Buffer {
  const key = sources.map(([name]) => name).join('\0');
  const cached = frames.get(key);
  // the same names with other text (another play's library folder): a frame of their own
  if (cached !== undefined && cached.sources.every(([, text], i) => text === sources[i]?.[1])) return cached.frame;
  const modules = new Map<string, Data>(sources.map(([name, text]) => [name, text]));
  const frame = encodeFrame(
    dumpJson(
      new Map<string, Data>([
        ['id', null],
        ['op', 'load'],
        ['modules', modules],
      ]),
      { ensureAscii: false },
    ),
  );
  frames.set(key, { sources, frame });
  return frame;
}
