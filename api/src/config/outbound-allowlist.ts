import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * OUTBOUND_ALLOWLIST: the exceptions to the rule that URLs a user supplies reach only public
 * addresses. Parsed once with the rest of the config; common/outbound-fetch applies it.
 */

/** The parsed OUTBOUND_ALLOWLIST. */
export interface OutboundAllowlist {
  /** Lower-case host names, matched against the URL's host exactly. */
  hosts: ReadonlySet<string>;
  /** IPs (as /32 or /128) and CIDR ranges, matched against every resolved address. */
  ranges: ReadonlyArray<[ipaddr.IPv4 | ipaddr.IPv6, number]>;
}

export const NO_OUTBOUND_EXCEPTIONS: OutboundAllowlist = { hosts: new Set(), ranges: [] };

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/i;

/** "a.example, 127.0.0.1, 10.0.0.0/8, ::1" → the allow-list; throws naming the first bad entry. */
export function parseOutboundAllowlist(text: string): OutboundAllowlist {
  const hosts = new Set<string>();
  const ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = [];
  for (const raw of text.split(',')) {
    const entry = raw.trim().replace(/^\[(.*)\]$/, '$1');
    if (!entry) continue;
    if (/^[\da-f.:]+\/\d+$/i.test(entry)) {
      try {
        ranges.push(ipaddr.parseCIDR(entry));
      } catch {
        throw new Error(`"${entry}" is not a CIDR range such as 10.0.0.0/8`);
      }
    } else if (ipaddr.isValid(entry) && isIP(entry)) {
      const ip = ipaddr.parse(entry);
      ranges.push([ip, ip.kind() === 'ipv4' ? 32 : 128]);
    } else if (HOST_NAME.test(entry) && !/^[\d.]+$/.test(entry)) {
      hosts.add(entry.toLowerCase().replace(/\.$/, ''));
    } else {
      throw new Error(`"${entry}" is not a host name, an IP address or a CIDR range`);
    }
  }
  return { hosts, ranges };
}
