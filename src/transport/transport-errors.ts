/**
 * Errors the transport raises besides core's ConnectionError (which makes a host UNREACHABLE).
 */
import { ConnectionError, VolantError } from '../core/errors.js';

/** The agent or its connection went away while requests were in flight: the host is UNREACHABLE. */
export class AgentLostError extends ConnectionError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('AGENT_LOST', message, options);
  }
}

/**
 * Privilege escalation failed (wrong or missing sudo password, su refused). Ansible reports these
 * as a failed task, not an unreachable host: the message is the task's `msg`.
 */
export class BecomeError extends VolantError {
  constructor(message: string) {
    super('BECOME_FAILED', message);
  }
}

/** The connection worked but the agent could not start (no python, bad interpreter): a failed task. */
export class AgentStartError extends VolantError {
  constructor(message: string, readonly details: { rc: number | null; stdout: string; stderr: string }) {
    super('AGENT_START_FAILED', message);
  }
}

/** One request ran past its timeout (the task's `timeout:`); the agent was told to kill its processes. */
export class RequestTimeoutError extends VolantError {
  constructor(readonly seconds: number) {
    super('REQUEST_TIMEOUT', `Timed out after ${seconds} second(s).`);
  }
}
