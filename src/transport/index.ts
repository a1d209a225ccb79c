/**
 * src/transport: the local and ssh transports and the agent protocol client.
 */
import type { Transport } from '../run/transport.js';
import { VolantTransport, type TransportOptions } from './volant-transport.js';

export { VolantTransport, type TransportOptions } from './volant-transport.js';
export { AgentLostError, AgentStartError, BecomeError, RequestTimeoutError } from './transport-errors.js';

export function createTransport(options: TransportOptions = {}): Transport {
  return new VolantTransport(options);
}

/**
 * Makes SIGINT / SIGTERM end every agent and ssh master before the process exits (130 / 143, as
 * a shell reports them). Returns a function that removes the handlers.
 */
export function closeTransportOnSignals(transport: Transport, exit: (code: number) => void = (code) => process.exit(code)): () => void {
  let closing = false;
  const handler = (signal: NodeJS.Signals): void => {
    if (closing) return;
    closing = true;
    const code = signal === 'SIGINT' ? 130 : 143;
    transport.closeAll().then(
      () => exit(code),
      () => exit(code),
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}
