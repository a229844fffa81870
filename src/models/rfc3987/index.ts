// What RFC 3987 defines on top of its syntax, for the edition "rfc3987": the mappings between IRIs
// and URIs (section 3), the comparison ladder for IRIs (5.3) and the checks of its security
// considerations (8). Each takes the compiled grammar (a Syntax) it asks its characters of.
export { iriToUri, uriToIri, hostSpan, queryOf } from "./mapping.js";
export type { IriToUriOptions, UriToIriOptions } from "./mapping.js";
export { iriCharactersOf, bidiFormatting, lookalike } from "./characters.js";
export type { IriCharacters } from "./characters.js";
export { normalizeIriReference, equivalentIriReferences, normalizeIriText, CHARACTER_NORMALIZATIONS } from "./normalize.js";
export type { CharacterNormalization, IriNormalizeOptions, IriEquivalentOptions } from "./normalize.js";
export { IRI_AUDIT_CODES, auditIriReference, checkIri } from "./audit.js";
export { idnLabel, platformToAscii, punycodeDecode } from "./idna.js";
