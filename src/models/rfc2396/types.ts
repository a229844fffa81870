// The typed components of a URI reference in RFC 2396, in the RFC's own terms: its rule names
// (absoluteURI, relativeURI, server, reg_name, hostname, IPv4address, segment, param) and its
// path model, where each path segment carries its parameters (section 3.3). A component that is
// undefined ("its preceding separator does not appear", section 5.2) is undefined here, one that
// is present but empty is ""; values carry no delimiters.
import { MODELS } from "../../../generated/models.js";
import { recompose } from "./recompose.js";
import { requireParts, requireStringParts, type HostnameHostOf, type PartsOf, type RegNameAuthorityOf, type ServerAuthorityOf } from "../../reference-parts.js";

/**
 * The name of the registry-based naming authority in the editions of this model (edition.json
 * "roles.regName"): reg_name in RFC 2396 and draft-fielding-uri-syntax-02, authority in
 * draft-fielding-uri-syntax-01 (whose whole authority component is called site).
 */
export type RegistryKind = (typeof MODELS)["rfc2396"]["registryKinds"][number];
const REGISTRY_KINDS: readonly string[] = MODELS.rfc2396.registryKinds;

/** hostname = *( domainlabel "." ) toplabel [ "." ] (section 3.2.2). */
export type HostnameHost = HostnameHostOf;

/**
 * IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit (section 3.2.2): "a set of four
 * decimal digit groups separated by '.'". RFC 2396 gives the groups no range ("1.2.3.999" is an
 * IPv4address) and no length, so they are kept as written, as strings: a number would lose
 * leading zeros and the digits of a long group.
 */
export interface IPv4addressHost {
  readonly kind: "IPv4address";
  /** The host as written: "192.0.2.1". */
  readonly raw: string;
  /** The four decimal digit groups, as written: ["192", "0", "2", "1"]. */
  readonly groups: readonly [string, string, string, string];
}

/** host = hostname | IPv4address (section 3.2.2); RFC 2396 has no IPv6 literal. */
export type Host = HostnameHost | IPv4addressHost;

/** server = [ [ userinfo "@" ] hostport ], hostport = host [ ":" port ] (section 3.2.2); step 7 appends its raw after "//". */
export type ServerAuthority = ServerAuthorityOf<Host>;

/**
 * reg_name = 1*( unreserved | escaped | "$" | "," | ";" | ":" | "@" | "&" | "=" | "+" )
 * (section 3.2.1): an authority that is not a server; its structure is the scheme's. Its kind is
 * the edition's name of the rule: "reg_name" (RFC 2396, draft -02), "authority" (draft -01, where
 * authority = *( unreserved | escaped | ";" | ":" | "@" | "&" | "=" | "+" ) is the alternative of
 * server in site = server | authority).
 */
export type RegNameAuthority = RegNameAuthorityOf<RegistryKind>;

/** authority = server | reg_name (section 3.2): a server wherever the whole authority is one. */
export type Authority = ServerAuthority | RegNameAuthority;

/**
 * segment = *pchar *( ";" param ), param = *pchar (section 3.3): "Each path segment may include a
 * sequence of parameters, indicated by the semicolon ';' character". A rel_segment (section 5)
 * is read the same way: its characters are those of a segment without ":".
 */
export interface Segment {
  /** The pchars before the first ";": "b" of "b;p;q". */
  readonly name: string;
  /** Each param, without its ";": ["p", "q"] of "b;p;q"; [] when there is no ";". */
  readonly params: readonly string[];
}

/**
 * The components of a reference, without the class around them. The path is the abs_path or
 * rel_path as written, or the opaque_part when `opaque` is true; "" when the reference has none
 * ("the path component is never undefined, though it may be empty", 5.2).
 */
export interface ReferenceParts extends PartsOf<Authority> {
  /** True when the path is an opaque_part (section 3: absoluteURI = scheme ":" opaque_part). */
  readonly opaque?: boolean;
}

/** What every URI reference of RFC 2396 has. */
interface ReferenceBase {
  // "| undefined": an opaque absoluteURI narrows these to undefined (exactOptionalPropertyTypes).
  readonly authority?: Authority | undefined;
  /** The abs_path, rel_path or opaque_part as written; "" when there is none. */
  readonly path: string;
  readonly query?: string | undefined;
  readonly fragment?: string | undefined;
  /** The reference recombined from its components (section 5.2, step 7). */
  toString(): string;
}

/** absoluteURI = scheme ":" hier_part, hier_part = ( net_path | abs_path ) [ "?" query ] (section 3). */
export interface HierarchicalAbsoluteURI extends ReferenceBase {
  readonly kind: "absoluteURI";
  readonly scheme: string;
  readonly opaque: false;
  /** The segments of the path (see Reference.segments). */
  readonly segments: readonly Segment[];
}

/**
 * absoluteURI = scheme ":" opaque_part, opaque_part = uric_no_slash *uric (section 3): "URI that
 * do not make use of the slash '/' character for separating hierarchical components are
 * considered opaque". The path is the opaque_part; it has no segments, no authority and no
 * query (a "?" in it is part of the opaque_part).
 */
export interface OpaqueAbsoluteURI extends ReferenceBase {
  readonly kind: "absoluteURI";
  readonly scheme: string;
  readonly opaque: true;
  readonly authority?: undefined;
  readonly segments?: undefined;
  readonly query?: undefined;
}

/**
 * relativeURI = ( net_path | abs_path | rel_path ) [ "?" query ] (section 5), and the references
 * that match URI-reference with neither an absoluteURI nor a relativeURI ("" and "#s", section
 * 4.2): a reference without a scheme.
 */
export interface RelativeURI extends ReferenceBase {
  readonly kind: "relativeURI";
  readonly scheme?: undefined;
  readonly opaque: false;
  /** The segments of the path (see Reference.segments). */
  readonly segments: readonly Segment[];
}

/**
 * A URI reference split into the components of RFC 2396 (URI-reference = [ absoluteURI |
 * relativeURI ] [ "#" fragment ], section 4). `kind` is the rule it matched and narrows the type
 * (an absoluteURI has a `scheme` string); `opaque` narrows an absoluteURI further. `segments`,
 * for a hierarchical path, is path_segments split at "/" (abs_path = "/" path_segments; the "/"
 * that starts an abs_path is not a separator) or a rel_path split at "/", each segment with its
 * params: "/b/c;p/" gives [b] [c;p] [""], "" gives none.
 */
export type Reference = HierarchicalAbsoluteURI | OpaqueAbsoluteURI | RelativeURI;

/**
 * The class of RFC 2396's references (`ref instanceof Reference`); `new Reference(parts)` makes
 * one from components, unchecked against the grammar (the parser checks). `toString()`
 * recombines it (section 5.2, step 7).
 */
class ReferenceClass {
  // Declared only: the constructor sets every one of them, in this order, so that every
  // reference has the same properties.
  declare readonly kind: "absoluteURI" | "relativeURI";
  declare readonly scheme?: string;
  declare readonly authority?: Authority;
  declare readonly path: string;
  declare readonly opaque: boolean;
  declare readonly segments?: readonly Segment[];
  declare readonly query?: string;
  declare readonly fragment?: string;

  /**
   * Takes the components as they are and splits a hierarchical path into its segments (time
   * linear in its length). Throws TypeError when `parts` is not an object, the path is not a
   * string, another component is neither a string (an object, for the authority) nor absent, or
   * an opaque path comes without a scheme or with an authority or a query (section 3: only an
   * absoluteURI has an opaque_part, and it holds the whole scheme-specific part).
   */
  constructor(parts: ReferenceParts) {
    requireParts("Reference", parts, "5.2");
    requireStringParts("Reference", parts);
    const authority = parts.authority;
    if (authority != null && (typeof authority !== "object" || typeof authority.raw !== "string" ||
      (authority.kind !== "server" && !REGISTRY_KINDS.includes(authority.kind)))) {
      throw new TypeError(`Reference: parts.authority must be an Authority ({ kind: ${["server", ...REGISTRY_KINDS].map((k) => JSON.stringify(k)).join(" | ")}, raw, ... }; ` +
        "the registry-based kind is the edition's name of it) or undefined");
    }
    const opaque = parts.opaque ?? false;
    if (typeof opaque !== "boolean") throw new TypeError(`Reference: parts.opaque must be a boolean or undefined, got ${typeof opaque}`);
    if (opaque && (parts.scheme == null || authority != null || parts.query != null)) {
      throw new TypeError("Reference: an opaque path (opaque_part) needs a scheme and comes without an authority or a query (section 3)");
    }
    // An absent component may be given as undefined or null; it is undefined here.
    this.kind = parts.scheme == null ? "relativeURI" : "absoluteURI";
    this.scheme = parts.scheme ?? undefined;
    this.authority = authority ?? undefined;
    this.path = parts.path;
    this.opaque = opaque;
    this.segments = opaque ? undefined : Object.freeze(segmentsOf(parts.path));
    this.query = parts.query ?? undefined;
    this.fragment = parts.fragment ?? undefined;
  }

  /** The reference recombined from its components (section 5.2, step 7). */
  toString(): string {
    return recompose(this);
  }
}

/** RFC 2396's references: a class, and the union type that narrows on `kind` and `opaque`. */
export const Reference: { new (parts: ReferenceParts): Reference; readonly prototype: Reference } = ReferenceClass as never;

/**
 * The segments of a hierarchical path, each with its params (section 3.3): the leading "/" of an
 * abs_path is not a separator; every other "/" separates two segments, and every ";" in a
 * segment starts a param. Time linear in the path's length.
 */
export function segmentsOf(path: string): Segment[] {
  if (path === "") return [];
  const segments: Segment[] = [];
  const n = path.length;
  let at = path.charCodeAt(0) === 0x2f /* "/" */ ? 1 : 0;
  // The next ";" at or after `at` (n when none): found once, not searched again for every segment.
  let semi = path.indexOf(";", at);
  if (semi < 0) semi = n;
  for (;;) {
    let slash = path.indexOf("/", at);
    if (slash < 0) slash = n;
    if (semi < at) {
      semi = path.indexOf(";", at);
      if (semi < 0) semi = n;
    }
    if (semi >= slash) segments.push(Object.freeze({ name: path.slice(at, slash), params: NO_PARAMS }));
    else {
      const params: string[] = [];
      const name = path.slice(at, semi);
      for (let p = semi + 1; ; ) {
        let q = path.indexOf(";", p);
        if (q < 0 || q > slash) q = slash;
        params.push(path.slice(p, q));
        if (q === slash) break;
        p = q + 1;
      }
      segments.push(Object.freeze({ name, params: Object.freeze(params) }));
    }
    if (slash === n) return segments;
    at = slash + 1;
  }
}

/** The params of a segment that has none (frozen, so one array serves every such segment). */
const NO_PARAMS: readonly string[] = Object.freeze([]);
