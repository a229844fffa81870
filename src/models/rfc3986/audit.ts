// RFC 3986 section 7 (Security Considerations) as checks on a parsed Reference: what in a valid URI
// reference deserves a second look before it is fetched, shown to a user or filtered on. The checks
// are the draft's (src/audit-checks.ts) where the two documents agree, cited by RFC 3986's own numbers:
//   7.2 Malicious Construction   ports of other protocols, escaped CR, LF and other controls
//   7.3 Back-End Transcoding     escaped NUL, escapes that decode to a delimiter, escaped dot-segments
//   7.4 Rare IP Address Formats  a reg-name that inet_aton() reads as an IPv4 address (also once
//                                decoded), an IPv4 address in an IPv6 literal, and with the option
//                                `fetch` the machine's own addresses
//   7.5 Sensitive Information    a password in userinfo
//   7.6 Semantic Attacks         userinfo that looks like a host, a fragment that reads as one
//   2.4 When to Encode or Decode escapes of "%" that a second decoding turns into delimiters
//   3.2.2 Host, 3.2.3 Port       an empty host where a server is expected, a numeric top label, a
//                                port above 65535
import {
  abbreviate, checkDoubleEscapes, checkEscapes, checkHost, checkIPv6, checkLocal, checkMisleadingAuthority, checkPort,
  checkUserinfo, collector, locate, readOptions, type Spans, reservedTable, shorten, sortFindings,
  type Add, type AuditCode, type AuditFinding, type AuditSeverity, type Matches, type Span,
} from "../../audit-checks.js";
import type { Edition } from "../../edition.js";
import { requireString } from "../../args.js";
import { parseIn } from "../../parse.js";
import { escapeAt } from "../../escapes.js";
import { syntaxOf } from "../../syntax.js";
import { normalizePercentEncoding } from "./normalize.js";
import { recompose } from "./recompose.js";
import type { Reference } from "./types.js";

/** The codes RFC 3986's checks can report (its sections: grammar/rfc3986/edition.json, "audit"). */
export const AUDIT_CODES: readonly AuditCode[] = [
  "userinfo", "misleading-userinfo", "password", "port-other-protocol", "port-reserved", "port-not-default", "port-out-of-range",
  "escaped-control", "escaped-nul", "escaped-delimiter", "escaped-dot-segment", "ipv4-form", "numeric-label", "missing-host",
  "reg-name-authority", "ipv4-in-ipv6", "local-address", "double-escape", "misleading-authority",
  // Added by audit() of the API (src/differential-audit.ts): the URL Standard reads a component otherwise.
  "parser-differential",
];


/**
 * Checks a reference against the warnings of RFC 3986 section 7 (and the lookalikes its host and
 * port rules allow). `input` must be the reference's recomposition (section 5.3), as it is for a
 * reference parse() returned from it. Returns the findings in input order; [] when there is nothing
 * to say. Throws TypeError for bad options or an input that is not the reference's text.
 */
export function auditReference(edition: Edition, input: string, ref: Reference, options: unknown, fn = "audit"): AuditFinding[] {
  const opts = readOptions(options, fn);
  if (recompose(ref) !== input) {
    throw new TypeError(`audit: the input ${JSON.stringify(shorten(input))} is not the text of the reference it was given`);
  }
  const findings: AuditFinding[] = [];
  const add = collector(input, opts, findings, edition);
  const spans = locate(ref);
  const scheme = ref.scheme?.toLowerCase();
  const authority = ref.authority;

  const syntax = syntaxOf(edition);
  const decode = (text: string) => normalizePercentEncoding(text, syntax);
  if (authority !== undefined) {
    const host = authority.host;
    if (authority.userinfo !== undefined) {
      checkUserinfo(add, looksLike(edition), authority.userinfo, spans.userinfo!, host.raw, false, decode(authority.userinfo));
    }
    if (host.kind === "reg-name") {
      if (host.raw === "") {
        if (scheme !== undefined && opts.serverSchemes.has(scheme)) {
          add("missing-host", "warning", spans.authority!,
            `The ${ref.scheme} scheme requires a host, but the host is empty; some clients take the next path segment as the host instead`);
        }
      } else {
        checkRegName(add, host.raw, spans.host!, decode);
      }
    }
    if (host.kind === "IPv6address") checkIPv6(add, host.address, spans.host!);
    if (opts.fetch) checkLocal(add, host.kind === "reg-name" ? decode(host.raw) : host.raw, spans.host!);
    if (authority.port !== undefined && authority.port !== "") checkPort(add, authority.port, spans.port!, scheme, opts);
  }

  checkEscapes(add, input, spans, true);
  checkOtherEscapes(add, input, spans);
  checkDoubleEscapes(add, input, spans, reservedTable(edition));
  if (authority !== undefined) checkMisleadingAuthority(add, looksLike(edition), input, spans, authority.host.raw);
  return sortFindings(findings, input);
}

/**
 * What looks like a host in a userinfo (7.6). An IPv4address is the edition's rule of that role.
 * RFC 3986 has no rule for a domain name: its reg-name admits any name, and section 3.2.2 leaves a
 * name meant for the DNS to the syntax of RFC 1034 section 3.5 and RFC 1123 section 2.1. So a run
 * looks like a host name when it has that form: labels of letters, digits and hyphens, each 1-63
 * characters, beginning and ending with a letter or digit (RFC 1123 lets a label begin with a
 * digit). checkUserinfo asks in addition for two labels at least and a top label that begins with a
 * letter, which keeps version strings ("v1.2") and numbers out. An edition with a hostname role
 * (the draft's) uses its rule instead.
 */
function looksLike(edition: Edition): Matches {
  return (role, text) => {
    const name = edition.roles[role];
    if (name !== undefined) return edition.accepts(text, edition.requireRule(name));
    return role === "hostname" && isDnsName(text);
  };
}

/** The preferred name syntax of RFC 1034 3.5 as RFC 1123 2.1 relaxes it; a trailing "." (the root) is allowed. */
function isDnsName(text: string): boolean {
  const labels = (text.endsWith(".") ? text.slice(0, -1) : text).split(".");
  return labels.every((l) => /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(l));
}

/**
 * 7.4 and the numeric-label lookalike on a reg-name. The unreserved characters a normalizer decodes
 * (6.2.2.2, the grammar's `unreserved`) are decoded first, as a resolver would: "%31%32%37.1" is
 * read as "127.1". Only names of letters, digits, "." and "-" are read as host names.
 */
function checkRegName(add: Add, raw: string, span: Span, decode: (text: string) => string): void {
  const name = decode(raw);
  if (!/^[A-Za-z0-9.-]+$/.test(name)) return;
  const labels = name.split(".").filter((l) => l !== "");
  // A reg-name with a trailing "." is still read as an address by URL parsers of browsers (loose).
  checkHost(add, name, span, labels[labels.length - 1] ?? "", true, name === raw ? undefined : raw);
}


/** Where an escape matters, and how much: the authority is acted on first, the fragment is never sent. */
const PLACES = ["authority", "path", "query", "fragment"] as const;
const CONTROL_SEVERITY: Record<(typeof PLACES)[number], AuditSeverity> = {
  authority: "danger", path: "warning", query: "warning", fragment: "info",
};

/** The characters 7.3 names, by their escape (upper-case hex), with the name a message gives them. */
const DELIMITERS: Record<string, string> = {
  "2F": "\"/\"", "5C": "\"\\\"", "3A": "\":\"", "3F": "\"?\"", "23": "\"#\"", "5B": "\"[\"", "5D": "\"]\"",
  "40": "\"@\"", "26": "\"&\"", "3D": "\"=\"",
};

/**
 * Per place: the escapes that decode to a delimiter a back end splits that component on, the
 * severity and why. A reg-name decoded and read again names another authority; a path decoded
 * before it is split has other segments (7.3 names "/" and "\\" of file systems); a query decoded
 * before it is split into key/value pairs (7.3) has other pairs, though there an escaped "&" or "="
 * is also the only way to write one in a value, hence info.
 */
const DELIMITER_RULES: readonly { place: "host" | "path" | "query"; escapes: readonly string[]; severity: AuditSeverity; why: string }[] = [
  { place: "host", escapes: ["2F", "5C", "3A", "3F", "23", "5B", "5D", "40"], severity: "danger",
    why: "a resolver that decodes the name before it splits the authority reads another host" },
  { place: "path", escapes: ["2F", "5C"], severity: "warning",
    why: "a server or file system that decodes the path before it splits it into segments sees another path" },
  { place: "query", escapes: ["26", "3D"], severity: "info",
    why: "a server must split the query into key/value pairs before it decodes them, or the pairs change" },
];

/** DELIMITER_RULES with the escapes as the octets they stand for. */
const DELIMITER_CODES = DELIMITER_RULES.map((rule) => ({ ...rule, codes: new Set(rule.escapes.map((hex) => parseInt(hex, 16))) }));

/**
 * 7.3 on the escapes of each component: escaped NUL (runs), escapes that decode to a delimiter,
 * segments that decode to dot-segments. Each walks the escapes with indexOf, without a regular
 * expression's match per escape, so the time per character stays flat on long runs.
 */
function checkOtherEscapes(add: Add, input: string, spans: Spans): void {
  for (const place of PLACES) {
    const span = spans[place];
    if (span === undefined) continue;
    const [from, end] = span;
    for (let i = input.indexOf("%00", from); i >= 0 && i + 3 <= end; i = input.indexOf("%00", i)) {
      let j = i;
      while (j + 3 <= end && input.startsWith("%00", j)) j += 3;
      add("escaped-nul", CONTROL_SEVERITY[place], [i, j],
        `An escaped NUL (${abbreviate(input.slice(i, j))}) in the ${place}: it ends a string in C and should be rejected ` +
        `unless the application expects raw data here`);
      i = j;
    }
  }
  for (const rule of DELIMITER_CODES) {
    const span = spans[rule.place];
    if (span === undefined) continue;
    const [from, end] = span;
    for (let i = input.indexOf("%", from); i >= 0 && i + 3 <= end; i = input.indexOf("%", i + 1)) {
      const octet = escapeAt(input, i);
      if (octet < 0 || !rule.codes.has(octet)) continue;
      const hex = octet.toString(16).toUpperCase().padStart(2, "0");
      const text = input.slice(i, i + 3);
      add("escaped-delimiter", rule.severity, [i, i + 3], `${text} decodes to ${DELIMITERS[hex]} in the ${rule.place}: ${rule.why}`);
    }
  }
  const [from, end] = spans.path;
  let start = from;
  while (start < end) {
    // Segments that decode to "." or "..": remove_dot_segments (5.2.4) compares the text as written
    // and keeps them, but 6.2.2.2 decodes "%2E", and a back end that decodes sees a dot-segment.
    let stop = input.indexOf("/", start);
    if (stop < 0 || stop > end) stop = end;
    const segment = stop - start <= 6 ? input.slice(start, stop) : "";
    if (/^(?:%2[Ee]|\.){1,2}$/.test(segment) && segment.includes("%")) {
      add("escaped-dot-segment", "warning", [start, stop],
        `The segment ${segment} decodes to "${segment.length > 3 ? ".." : "."}", which remove_dot_segments did not remove: ` +
        `a server that decodes it may climb out of the directory it serves`);
    }
    start = stop + 1;
  }
}

/** audit() in an edition of RFC 3986's model: the input parsed, then checked. */
export function auditIn(edition: Edition, input: unknown, options: unknown, fn: string): AuditFinding[] {
  requireString(input, `${fn}: input`);
  readOptions(options, fn); // a bad option is a TypeError before the input's syntax is checked
  const ref = parseIn(edition, input, edition.requireRule(edition.roles.reference)) as Reference;
  return auditReference(edition, input, ref, options, fn);
}
