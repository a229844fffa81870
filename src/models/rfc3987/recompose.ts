// Recomposition is RFC 3986's 5.3 (src/models/rfc3986/recompose.ts): an IRI reference has the same
// components and delimiters (2.1).
export { recompose } from "../rfc3986/recompose.js";
