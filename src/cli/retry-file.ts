/**
 * Retry files (`[defaults] retry_files_enabled`, off by default): when a playbook ends with hosts
 * that failed or went unreachable, their names go to `<playbook name>.retry` beside the playbook
 * (or in `retry_files_save_path`), one a line, sorted, and the run says how to use it, as 2.19's
 * playbook executor does before the recap.
 */
import { writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { makeLocalDirs } from '../core/make-dirs.js';
import { osErrorText } from '../core/python-os-error.js';
import type { AnsibleConfig } from './config.js';

export type RetryFileWriter = (playbookFile: string, hosts: readonly string[]) => void;

export function retryFileWriter(
  config: AnsibleConfig,
  cwd: string,
  display: (text: string) => void,
  warn: (text: string) => void,
): RetryFileWriter | undefined {
  if (!config.bool('ANSIBLE_RETRY_FILES_ENABLED', 'defaults', 'retry_files_enabled', false)) return undefined;
  const savePath = config.path('ANSIBLE_RETRY_FILES_SAVE_PATH', 'defaults', 'retry_files_save_path', cwd);
  return (playbookFile, hosts) => {
    const dir = savePath ?? dirname(resolve(cwd, playbookFile));
    const file = join(dir, `${basename(playbookFile, extname(playbookFile))}.retry`);
    try {
      makeLocalDirs(dir);
      writeFileSync(file, hosts.map((h) => `${h}\n`).join(''));
    } catch (e) {
      warn(`Could not create retry file '${file}'.\n\t${osErrorText(e as NodeJS.ErrnoException, `'${(e as NodeJS.ErrnoException).path ?? ''}'`)}`);
      return;
    }
    display(`\tto retry, use: --limit @${file}\n`);
  };
}
