// The security considerations of the 1993 URL draft as a check. Its section "Security
// considerations" names one thing a parser can see: "The use of URLs containing passwords is
// clearly unwise." The login of ftpaddress and telnetaddress (login = [ user [ ":" password ]
// "@" ] hostport) is where a password is written.
import { requireString } from "../../args.js";
import { collector, readOptions, type AuditCode, type AuditFinding } from "../../audit-checks.js";
import type { Edition } from "../../edition.js";
import { parseIn } from "../../parse.js";
import type { Url } from "./types.js";

/** The codes the draft's checks can report (its section: grammar/url-1993/edition.json, "audit"). */
export const AUDIT_CODES: readonly AuditCode[] = ["password"];

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
  return findings;
}
