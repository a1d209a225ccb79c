import { ParseError } from '../core/errors.js';
import { loadYamlFile } from '../yaml/load-yaml-file.js';
import type { RoleDefinition, TaskOrBlock } from './model.js';
import { parseTaskList } from './parse-task-list.js';
import { findRoleFiles } from './role-files.js';

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
  return parseTaskList(loadYamlFile(path).documents[0], path, { handlers, field: subdir });
}
