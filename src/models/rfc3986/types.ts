// The typed components of a URI reference in RFC 3986. Names are the RFC's; a component that is
// absent ("undefined" in 5.2.1: its delimiter does not appear) is undefined, one that is present
// but empty is ""; values carry no delimiters.
import { recompose } from "./recompose.js";
import { requireParts, requireStringParts, type PartsOf, type ReferenceBaseOf, type Writable } from "../../reference-parts.js";

/** IP-literal = "[" ( IPv6address / IPvFuture ) "]" with an IPv6address inside (section 3.2.2). */
export interface IPv6addressHost {
  readonly kind: "IPv6address";
  /** The host as written, brackets included: "[::1]". */
  readonly raw: string;
  /** The IPv6address inside the brackets, as written: "::1". */
  readonly address: string;
}

/** IP-literal with IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ) inside (3.2.2). */
export interface IPvFutureHost {
  readonly kind: "IPvFuture";
  /** The host as written, brackets included: "[v7.x]". */
  readonly raw: string;
  /** The hex digits after "v", as written: "7". */
  readonly version: string;
  /** What follows the "." after the version, as written: "x". */
  readonly address: string;
}

/** IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet (section 3.2.2). */
export interface IPv4addressHost {
  readonly kind: "IPv4address";
  /** The host as written: "192.0.2.1". */
  readonly raw: string;
  /** The four dec-octets, 0-255 each. */
  readonly octets: readonly [number, number, number, number];
}

/** reg-name = *( unreserved / pct-encoded / sub-delims ) (section 3.2.2); it may be empty. */
export interface RegNameHost {
  readonly kind: "reg-name";
  /** The host as written, percent-encodings included. */
  readonly raw: string;
}

/** host = IP-literal / IPv4address / reg-name (section 3.2.2); `raw` is as written, brackets kept. */
export type Host = IPv6addressHost | IPvFutureHost | IPv4addressHost | RegNameHost;

/** authority = [ userinfo "@" ] host [ ":" port ] (section 3.2). */
export interface Authority {
  /** The whole authority as written: what 5.3 appends after "//". */
  readonly raw: string;
  /** The text before "@", if there is an "@". */
  readonly userinfo?: string;
  /** Always present; a reg-name host may be empty ("file:///etc"). */
  readonly host: Host;
  /** The digits after ":", possibly "" ("http://a:/"), if there is a ":". */
  readonly port?: string;
}

/** The five components of section 3, without the class around them; the path is never undefined (5.2.1). */
export type ReferenceParts = PartsOf<Authority>;

/** What every URI reference of RFC 3986 has; toString() recomposes it (section 5.3). */
type ReferenceBase = ReferenceBaseOf<Authority>;

/** A reference with a scheme: a URI (section 3). */
export interface UriKind extends ReferenceBase {
  readonly kind: "URI";
  readonly scheme: string;
}

/** A reference without a scheme: a relative-ref (section 4.2). */
export interface RelativeRefKind extends ReferenceBase {
  readonly kind: "relative-ref";
  readonly scheme?: undefined;
}

/**
 * A URI reference split into the five components of RFC 3986 (section 3). `kind` is the rule of
 * section 4.1 it matched, "URI" (with a scheme string) or "relative-ref", and narrows the type.
 */
export type Reference = UriKind | RelativeRefKind;

/**
 * The class of RFC 3986's references (`ref instanceof Reference`); `new Reference(parts)` makes
 * one from components, unchecked. `toString()` recomposes it (section 5.3).
 */
class ReferenceClass {
  // Declared only: the constructor sets every one of them, in this order, so that every
  // reference has the same properties (no separate field initializer runs first).
  declare readonly kind: "URI" | "relative-ref";
  declare readonly scheme?: string;
  declare readonly authority?: Authority;
  declare readonly path: string;
  declare readonly query?: string;
  declare readonly fragment?: string;

  /**
   * Takes the components as they are; it does not check them against the grammar (the parser
   * does). Throws TypeError when `parts` is not an object, the path is not a string, or another
   * component is neither a string (an object, for the authority) nor absent.
   */
  constructor(parts: ReferenceParts) {
    // referenceFromParts() sets the fields itself, in the same order.
    if (parts === FROM_PARTS) return;
    requireParts("Reference", parts, "5.2.1");
    requireStringParts("Reference", parts);
    const authority = parts.authority;
    if (authority != null && (typeof authority !== "object" || typeof authority.raw !== "string")) {
      throw new TypeError("Reference: parts.authority must be an Authority ({ raw, host, userinfo?, port? }) or undefined");
    }
    // An absent component may be given as undefined or null; it is undefined here.
    this.kind = parts.scheme == null ? "relative-ref" : "URI";
    this.scheme = parts.scheme ?? undefined;
    this.authority = authority ?? undefined;
    this.path = parts.path;
    this.query = parts.query ?? undefined;
    this.fragment = parts.fragment ?? undefined;
  }

  /** The reference recomposed from its components (section 5.3). */
  toString(): string {
    return recompose(this);
  }
}

/** What referenceFromParts() gives the constructor: no parts, which it leaves to be set. */
const FROM_PARTS: ReferenceParts = Object.freeze({ path: "" });

/**
 * parse()'s reference made from its parts as the tagged DFA finds them (null where absent),
 * without an object of parts: the constructor's fields, in its order, so that every reference has
 * the same properties.
 */
export function referenceFromParts(scheme: string | null, authority: Authority | null, path: string, query: string | null,
  fragment: string | null): Reference {
  const r = new ReferenceClass(FROM_PARTS) as Writable<ReferenceClass>;
  r.kind = scheme === null ? "relative-ref" : "URI";
  r.scheme = scheme ?? undefined;
  r.authority = authority ?? undefined;
  r.path = path;
  r.query = query ?? undefined;
  r.fragment = fragment ?? undefined;
  return r as Reference;
}

/** RFC 3986's references: a class, and the union type that narrows on `kind`. */
export const Reference: { new (parts: ReferenceParts): Reference; readonly prototype: Reference } = ReferenceClass as never;
