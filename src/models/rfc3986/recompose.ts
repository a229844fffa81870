// 5.3 Component Recomposition: parsed components back into a URI reference string, as the RFC's
// pseudocode writes it (src/compose.ts, written once for the models of five components).
import { rawAuthority, recomposeComponents } from "../../compose.js";
import type { ReferenceParts } from "./types.js";

/**
 * Recomposes a reference from its components (section 5.3): the scheme and ":", "//" and the
 * authority (its `raw` text), the path, "?" and the query, "#" and the fragment, each only where
 * it is defined. A component that is empty is kept (its delimiter is written); one that is
 * undefined is not: the RFC is "careful to preserve the distinction". It does not validate the
 * text against the grammar. Throws TypeError, naming the part, when `parts` is not an object of
 * components or a part has the wrong type (null, a number, an authority without its raw text).
 */
export function recompose(parts: ReferenceParts): string {
  return recomposeComponents(parts, "parts", "5.2.1", AUTHORITY);
}

const AUTHORITY = rawAuthority("parts");
