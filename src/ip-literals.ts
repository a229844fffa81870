// What an IP address is, for the security checks: the 128 bits of an IPv6 literal that the grammar
// accepted (the IPv6address of the draft and of RFC 3986, with its optional dotted IPv4 tail), and
// the addresses that reach the machine itself.
import { readInetAton } from "./ipv4-forms.js";

/**
 * The eight 16-bit groups of a textual IPv6 address (RFC 4291 section 2.2: "x:x:x:x:x:x:x:x", one
 * "::", an optional dotted IPv4 tail), or undefined when the text is not one. Linear in the text.
 */
export function ipv6Groups(text: string): number[] | undefined {
  const double = text.indexOf("::");
  if (double >= 0 && text.indexOf("::", double + 1) >= 0) return undefined;
  const head = double < 0 ? text : text.slice(0, double);
  const tail = double < 0 ? "" : text.slice(double + 2);
  const left = head === "" ? [] : groupsOf(head, double < 0);
  const right = tail === "" ? [] : groupsOf(tail, true);
  if (left === undefined || right === undefined) return undefined;
  const missing = 8 - left.length - right.length;
  if (double < 0 ? missing !== 0 : missing < 1) return undefined;
  return [...left, ...new Array<number>(double < 0 ? 0 : missing).fill(0), ...right];
}

/** The groups of "h16:h16:..." (the last piece may be a dotted IPv4 address where `last`). */
function groupsOf(text: string, last: boolean): number[] | undefined {
  const pieces = text.split(":");
  const groups: number[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    if (last && i === pieces.length - 1 && piece.includes(".")) {
      if (!/^\d{1,3}(?:\.\d{1,3}){3}$/.test(piece)) return undefined;
      const octets = piece.split(".").map(Number);
      if (octets.some((o) => o > 255)) return undefined;
      groups.push(octets[0] * 256 + octets[1], octets[2] * 256 + octets[3]);
    } else {
      if (!/^[0-9A-Fa-f]{1,4}$/.test(piece)) return undefined;
      groups.push(parseInt(piece, 16));
    }
  }
  return groups;
}

/** The dotted IPv4 address in the last 32 bits of the groups. */
export function embeddedIPv4(groups: readonly number[]): string {
  return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join(".");
}

/**
 * How an IPv6 address carries an IPv4 address in its last 32 bits (RFC 4291 section 2.5.5):
 * "mapped" (::ffff:a.b.c.d, which a dual-stack socket connects to the IPv4 address) or
 * "compatible" (::a.b.c.d, deprecated; not :: or ::1), or undefined.
 */
export function ipv4InIPv6(groups: readonly number[]): "mapped" | "compatible" | undefined {
  if (groups.slice(0, 5).some((g) => g !== 0)) return undefined;
  if (groups[5] === 0xffff) return "mapped";
  if (groups[5] === 0 && (groups[6] !== 0 || groups[7] > 1)) return "compatible";
  return undefined;
}

/** What a host reaches on the machine itself: "loopback", "unspecified", or undefined. */
export type LocalKind = "loopback" | "unspecified";

/**
 * Whether a host (as written in the authority: a name, an IPv4 address in any form inet_aton()
 * reads, or an IPv6 literal in brackets) names the machine itself: the loopback addresses
 * (127.0.0.0/8, ::1, and their IPv4-mapped forms; RFC 1122 3.2.1.3, RFC 4291 2.5.3), the
 * unspecified address (0.0.0.0, ::; which connect to the local machine on common systems), and the
 * name "localhost" and the names under it (RFC 6761 section 6.3). `address` is the address as read.
 */
export function localAddress(host: string): { kind: LocalKind; address: string } | undefined {
  if (host.startsWith("[") && host.endsWith("]")) {
    const groups = ipv6Groups(host.slice(1, -1));
    if (groups === undefined) return undefined;
    if (groups.slice(0, 7).every((g) => g === 0) && groups[7] <= 1) {
      return { kind: groups[7] === 1 ? "loopback" : "unspecified", address: groups[7] === 1 ? "::1" : "::" };
    }
    return ipv4InIPv6(groups) === "mapped" ? localIPv4(embeddedIPv4(groups)) : undefined;
  }
  const name = host.endsWith(".") ? host.slice(0, -1) : host;
  const reading = readInetAton(name);
  if (reading !== undefined) return localIPv4(reading.dotted);
  const lower = name.toLowerCase();
  if (lower === "localhost" || lower.endsWith(".localhost")) return { kind: "loopback", address: "localhost" };
  return undefined;
}

function localIPv4(dotted: string): { kind: LocalKind; address: string } | undefined {
  if (dotted.startsWith("127.")) return { kind: "loopback", address: dotted };
  if (dotted === "0.0.0.0") return { kind: "unspecified", address: dotted };
  return undefined;
}
