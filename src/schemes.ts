// Scheme-based normalization (section 6.2.3): the one table of what this library knows about
// particular schemes. The draft defines no scheme; it says only that "a URI scheme that uses the
// generic syntax of hostport is defined such that a URI with an explicit ":port", where the port is
// the default for the scheme, is equivalent to one where the port is elided", and gives http's
// port 80 as its example. Each row below names the specification that fixes the default.
import { requireString } from "./args.js";

/** What scheme-based normalization may assume about one scheme. */
export interface SchemeInfo {
  /** The scheme name, lower case. */
  readonly scheme: string;
  /** The well-known default port, as its digit string. */
  readonly defaultPort: string;
  /** True when an empty path with an authority means "/" (so "http://a" becomes "http://a/"). */
  readonly emptyPathIsSlash: boolean;
  /** Where the default comes from. */
  readonly source: string;
}

/**
 * The schemes with a well-known default port.
 *
 * | scheme | default port | empty path is "/" | source |
 * |--------|--------------|-------------------|--------|
 * | http   | 80           | yes               | RFC 2616 section 3.2.2 and 3.2.3 |
 * | https  | 443          | yes               | RFC 2818 section 2.3 |
 * | ftp    | 21           | no                | RFC 1738 section 3.2 |
 * | gopher | 70           | no                | RFC 1738 section 3.4 |
 * | telnet | 23           | no                | RFC 1738 section 3.8 |
 * | ws     | 80           | no                | RFC 6455 section 3 |
 * | wss    | 443          | no                | RFC 6455 section 3 |
 */
export const SCHEMES: ReadonlyMap<string, SchemeInfo> = new Map(
  ([
    ["http", "80", true, "RFC 2616 section 3.2.2 and 3.2.3"],
    ["https", "443", true, "RFC 2818 section 2.3"],
    ["ftp", "21", false, "RFC 1738 section 3.2"],
    ["gopher", "70", false, "RFC 1738 section 3.4"],
    ["telnet", "23", false, "RFC 1738 section 3.8"],
    ["ws", "80", false, "RFC 6455 section 3"],
    ["wss", "443", false, "RFC 6455 section 3"],
  ] as const).map(([scheme, defaultPort, emptyPathIsSlash, source]) =>
    [scheme, Object.freeze({ scheme, defaultPort, emptyPathIsSlash, source })]),
);

/** The table row for a scheme (compared case-insensitively, section 3.1), or undefined. */
export function schemeInfo(scheme: string): SchemeInfo | undefined {
  requireString(scheme, "schemeInfo: scheme");
  return SCHEMES.get(scheme.toLowerCase());
}
