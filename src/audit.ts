// Section 7 (Security Considerations) as checks: what in a valid URI reference deserves a second
// look before it is fetched, shown to a user or filtered on. Each finding names its section and the
// exact span of the input it is about. The input must be valid: parse() throws UriSyntaxError first.
import { readInetAton } from "./ipv4-forms.js";
import { describe, requireString } from "./args.js";
import { article } from "./words.js";
import type { Edition } from "./edition.js";
import { parseIn } from "./parse.js";
import { schemeInfo } from "./schemes.js";
import type { UriReference } from "./types.js";

/** How much a finding matters, least first. The CLI fails on "warning" and "danger". */
export type AuditSeverity = "info" | "warning" | "danger";

/** The severities in increasing order. */
export const AUDIT_SEVERITIES: readonly AuditSeverity[] = Object.freeze(["info", "warning", "danger"] as const);

/**
 * What a finding is about. The sections below are the draft's; RFC 3986 numbers its security
 * considerations differently, and its findings cite its own sections (src/rfc3986/audit.ts).
 */
export type AuditCode =
  /** 7.5: userinfo is present (info). */
  | "userinfo"
  /** 7.5: userinfo that looks like a host name or IPv4 address (danger), or holds "&", "=", "." (warning). */
  | "misleading-userinfo"
  /** 7.4: a password in userinfo ("user:password"); info when it is empty. */
  | "password"
  /** 7.2: the well-known port of another protocol (danger on a scheme with a known default, else info). */
  | "port-other-protocol"
  /** 7.2: a port other than the scheme's default within the reserved space 0-1023 (warning). */
  | "port-reserved"
  /** 7.2: a port other than the scheme's default, 1024 or above (info). */
  | "port-not-default"
  /** 7.2: a port above 65535, which no TCP port is; 16-bit truncation reads another one (warning). */
  | "port-out-of-range"
  /** 7.2: an escaped CR, LF or NUL (%0D, %0A, %00): danger in the authority, warning in path or query, info in the fragment. */
  | "escaped-control"
  /** 7.3: a host that inet_aton() reads as an IPv4 address although it is not an IPv4address (danger). */
  | "ipv4-form"
  /** 3.2.2: a hostname whose last label is all digits, an IPv4 lookalike (warning). */
  | "numeric-label"
  /** 3.2.2: a reg-name authority where a server is expected (warning). */
  | "reg-name-authority"
  /** 3.2.2: no host where the scheme requires one ("http:///x") (warning). */
  | "missing-host"
  /** RFC 3986 7.3: an escaped NUL (%00), which a back end not expecting raw data should reject. */
  | "escaped-nul"
  /**
   * RFC 3986 7.3: an escape that decodes to a delimiter where a back end splits on it: "/" or "\" in
   * the path, a gen-delim or "\" in a reg-name, "&" or "=" in the query.
   */
  | "escaped-delimiter"
  /** RFC 3986 7.3: a path segment that decodes to "." or ".." although remove_dot_segments kept it. */
  | "escaped-dot-segment";

/** The codes only RFC 3986's checks report. */
type Rfc3986Code = "escaped-nul" | "escaped-delimiter" | "escaped-dot-segment";

export interface AuditFinding {
  readonly code: AuditCode;
  readonly severity: AuditSeverity;
  /**
   * The section of the edition's document behind the check: for the draft "7.2", "7.3", "7.4",
   * "7.5" or "3.2.2"; for RFC 3986 "7.2" to "7.6", "3.2.2" or "3.2.3".
   */
  readonly section: string;
  /** One sentence for a reader: what was found and why it matters. */
  readonly message: string;
  /** The span [start, end) of the input the finding is about (UTF-16 offsets). */
  readonly start: number;
  readonly end: number;
  /** The text of that span. */
  readonly text: string;
  /**
   * The value worked out, where there is one: the real host for the userinfo findings, the dotted
   * address for "ipv4-form", the port number as read for the port findings (the 16-bit truncation
   * for "port-out-of-range").
   */
  readonly detail?: string;
}

export interface AuditOptions {
  /**
   * Schemes whose authority must be a server (host and optional port): a reg-name authority or a
   * missing host is reported for them. Compared case-insensitively. Default DEFAULT_SERVER_SCHEMES.
   */
  serverSchemes?: readonly string[];
  /**
   * Default ports by scheme, added to (and overriding) the library's table of schemes (src/schemes.ts)
   * for the port checks: `{ "imap": 143 }`.
   */
  defaultPorts?: Readonly<Record<string, number>>;
  /** Leave out findings below this severity. Default "info" (all). */
  minSeverity?: AuditSeverity;
}

/** Schemes that name a server directly (section 3.2.2's http, and ftp, gopher, telnet of RFC 1738). */
export const DEFAULT_SERVER_SCHEMES: readonly string[] = Object.freeze(["http", "https", "ftp", "gopher", "telnet", "ws", "wss"]);

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

const SECTION_OF: Record<Exclude<AuditCode, Rfc3986Code>, string> = {
  "userinfo": "7.5", "misleading-userinfo": "7.5", "password": "7.4", "port-other-protocol": "7.2",
  "port-reserved": "7.2", "port-not-default": "7.2", "port-out-of-range": "7.2", "escaped-control": "7.2",
  "ipv4-form": "7.3", "numeric-label": "3.2.2", "reg-name-authority": "3.2.2", "missing-host": "3.2.2",
};

/** A span [start, end) of the input. */
export type Span = readonly [number, number];

/** Where each component of a parsed reference lies in the input (its toString() is the input). */
interface Spans {
  authority?: Span;
  userinfo?: Span;
  host?: Span;
  port?: Span;
  path: Span;
  query?: Span;
  fragment?: Span;
}

/**
 * Checks a URI reference against the warnings of section 7 and the lookalikes section 3.2.2's
 * grammar allows. Returns the findings in input order; [] when there is nothing to say.
 * Throws UriSyntaxError when the input is not a URI-reference, TypeError for a non-string input or
 * bad options.
 */
export function auditIn(edition: Edition, input: unknown, options: unknown): AuditFinding[] {
  requireString(input, "audit: input");
  const opts = readOptions(options);
  const ref = parseIn(edition, input, edition.requireRule(edition.roles.reference)) as UriReference;
  const matches = (role: "ipv4" | "hostname", text: string): boolean => {
    const name = edition.roles[role];
    return name !== undefined && edition.accepts(text, edition.requireRule(name));
  };
  const findings: AuditFinding[] = [];
  const add = collector(input, opts, findings, (code) => SECTION_OF[code as Exclude<AuditCode, Rfc3986Code>]);
  const spans = locate(ref);
  const scheme = ref.scheme?.toLowerCase();
  const serverExpected = scheme !== undefined && opts.serverSchemes.has(scheme);
  const authority = ref.authority;

  if (authority?.kind === "server") {
    const host = authority.host;
    const hostText = host?.raw ?? "";
    if (authority.userinfo !== undefined) checkUserinfo(add, matches, authority.userinfo, spans.userinfo!, hostText, false);
    if (host === undefined) {
      if (serverExpected) {
        add("missing-host", "warning", spans.authority!,
          `The ${ref.scheme} scheme requires a host, but the authority is empty; some clients take the next path segment as the host instead`);
      }
    } else if (host.kind === "hostname") {
      checkHost(add, host.raw, spans.host!, host.labels[host.labels.length - 1], false);
    }
    if (authority.port !== undefined && authority.port !== "") checkPort(add, authority.port, spans.port!, scheme, opts);
  } else if (authority?.kind === "reg-name") {
    const span = spans.authority!;
    if (serverExpected) {
      add("reg-name-authority", "warning", span,
        `The ${ref.scheme} scheme expects a server (host and port), but "${shorten(authority.raw)}" is a reg-name ` +
        `(section 3.2.1); clients disagree about which host it names`);
    }
    // A reg-name is scheme-specific; only where a server is expected (or the scheme is not yet
    // known, in a relative reference) is it worth reading as one.
    if (serverExpected || scheme === undefined) looseServerChecks(add, matches, authority.raw, span[0], scheme, opts);
  }

  checkEscapes(add, input, spans);
  return sortFindings(findings);
}

/**
 * An Add that keeps the findings at or above options.minSeverity in `findings`, each with the
 * section `sectionOf` gives its code and the text of its span.
 */
export function collector(input: string, opts: ReadOptions, findings: AuditFinding[], sectionOf: (code: AuditCode) => string): Add {
  return (code, severity, span, message, detail) => {
    if (rank(severity) < rank(opts.minSeverity)) return;
    findings.push({
      code, severity, section: sectionOf(code), message, start: span[0], end: span[1], text: input.slice(span[0], span[1]),
      ...(detail !== undefined ? { detail } : {}),
    });
  };
}

/** The findings in input order; at one span, the most severe first. */
export function sortFindings(findings: AuditFinding[]): AuditFinding[] {
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
}

/** The options of audit(), checked; TypeError for a bad one. */
export function readOptions(options: unknown): ReadOptions {
  if (options === undefined) return { serverSchemes: DEFAULT_SET, defaultPorts: new Map(), minSeverity: "info" };
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`audit: options must be an object, got ${describe(options)}`);
  }
  const o = options as AuditOptions;
  let serverSchemes = DEFAULT_SET;
  if (o.serverSchemes !== undefined) {
    if (!Array.isArray(o.serverSchemes) || !o.serverSchemes.every((s) => typeof s === "string")) {
      throw new TypeError(`audit: options.serverSchemes must be an array of scheme names (strings), got ${describe(o.serverSchemes)}`);
    }
    serverSchemes = new Set(o.serverSchemes.map((s) => s.toLowerCase()));
  }
  const defaultPorts = new Map<string, number>();
  if (o.defaultPorts !== undefined) {
    if (o.defaultPorts === null || typeof o.defaultPorts !== "object" || Array.isArray(o.defaultPorts)) {
      throw new TypeError(`audit: options.defaultPorts must be an object mapping scheme names to port numbers, got ${describe(o.defaultPorts)}`);
    }
    for (const [s, p] of Object.entries(o.defaultPorts)) {
      if (!Number.isInteger(p) || p < 0 || p > 65535) {
        throw new TypeError(`audit: options.defaultPorts[${JSON.stringify(s)}] must be an integer 0-65535, got ${String(p)}`);
      }
      defaultPorts.set(s.toLowerCase(), p);
    }
  }
  const minSeverity = o.minSeverity ?? "info";
  if (!AUDIT_SEVERITIES.includes(minSeverity)) {
    throw new TypeError(`audit: options.minSeverity must be one of "info", "warning", "danger", got ${JSON.stringify(minSeverity)}`);
  }
  return { serverSchemes, defaultPorts, minSeverity };
}

const DEFAULT_SET: ReadonlySet<string> = new Set(DEFAULT_SERVER_SCHEMES);

export function rank(severity: AuditSeverity): number {
  return AUDIT_SEVERITIES.indexOf(severity);
}

/** The spans of the components, from their lengths and the delimiters of section 5.2's recomposition. */
function locate(ref: UriReference): Spans {
  let pos = 0;
  if (ref.scheme !== undefined) pos = ref.scheme.length + 1;
  const spans: Partial<Spans> = {};
  const a = ref.authority;
  if (a !== undefined) {
    pos += 2;
    spans.authority = [pos, pos + a.raw.length];
    if (a.kind === "server") {
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

/** 7.5 and 7.4 on a userinfo at `span`; `loose` when read from a reg-name. */
export function checkUserinfo(add: Add, matches: Matches, userinfo: string, span: Span, host: string, loose: boolean): void {
  const real = host === "" ? "empty" : `"${shorten(host)}"`;
  const how = loose ? " (reading the reg-name as userinfo@host, as clients of server schemes do)" : "";
  const lookalike = hostLikeRun(matches, userinfo);
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
 */
function hostLikeRun(matches: Matches, userinfo: string): string | undefined {
  const runs = userinfo.match(/[A-Za-z0-9.-]+/g) ?? [];
  for (const run of runs) {
    if (matches("ipv4", run)) return run;
    if (/\.[A-Za-z][A-Za-z0-9-]*\.?$/.test(run) && /^[A-Za-z0-9]/.test(run) && matches("hostname", run)) return run;
  }
  return undefined;
}

/** 7.3 and the numeric-label lookalike, on a host name (or a reg-name read as one). */
export function checkHost(add: Add, host: string, span: Span, lastLabel: string, loose: boolean): void {
  let reading = readInetAton(host);
  let trailingDot = false;
  if (!reading && loose && host.endsWith(".")) {
    reading = readInetAton(host.slice(0, -1));
    trailingDot = reading !== undefined;
  }
  if (reading) {
    const form = reading.parts === 4 ? "four parts" : reading.parts === 1 ? "a single number" : `${reading.parts} parts`;
    const bases = [...new Set(reading.bases)].map((b) => (b === 16 ? "hexadecimal" : b === 8 ? "octal" : "decimal")).join(" and ");
    add("ipv4-form", "danger", span,
      `"${shorten(host)}" is not an IPv4address, but inet_aton() reads it (${form}, ${bases}` +
      `${trailingDot ? ", ignoring the trailing \".\" as URL parsers of browsers do" : ""}) as ${reading.dotted}; ` +
      `filter on the numeric address, not the string`, reading.dotted);
  } else if (/^[0-9]+$/.test(lastLabel)) {
    add("numeric-label", "warning", span,
      `The last label of "${shorten(host)}" is all digits, so the name looks like an IP address; ` +
      `the top label of a domain name never starts with a digit (section 3.2.2)`);
  }
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
        `${other} commands (section 7.2)`, String(value));
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
 * on those parts.
 */
function looseServerChecks(add: Add, matches: Matches, raw: string, offset: number, scheme: string | undefined, opts: ReadOptions): void {
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
  if (at >= 0) checkUserinfo(add, matches, raw.slice(0, at), [offset, offset + at], host, true);
  if (/^[A-Za-z0-9.-]+$/.test(host)) {
    const labels = host.split(".").filter((l) => l !== "");
    checkHost(add, host, [offset + hostStart, offset + hostEnd], labels[labels.length - 1] ?? "", true);
  }
  if (port !== undefined && port !== "") checkPort(add, port, [offset + colon + 1, offset + raw.length], scheme, opts);
}

/** 7.2: escaped CR, LF and NUL, one finding per run of them. */
function checkEscapes(add: Add, input: string, spans: Spans): void {
  const places: [string, Span | undefined, AuditSeverity][] = [
    ["authority", spans.authority, "danger"], ["path", spans.path, "warning"],
    ["query", spans.query, "warning"], ["fragment", spans.fragment, "info"],
  ];
  for (const [name, span, severity] of places) {
    if (!span) continue;
    const re = /(?:%0[0AaDd])+/g;
    re.lastIndex = span[0];
    const text = input.slice(0, span[1]);
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const what = [...new Set(m[0].match(/%0./g)!.map((e) => ({ "0": "NUL", "A": "LF", "D": "CR" })[e[2].toUpperCase()]))].join(", ");
      const why = name === "fragment"
        ? "the fragment is not sent in a retrieval, but a client that decodes it may still act on it"
        : "it must not be unescaped before transmission, or it can end a protocol line and smuggle in another command";
      add("escaped-control", severity, [m.index, m.index + m[0].length],
        `An escaped ${what} (${m[0].length > 12 ? m[0].slice(0, 12) + "…" : m[0]}) in the ${name}: ${why}`);
    }
  }
}

/** At most 60 characters of a value, for messages. */
export function shorten(text: string): string {
  return text.length > 60 ? text.slice(0, 57) + "…" : text;
}

