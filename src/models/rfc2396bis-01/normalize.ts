// Normalization and comparison (section 6): the comparison ladder of section 6.2, from simple
// string comparison (6.2.1) through syntax-based (6.2.2) to scheme-based normalization (6.2.3).
import { describe } from "../../args.js";
import { rewriteEscapes } from "../../escapes.js";
import type { Edition } from "../../edition.js";
import { parseIn } from "../../parse.js";
import { recompose } from "./recompose.js";
import { merge } from "./resolve.js";
import { booleanOption, DOT_SEGMENTS, oneOfOption, optionsOf, type DotSegments } from "../../options.js";
import { equivalentAt, isDefaultPort, readLadder, serverParts, type Ladder } from "../../ladder.js";
import { schemeInfo } from "../../schemes.js";
import { ruleOfRole } from "../../syntax.js";
import { UriReference, type Authority, type Host, type UriReferenceParts } from "./types.js";

export interface NormalizeOptions {
  /** Apply scheme-based normalization (section 6.2.3, the table in schemes.ts); default true. */
  scheme?: boolean;
  /**
   * What path segment normalization (6.2.2.3, which runs the merge of section 5.2) does with ".."
   * segments that would climb above the root: "retain" (default, as Appendix C: "http://a/../g"
   * stays), "remove" ("http://a/g"), or "error" (a ResolveError naming merge step 7).
   */
  dotSegments?: DotSegments;
}

/** The rungs of the comparison ladder (section 6.2; src/ladder.ts). */
export type { Ladder };

export interface EquivalentOptions {
  /**
   * "simple": character-for-character (6.2.1); "syntax": after syntax-based normalization (6.2.2);
   * "scheme" (default): after scheme-based normalization as well (6.2.3).
   */
  ladder?: Ladder;
  /** Compare without the fragments (section 6.1: for a network action the fragment is separated). */
  ignoreFragment?: boolean;
}

/**
 * Normalizes a URI reference (section 6.2.2 and, unless `scheme: false`, 6.2.3):
 * - escapes (6.2.2.2): the hex digits of every escape in upper case; the escapes of ALPHA, DIGIT,
 *   "_" and "~" (the ranges section 2.3 calls safe) unescaped, no other mark;
 * - case (6.2.2.1): the scheme and the host (hostname labels, IPv6 hex digits) in lower case, and
 *   nothing else (not a reg-name, userinfo, path, query or fragment);
 * - path segments (6.2.2.3), for an absolute URI with a hierarchical path only: "." and ".." are
 *   removed the draft's way, by splitting after the "/" that starts the path and resolving the
 *   right half against the left;
 * - scheme (6.2.3): a default or empty port removed, an empty http(s) path made "/".
 * An opaque part gets escape normalization only. A relative reference gets escape and case
 * normalization only: its dot segments mean something once it is resolved, and there is no base.
 * Throws UriSyntaxError for a string that is not a URI-reference, TypeError for a non-string.
 */
export function normalizeReferenceIn(edition: Edition, uri: unknown, options: unknown, fn = "normalize"): UriReference {
  const { scheme, dotSegments } = readNormalizeOptions(options, fn);
  let ref = reference(edition, uri, `${fn}: uri`);
  // 6.2.2.2 first: unescaping can turn a reg-name into a hostname ("ex%41mple.com"), which 6.2.2.1
  // then lower-cases, so the result is normal in one pass.
  ref = normalizeEscapesOf(edition, ref);
  ref = normalizeCase(ref);
  ref = normalizePathSegments(ref, dotSegments);
  if (scheme) ref = normalizeScheme(ref);
  return ref;
}

/**
 * True when `a` and `b` are equivalent at the chosen rung of the ladder (section 6.2). Both must
 * be URI references (else UriSyntaxError). Equivalence never implies more than "the same resource"
 * under the rung's rules; "different" only means this comparison could not tell (section 6.1).
 * Each side is parsed once.
 */
export function equivalentIn(edition: Edition, a: unknown, b: unknown, options: unknown, fn = "equivalent"): boolean {
  const { ladder, ignoreFragment } = readLadder(options, fn);
  return equivalentAt<UriReference>(reference(edition, a, `${fn}: a`), reference(edition, b, `${fn}: b`), ladder, ignoreFragment, {
    withoutFragment: (ref) => (ref.fragment === undefined ? ref : rebuild(ref, { fragment: undefined })),
    recompose,
    normalize: (ref, scheme) => normalizeReferenceIn(edition, ref, { scheme }, fn),
  });
}

/** A reference given as a string (parsed; UriSyntaxError where it is not one) or as a UriReference. */
function reference(edition: Edition, value: unknown, what: string): UriReference {
  if (value instanceof UriReference) return value;
  if (typeof value !== "string") throw new TypeError(`${what} must be a string or a UriReference, got ${describe(value)}`);
  return parseIn(edition, value, edition.requireRule(edition.roles.reference)) as UriReference;
}

/**
 * 6.2.2.2 on each component. An authority whose text changes is read again by the grammar's
 * authority rule: "ex%41mple.com" was a reg-name and is now a hostname.
 */
function normalizeEscapesOf(edition: Edition, ref: UriReference): UriReference {
  let authority = ref.authority;
  if (authority !== undefined) {
    const raw = normalizeEscapes(edition, authority.raw);
    if (raw !== authority.raw) {
      const rule = edition.requireRule(edition.roles.authority);
      authority = edition.parser.run(raw, rule.pegName) as Authority;
    }
  }
  const escape = (text: string | undefined) => (text === undefined ? undefined : normalizeEscapes(edition, text));
  return rebuild(ref, { authority, path: normalizeEscapes(edition, ref.path), query: escape(ref.query), fragment: escape(ref.fragment) });
}

/** 6.2.2.2: escapes with upper-case hex digits; the safe unreserved characters unescaped. */
export function normalizeEscapes(edition: Edition, text: string): string {
  return rewriteEscapes(text, safeTable(edition), true);
}

const SAFE = new WeakMap<Edition, Uint8Array>();

/**
 * Section 2.3: "URI normalization processes may unescape sequences in the ranges of ALPHA (%41-%5A
 * and %61-%7A), DIGIT (%30-%39), underscore (%5F), or tilde (%7E) without fear of creating a
 * conflict, but unescaping the other mark characters is usually counterproductive": the grammar's
 * ALPHA and DIGIT (the rules of its roles "alpha" and "digit"), and of its `mark`, the two the
 * prose names.
 */
function safeTable(edition: Edition): Uint8Array {
  let table = SAFE.get(edition);
  if (table === undefined) {
    const alpha = edition.asciiTable(ruleOfRole(edition, "alpha"));
    const digit = edition.asciiTable(ruleOfRole(edition, "digit"));
    table = Uint8Array.from({ length: 0x80 }, (_, code) => alpha[code] | digit[code]);
    for (const mark of "_~") table[mark.charCodeAt(0)] = 1;
    SAFE.set(edition, table);
  }
  return table;
}

/** 6.2.2.1: the scheme and the host in lower case. */
function normalizeCase(ref: UriReference): UriReference {
  return rebuild(ref, {
    scheme: ref.scheme?.toLowerCase(),
    authority: ref.authority && lowerHost(ref.authority),
  });
}

function lowerHost(authority: Authority): Authority {
  if (authority.kind !== "server" || authority.host === undefined) return authority;
  const host = authority.host;
  let lowered: Host;
  switch (host.kind) {
    case "hostname":
      lowered = { kind: "hostname", raw: host.raw.toLowerCase(), labels: host.labels.map((l) => l.toLowerCase()) };
      break;
    case "IPv6reference":
      lowered = { kind: "IPv6reference", raw: host.raw.toLowerCase(), address: host.address.toLowerCase() };
      break;
    case "IPv4address":
      return authority;
  }
  return server(authority.userinfo, lowered, authority.port);
}

/**
 * 6.2.2.3: split just after the "/" that starts the path; the left half is the base, the right
 * half a relative reference, merged by section 5.2. The right half is read as a relative path
 * even when its first segment holds ":" (the draft's own advice: "./this:that"), so this is
 * merge("/", rest). A right half that itself starts with "/" (a path "//x") is an absolute-path
 * reference, which section 5.2 takes as it is. A merged path that would start with "//" without
 * an authority would recompose as an authority (section 4.3); the path is then left as it is.
 */
function normalizePathSegments(ref: UriReference, dotSegments: DotSegments): UriReference {
  if (ref.scheme === undefined || ref.opaque || !ref.path.startsWith("/") || ref.path.startsWith("//")) return ref;
  const path = merge("/", ref.path.slice(1), dotSegments);
  if (ref.authority === undefined && path.startsWith("//")) return ref;
  return rebuild(ref, { path });
}

/** 6.2.3: a default (or empty) port removed; an empty path made "/" where the scheme says so. */
function normalizeScheme(ref: UriReference): UriReference {
  const info = ref.scheme === undefined ? undefined : schemeInfo(ref.scheme);
  if (info === undefined || ref.authority === undefined) return ref;
  let authority = ref.authority;
  if (authority.kind === "server" && authority.port !== undefined && (authority.port === "" || isDefaultPort(authority.port, info.defaultPort))) {
    authority = server(authority.userinfo, authority.host, undefined);
  }
  const path = ref.path === "" && info.emptyPathIsSlash ? "/" : ref.path;
  return rebuild(ref, { authority, path });
}



/** An empty port means the default (6.2.3). */
function server(userinfo: string | undefined, host: Host | undefined, port: string | undefined): Authority {
  return { kind: "server", ...serverParts(userinfo, host, port) };
}

function rebuild(ref: UriReference, changes: Partial<UriReferenceParts>): UriReference {
  const parts: UriReferenceParts = {
    scheme: ref.scheme, authority: ref.authority, path: ref.path, opaque: ref.opaque, query: ref.query, fragment: ref.fragment,
    ...changes,
  };
  return new UriReference(parts);
}

function readNormalizeOptions(options: unknown, fn: string): { scheme: boolean; dotSegments: DotSegments } {
  const o = optionsOf(options, fn);
  return { scheme: booleanOption(o, "scheme", true, fn), dotSegments: oneOfOption(o, "dotSegments", DOT_SEGMENTS, "retain", fn) };
}
