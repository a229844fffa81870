// The typed components of a URI reference. Names are the draft's; a component that is absent is
// undefined, one that is present but empty is ""; values carry no delimiters.
import { recompose } from "./recompose.js";
import { requireParts, type HostnameHostOf, type PartsOf, type ReferenceBaseOf, type RegNameAuthorityOf, type ServerAuthorityOf, type Writable } from "../../reference-parts.js";

/** A host given as an IPv6 literal in brackets (section 3.2.2). */
export interface IPv6referenceHost {
  readonly kind: "IPv6reference";
  /** The host as written, brackets included: "[fe80::1]". */
  readonly raw: string;
  /** The IPv6address inside the brackets, as written: "fe80::1". */
  readonly address: string;
}

/** A host given as four dotted decimal octets, 0-255 each (section 3.2.2). */
export interface IPv4addressHost {
  readonly kind: "IPv4address";
  readonly raw: string;
  readonly octets: readonly [number, number, number, number];
}

/** A host given as a domain name (section 3.2.2). */
export type HostnameHost = HostnameHostOf;

/** host = IPv6reference / IPv4address / hostname (section 3.2.2). */
export type Host = IPv6referenceHost | IPv4addressHost | HostnameHost;

/** server = [ [ userinfo "@" ] hostport ] (section 3.2.2). */
export type ServerAuthority = ServerAuthorityOf<Host>;

/** reg-name: an authority that is not a server (section 3.2.1). */
export type RegNameAuthority = RegNameAuthorityOf<"reg-name">;

/** authority = server / reg-name (section 3.2): a server whenever the whole authority is one. */
export type Authority = ServerAuthority | RegNameAuthority;

/** The components of a URI reference, without the class around them. */
export interface UriReferenceParts extends PartsOf<Authority> {
  /** True when the path is an opaque-part (section 3): "mailto:a@b?subject=x". */
  readonly opaque?: boolean;
}

/** What every URI reference of the draft has; toString() recombines it (section 5.2). */
interface UriReferenceBase extends ReferenceBaseOf<Authority> {
  /** True when the path is an opaque-part (section 3): "mailto:a@b?subject=x". */
  readonly opaque: boolean;
}

/** A reference with a scheme: it matched absolute-URI (section 3). */
export interface AbsoluteUriReference extends UriReferenceBase {
  readonly kind: "absolute-URI";
  readonly scheme: string;
}

/** A reference without a scheme: it matched relative-URI (section 5). */
export interface RelativeUriReference extends UriReferenceBase {
  readonly kind: "relative-URI";
  readonly scheme?: undefined;
}

/**
 * A URI reference split into the components of the draft's grammar; `kind` is the rule it
 * matched, "absolute-URI" (with a scheme) or "relative-URI", and narrows the type: an
 * absolute-URI has a `scheme` string.
 */
export type UriReference = AbsoluteUriReference | RelativeUriReference;

/**
 * The class of parse()'s references (`ref instanceof UriReference`); `new UriReference(parts)`
 * makes one from components, unchecked. `toString()` recomposes it (section 5.2).
 */
class UriReferenceClass {
  // Declared only: the constructor sets every one of them, in this order, so that every
  // reference has the same properties (no separate field initializer runs first).
  declare readonly kind: "absolute-URI" | "relative-URI";
  declare readonly scheme?: string;
  declare readonly authority?: Authority;
  declare readonly path: string;
  declare readonly opaque: boolean;
  declare readonly query?: string;
  declare readonly fragment?: string;

  constructor(parts: UriReferenceParts) {
    // referenceFromParts() sets the fields itself, in the same order.
    if (parts === FROM_PARTS) return;
    requireParts("UriReference", parts, "5.2");
    // An absent component may be given as undefined or null; it is undefined here.
    this.kind = parts.scheme == null ? "relative-URI" : "absolute-URI";
    this.scheme = parts.scheme ?? undefined;
    this.authority = parts.authority ?? undefined;
    this.path = parts.path;
    this.opaque = parts.opaque ?? false;
    this.query = parts.query ?? undefined;
    this.fragment = parts.fragment ?? undefined;
  }

  /** The reference recomposed from its components (section 5.2). */
  toString(): string {
    return recompose(this);
  }
}

/** What referenceFromParts() gives the constructor: no parts, which it leaves to be set. */
const FROM_PARTS: UriReferenceParts = Object.freeze({ path: "" });

/**
 * parse()'s reference made from its parts as the tagged DFA finds them (null where absent),
 * without an object of parts: the constructor's fields, in its order, so that every reference has
 * the same properties.
 */
export function referenceFromParts(scheme: string | null, authority: Authority | null, path: string, opaque: boolean, query: string | null,
  fragment: string | null): UriReference {
  const r = new UriReferenceClass(FROM_PARTS) as Writable<UriReferenceClass>;
  r.kind = scheme === null ? "relative-URI" : "absolute-URI";
  r.scheme = scheme ?? undefined;
  r.authority = authority ?? undefined;
  r.path = path;
  r.opaque = opaque;
  r.query = query ?? undefined;
  r.fragment = fragment ?? undefined;
  return r as UriReference;
}

/** parse()'s references: a class, and the union type that narrows on `kind`. */
export const UriReference: { new (parts: UriReferenceParts): UriReference; readonly prototype: UriReference } =
  UriReferenceClass as never;
