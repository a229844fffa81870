// RFC 2396's section 7 (Security Considerations) as checks, for RFC 2396 and the drafts of 1997-98
// that led to it (draft-fielding-uri-syntax-01 and -02): the checks its model shares with the 2003
// draft's (src/audit-checks.ts), decoding escapes as its normalization does (2.3).
//
// Section 7 has no subsections in any of them; it warns of ports of other protocols, escaped
// delimiters (CR and LF) and passwords, and says nothing of rare IP address formats or of semantic
// attacks (those came with RFC 2396's revision, the draft's 7.3 and 7.5), so those checks are not
// made. The drafts' section 7 has RFC 2396's number and opening ("A URI does not in itself pose a
// security threat"), unchanged from -01 to -02; its warnings of ports and passwords go back to RFC
// 1738's, which the drafts revise. The lookalikes the grammar allows cite the section of the
// edition's own rule: "hostname" for an all-digit top label, "server" for a reg_name or no host
// where a server is expected (3.2.2 in RFC 2396 and -02, 4.3.1 in -01). "Not to escape or unescape
// the same string more than once" is RFC 2396's 2.4.2; the drafts' text of it is not at hand, so
// the double escapes are RFC 2396's alone. Each edition's manifest ("audit") says which codes it
// raises and where; none of them has an IPv6 literal.
import { auditHierarchical, type AuditCode, type AuditFinding } from "../../audit-checks.js";
import type { Edition } from "../../edition.js";
import { syntaxOf } from "../../syntax.js";
import { unescapeUnreserved } from "./normalize.js";

/** The codes the checks of RFC 2396's model can report (an edition's manifest may raise fewer). */
export const AUDIT_CODES: readonly AuditCode[] = [
  "password", "port-other-protocol", "port-reserved", "port-not-default", "port-out-of-range", "escaped-control",
  "local-address", "double-escape", "numeric-label", "reg-name-authority", "missing-host",
  // Added by audit() of the API (src/differential-audit.ts): the URL Standard reads a component otherwise.
  "parser-differential",
];

/** The checks an edition of RFC 2396's model raises, on one of its references. */
export function auditIn(edition: Edition, input: unknown, options: unknown, fn = "audit"): AuditFinding[] {
  const syntax = syntaxOf(edition);
  return auditHierarchical(edition, input, options, { decode: (text) => unescapeUnreserved(text, syntax) }, fn);
}
