// Who may talk to the GUI server. A request must name, in its Host header, a host the server was
// started for (its loopback names, or what --host names), so that a page of another site whose name
// was made to point at this machine (DNS rebinding) is refused; a browser's Origin must be this
// server's own origin; and the WebSocket, through which engines run and files are read, needs the
// token the server printed in its address.

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { hostname, networkInterfaces } from 'node:os';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARDS = ['0.0.0.0', '::', '[::]'];

/** An address as a URL's hostname writes it: lower case, IPv6 in brackets. */
export function hostnameOf(address: string): string {
  const lower = address.toLowerCase();
  return lower.includes(':') && !lower.startsWith('[') ? `[${lower}]` : lower;
}

/** Whether an address to listen on is this machine only. */
export function isLoopback(address: string): boolean {
  const name = hostnameOf(address);
  return name === 'localhost' || name === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(name);
}

export const isWildcard = (address: string): boolean => WILDCARDS.includes(hostnameOf(address));

/** The names a browser may use for a server listening on `address`. */
export function allowedHostnames(address: string): Set<string> {
  const names = new Set(LOOPBACK_NAMES);
  names.add(hostnameOf(address));
  if (isWildcard(address)) {
    // Every address of this machine, and its name, reach a server listening on all of them.
    for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) names.add(hostnameOf(a.address.replace(/%.*$/, '')));
    const own = hostname().toLowerCase();
    names.add(own);
    names.add(`${own}.local`);
  }
  return names;
}

export interface Access {
  hostnames: ReadonlySet<string>;
  port: number;
  /** Undefined: no token asked (--no-token, loopback only). */
  token: string | undefined;
}

/** A new random token: 192 bits, URL-safe. */
export const makeToken = (): string => randomBytes(24).toString('base64url');

/** Why a request may not be served (its Host or Origin), or undefined when it may. */
export function refusal(access: Access, host: string | undefined, origin: string | undefined): string | undefined {
  if (host === undefined) return 'the request names no Host';
  let named: URL;
  try {
    named = new URL(`http://${host}`);
  } catch {
    return 'the Host header is not a host name';
  }
  const port = named.port === '' ? 80 : Number(named.port);
  if (!access.hostnames.has(named.hostname) || port !== access.port) {
    return `this server answers to ${[...access.hostnames].map((h) => `${h}:${access.port}`).join(', ')}, not ${host}`;
  }
  // Browsers name the page's origin; other programs (scripts, tests) send none.
  if (origin === undefined) return undefined;
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return 'the Origin header is not an origin';
  }
  if (origin === 'null' || from.protocol !== 'http:' || from.host !== named.host) return 'pages of other sites may not use this server';
  return undefined;
}

/** Whether the token a client gave is the server's (in constant time). */
export function tokenAccepted(access: Access, given: unknown): boolean {
  if (access.token === undefined) return true;
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(access.token);
  return a.length === b.length && timingSafeEqual(a, b);
}
