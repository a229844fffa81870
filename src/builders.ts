// From the grammar's record to the typed reference of the edition's model. The grammar's actions
// (component boundaries only) build a plain record; each model makes its own class of it.
import type { Edition } from "./edition.js";
import { referenceOf as rfc2396ReferenceOf } from "./models/rfc2396/build.js";
import { referenceFromSpans, referenceOf } from "./models/rfc3986/build.js";
import { urlOf } from "./models/url-1993/build.js";
import { TYPED_SPANS, type SpanRecord } from "./models/rfc2396bis-01/records.js";
import type { SpanTyping } from "./tagged.js";
import { referenceFromParts, UriReference, type UriReferenceParts } from "./models/rfc2396bis-01/types.js";

/**
 * Builds a model's typed reference from the record of a parse rule; the edition is there for a
 * model that checks a reading of its parts against the grammar (url-1993).
 */
export type Builder = (record: unknown, input: string, edition: Edition) => unknown;

const BUILDERS: Readonly<Record<string, Builder>> = {
  // The draft's records come from the parser with their host and authority typed by
  // src/records.ts, which the build compiles into the parser's host and authority rules (a
  // hostname's labels, an IPv4address's octets); UriReference reads their nulls as absent. An
  // opaque path is a record of the rule opaque-part, the other paths their text.
  "rfc2396bis-01": (record, input) =>
    typeof (record as { path: unknown }).path === "string" ? new UriReference(record as UriReferenceParts) : opaqueReference(record, input),
  "rfc3986": referenceOf,
  "url-1993": urlOf,
  // RFC 2396's records: a server or reg_name authority, a hostname or IPv4address host, the path
  // as written or an opaque_part's record; the Reference splits the path into segments and params.
  "rfc2396": rfc2396ReferenceOf,
};

/** The draft's reference whose path is the record of an opaque-part. */
function opaqueReference(record: unknown, input: string): UriReference {
  const r = record as Omit<UriReferenceParts, "path"> & { path: SpanRecord };
  return new UriReference({
    scheme: r.scheme, authority: r.authority, path: input.slice(r.path.start, r.path.end), opaque: true, query: r.query, fragment: r.fragment,
  });
}

/**
 * What the tagged DFA makes from the spans it finds, by model (src/tagged.ts, SpanTyping): the
 * draft's model types a host and an authority as soon as they are found (the build compiles the
 * same typing into the parser: scripts/passes/type-records.mjs), and makes its reference from the
 * parts; RFC 3986's makes its reference from the parts and the authority's record. The other
 * models' builders make theirs from the record.
 */
const SPAN_TYPING: Readonly<Record<string, SpanTyping>> = {
  "rfc2396bis-01": { ...TYPED_SPANS, reference: referenceFromParts } as unknown as SpanTyping,
  // RFC 3986's hosts and authorities are typed by its builder, from their records; its reference
  // is made from the parts with the authority's record.
  "rfc3986": { reference: referenceFromSpans } as unknown as SpanTyping,
};

/** What the tagged DFA makes from the spans in the edition's model (hosts, authorities, the reference), or undefined. */
export function spanTypingOf(edition: Edition): SpanTyping | undefined {
  return SPAN_TYPING[edition.model];
}

/** The builder of the edition's model. */
export function builderOf(edition: Edition): Builder {
  const builder = BUILDERS[edition.model];
  if (builder === undefined) throw new Error(`internal error: no builder for the model ${JSON.stringify(edition.model)} of edition ${edition.id}`);
  return builder;
}
