// The findings of audit(): their codes, severities and shape, what each means, and the section of
// each edition's document behind each code (its manifest's "audit"). The checks are
// src/audit-checks.ts; each model's entry is src/models/<model>/audit.ts.
import type { Edition } from "./edition.js";

/** How much a finding matters, least first. The CLI fails on "warning" and "danger". */
export type AuditSeverity = "info" | "warning" | "danger";

/** The severities in increasing order. */
export const AUDIT_SEVERITIES: readonly AuditSeverity[] = Object.freeze(["info", "warning", "danger"] as const);

/**
 * What a finding is about. The sections named below are the draft's; each edition's manifest
 * (grammar/ID/edition.json, "audit") gives the sections of its own document, and a code it does not
 * list is never reported in it.
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
  /**
   * 7.2: an escaped control character. CR, LF and NUL (%0D, %0A, %00): danger in the authority,
   * warning in path or query, info in the fragment; any other (%09, %1B, %7F, %85, %C2%85): warning
   * in the authority, info elsewhere.
   */
  | "escaped-control"
  /**
   * 7.3: a host that inet_aton() reads as an IPv4 address although it is not an IPv4address, as
   * written or once its escapes are decoded (danger).
   */
  | "ipv4-form"
  /** 7.3: an IPv6 literal that carries an IPv4 address: IPv4-mapped (danger) or IPv4-compatible (warning). */
  | "ipv4-in-ipv6"
  /** 7.3, with the option `fetch`: a host that is the machine itself, loopback or unspecified (danger). */
  | "local-address"
  /** 2.4.2: an escape of "%" that decodes, a second time, to a dot segment or a delimiter ("%252e%252e", "%252F"). */
  | "double-escape"
  /** 7.5: a query or fragment that reads as the authority ("http://evil.example#@good.example/"). */
  | "misleading-authority"
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
  | "escaped-dot-segment"
  /**
   * A component the URL Standard (browsers, Node's fetch) reads otherwise than the edition: danger
   * for scheme, userinfo, host and port, warning for path, query, fragment and for a reference it
   * rejects (src/differential-audit.ts); the section is the component's.
   */
  | "parser-differential"
  // RFC 3987 (IRIs): src/models/rfc3987/audit.ts.
  /** RFC 3987 4.1: a bidirectional formatting character (danger), or one percent-encoded (info). */
  | "bidi-formatting"
  /** RFC 3987 4.2: a component that mixes directions, or a right-to-left one that does not start and end right to left (warning). */
  | "bidi-component"
  /** RFC 3987 5.3.2.2: text not in NFC (warning). */
  | "not-nfc"
  /** RFC 3987 7.5: text in NFC but not in NFKC, compatibility characters (info). */
  | "compatibility-character"
  /** RFC 3987 6.1: a space or a look-alike of a delimiter (danger in the authority, else warning). */
  | "lookalike-delimiter"
  /** RFC 3987 6.1: an invisible (default-ignorable) character (danger in the authority, else warning). */
  | "invisible-character"
  /** RFC 3987 7.5: Latin, Greek and Cyrillic letters in one component (danger in a host label, else warning). */
  | "mixed-script"
  /** RFC 3987 2.2: a private-use character (info). */
  | "private-use"
  /** RFC 3987 2.2: a percent-encoded noncharacter (warning). */
  | "noncharacter"
  /** RFC 3987 8: percent-encoded octets that are not UTF-8 (danger for an overlong delimiter, warning, info). */
  | "invalid-utf8"
  /** RFC 3987 3.1: a host with non-ASCII characters and what ToASCII makes of it (info, warning, danger). */
  | "idna-host";

export interface AuditFinding {
  readonly code: AuditCode;
  readonly severity: AuditSeverity;
  /**
   * The section of the edition's document behind the check: for the draft "7.2" to "7.5", "2.4.2"
   * or "3.2.2"; for RFC 3986 "7.2" to "7.6", "2.4", "3.2.2" or "3.2.3"; for RFC 2396 "7", "2.4.2" or
   * "3.2.2"; for the 1993 URL draft "Security considerations".
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
  /**
   * Only on a coalesced finding: past AUDIT_MAX_FINDINGS_PER_CODE (100) findings of one code, the
   * rest of that code are this one finding, which stands for `count` of them; its span runs from
   * the first of them to the end of the last, its severity is the most severe among them.
   */
  readonly count?: number;
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
  /**
   * The program fetches what others give it (a server that retrieves a URI from a request, a
   * proxy, a link checker): also report hosts that are the machine itself ("local-address": the
   * loopback and unspecified addresses in any form, 127.0.0.1, 127.1, [::1], [::ffff:127.0.0.1],
   * 0.0.0.0, [::], and the name localhost). Default false: for a browser or a validator such
   * hosts are ordinary.
   */
  fetch?: boolean;
}

/** Schemes that name a server directly (section 3.2.2's http, and ftp, gopher, telnet of RFC 1738). */
export const DEFAULT_SERVER_SCHEMES: readonly string[] = Object.freeze(["http", "https", "ftp", "gopher", "telnet", "ws", "wss"]);

/**
 * What each finding means and how severe it is, in words, for the table of findings in
 * docs/api.md (scripts/audit-table.mjs prints it with each edition's sections).
 */
export const FINDINGS: Readonly<Record<AuditCode, { readonly severity: string; readonly what: string }>> = {
  "misleading-userinfo": { severity: "danger / warning", what: "userinfo that looks like a host name or IPv4 address (danger), or holds `&`, `=`, `.` (warning): a semantic attack; `detail` is the real host" },
  "userinfo": { severity: "info", what: "userinfo is present (readers mistake it for the authority); `detail` is the real host" },
  "misleading-authority": { severity: "danger", what: "a query or fragment that reads as the authority: with an empty path, `http://evil.example#@good.example/` shows `good.example` where a reader (or a parser that splits at the last `@` before a `/`) expects the host; `detail` is the real host" },
  "password": { severity: "warning (info if empty)", what: "`user:password`: a password in clear text; the span is the password" },
  "port-other-protocol": { severity: "danger (info for unknown schemes)", what: "the well-known port of another protocol (25 smtp, 21 ftp, 23 telnet, 110 pop, 119 nntp, 143 imap, 22 ssh, ...): the malicious construction of the security section" },
  "port-reserved": { severity: "warning", what: "not the scheme's default, in the reserved range 0-1023" },
  "port-not-default": { severity: "info", what: "not the scheme's default, 1024 or above" },
  "port-out-of-range": { severity: "warning", what: "above 65535; `detail` is what 16-bit truncation connects to (`65561` is 25)" },
  "escaped-control": { severity: "CR, LF, NUL: danger (authority) / warning (path, query) / info (fragment); other controls: warning (authority) / info", what: "an escaped control character, one finding per run: `%0D`, `%0A`, `%00` (in RFC 3986 `%00` is `escaped-nul`), and `%09`, `%1B`, `%7F`, the C1 controls `%80`-`%9F` and their UTF-8 form `%C2%80`-`%C2%9F`: must not be unescaped before transmission" },
  "escaped-nul": { severity: "danger (authority) / warning (path, query) / info (fragment)", what: "`%00`: to be rejected where the application expects no raw data" },
  "escaped-delimiter": { severity: "danger (host) / warning (path) / info (query)", what: "an escape that decodes to a delimiter where a back end splits on it: `/` or `\\` in the path, a gen-delim or `\\` in a reg-name, `&` or `=` in the query" },
  "escaped-dot-segment": { severity: "warning", what: "a path segment that decodes to `.` or `..` although remove_dot_segments kept it" },
  "double-escape": { severity: "danger (authority) / warning (path: a dot segment, `/`, `\\`) / info; a control as `escaped-control` ranks it", what: "an escaped `%` followed by an escape: decoded twice, `%252e%252e` is a dot segment, `%252F` a `/`, `%2523` a `#`, `%250D%250A` CR LF and `%2500` NUL (one finding per segment or escape; `detail` is what it decodes to)" },
  "ipv4-form": { severity: "danger", what: "a host the grammar reads as a name but `inet_aton()` reads as an address (`2130706433`, `127.1`, `0x7f.1`, `0177.0.0.1`), also once its escapes are decoded as `normalize()` decodes them (`%31%32%37.1`); `detail` is the dotted address, so filters compare numbers, not strings" },
  "ipv4-in-ipv6": { severity: "danger (mapped) / warning (compatible)", what: "an IPv6 literal that carries an IPv4 address, IPv4-mapped (`[::ffff:127.0.0.1]`, `[::ffff:7f00:1]`, which a dual-stack client connects to over IPv4) or IPv4-compatible (`[::127.0.0.1]`, deprecated); `detail` is the IPv4 address" },
  "local-address": { severity: "danger", what: "with the option `fetch`: a host that is the machine itself, loopback or unspecified, in any form (`127.0.0.1`, `127.1`, `[::1]`, `[::ffff:127.0.0.1]`, `0.0.0.0`, `[::]`, `localhost`); `detail` is the address" },
  "numeric-label": { severity: "warning", what: "a hostname whose last label is all digits (`www.example.123`, `256.1.1.1`): an IPv4 lookalike the grammar allows" },
  "reg-name-authority": { severity: "warning", what: "a reg-name (`a_b.example`, `%66tp.example`) where the scheme expects a server" },
  "missing-host": { severity: "warning", what: "no host where the scheme requires one (`http:///etc/passwd`)" },
  "parser-differential": { severity: "danger (scheme, userinfo, host, port) / warning (path, query, fragment, rejected by the URL Standard)", what: "a component the WHATWG URL Standard (browsers, Node's `fetch`) reads otherwise than the edition, under that component, with the rule on each side (`differential()`, [docs/differential.md](differential.md)); `detail` is the URL Standard's value. The section is the component's" },
  "bidi-formatting": { severity: "danger (a character) / warning (one added to Unicode later) / info (percent-encoded)", what: "one of the seven bidirectional formatting characters IRIs must not contain (LRM U+200E, RLM U+200F, LRE U+202A, RLE U+202B, PDF U+202C, LRO U+202D, RLO U+202E), or a later Bidi_Control character (U+061C, U+2066-U+2069): it reorders what is shown; percent-encoded (`%E2%80%AE`) it must stay so" },
  "bidi-component": { severity: "warning", what: "a component (userinfo, host label, path segment or its part between dots, query name or value, fragment) with right-to-left letters that also has left-to-right ones, or does not start and end with a right-to-left letter (`GH1`): its display is ambiguous. Right-to-left is read from the script (Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic, Adlam)" },
  "not-nfc": { severity: "warning", what: "a run of characters between delimiters that is not in NFC (`e` U+0301): an IRI typed or transcoded comes out in NFC and does not compare equal; `detail` is the NFC form" },
  "compatibility-character": { severity: "info", what: "a run in NFC but not in NFKC: compatibility characters such as the ligature `ﬁ` or full-width letters, to be avoided in names; `detail` is the NFKC form" },
  "lookalike-delimiter": { severity: "danger (authority) / warning", what: "a space (U+00A0, U+3000) or a character whose compatibility form is a delimiter (U+FF0F `／`, U+FE56 `﹖`): it looks like structure the parser does not see; `detail` is what it looks like" },
  "invisible-character": { severity: "danger (authority) / warning", what: "a default-ignorable character (U+200B, U+00AD, U+200D, U+FEFF): two IRIs that differ by it look the same" },
  "mixed-script": { severity: "danger (host label) / warning", what: "Latin, Greek and Cyrillic letters in one component (`pаypal` with a Cyrillic `а`): a homograph of a name in one script; `detail` the scripts" },
  "private-use": { severity: "info", what: "a private-use character (`iprivate`, which the grammar allows only in the query), or one percent-encoded anywhere: it means something only by private agreement" },
  "noncharacter": { severity: "warning", what: "a percent-encoded noncharacter (U+FDD0-U+FDEF, U+FFFE, U+FFFF and each plane's last two), which is no `ucschar`: decoders drop or replace it" },
  "invalid-utf8": { severity: "danger (overlong delimiter) / warning (surrogate, other overlong) / info", what: "percent-encoded octets that are not UTF-8: an overlong form of a delimiter (`%C0%AF` is `/` to a lenient decoder; `detail` the character), an encoded surrogate (`%ED%A0%80`), or octets of another encoding (`%E9`)" },
  "idna-host": { severity: "info / warning (ToASCII refuses it or maps it to other characters) / danger (maps it to a US-ASCII name)", what: "a host with non-ASCII characters: the mapping to a URI percent-encodes it, which DNS does not read; `detail` is its ToASCII form (the platform's URL); warning when ToASCII refuses a label or changes its characters beyond case and NFC, danger when it maps a label to plain US-ASCII (`ｅｘａｍｐｌｅ` is `example`)" },
};

const SECTIONS = new WeakMap<Edition, Readonly<Partial<Record<AuditCode, string>>>>();

/**
 * The section of the edition's document behind each code it reports, from its manifest's "audit":
 * a section as the document numbers it, or `{ "rule": NAME }` for the section of the edition's rule
 * whose grammar allows what the finding is about (a hostname's all-digit label cites the section
 * of its hostname rule). A code the manifest does not list is never reported in the edition.
 */
export function auditSectionsOf(edition: Edition): Readonly<Partial<Record<AuditCode, string>>> {
  let sections = SECTIONS.get(edition);
  if (sections === undefined) {
    const entries = Object.entries(edition.audit ?? {}).map(([code, section]) => {
      if (typeof section === "string") return [code, section];
      return [code, edition.requireRule(section.rule, `${edition.id}: audit.${code}`).section];
    });
    sections = Object.freeze(Object.fromEntries(entries)) as Readonly<Partial<Record<AuditCode, string>>>;
    SECTIONS.set(edition, sections);
  }
  return sections;
}
