// From the record the RFC 2396 model's grammars build (grammar/rfc2396/grammar.peggy and the
// drafts', for URI-reference, absoluteURI, relativeURI and the drafts' generic-URI and
// opaque-URI) to a Reference: the host typed as section 3.2.2 names it, the path split into
// segments and params as section 3.3 has them. The records carry spans; the texts are sliced
// from the input.
import type { SpanRecord as Span } from "../../edition-build.js";
// The draft's labels(), measured faster than split for most host names (the speed code stays with its measure).
import { labels } from "../rfc2396bis-01/records.js";
import { Reference, type Authority, type Host, type HostnameHost, type IPv4addressHost, type RegistryKind } from "./types.js";

/** String.prototype.substring itself, called on inputs of every kind (why: src/tagged.ts). */
const substring = String.prototype.substring;

/** The grammar's record of an authority: a server, or a registry-based name (the edition's rule). */
export type RecordOfAuthority =
  | { rule: "server"; start: number; end: number; userinfo: string | null; host: (Span & { rule: "hostname" | "IPv4address" }) | null; port: string | null }
  | { rule: RegistryKind; start: number; end: number };

/** The grammar's record of a reference: null where a component is undefined. */
export interface RecordOfReference {
  rule: string;
  start: number;
  end: number;
  scheme: string | null;
  authority: RecordOfAuthority | null;
  /**
   * The abs_path or rel_path as written ("" when absent), or the record of RFC 2396's
   * opaque_part; the drafts' opaque-URI has its opaque part as a text, and its record's rule
   * says it is opaque.
   */
  path: string | Span;
  query: string | null;
  fragment: string | null;
}

/** The Reference of a record of one of the model's parse rules, whose text is `input`. */
export function referenceOf(record: unknown, input: string): Reference {
  const r = record as RecordOfReference;
  const path = r.path;
  const opaque = typeof path !== "string";
  return new Reference({
    scheme: r.scheme ?? undefined,
    authority: r.authority === null ? undefined : authorityOf(r.authority, input),
    path: opaque ? substring.call(input, path.start, path.end) : path,
    opaque: opaque || r.rule === "opaque-URI",
    query: r.query ?? undefined,
    fragment: r.fragment ?? undefined,
  });
}

function authorityOf(a: RecordOfAuthority, input: string): Authority {
  const raw = substring.call(input, a.start, a.end);
  // A registry-based authority: its kind is the rule the grammar matched (reg_name; draft -01's authority).
  if (a.rule !== "server") return { kind: a.rule, raw };
  const out: { kind: "server"; raw: string; userinfo?: string; host?: Host; port?: string } = { kind: "server", raw };
  if (a.userinfo !== null) out.userinfo = a.userinfo;
  // A server that is its host alone (as most are) gives the host its text, not a second copy of it.
  if (a.host !== null) out.host = hostOf(a.host.rule, a.userinfo === null && a.port === null ? raw : substring.call(input, a.host.start, a.host.end));
  if (a.port !== null) out.port = a.port;
  return out;
}

/**
 * A host the grammar matched, typed: hostname = *( domainlabel "." ) toplabel [ "." ] gives its
 * labels (a final "." ends the name and adds no label); IPv4address = 1*digit "." 1*digit "."
 * 1*digit "." 1*digit gives its four digit groups, as written.
 */
export function hostOf(kind: "hostname" | "IPv4address", raw: string): Host {
  if (kind === "IPv4address") {
    const [a, b, c, d] = raw.split(".");
    const host: IPv4addressHost = { kind: "IPv4address", raw, groups: Object.freeze([a, b, c, d] as const) };
    return host;
  }
  const host: HostnameHost = { kind: "hostname", raw, labels: Object.freeze(labels(raw)) };
  return host;
}
