/**
 * Development check, not a test (it needs the oracle): compares loadYaml's errors with what
 * ansible-core 2.19 reported for the files mutate.py wrote. See README.md beside this file.
 *
 *   node --import tsx src/yaml/oracle-check/compare-errors.ts OUTDIR
 */
import { readFileSync } from 'node:fs';
import { VolantError } from '../../core/errors.js';
import { loadYaml } from '../load-yaml.js';

interface Recorded {
  file: string;
  ok?: boolean;
  message?: string;
  line?: number;
  col?: number;
}

const outdir = process.argv[2] ?? '.';
const rows = JSON.parse(readFileSync(`${outdir}/mut.json`, 'utf8')) as Recorded[];
const tally = { valid: 0, exact: 0, messageOnly: 0, locationOnly: 0, wrong: 0, missed: 0, spurious: 0 };
for (const row of rows) {
  let error: VolantError | undefined;
  try {
    loadYaml(readFileSync(row.file, 'utf8'), row.file, { single: true });
  } catch (caught) {
    if (!(caught instanceof VolantError)) throw caught;
    error = caught;
  }
  if (row.ok === true) {
    if (error === undefined) tally.valid++;
    else tally.spurious++;
    continue;
  }
  if (error === undefined) {
    tally.missed++;
    continue;
  }
  const message = error.message === row.message;
  const location = error.location?.line === row.line && error.location?.column === row.col;
  if (message && location) tally.exact++;
  else if (message) tally.messageOnly++;
  else if (location) tally.locationOnly++;
  else tally.wrong++;
  if (!(message && location)) {
    process.stdout.write(`${row.file}\n  2.19:   ${row.message} @${row.line}:${row.col}\n  volant: ${error.message} @${error.location?.line}:${error.location?.column}\n`);
  }
}
process.stdout.write(`${JSON.stringify(tally)}\n`);
