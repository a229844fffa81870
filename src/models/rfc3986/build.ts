// From the record the RFC 3986 grammar's actions build (grammar/rfc3986/grammar.peggy) to a
// Reference: the host typed as section 3.2.2 names it.
import type { SpanRecord } from "../../edition-build.js";
import type { SpanTyping } from "../../tagged.js";
import { Reference, referenceFromParts, type Authority, type Host } from "./types.js";

/** String.prototype.substring itself, called on inputs of every kind (why: src/tagged.ts). */
const substring = String.prototype.substring;

/** The grammar's record of a reference: null where a component is absent. */
interface RecordOfReference {
  scheme: string | null;
  authority: { start: number; end: number; userinfo: string | null; host: SpanRecord; port: string | null } | null;
  path: string;
  query: string | null;
  fragment: string | null;
}

/** The Reference of a record of URI-reference, URI, relative-ref or absolute-URI. */
export function referenceOf(record: unknown, input: string): Reference {
  const r = record as RecordOfReference;
  return new Reference({
    scheme: r.scheme ?? undefined,
    authority: r.authority === null ? undefined : authorityOf(r.authority, input),
    path: r.path,
    query: r.query ?? undefined,
    fragment: r.fragment ?? undefined,
  });
}

/**
 * The Reference of URI-reference made from the parts the tagged DFA finds (src/tagged.ts,
 * SpanTyping.reference): the same as referenceOf() makes of the record of those parts.
 */
export function referenceFromSpans(scheme: string | null, authority: RecordOfReference["authority"], path: string, _opaque: boolean,
  query: string | null, fragment: string | null, input: string): Reference {
  return referenceFromParts(scheme, authority === null ? null : authorityOf(authority, input), path, query, fragment);
}

/**
 * What the tagged DFA makes from the spans it finds (src/tagged.ts): the reference, from the parts
 * with the authority's record (hosts and authorities are typed here, from their records).
 */
export const SPAN_TYPING = { reference: referenceFromSpans } as unknown as SpanTyping;

function authorityOf(a: NonNullable<RecordOfReference["authority"]>, input: string): Authority {
  const hostRaw = substring.call(input, a.host.start, a.host.end);
  // An authority that is its host alone (as most are) has the host's text, not a second copy of it.
  const raw = a.userinfo === null && a.port === null ? hostRaw : substring.call(input, a.start, a.end);
  const out: { raw: string; userinfo?: string; host: Host; port?: string } = { raw, host: hostOf(a.host.rule, hostRaw) };
  if (a.userinfo !== null) out.userinfo = a.userinfo;
  if (a.port !== null) out.port = a.port;
  return out;
}

/**
 * host = IP-literal / IPv4address / reg-name; IP-literal = "[" ( IPv6address / IPvFuture ) "]",
 * IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ). The grammar has matched the
 * host, so an IP-literal that begins "[v" (or "[V") is an IPvFuture: no IPv6address holds a "v".
 */
function hostOf(rule: string, raw: string): Host {
  switch (rule) {
    case "IP-literal": {
      const inside = raw.slice(1, -1);
      if (inside[0] === "v" || inside[0] === "V") {
        const dot = inside.indexOf(".");
        return { kind: "IPvFuture", raw, version: inside.slice(1, dot), address: inside.slice(dot + 1) };
      }
      return { kind: "IPv6address", raw, address: inside };
    }
    case "IPv4address": {
      const [a, b, c, d] = raw.split(".").map(Number);
      return { kind: "IPv4address", raw, octets: [a, b, c, d] };
    }
    default:
      return { kind: "reg-name", raw };
  }
}
