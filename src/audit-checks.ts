// Section 7 (Security Considerations) as checks: what in a valid URI reference deserves a second
// look before it is fetched, shown to a user or filtered on. Each finding names its section and the
// exact span of the input it is about. The input must be valid: parse() throws UriSyntaxError first.
import { admitFinding, coalescedFindings } from "./audit-cap.js";
import { readInetAton } from "./ipv4-forms.js";
import { booleanOption, oneOfOption, optionsOf, stringsOption } from "./options.js";
import { describe, requireString } from "./args.js";
import { article } from "./words.js";
import type { Edition } from "./edition.js";
import { escapeAt, hexValue } from "./escapes.js";
import { embeddedIPv4, ipv4InIPv6, ipv6Groups, localAddress } from "./ip-literals.js";
import { parseIn } from "./parse.js";
import { schemeInfo } from "./schemes.js";
import {
  AUDIT_SEVERITIES, DEFAULT_SERVER_SCHEMES, auditSectionsOf, type AuditCode, type AuditFinding, type AuditSeverity,
} from "./audit-codes.js";

export { AUDIT_SEVERITIES, DEFAULT_SERVER_SCHEMES, FINDINGS, auditSectionsOf } from "./audit-codes.js";
export type { AuditCode, AuditFinding, AuditOptions, AuditSeverity } from "./audit-codes.js";

/**
 * Well-known ports (IANA, 0-1023, and a few above) of protocols that take commands as lines of text,
 * the kind section 7.2 warns a URI can smuggle instructions to. A scheme of the same name has it as
 * its default port when src/schemes.ts does not list the scheme.
 */
export const WELL_KNOWN_PORTS: ReadonlyMap<number, string> = new Map([
  [7, "echo"], [9, "discard"], [13, "daytime"], [17, "qotd"], [19, "chargen"], [20, "ftp-data"],
  [21, "ftp"], [22, "ssh"], [23, "telnet"], [25, "smtp"], [37, "time"], [43, "whois"], [53, "domain"],
  [69, "tftp"], [70, "gopher"], [79, "finger"], [80, "http"], [110, "pop"], [111, "sunrpc"],
  [113, "ident"], [119, "nntp"], [135, "msrpc"], [139, "netbios-ssn"], [143, "imap"], [161, "snmp"],
  [389, "ldap"], [443, "https"], [445, "microsoft-ds"], [465, "smtps"], [512, "exec"], [513, "login"],
  [514, "shell"], [515, "printer"], [554, "rtsp"], [587, "submission"], [636, "ldaps"], [873, "rsync"],
  [993, "imaps"], [995, "pop3s"], [1080, "socks"], [3306, "mysql"], [5432, "postgresql"],
  [6379, "redis"], [6667, "irc"], [11211, "memcache"],
]);

/** A span [start, end) of the input. */
export type Span = readonly [number, number];

/** Where each component of a parsed reference lies in the input (its toString() is the input). */
export interface Spans {
  authority?: Span;
  userinfo?: Span;
  host?: Span;
  port?: Span;
  path: Span;
  query?: Span;
  fragment?: Span;
}

/** A reference of the draft or of RFC 2396: the same components, a reg-name spelled "reg-name" or "reg_name". */
export interface HierarchicalReference {
  readonly scheme?: string;
  readonly authority?:
    | { readonly kind: "server"; readonly raw: string; readonly userinfo?: string; readonly port?: string;
        readonly host?: { readonly kind: "hostname"; readonly raw: string; readonly labels: readonly string[] } |
          { readonly kind: "IPv6reference"; readonly raw: string; readonly address: string } | { readonly kind: "IPv4address"; readonly raw: string } }
    /** A registry-based authority, by the name the edition's grammar gives its rule (roles.regName). */
    | { readonly kind: "reg-name" | "reg_name" | "authority"; readonly raw: string };
  readonly path: string;
  readonly query?: string;
  readonly fragment?: string;
}

/** What the draft and RFC 2396 audit differently: the sections, and how normalization decodes. */
export interface HierarchicalModel {
  /** The text with the escapes decoded that the edition's normalization decodes. */
  readonly decode: (text: string) => string;
}

/**
 * Checks a URI reference of the draft's or RFC 2396's model against the warnings of section 7 and
 * the lookalikes its server rule allows. Returns the findings in input order; [] when there is
 * nothing to say. Throws UriSyntaxError when the input is not a reference of the edition,
 * TypeError for a non-string input or bad options.
 */
export function auditHierarchical(edition: Edition, input: unknown, options: unknown, model: HierarchicalModel, fn = "audit"): AuditFinding[] {
  requireString(input, `${fn}: input`);
  const opts = readOptions(options, fn);
  const ref = parseIn(edition, input, edition.requireRule(edition.roles.reference)) as HierarchicalReference;
  const matches = (role: "ipv4" | "hostname", text: string): boolean => {
    const name = edition.roles[role];
    return name !== undefined && edition.accepts(text, edition.requireRule(name));
  };
  const findings: AuditFinding[] = [];
  const add = collector(input, opts, findings, edition);
  const spans = locate(ref);
  const scheme = ref.scheme?.toLowerCase();
  const serverExpected = scheme !== undefined && opts.serverSchemes.has(scheme);
  const authority = ref.authority;
  let realHost: string | undefined;

  if (authority?.kind === "server") {
    const host = authority.host;
    realHost = host?.raw ?? "";
    if (authority.userinfo !== undefined) {
      checkUserinfo(add, matches, authority.userinfo, spans.userinfo!, realHost, false, model.decode(authority.userinfo));
    }
    if (host === undefined) {
      if (serverExpected) {
        add("missing-host", "warning", spans.authority!,
          `The ${ref.scheme} scheme requires a host, but the authority is empty; some clients take the next path segment as the host instead`);
      }
    } else {
      if (host.kind === "hostname") checkHost(add, host.raw, spans.host!, host.labels[host.labels.length - 1], false);
      if (host.kind === "IPv6reference") checkIPv6(add, host.address, spans.host!);
      if (opts.fetch) checkLocal(add, host.raw, spans.host!);
    }
    if (authority.port !== undefined && authority.port !== "") checkPort(add, authority.port, spans.port!, scheme, opts);
  } else if (authority !== undefined) {
    const span = spans.authority!;
    if (serverExpected) {
      add("reg-name-authority", "warning", span,
        `The ${ref.scheme} scheme expects a server (host and port), but "${shorten(authority.raw)}" is a reg-name ` +
        `(registry-based, not server-based); clients disagree about which host it names`);
    }
    // A reg-name is scheme-specific; only where a server is expected (or the scheme is not yet
    // known, in a relative reference) is it worth reading as one.
    if (serverExpected || scheme === undefined) {
      realHost = looseServerChecks(add, matches, authority.raw, span[0], scheme, opts, model.decode);
    }
  }

  checkEscapes(add, input, spans, false);
  checkDoubleEscapes(add, input, spans, reservedTable(edition));
  if (realHost !== undefined) checkMisleadingAuthority(add, matches, input, spans, realHost);
  return sortFindings(findings, input);
}

/**
 * An Add that keeps the findings at or above options.minSeverity in `findings`, each with the
 * section of the edition's document behind its code (auditSectionsOf) and the text of its span; a
 * code without a section in the edition is left out.
 */
export function collector(input: string, opts: ReadOptions, findings: AuditFinding[], edition: Edition): Add {
  const sections = auditSectionsOf(edition);
  const sectionOf = (code: AuditCode) => sections[code];
  return (code, severity, span, message, detail) => {
    if (rank(severity) < rank(opts.minSeverity)) return;
    // A check whose concern the edition's document does not raise reports nothing.
    const section = sectionOf(code);
    if (section === undefined) return;
    if (!admitFinding(findings, code, section, severity, span[0], span[1])) return;
    findings.push({
      code, severity, section, message, start: span[0], end: span[1], text: input.slice(span[0], span[1]),
      ...(detail !== undefined ? { detail } : {}),
    });
  };
}

/** The findings in input order; at one span, the most severe first (with the coalesced ones of `input`, audit-cap.ts). */
export function sortFindings(findings: AuditFinding[], input?: string): AuditFinding[] {
  if (input !== undefined) findings.push(...coalescedFindings(findings, input));
  return findings.sort((a, b) => a.start - b.start || a.end - b.end || rank(b.severity) - rank(a.severity));
}

/** Whether the text matches the edition's rule of that role. */
export type Matches = (role: "ipv4" | "hostname", text: string) => boolean;

/** Reports a finding (the section comes from the edition's table of codes). */
export type Add = (code: AuditCode, severity: AuditSeverity, span: Span, message: string, detail?: string) => void;

/** The options of audit(), checked. */
export interface ReadOptions {
  serverSchemes: ReadonlySet<string>;
  defaultPorts: ReadonlyMap<string, number>;
  minSeverity: AuditSeverity;
  fetch: boolean;
}

/** The options of audit(), checked; TypeError for a bad one. */
export function readOptions(options: unknown, fn = "audit"): ReadOptions {
  const o = optionsOf(options, fn);
  const schemes = stringsOption(o, "serverSchemes", "scheme names", fn);
  const serverSchemes = schemes === undefined ? DEFAULT_SET : new Set(schemes.map((s) => s.toLowerCase()));
  const defaultPorts = new Map<string, number>();
  const ports = o.defaultPorts;
  if (ports !== undefined) {
    if (ports === null || typeof ports !== "object" || Array.isArray(ports)) {
      throw new TypeError(`${fn}: options.defaultPorts must be an object mapping scheme names to port numbers, got ${describe(ports)}`);
    }
    for (const [s, p] of Object.entries(ports)) {
      if (!Number.isInteger(p) || p < 0 || p > 65535) {
        throw new TypeError(`${fn}: options.defaultPorts[${JSON.stringify(s)}] must be an integer 0-65535, got ${String(p)}`);
      }
      defaultPorts.set(s.toLowerCase(), p as number);
    }
  }
  const minSeverity = oneOfOption(o, "minSeverity", AUDIT_SEVERITIES, "info", fn);
  return { serverSchemes, defaultPorts, minSeverity, fetch: booleanOption(o, "fetch", false, fn) };
}

const DEFAULT_SET: ReadonlySet<string> = new Set(DEFAULT_SERVER_SCHEMES);

export function rank(severity: AuditSeverity): number {
  return AUDIT_SEVERITIES.indexOf(severity);
}

/** The spans of the components, from their lengths and the delimiters of section 5.2's recomposition. */
export function locate(ref: LocatableReference): Spans {
  let pos = 0;
  if (ref.scheme !== undefined) pos = ref.scheme.length + 1;
  const spans: Partial<Spans> = {};
  const a = ref.authority;
  if (a !== undefined) {
    pos += 2;
    spans.authority = [pos, pos + a.raw.length];
    // A server's parts (RFC 3986's every authority is one: it has no kind).
    if (a.kind === undefined || a.kind === "server") {
      let p = pos;
      if (a.userinfo !== undefined) { spans.userinfo = [p, p + a.userinfo.length]; p += a.userinfo.length + 1; }
      if (a.host !== undefined) { spans.host = [p, p + a.host.raw.length]; p += a.host.raw.length; }
      if (a.port !== undefined) spans.port = [p + 1, p + 1 + a.port.length];
    }
    pos += a.raw.length;
  }
  spans.path = [pos, pos + ref.path.length];
  pos += ref.path.length;
  if (ref.query !== undefined) { spans.query = [pos + 1, pos + 1 + ref.query.length]; pos += 1 + ref.query.length; }
  if (ref.fragment !== undefined) spans.fragment = [pos + 1, pos + 1 + ref.fragment.length];
  return spans as Spans;
}

/** What locate() reads of a reference: its components' texts, a server's parts. */
export interface LocatableReference {
  readonly scheme?: string;
  readonly authority?: { readonly kind?: string; readonly raw: string; readonly userinfo?: string; readonly host?: { readonly raw: string }; readonly port?: string };
  readonly path: string;
  readonly query?: string;
  readonly fragment?: string;
}

/**
 * 7.5 and 7.4 on a userinfo at `span`; `loose` when read from a reg-name. `decoded` is the userinfo
 * as the edition's normalization decodes it, where a reader sees a host name ("%77ww.example.com").
 */
export function checkUserinfo(add: Add, matches: Matches, userinfo: string, span: Span, host: string, loose: boolean,
  decoded = userinfo): void {
  const real = host === "" ? "empty" : `"${shorten(host)}"`;
  const how = loose ? " (reading the reg-name as userinfo@host, as clients of server schemes do)" : "";
  const lookalike = hostLikeRun(matches, userinfo) ?? (decoded === userinfo ? undefined : hostLikeRun(matches, decoded));
  if (lookalike !== undefined) {
    add("misleading-userinfo", "danger", span,
      `The userinfo looks like a host name ("${shorten(lookalike)}"), but the host is ${real}${how}: ` +
      `a semantic attack misleads readers this way`, host);
  } else if (/[&=.]/.test(userinfo)) {
    add("misleading-userinfo", "warning", span,
      `The userinfo holds "&", "=" or ".", which makes it read like part of a host or path; the host is ${real}${how}`, host);
  } else {
    add("userinfo", "info", span,
      `Userinfo is present and is easily mistaken for the authority; the host is ${real}${how}`, host);
  }
  const colon = userinfo.indexOf(":");
  if (colon >= 0) {
    const password: Span = [span[0] + colon + 1, span[1]];
    if (password[1] > password[0]) {
      add("password", "warning", password,
        `A password in userinfo ("user:password") is passed in clear text; its use is strongly discouraged${how}`);
    } else {
      add("password", "info", password, `The userinfo has the "user:password" form with an empty password${how}`);
    }
  }
}

/**
 * A run of host-name characters in the userinfo that reads as a domain name with at least two
 * labels and a top label that starts with a letter ("www.example.com"), or as an IPv4address.
 * The runs are visited one at a time (no array of them all), so a long userinfo takes linear time.
 */
function hostLikeRun(matches: Matches, userinfo: string): string | undefined {
  const runs = /[A-Za-z0-9.-]+/g;
  for (let m = runs.exec(userinfo); m !== null; m = runs.exec(userinfo)) {
    const run = m[0];
    if (looksLikeHost(matches, run)) return run;
  }
  return undefined;
}

/** An IPv4address, or a domain name of two labels or more whose top label starts with a letter. */
function looksLikeHost(matches: Matches, run: string): boolean {
  if (!run.includes(".")) return false;
  if (matches("ipv4", run)) return true;
  return /\.[A-Za-z][A-Za-z0-9-]*\.?$/.test(run) && /^[A-Za-z0-9]/.test(run) && matches("hostname", run);
}

/**
 * 7.3 and the numeric-label lookalike, on a host name (or a reg-name read as one). `written` is
 * the host as the input has it when `host` is that text with its escapes decoded (the reading of
 * normalize(), and of a resolver that decodes the name): "%31%32%37.1" is read as "127.1".
 */
export function checkHost(add: Add, host: string, span: Span, lastLabel: string, loose: boolean, written?: string): void {
  let reading = readInetAton(host);
  let trailingDot = false;
  if (!reading && loose && host.endsWith(".")) {
    reading = readInetAton(host.slice(0, -1));
    trailingDot = reading !== undefined;
  }
  const decoded = written === undefined ? "" : `"${shorten(written)}" decodes to "${shorten(host)}" (as normalize() decodes it), which `;
  if (reading && reading.dotted === host && written === undefined) {
    // Four dotted decimal octets as written: the ordinary form, not a rare one.
  } else if (reading && reading.dotted === host) {
    add("ipv4-form", "danger", span,
      `${decoded}is the IPv4 address ${reading.dotted}: the grammar reads a name, a resolver reads an address; ` +
      `filter on the numeric address of the decoded host, not the string`, reading.dotted);
  } else if (reading) {
    const form = reading.parts === 4 ? "four parts" : reading.parts === 1 ? "a single number" : `${reading.parts} parts`;
    const bases = [...new Set(reading.bases)].map((b) => (b === 16 ? "hexadecimal" : b === 8 ? "octal" : "decimal")).join(" and ");
    add("ipv4-form", "danger", span,
      `${written === undefined ? `"${shorten(host)}" ` : decoded}is not an IPv4address, but inet_aton() reads it (${form}, ${bases}` +
      `${trailingDot ? ", ignoring the trailing \".\" as URL parsers of browsers do" : ""}) as ${reading.dotted}; ` +
      `filter on the numeric address, not the string`, reading.dotted);
  } else if (/^[0-9]+$/.test(lastLabel)) {
    add("numeric-label", "warning", span,
      `The last label of "${shorten(host)}" is all digits, so the name looks like an IP address; ` +
      `the top label of a domain name never starts with a digit`);
  }
}

/** 7.3 on an IPv6 literal (the address without its brackets): an IPv4 address in IPv6 clothes. */
export function checkIPv6(add: Add, address: string, span: Span): void {
  const groups = ipv6Groups(address);
  if (groups === undefined) return;
  const kind = ipv4InIPv6(groups);
  if (kind === undefined) return;
  const ipv4 = embeddedIPv4(groups);
  if (kind === "mapped") {
    add("ipv4-in-ipv6", "danger", span,
      `[${shorten(address)}] is the IPv4-mapped form of ${ipv4}: a dual-stack client connects to ${ipv4} over IPv4, ` +
      `past a filter that compares IPv4 addresses; filter on the numeric address`, ipv4);
  } else {
    add("ipv4-in-ipv6", "warning", span,
      `[${shorten(address)}] is the IPv4-compatible form of ${ipv4} (deprecated by RFC 4291 section 2.5.5.1); ` +
      `some stacks still reach ${ipv4} through it; filter on the numeric address`, ipv4);
  }
}

/**
 * The option `fetch`: a host (as written in the authority, or as read from a reg-name) that is
 * the machine itself. A program that fetches what others give it reaches its own services there.
 */
export function checkLocal(add: Add, host: string, span: Span): void {
  const local = localAddress(host);
  if (local === undefined) return;
  const what = local.kind === "loopback" ? "a loopback address" : "the unspecified address, which reaches the local machine";
  add("local-address", "danger", span,
    `"${shorten(host)}" is ${local.address === "localhost" ? "the name localhost (RFC 6761 section 6.3)" : `${local.address}, ${what}`}: ` +
    `a program that fetches it on someone's behalf reaches its own machine's services`, local.address);
}

/** 7.2 on a port of the digits `port` at `span`. */
export function checkPort(add: Add, port: string, span: Span, scheme: string | undefined, opts: ReadOptions): void {
  const digits = port.replace(/^0+(?=\d)/, "");
  let value = digits.length > 15 ? Infinity : Number(digits);
  if (value > 65535) {
    const truncated = digits.length > 15 ? bigMod(digits) : value % 65536;
    add("port-out-of-range", "warning", span,
      `Port ${shorten(port)} is above 65535 and names no TCP port; a client that keeps 16 bits connects to port ${truncated}`,
      String(truncated));
    value = truncated;
  }
  const known = scheme === undefined ? undefined : defaultPort(scheme, opts);
  if (known === value) return;
  const other = WELL_KNOWN_PORTS.get(value);
  if (other !== undefined) {
    if (known !== undefined) {
      add("port-other-protocol", "danger", span,
        `Port ${value} is the well-known port of ${other}, not ${scheme}'s ${known}: ${article(scheme ?? "")} ${scheme} request sent there can act as ` +
        `${other} commands`, String(value));
    } else {
      add("port-other-protocol", "info", span,
        `Port ${value} is the well-known port of ${other}; the default port of ${scheme ?? "the scheme (inherited from the base)"} is not known here`,
        String(value));
    }
    return;
  }
  if (known === undefined) return;
  if (value < 1024) {
    add("port-reserved", "warning", span,
      `Port ${value} is not ${scheme}'s default ${known} and lies in the reserved space (0-1023) of other protocols`, String(value));
  } else {
    add("port-not-default", "info", span, `Port ${value} is not ${scheme}'s default ${known}`, String(value));
  }
}

function defaultPort(scheme: string, opts: ReadOptions): number | undefined {
  const own = opts.defaultPorts.get(scheme);
  if (own !== undefined) return own;
  const info = schemeInfo(scheme);
  if (info) return Number(info.defaultPort);
  for (const [port, name] of WELL_KNOWN_PORTS) if (name === scheme) return port;
  return undefined;
}

/** A long decimal string modulo 65536, digit by digit. */
function bigMod(digits: string): number {
  let r = 0;
  for (let i = 0; i < digits.length; i++) r = (r * 10 + (digits.charCodeAt(i) - 48)) % 65536;
  return r;
}

/**
 * A reg-name authority read the way clients of server schemes read it: userinfo up to the last
 * "@", then host, then ":" and port when the rest is digits. The userinfo, host and port checks run
 * on those parts; the host once its escapes are decoded, as normalization decodes them. Returns
 * the host as written.
 */
function looseServerChecks(add: Add, matches: Matches, raw: string, offset: number, scheme: string | undefined, opts: ReadOptions,
  decode: (text: string) => string): string {
  const at = raw.lastIndexOf("@");
  const hostStart = at + 1;
  let hostEnd = raw.length;
  const colon = raw.lastIndexOf(":");
  let port: string | undefined;
  if (colon >= hostStart && /^[0-9]*$/.test(raw.slice(colon + 1))) {
    port = raw.slice(colon + 1);
    hostEnd = colon;
  }
  const host = raw.slice(hostStart, hostEnd);
  const hostSpan: Span = [offset + hostStart, offset + hostEnd];
  if (at >= 0) {
    const userinfo = raw.slice(0, at);
    checkUserinfo(add, matches, userinfo, [offset, offset + at], host, true, decode(userinfo));
  }
  const decoded = decode(host);
  if (/^[A-Za-z0-9.-]+$/.test(decoded)) {
    const labels = decoded.split(".").filter((l) => l !== "");
    checkHost(add, decoded, hostSpan, labels[labels.length - 1] ?? "", true, decoded === host ? undefined : host);
  }
  if (opts.fetch) checkLocal(add, decoded, hostSpan);
  if (port !== undefined && port !== "") checkPort(add, port, [offset + colon + 1, offset + raw.length], scheme, opts);
  return host;
}

/** Where an escape matters, and how much: the authority is acted on first, the fragment is never sent. */
export const PLACES = ["authority", "path", "query", "fragment"] as const;
type Place = (typeof PLACES)[number];
const CONTROL_SEVERITY: Record<Place, AuditSeverity> = { authority: "danger", path: "warning", query: "warning", fragment: "info" };
const OTHER_CONTROL_SEVERITY: Record<Place, AuditSeverity> = { authority: "warning", path: "info", query: "info", fragment: "info" };

/** The names of the C0 controls, DEL and the C1 controls (ISO/IEC 6429), by code. */
const C0 = ["NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "TAB", "LF", "VT", "FF", "CR", "SO", "SI", "DLE", "DC1",
  "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US"];
const C1 = ["PAD", "HOP", "BPH", "NBH", "IND", "NEL", "SSA", "ESA", "HTS", "HTJ", "VTS", "PLD", "PLU", "RI", "SS2", "SS3", "DCS",
  "PU1", "PU2", "STS", "CCH", "MW", "SPA", "EPA", "SOS", "SGCI", "SCI", "CSI", "ST", "OSC", "PM", "APC"];

/** The name of the control character an escape (or "%C2" and an escape) stands for. */
function controlName(code: number): string {
  return code < 0x20 ? C0[code] : code === 0x7f ? "DEL" : C1[code - 0x80];
}

/**
 * The escaped control character at `at` in the text, as its length (3, or 6 for the UTF-8 form)
 * times 256 plus its code, or -1 (a number, not an object: this runs once per escape). A control
 * is an escaped C0 control (%00-%1F), DEL (%7F), a C1 control (%80-%9F, as ISO 8859-1 reads the
 * octet) or the UTF-8 form of one (%C2%80-%C2%9F).
 */
function controlAt(text: string, at: number, end: number): number {
  const octet = at + 3 <= end ? escapeAt(text, at) : -1;
  if (octet < 0) return -1;
  if (octet < 0x20 || octet === 0x7f || (octet >= 0x80 && octet <= 0x9f)) return 3 * 256 + octet;
  if (octet === 0xc2 && at + 6 <= end) {
    const next = escapeAt(text, at + 3);
    if (next >= 0x80 && next <= 0x9f) return 6 * 256 + next;
  }
  return -1;
}

/**
 * 7.2: escaped control characters, one finding per run of them in a component. CR, LF and NUL
 * end or split a protocol line (NUL a C string): their severity is the place's. The others (TAB,
 * ESC, DEL, the C1 controls) are delimiters of fewer protocols (TAB separates gopher's fields) and
 * rank lower. With `nulApart`, NUL is left to RFC 3986's own check (7.3) and splits the runs.
 */
export function checkEscapes(add: Add, input: string, spans: Partial<Record<Place, Span>>, nulApart: boolean): void {
  const control = (at: number, end: number): number => {
    const c = controlAt(input, at, end);
    return nulApart && c === 3 * 256 ? -1 : c;
  };
  for (const place of PLACES) {
    const span = spans[place];
    if (span === undefined) continue;
    const [from, end] = span;
    for (let i = input.indexOf("%", from); i >= 0 && i < end; i = input.indexOf("%", i + 1)) {
      if (control(i, end) < 0) continue;
      let j = i;
      const names = new Set<string>();
      let severe = false;
      for (let c = control(j, end); c >= 0; c = control(j, end)) {
        const code = c & 0xff;
        if (names.size < 6) names.add(controlName(code));
        if (code === 0x0d || code === 0x0a || code === 0) severe = true;
        j += c >> 8;
      }
      const run = input.slice(i, j);
      const what = [...names].slice(0, 5).join(", ") + (names.size > 5 ? ", …" : "");
      const why = place === "fragment"
        ? "the fragment is not sent in a retrieval, but a client that decodes it may still act on it"
        : severe
          ? "it must not be unescaped before transmission, or it can end a protocol line and smuggle in another command"
          : "it must not be unescaped before transmission: some protocols take it as a delimiter (TAB separates gopher's " +
            "fields), and a terminal that shows it may take it as a command";
      add("escaped-control", (severe ? CONTROL_SEVERITY : OTHER_CONTROL_SEVERITY)[place], [i, j],
        `An escaped ${what} (${abbreviate(run)}) in the ${place}: ${why}`);
      i = j - 1;
    }
  }
}

/**
 * 2.4.2 ("careful not to escape or unescape the same string more than once"): an escaped "%"
 * followed by the rest of an escape, "%25" "2e", decoded once is "%2e" and decoded again ".". A
 * program that decodes twice sees a dot segment ("%252e%252e") or a delimiter ("%252F") where the
 * grammar and a single decoding see data. `reserved` marks the edition's reserved characters, by
 * code; "\\" counts as well (a path separator of file systems).
 */
export function checkDoubleEscapes(add: Add, input: string, spans: Partial<Record<Place, Span>>, reserved: Uint8Array): void {
  for (const place of PLACES) {
    const span = spans[place];
    if (span === undefined) continue;
    const [from, end] = span;
    if (place === "path") {
      // Segment by segment: a segment that decodes (more than once) to "." or ".." is one finding.
      // Only segments that hold a "%25" are looked at, found by one search that moves forward
      // (a search from each segment would read the rest of the path again: quadratic time).
      let start = from;
      let next = input.indexOf("%25", from);
      while (start <= end && next >= 0 && next < end) {
        if (next < start) { next = input.indexOf("%25", start); continue; }
        let stop = input.indexOf("/", start);
        if (stop < 0 || stop > end) stop = end;
        if (next < stop && !dotSegmentFinding(add, input, start, stop)) eachDoubleEscape(add, input, start, stop, place, reserved);
        start = stop + 1;
      }
    } else {
      eachDoubleEscape(add, input, from, end, place, reserved);
    }
  }
}

/** A segment of "." and escapes of "." only, at least one escaped twice or more: one finding. */
function dotSegmentFinding(add: Add, input: string, start: number, stop: number): boolean {
  if (stop - start > 64) return false;
  const segment = input.slice(start, stop);
  const dots = /^(?:\.|%(?:25)*2[Ee])(?:\.|%(?:25)*2[Ee])?$/;
  if (!dots.test(segment) || !/%25/.test(segment)) return false;
  const decoded = segment.replace(/%(?:25)*2[Ee]/g, ".");
  add("double-escape", "warning", [start, stop],
    `The segment ${segment} decodes, a second time, to "${decoded}": a server that decodes twice may climb out of the directory it serves`,
    decoded);
  return true;
}

/** Each escaped "%" that, decoded again, gives a reserved character or "\\" (one finding per escape). */
function eachDoubleEscape(add: Add, input: string, from: number, end: number, place: Place, reserved: Uint8Array): void {
  let i = input.indexOf("%25", from);
  while (i >= 0 && i + 5 <= end) {
    // "%25", then "25" once for each further level, then the two hex digits of the escape it hides.
    let j = i + 3;
    let times = 2;
    while (j + 4 <= end && input.startsWith("25", j) && hexValue(input.charCodeAt(j + 2)) >= 0 && hexValue(input.charCodeAt(j + 3)) >= 0) {
      j += 2;
      times++;
    }
    const h = hexValue(input.charCodeAt(j));
    const l = hexValue(input.charCodeAt(j + 1));
    const code = h < 0 || l < 0 ? -1 : h * 16 + l;
    // A control character (C0, DEL, C1 as ISO 8859-1 reads the octet) is what section 7 warns must
    // not be unescaped before transmission; "#" ends the part a server is sent, wherever it stands.
    const control = code >= 0 && (code < 0x20 || code === 0x7f || (code >= 0x80 && code <= 0x9f));
    if (code >= 0 && (control || (code < 0x80 && (reserved[code] === 1 || code === 0x5c || code === 0x23)))) {
      const ch = String.fromCharCode(code);
      const severity: AuditSeverity = control
        ? (code === 0x0d || code === 0x0a || code === 0 ? CONTROL_SEVERITY : OTHER_CONTROL_SEVERITY)[place]
        : place === "authority" ? "danger"
          : place === "path" && (ch === "/" || ch === "\\") ? "warning" : "info";
      const what = control ? `${controlName(code)}, a control character` : `${JSON.stringify(ch)}, a delimiter`;
      add("double-escape", severity, [i, j + 2],
        `${input.slice(i, j + 2)} in the ${place} is an escaped "%" before "${input.slice(j, j + 2)}": decoded ` +
        `${times === 2 ? "twice" : `${times} times`} it is ${what} where the grammar and a single decoding see data`, ch);
      i = input.indexOf("%25", j + 2);
    } else {
      i = input.indexOf("%25", i + 3);
    }
  }
}

/** The edition's reserved characters, by code, from its grammar's rule of that name. */
const RESERVED = new WeakMap<Edition, Uint8Array>();
export function reservedTable(edition: Edition): Uint8Array {
  let table = RESERVED.get(edition);
  if (table === undefined) {
    const rule = edition.rule("reserved");
    table = new Uint8Array(0x80);
    for (let code = 0; code < 0x80; code++) table[code] = rule !== undefined && edition.accepts(String.fromCharCode(code), rule) ? 1 : 0;
    RESERVED.set(edition, table);
  }
  return table;
}

/**
 * 7.5: with an authority and an empty path, a "@" in the query or fragment before any "/" makes
 * the text from "//" on read as userinfo@host: "http://evil.example#@good.example/" shows
 * "good.example" where a reader, and a parser that takes the host after the last "@" before a "/",
 * expects the host. The real host is `realHost`.
 */
export function checkMisleadingAuthority(add: Add, matches: Matches, input: string, spans: Partial<Record<Place, Span>>, realHost: string): void {
  const authority = spans.authority;
  if (authority === undefined || spans.path === undefined || spans.path[1] !== spans.path[0]) return;
  const rest = spans.path[1];
  let slash = input.indexOf("/", rest);
  if (slash < 0) slash = input.length;
  const at = input.lastIndexOf("@", slash - 1);
  if (at < rest) return;
  const place = spans.fragment !== undefined && at >= spans.fragment[0] ? "fragment" : "query";
  const host = /^[A-Za-z0-9.-]*/.exec(input.slice(at + 1, Math.min(slash, at + 256)))![0];
  if (host === "" || host === realHost || !looksLikeHost(matches, host)) return;
  add("misleading-authority", "danger", [at, at + 1 + host.length],
    `The ${place} holds "@${shorten(host)}" before any "/", so the text after "//" reads as userinfo@host with the host ` +
    `"${shorten(host)}", but the host is ${realHost === "" ? "empty" : `"${shorten(realHost)}"`}: a semantic attack misleads readers this way`,
    realHost);
}

/** A run of escapes, cut to four of them for a message. */
export function abbreviate(run: string): string {
  return run.length > 12 ? run.slice(0, 12) + "…" : run;
}

/** At most 60 characters of a value, for messages. */
export function shorten(text: string): string {
  return text.length > 60 ? text.slice(0, 57) + "…" : text;
}

