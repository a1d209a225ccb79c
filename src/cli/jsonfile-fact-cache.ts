/**
 * 2.19's `jsonfile` fact cache: one file per host in `fact_caching_connection`, named
 * `<fact_caching_prefix>s1_<host>` (`s1_` is the schema of 2.19's cache serialization), holding
 * `{"__payload__": "<the facts as tagged JSON>"}`. A file older than `fact_caching_timeout` seconds
 * (0: never) is ignored; it is written through a temporary file and made rw-r--r--.
 */
import { accessSync, chmodSync, constants, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { makeDirsSync } from '../core/make-dirs.js';
import { isDict, type DataDict } from '../core/data.js';
import { dumpJson, parseJson } from '../core/json.js';
import type { FactCacheStore } from '../vars/fact-cache-store.js';
import { pythonOsError } from '../core/python-os-error.js';
import { decodeCachedValue, encodeCachedValue } from './cache-payload.js';

/** 2.19's cache serialization schema, part of every key. */
const SCHEMA_PREFIX = 's1_';

export class JsonFileFactCache implements FactCacheStore {
  constructor(
    private readonly dir: string,
    private readonly prefix: string,
    private readonly timeoutSeconds: number,
  ) {}

  private file(host: string): string {
    return `${this.dir}/${this.prefix}${SCHEMA_PREFIX}${host}`;
  }

  load(host: string): DataDict | undefined {
    const file = this.file(host);
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return undefined;
    if (this.timeoutSeconds !== 0 && Date.now() / 1000 - stat.mtimeMs / 1000 > this.timeoutSeconds) return undefined;
    const wrapper = parseJson(readFileSync(file, 'utf8'));
    const payload = isDict(wrapper) ? wrapper.get('__payload__') : undefined;
    const facts = typeof payload === 'string' ? decodeCachedValue(parseJson(payload)) : undefined;
    return isDict(facts) ? facts : undefined;
  }

  save(host: string, facts: DataDict): void {
    const file = this.file(host);
    const payload = dumpJson(encodeCachedValue(facts));
    const tmpDir = mkdtempSync(join(dirname(file), '.tmp'));
    const tmp = join(tmpDir, 'facts');
    try {
      writeFileSync(tmp, dumpJson(new Map([['__payload__', payload]])));
      renameSync(tmp, file);
      chmodSync(file, 0o644);
    } finally {
      rmSync(tmpDir, { recursive: true, force: true });
    }
  }

  delete(host: string): void {
    rmSync(this.file(host), { force: true });
  }
}

/**
 * The plugin creates its folder when it is loaded, before any host is looked at; a folder it cannot
 * create throws 2.19's words for it.
 */
export function openJsonFileFactCache(dir: string, prefix: string, timeoutSeconds: number): JsonFileFactCache {
  if (!existsSync(dir)) {
    try {
      makeDirsSync(dir);
    } catch (e) {
      throw new Error(`Error in 'jsonfile' cache plugin while trying to create cache dir '${dir}': ${pythonOsError(e, (e as NodeJS.ErrnoException).path ?? dir)}`);
    }
  } else if (![constants.R_OK, constants.W_OK, constants.X_OK].every((mode) => accessible(dir, mode))) {
    throw new Error(`error in 'jsonfile' cache, configured path (${dir}) does not have necessary permissions (rwx), disabling plugin`);
  }
  return new JsonFileFactCache(dir, prefix, timeoutSeconds);
}

function accessible(path: string, mode: number): boolean {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
}
