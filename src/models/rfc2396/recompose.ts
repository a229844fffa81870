// 5.2 step 7: "The resulting URI components, including any inherited from the base URI, are
// recombined to give the absolute form of the URI reference", as the RFC's pseudocode writes it
// (src/compose.ts, written once for the models of five components). Appendix B: "going in the
// opposite direction, we can recreate a URI reference from its components using the algorithm in
// step 7 of Section 5.2".
import { rawAuthority, recomposeComponents } from "../../compose.js";
import type { ReferenceParts } from "./types.js";

/**
 * Recombines a reference from its components (section 5.2, step 7): the scheme and ":", "//" and
 * the authority (its `raw` text), the path, "?" and the query, "#" and the fragment, each only
 * where it is defined. "We must be careful to preserve the distinction between a component that
 * is undefined ... and a component that is empty": an empty component keeps its separator. It
 * does not validate the text against the grammar. Throws TypeError, naming the part, when `parts` is not
 * an object of components or a part has the wrong type (null, a number, an authority without its raw text).
 */
export function recompose(parts: ReferenceParts): string {
  return recomposeComponents(parts, "parts", "5.2", AUTHORITY);
}

const AUTHORITY = rawAuthority("parts");
