// From the grammar's record to the draft's UriReference. Its records come from the parser with
// their host and authority typed by records.ts, which the build compiles into the parser's host and
// authority rules (a hostname's labels, an IPv4address's octets); UriReference reads their nulls as
// absent. An opaque path is a record of the rule opaque-part, the other paths their text.
import type { SpanRecord } from "../../edition-build.js";
import type { SpanTyping } from "../../tagged.js";
import { TYPED_SPANS } from "./records.js";
import { referenceFromParts, UriReference, type UriReferenceParts } from "./types.js";

/** The draft's reference of a record of one of its parse rules. */
export function referenceOf(record: unknown, input: string): UriReference {
  return typeof (record as { path: unknown }).path === "string" ? new UriReference(record as UriReferenceParts) : opaqueReference(record, input);
}

/** The draft's reference whose path is the record of an opaque-part. */
function opaqueReference(record: unknown, input: string): UriReference {
  const r = record as Omit<UriReferenceParts, "path"> & { path: SpanRecord };
  return new UriReference({
    scheme: r.scheme, authority: r.authority, path: input.slice(r.path.start, r.path.end), opaque: true, query: r.query, fragment: r.fragment,
  });
}

/**
 * What the tagged DFA makes from the spans it finds (src/tagged.ts, SpanTyping): the draft's
 * hosts and authorities typed as soon as they are found (the build compiles the same typing into
 * the parser: scripts/passes/type-records.mjs), and its reference made from the parts.
 */
export const SPAN_TYPING = { ...TYPED_SPANS, reference: referenceFromParts } as unknown as SpanTyping;
