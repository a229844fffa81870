// From the record the RFC 2396 grammar's actions build (grammar/rfc2396/grammar.peggy, for
// URI-reference, absoluteURI and relativeURI) to a Reference: the host typed as section 3.2.2
// names it, the path split into segments and params as section 3.3 has them.
import { Reference, type Authority, type Host, type HostnameHost, type IPv4addressHost, type RegistryKind } from "./types.js";

/** The grammar's record of a host: the rule that matched and its text. */
interface RecordOfHost {
  kind: "hostname" | "IPv4address";
  raw: string;
}

/** The grammar's record of a reference: null where a component is undefined. */
export interface RecordOfReference {
  scheme: string | null;
  authority:
    | { kind: "server"; raw: string; userinfo: string | undefined; host: RecordOfHost | undefined; port: string | undefined }
    | { kind: RegistryKind; raw: string }
    | null;
  /** The abs_path or rel_path, or the opaque_part when `opaque`; "" when absent. */
  path: string;
  opaque: boolean;
  query: string | null;
  fragment: string | null;
}

/** The Reference of a record of URI-reference, absoluteURI or relativeURI. */
export function referenceOf(record: unknown): Reference {
  const r = record as RecordOfReference;
  return new Reference({
    scheme: r.scheme ?? undefined,
    authority: r.authority === null ? undefined : authorityOf(r.authority),
    path: r.path,
    opaque: r.opaque,
    query: r.query ?? undefined,
    fragment: r.fragment ?? undefined,
  });
}

function authorityOf(a: NonNullable<RecordOfReference["authority"]>): Authority {
  // A registry-based authority: its kind is the rule the grammar matched (reg_name; draft -01's authority).
  if (a.kind !== "server") return { kind: a.kind, raw: a.raw };
  const out: { kind: "server"; raw: string; userinfo?: string; host?: Host; port?: string } = { kind: "server", raw: a.raw };
  if (a.userinfo !== undefined) out.userinfo = a.userinfo;
  if (a.host !== undefined) out.host = hostOf(a.host.kind, a.host.raw);
  if (a.port !== undefined) out.port = a.port;
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
  const name = raw.endsWith(".") ? raw.slice(0, -1) : raw;
  const host: HostnameHost = { kind: "hostname", raw, labels: Object.freeze(name.split(".")) };
  return host;
}
