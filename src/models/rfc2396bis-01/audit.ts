// The draft's section 7 (Security Considerations) as checks, with the lookalikes its server rule
// allows (3.2.2): the checks its model shares with RFC 2396's (src/audit-checks.ts), decoding
// escapes as the draft's normalization does (6.2.2.2). The section behind each code is the
// edition's manifest's ("audit").
import { auditHierarchical, type AuditCode, type AuditFinding } from "../../audit-checks.js";
import type { Edition } from "../../edition.js";
import { normalizeEscapes } from "./normalize.js";

/** The codes the draft's checks can report. */
export const AUDIT_CODES: readonly AuditCode[] = [
  "userinfo", "misleading-userinfo", "password", "port-other-protocol", "port-reserved", "port-not-default", "port-out-of-range",
  "escaped-control", "ipv4-form", "numeric-label", "reg-name-authority", "missing-host", "ipv4-in-ipv6", "local-address",
  "double-escape", "misleading-authority",
  // Added by audit() of the API (src/differential-audit.ts): the URL Standard reads a component otherwise.
  "parser-differential",
];

/**
 * Checks a URI reference against the warnings of section 7 and the lookalikes section 3.2.2's
 * grammar allows. Returns the findings in input order; [] when there is nothing to say.
 * Throws UriSyntaxError when the input is not a URI-reference, TypeError for a non-string input or
 * bad options.
 */
export function auditIn(edition: Edition, input: unknown, options: unknown, fn = "audit"): AuditFinding[] {
  return auditHierarchical(edition, input, options, { decode: (text) => normalizeEscapes(edition, text) }, fn);
}
