// RFC 3986's components and algorithms, for the edition "rfc3986" (its types are exported by the
// package as the Rfc3986 namespace).
export { Reference } from "./types.js";
export type { Authority, Host, IPv4addressHost, IPv6addressHost, IPvFutureHost, RegNameHost, ReferenceParts, UriKind, RelativeRefKind } from "./types.js";
export type { ResolveOptions } from "./resolve.js";
export { removeDotSegments } from "./resolve.js";
export type { StepName } from "./steps.js";
export type { NormalizeOptions, EquivalentOptions, Ladder } from "./normalize.js";
