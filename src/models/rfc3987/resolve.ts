// 6.5 Relative IRI References: "the algorithms of [RFC3986] can be applied directly, treating the
// characters additionally allowed in IRI references in the same way that unreserved characters are
// in URI references". RFC 3986's resolution (src/models/rfc3986/resolve.ts), unchanged.
export { merge, removeDotSegments, resolveReference } from "../rfc3986/resolve.js";
export type { ResolveOptions } from "../rfc3986/resolve.js";
