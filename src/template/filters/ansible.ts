// Registers Ansible's filters (ansible.builtin). Each family lives in its own file imported here.
import { registerFilters } from '../plugin.js';
import { combinatoricsFilters } from './ansible-combinatorics.js';
import { encodingFilters } from './ansible-encoding.js';
import { jsonFilters } from './ansible-json.js';
import { logicFilters } from './ansible-logic.js';
import { mathFilters } from './ansible-math.js';
import { regexFilters } from './ansible-regex.js';
import { vaultFilters } from './ansible-vault.js';
import { hashFilters } from './ansible-hash.js';
import { randomFilters } from './ansible-random.js';
import { timeFilters } from './ansible-time.js';
import { yamlFilters } from './ansible-yaml.js';
import { datetimeFilters } from './ansible-datetime.js';
import { pathFilters } from './ansible-path.js';
import { setFilters } from './ansible-sets.js';
import { structureFilters } from './ansible-structures.js';
import { textFilters } from './ansible-text.js';

registerFilters(
  {
    ...combinatoricsFilters,
    ...encodingFilters,
    ...jsonFilters,
    ...logicFilters,
    ...mathFilters,
    ...pathFilters,
    ...datetimeFilters,
    ...yamlFilters,
    ...timeFilters,
    ...randomFilters,
    ...hashFilters,
    ...vaultFilters,
    ...regexFilters,
    ...setFilters,
    ...structureFilters,
    ...textFilters,
  },
  'ansible.builtin',
);
