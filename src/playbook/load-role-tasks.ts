import { pyStr } from '../core/data.js';
import { ParseError } from '../core/errors.js';
import { toData } from '../yaml/to-data.js';
import { loadYamlFile } from '../yaml/load-yaml-file.js';
import type { RoleDefinition, TaskOrBlock } from './model.js';
import { parseTaskList } from './parse-task-list.js';
import { withActionCollections } from './action-collections.js';
import { findRoleFiles } from './role-files.js';
import { pythonClassName } from './python-class-name.js';

/**
 * A role's task (or handler) file, parsed: `tasks/main.yml` by default, `tasks/<file>` for
 * tasks_from. A role without the default file has no tasks; a named file that cannot be found
 * is an error.
 */
export function loadRoleTasks(role: RoleDefinition, file = 'main', handlers = false): TaskOrBlock[] {
  const subdir = handlers ? 'handlers' : 'tasks';
  const main = file === 'main' ? undefined : file;
  const { files, missing } = findRoleFiles(role.path, subdir, main, false);
  if (missing) throw new ParseError('ROLE_FILE_NOT_FOUND', `Could not find specified file in role: ${subdir}/${file}`);
  const path = files[0];
  if (path === undefined) return [];
  const node = loadYamlFile(path).documents[0];
  if (node !== undefined && node.kind !== 'seq' && !(node.kind === 'scalar' && node.value === null)) {
    // NOTE: 2.19 names main.yml whichever file of the role it read.
    const value = toData(node);
    throw new ParseError(
      'TASKS_NOT_LIST',
      `The ${subdir}/main.yml file for role '${role.name}' must contain a list of tasks: ${pyStr(value)} should be a list or None but is ${pythonClassName(value)}`,
      { location: node.loc },
    );
  }
  // its tasks' short action names resolve in the role's collections first
  return withActionCollections(role.collections, () => parseTaskList(node, path, { handlers, field: subdir }));
}
