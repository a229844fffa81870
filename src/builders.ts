// From the grammar's record to the typed reference of the edition's model. The grammar's actions
// (component boundaries only) build a plain record; each model makes its own class of it.
import type { Edition } from "./edition.js";
import { referenceOf as rfc2396ReferenceOf } from "./rfc2396/build.js";
import { referenceOf } from "./rfc3986/build.js";
import { urlOf } from "./url1993/build.js";
import { UriReference, type UriReferenceParts } from "./types.js";

/**
 * Builds a model's typed reference from the record of a parse rule; the edition is there for a
 * model that checks a reading of its parts against the grammar (url-1993).
 */
export type Builder = (record: unknown, input: string, edition: Edition) => unknown;

const BUILDERS: Readonly<Record<string, Builder>> = {
  // The draft's records come from the parser in the form of src/types.ts: its host is typed by
  // src/hosts.ts, which the build compiles into the parser's host rule (a hostname's labels, an
  // IPv4address's octets); UriReference reads their nulls as absent.
  "rfc2396bis-01": (record) => new UriReference(record as UriReferenceParts),
  "rfc3986": referenceOf,
  "url-1993": (record, _input, edition) => urlOf(record, edition),
  // RFC 2396's records: a server or reg_name authority, a hostname or IPv4address host, the path
  // as written or an opaque_part's record; the Reference splits the path into segments and params.
  "rfc2396": rfc2396ReferenceOf,
};

/** The builder of the edition's model. */
export function builderOf(edition: Edition): Builder {
  const builder = BUILDERS[edition.model];
  if (builder === undefined) throw new Error(`internal error: no builder for the model ${JSON.stringify(edition.model)} of edition ${edition.id}`);
  return builder;
}
