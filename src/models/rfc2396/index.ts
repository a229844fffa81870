// RFC 2396's components and algorithms, for the edition "rfc2396" (its types are exported by the
// package as the Rfc2396 namespace).
export { Reference, segmentsOf } from "./types.js";
export type {
  Authority, ServerAuthority, RegNameAuthority, RegistryKind, Host, HostnameHost, IPv4addressHost, Segment, ReferenceParts,
  HierarchicalAbsoluteURI, OpaqueAbsoluteURI, RelativeURI,
} from "./types.js";
export type { ResolveOptions, Resolution, DotSegments } from "./resolve.js";
export { merge } from "./resolve.js";
export type { StepName } from "./steps.js";
export type { NormalizeOptions, EquivalentOptions, Ladder, Syntax } from "./normalize.js";
