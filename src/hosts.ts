// The draft's hosts typed (section 3.2.2), from the record the grammar's host rule builds
// (grammar/rfc2396bis-01/grammar.peggy: which alternative matched, and its text).
//
// The build compiles this module into the parser (scripts/passes/type-records.mjs): the value of
// each rule named in TYPED_RECORDS is passed through its function where the grammar's action
// returns it, so parse() gets the typed host from the parser, built once. The module therefore
// has no runtime imports (the build checks it).
import type { Host } from "./types.js";

/** The grammar's record of a host: the rule that matched and its text. */
export interface HostRecord {
  readonly kind: Host["kind"];
  readonly raw: string;
}

/**
 * The typed host: an IPv6reference with the address inside its brackets, an IPv4address with its
 * four octets, a hostname with its labels.
 */
export function hostOf(record: HostRecord): Host {
  const raw = record.raw;
  switch (record.kind) {
    case "IPv6reference": return { kind: "IPv6reference", raw, address: raw.slice(1, -1) };
    case "IPv4address": return { kind: "IPv4address", raw, octets: octets(raw) };
    default: return { kind: "hostname", raw, labels: labels(raw) };
  }
}

/** The four dec-octets of an IPv4address the grammar matched: digits and three dots. */
function octets(address: string): [number, number, number, number] {
  const out: [number, number, number, number] = [0, 0, 0, 0];
  for (let i = 0, k = 0; i < address.length; i++) {
    const c = address.charCodeAt(i);
    if (c === 46) k++;
    else out[k] = out[k] * 10 + (c - 48);
  }
  return out;
}

/**
 * The labels of a hostname the grammar matched, left to right; the "." that ends a fully
 * qualified name ("example.com.") ends no label.
 */
function labels(hostname: string): string[] {
  const all = hostname.split(".");
  if (all[all.length - 1] === "") all.pop();
  return all;
}

/** The rules (by the grammar's name) whose records this model types in the parser, and how. */
export const TYPED_RECORDS = { host: hostOf };
