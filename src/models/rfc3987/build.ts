// From the record the RFC 3987 grammar's actions build (grammar/rfc3987/grammar.peggy) to a
// Reference: RFC 3986's, since an IRI's components are RFC 3986's (2.1: "the syntax and use of
// components and reserved characters is the same as that in [RFC3986]"). The records have the same
// shape; ihost's rule is "IP-literal", "IPv4address" or "ireg-name", and an ireg-name is typed as
// RFC 3986's reg-name host (kind "reg-name"), whose text may hold any ucschar.
export { referenceOf, referenceFromSpans, SPAN_TYPING } from "../rfc3986/build.js";
