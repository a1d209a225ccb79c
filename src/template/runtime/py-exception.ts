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
}

export function typeError(message: string): PyException {
  return new PyException('TypeError', message);
}

export function valueError(message: string): PyException {
  return new PyException('ValueError', message);
}
