// The draft of 2003's components and algorithms, for the default edition "rfc2396bis-01": the
// package exports them at its top level (src/index.ts), as the default edition's.
export { UriReference } from "./types.js";
export type {
  Authority, ServerAuthority, RegNameAuthority, Host, IPv6referenceHost, IPv4addressHost, HostnameHost,
  AbsoluteUriReference, RelativeUriReference, UriReferenceParts,
} from "./types.js";
export { merge } from "./resolve.js";
export type { DotSegments, ResolveOptions, Resolution } from "./resolve.js";
export type { StepName } from "./steps.js";
export type { NormalizeOptions, EquivalentOptions, Ladder } from "./normalize.js";
