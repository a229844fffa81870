// The security considerations of the 1993 URL draft as a check. Its section "Security
// considerations" names one thing a parser can see: "The use of URLs containing passwords is
// clearly unwise." The login of ftpaddress and telnetaddress (login = [ user [ ":" password ]
// "@" ] hostport) is where a password is written. Its ENCODING PROHIBITED CHARACTERS asks that
// "already encoded characters" be left "still encoded": an escaped "%" before an escape of a
// delimiter or a control is reported as a double escape.
import { requireString } from "../../args.js";
import { checkDoubleEscapes, collector, readOptions, sortFindings, type AuditCode, type AuditFinding } from "../../audit-checks.js";
import type { Edition } from "../../edition.js";
import { parseIn } from "../../parse.js";
import type { Url } from "./types.js";

/** The codes the draft's checks can report (its section: grammar/url-1993/edition.json, "audit"). */
export const AUDIT_CODES: readonly AuditCode[] = ["password", "double-escape"];

/**
 * The characters a second decoding must not make, by code: the printable ASCII characters the
 * draft's xalpha does not allow (its delimiters "/", "?", "#", "+" and "=", and the unsafe ones),
 * from its grammar.
 */
const NOT_XALPHA = new WeakMap<Edition, Uint8Array>();
function notXalpha(edition: Edition): Uint8Array {
  let table = NOT_XALPHA.get(edition);
  if (table === undefined) {
    const rule = edition.rule("xalpha");
    table = new Uint8Array(0x80);
    for (let code = 0x21; code < 0x7f; code++) {
      table[code] = rule !== undefined && !edition.accepts(String.fromCharCode(code), rule) ? 1 : 0;
    }
    NOT_XALPHA.set(edition, table);
  }
  return table;
}

/** The password findings of a URL of the 1993 draft; UriSyntaxError when it is not a fragmentaddress. */
export function auditUrl(edition: Edition, input: unknown, options: unknown, fn = "audit"): AuditFinding[] {
  requireString(input, `${fn}: input`);
  const opts = readOptions(options, fn);
  const url = parseIn(edition, input, edition.requireRule(edition.roles.reference)) as Url;
  const findings: AuditFinding[] = [];
  const add = collector(input, opts, findings, edition);
  if (url.password !== undefined && url.user !== undefined) {
    // scheme "://" user ":" password "@": the parts are as written.
    const start = url.scheme.length + 3 + url.user.length + 1;
    const span = [start, start + url.password.length] as const;
    // password = xalphas: never empty.
    add("password", "warning", span, 'A password in the login ("user:password"): the draft calls the use of URLs containing passwords clearly unwise');
  }
  // Escapes of "%" before an escape, after "scheme:": the path (and search) up to "#", then the fragment.
  const hash = input.indexOf("#");
  const end = hash < 0 ? input.length : hash;
  checkDoubleEscapes(add, input, { path: [url.scheme.length + 1, end], ...(hash < 0 ? {} : { fragment: [hash + 1, input.length] as const }) },
    notXalpha(edition));
  return sortFindings(findings, input);
}
