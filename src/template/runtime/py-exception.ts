/**
 * A Python exception raised while rendering (TypeError, ZeroDivisionError …). The engine turns it
 * into Ansible's "Error rendering template: <message>" at its boundary.
 */
export class PyException extends Error {
  constructor(
    readonly pyType: string,
    message: string,
  ) {
    super(message);
    this.name = 'PyException';
  }

  /**
   * Raised by a function or method a template called. NOTE: 2.19 catches those as a marker value
   * that fails where it is used, without the template's origin: its message joins the caller's.
   */
  raisedByCall = false;
}

export function typeError(message: string): PyException {
  return new PyException('TypeError', message);
}

export function valueError(message: string): PyException {
  return new PyException('ValueError', message);
}
