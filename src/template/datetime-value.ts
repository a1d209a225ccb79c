/**
 * A Python datetime for a variable the controller sets (the template module's template_mtime
 * and template_run_date): templates read its attributes and methods; storing it keeps a datetime.
 */
import type { Data } from '../core/data.js';
import { PyDateTime } from './runtime/py-datetime.js';

export function datetimeValue(date: Date): Data {
  // NOTE: a runtime object, not data: the engine takes it from a VarSource as the value it is.
  return PyDateTime.fromDate(date, false) as unknown as Data;
}
