// RFC 3987's components are RFC 3986's: 2.1, "the syntax and use of components and reserved
// characters is the same as that in [RFC3986]"; an IRI reference's components hold its characters
// as written (a Reference of RFC 3986's class, whose strings may hold any ucschar).
export { Reference, referenceFromParts } from "../rfc3986/types.js";
export type {
  Authority, Host, IPv4addressHost, IPv6addressHost, IPvFutureHost, RegNameHost, ReferenceParts, RelativeRefKind, UriKind,
} from "../rfc3986/types.js";
