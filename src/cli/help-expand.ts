/**
 * argparse formats each option's help with `help % params` (its action's attributes and `prog`).
 * 2.19 writes a setting's configured value into the help text first, so a `%` in that value is
 * read as a format: `%%` prints `%`, `%(prog)s` the program, `%(dest)s` the option's dest, and
 * a key argparse does not have (`%(user)s`) or a bad format crashes ansible-playbook (rc 250).
 */
import { percentFormat } from '../template/runtime/py-format.js';
import type { Data } from '../core/data.js';
import type { OptionSpec } from './options.js';

/** argparse's dest of the options whose help shows a configured value; become_user's argparse default is None. */
const ARGPARSE_DESTS: Readonly<Record<string, string>> = {
  forks: 'forks',
  connection: 'connection',
  user: 'remote_user',
  becomeMethod: 'become_method',
  becomeUser: 'become_user',
};

/** The help as argparse prints it; `configured` is the setting's value written into it (its argparse default). */
export function expandHelp(spec: OptionSpec, help: string, configured: string | undefined): string {
  if (!help.includes('%')) return help;
  const dest = ARGPARSE_DESTS[spec.dest] ?? spec.dest;
  const params = new Map<string, Data>([
    ['option_strings', [...spec.flags]],
    ['dest', dest],
    ['nargs', null],
    ['const', null],
    ['default', dest === 'become_user' || configured === undefined ? null : configured],
    ['type', dest === 'forks' ? 'int' : 'tag_value'],
    ['choices', null],
    ['required', false],
    ['help', help],
    ['metavar', null],
    ['container', '<argparse._ArgumentGroup object>'],
    ['deprecated', false],
    ['prog', 'ansible-playbook'],
  ]);
  return percentFormat(help, params);
}
