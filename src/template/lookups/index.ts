// Registers Ansible's lookups (ansible.builtin). Each family lives in its own file imported here.
import { registerLookups } from '../plugin.js';
import { csvfile } from './csvfile.js';
import { env } from './env.js';
import { file } from './file.js';
import { fileglob } from './fileglob.js';
import { first_found } from './first-found.js';
import { ini } from './ini.js';
import { dict, indexed_items, items, list, nested, random_choice, subelements, together } from './list-lookups.js';
import { password } from './password.js';
import { lines, pipe } from './pipe.js';
import { sequence } from './sequence.js';
import { config, inventory_hostnames, unvault } from './small-lookups.js';
import { template } from './template.js';
import { url } from './url.js';
import { vars, varnames } from './vars.js';

const BUILTIN_LOOKUPS = {
  config,
  csvfile,
  dict,
  env,
  file,
  fileglob,
  first_found,
  indexed_items,
  ini,
  inventory_hostnames,
  items,
  lines,
  list,
  nested,
  password,
  pipe,
  random_choice,
  sequence,
  subelements,
  template,
  together,
  unvault,
  url,
  varnames,
  vars,
};

// ansible.legacy names the same plugins (a playbook-adjacent lookup_plugins/ would come first).
registerLookups(BUILTIN_LOOKUPS, 'ansible.builtin');
registerLookups(BUILTIN_LOOKUPS, 'ansible.legacy');

/** The names registered here, for the test that keeps the loader's list equal. */
export const BUILTIN_LOOKUP_REGISTERED: readonly string[] = Object.keys(BUILTIN_LOOKUPS);
