/**
 * NOTE: each of 2.19's get_vars calls with a play reads the play's vars_files again and says so at
 * -vvv, one line per file read (the file's contents are cached, the line is not). The runner calls
 * this where 2.19 asks for the play's variables.
 */
import { pyRepr } from '../core/data.js';
import type { PlayVars } from './vars-port.js';

/** Where the lines go: the callback's display, or a task's (in its host's output order). */
interface Display {
  display?(text: string, options?: { verbosity?: number }): void;
}

/** The lines are display.vvv's: below -vvv the runner need not work out which files a host read. */
export const VARS_FILES_READ_VERBOSITY = 3;

export function showVarsFilesRead(to: Display, vars: Pick<PlayVars, 'varsFilesRead'>, host?: string): void {
  for (const path of vars.varsFilesRead?.(host) ?? []) to.display?.(`Read \`vars_file\` ${pyRepr(path)}.`, { verbosity: VARS_FILES_READ_VERBOSITY });
}
