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

  /**
   * Raised while Python handled another exception (2.19's lazy containers re-raise inside an
   * `except`). NOTE: the implicit chain keeps Ansible from joining this message to the
   * template's: "Error rendering template." shows it as its cause instead.
   */
  duringHandling = false;
}

/** A Python exception raised inside an `except` block (see PyException.duringHandling). */
export function raisedDuringHandling(pyType: string, message: string): PyException {
  const err = new PyException(pyType, message);
  err.duringHandling = true;
  return err;
}

export function typeError(message: string): PyException {
  return new PyException('TypeError', message);
}

export function valueError(message: string): PyException {
  return new PyException('ValueError', message);
}
