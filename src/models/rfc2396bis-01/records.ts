// The draft's hosts and authorities typed (sections 3.2, 3.2.2), from the records the grammar's
// host and authority rules build (grammar/rfc2396bis-01/grammar.peggy: the rule that matched and
// its span in the input; a server's parts).
//
// The build compiles this module into the parser (scripts/passes/type-records.mjs): the value of
// each rule named in TYPED_RECORDS is passed, with the input, through its function where the
// grammar's action returns it, so parse() gets the typed host and authority from the parser. The
// module therefore has no runtime imports (the build checks it).
import type { SpanRecord } from "../../edition-build.js";
import type { Authority, Host } from "./types.js";

/**
 * String.prototype's own functions, called on inputs and on the texts cut from them, which come
 * as strings of several kinds (why, and why substring: src/tagged.ts; this module imports nothing
 * at run time).
 */
const substring = String.prototype.substring;
const indexOf = String.prototype.indexOf;
const charCodeAt = String.prototype.charCodeAt;

export type { SpanRecord };

/** The grammar's record of an authority: a server with its parts (host already typed), or a reg-name. */
export type AuthorityRecord =
  | (SpanRecord<"server"> & { readonly userinfo: string | null; readonly host: Host | null; readonly port: string | null })
  | SpanRecord<"reg-name">;

/** The typed authority: a server with its typed host, or a reg-name; absent parts undefined. */
export function authorityOf(record: AuthorityRecord, input: string): Authority {
  if (record.rule === "reg-name") return authorityFrom(record.rule, record.start, record.end, null, null, null, input);
  return authorityFrom(record.rule, record.start, record.end, record.userinfo, record.host, record.port, input);
}

/**
 * The typed authority of the text [start, end) that matched `rule` ("server" or "reg-name"), with
 * a server's parts (null where absent): authorityOf() without the record (src/tagged.ts).
 */
export function authorityFrom(rule: AuthorityRecord["rule"], start: number, end: number, userinfo: string | null, host: Host | null, port: string | null, input: string): Authority {
  if (rule === "reg-name") return { kind: "reg-name", raw: substring.call(input, start, end) };
  // A server that is its host alone (as most are) has the host's text, not a second copy of it.
  const raw = host !== null && userinfo === null && port === null ? host.raw : substring.call(input, start, end);
  return { kind: "server", raw, userinfo: userinfo ?? undefined, host: host ?? undefined, port: port ?? undefined };
}

/**
 * The typed host: an IPv6reference with the address inside its brackets, an IPv4address with its
 * four octets, a hostname with its labels.
 */
export function hostOf(record: SpanRecord<Host["kind"]>, input: string): Host {
  return hostFrom(record.rule, record.start, record.end, input);
}

/** The typed host of the text [start, end) that matched `rule`: hostOf() without the record (src/tagged.ts). */
export function hostFrom(rule: Host["kind"], start: number, end: number, input: string): Host {
  const raw = substring.call(input, start, end);
  switch (rule) {
    case "IPv6reference": return { kind: "IPv6reference", raw, address: substring.call(raw, 1, raw.length - 1) };
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
 * The labels of a hostname the grammar matched, left to right: its text split at ".", without the
 * empty label after the "." that ends a fully qualified name ("example.com."). Up to four labels
 * are found with indexOf (a label is never empty, so each search starts two past the last dot)
 * and made in one array, as most host names have; more are split by String.prototype.split,
 * whose time stays linear for hundreds of thousands of labels. (With split alone for every host,
 * the parser took about 15% longer on the benchmark corpus; test/oracle.test.ts and
 * test/api.test.ts hold this to the split.)
 */
export function labels(name: string): string[] {
  const n = name.length;
  const end = charCodeAt.call(name, n - 1) === 46 ? n - 1 : n;
  const d0 = indexOf.call(name, ".", 1);
  if (d0 < 0 || d0 >= end) return [end === n ? name : substring.call(name, 0, end)];
  const d1 = indexOf.call(name, ".", d0 + 2);
  if (d1 < 0 || d1 >= end) return [substring.call(name, 0, d0), substring.call(name, d0 + 1, end)];
  const d2 = indexOf.call(name, ".", d1 + 2);
  if (d2 < 0 || d2 >= end) return [substring.call(name, 0, d0), substring.call(name, d0 + 1, d1), substring.call(name, d1 + 1, end)];
  const d3 = indexOf.call(name, ".", d2 + 2);
  if (d3 < 0 || d3 >= end) {
    return [substring.call(name, 0, d0), substring.call(name, d0 + 1, d1), substring.call(name, d1 + 1, d2), substring.call(name, d2 + 1, end)];
  }
  const all = name.split(".");
  if (end !== n) all.pop();
  return all;
}

/** The rules (by the grammar's name) whose records this model types in the parser, and how. */
export const TYPED_RECORDS = { host: hostOf, authority: authorityOf };

/** The same typing from spans and parts, for the tagged DFA, which needs no record to type them (src/tagged.ts). */
export const TYPED_SPANS = { host: hostFrom, authority: authorityFrom };
