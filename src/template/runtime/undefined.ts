/**
 * Jinja's Undefined as Ansible uses it: strict when printed or iterated, chainable through
 * `default`, and carrying Ansible's message (`'x' is undefined`,
 * `'dict object' has no attribute 'zz'`).
 */
export class Undefined {
  constructor(
    /** The message an error about this value prints. */
    readonly message: string,
    /** The variable or attribute name that was missing. */
    readonly name?: string,
  ) {}
}
