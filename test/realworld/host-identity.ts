// The two test hosts differ in their own name (`s5r01` / `s5r02`, in /etc/hostname, /etc/hosts,
// the `hostname` module's diff) and their address: both are written as placeholders before the
// engines' outputs and files are compared, as the case folder is.
export interface HostIdentity {
  readonly name: string;
  readonly address: string;
  /** Told apart in the placeholders when a run has several hosts (`<HOST_NAME:web1>`). */
  readonly label?: string;
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function withoutHostIdentity(text: string, host: HostIdentity): string {
  const tail = host.label === undefined ? '' : `:${host.label}`;
  return text
    .replace(new RegExp(`(?<![\\d.])${escapeRegExp(host.address)}(?![\\d])`, 'g'), `<HOST_ADDRESS${tail}>`)
    .replace(new RegExp(`(?<![\\w-])${escapeRegExp(host.name)}(?![\\w-])`, 'g'), `<HOST_NAME${tail}>`);
}
