// The audit finding "parser-differential": every danger and warning difference of differential()
// between the edition's reading of a valid reference and the URL Standard's, as a finding under
// its component. audit() (src/api.ts) adds these to the model's own findings.
import type { AuditFinding, AuditSeverity } from "./audit-codes.js";
import { locate, type LocatableReference, type Span } from "./audit-checks.js";
import { compareReadings, type DifferentialComponent, type EditionId, type Library } from "./differential-core.js";
import type { EditionRoles } from "./edition-build.js";

const RANK: Readonly<Record<AuditSeverity, number>> = { info: 0, warning: 1, danger: 2 };

/** The role of each component in an edition's manifest (edition.json "roles"), whose rule's section a finding cites. */
const ROLES: Readonly<Record<DifferentialComponent, keyof EditionRoles>> = {
  validity: "reference", scheme: "scheme", userinfo: "userinfo", host: "host", port: "port", path: "path", query: "query", fragment: "fragment",
};

/**
 * The findings "parser-differential" of a reference the edition reads (audit() has parsed it
 * first), at or above `minSeverity`. A relative reference is compared with nothing: the URL
 * Standard reads none without a base, which is not a disagreement about it. Editions whose
 * document defines no normalization (the 1993 URL draft) have none.
 */
export function differentialFindings(lib: Library, edition: EditionId, input: string, minSeverity: AuditSeverity = "info"): AuditFinding[] {
  const facts = lib.edition(edition);
  if (facts === undefined || facts.normalization === undefined) return [];
  const { differences } = compareReadings(lib, input, { edition });
  const spans = spansOf(lib.parse(input, { edition }));
  const findings: AuditFinding[] = [];
  for (const d of differences) {
    if (d.severity === "info" || d.class === "relative-no-base" || RANK[d.severity] < RANK[minSeverity]) continue;
    const component = d.component === "validity" ? validitySpan(d.class, spans) : d.component;
    const [start, end] = spans[component] ?? spans.whole;
    const detail = d.component === "validity" || d.whatwg === null ? undefined : d.whatwg;
    findings.push({
      code: "parser-differential", severity: d.severity, section: sectionOf(lib, edition, d.component === "validity" && component !== "whole" ? component as DifferentialComponent : d.component),
      message: d.component === "validity"
        ? `Browsers and Node's fetch (the WHATWG URL Standard) reject what ${facts.document} accepts: ${d.why}`
        : `Browsers and Node's fetch (the WHATWG URL Standard) read the ${d.component} otherwise: ${d.why}`,
      start, end, text: input.slice(start, end),
      ...(detail !== undefined ? { detail } : {}),
    });
  }
  return findings;
}

/** The section of the edition's rule of the component (its role's rule; else its reference rule's). */
function sectionOf(lib: Library, edition: EditionId, component: DifferentialComponent): string {
  const roles = lib.edition(edition)!.roles;
  for (const role of [ROLES[component], "reference"] as const) {
    const rule = roles[role];
    const info = typeof rule === "string" ? lib.ruleInfo(rule, { edition }) : undefined;
    if (info?.section !== undefined) return info.section;
  }
  throw new Error(`internal error: ${edition} has no rule of its reference role`);
}

function validitySpan(cls: string, spans: Spans): keyof Spans {
  if (cls === "port-range") return "port";
  if (cls === "ipvfuture" || cls === "ipv4-invalid" || cls === "host-forbidden" || cls === "empty-host") return "host";
  return "whole";
}

interface Spans {
  whole: Span;
  scheme?: Span; userinfo?: Span; host?: Span; port?: Span; path?: Span; query?: Span; fragment?: Span;
}

/**
 * Where each component lies in the input (locate(), the audit's own): a server's missing userinfo
 * and port are marked, empty, where they would stand, and a registry authority's parts are the
 * whole authority.
 */
function spansOf(ref: unknown): Spans {
  const r = ref as LocatableReference;
  const at = locate(r);
  const s: { -readonly [K in keyof Spans]: Spans[K] } = { whole: [0, (at.fragment ?? at.query ?? at.path)[1]], path: at.path };
  if (r.scheme !== undefined) s.scheme = [0, r.scheme.length];
  if (at.query !== undefined) s.query = at.query;
  if (at.fragment !== undefined) s.fragment = at.fragment;
  if (at.authority !== undefined) {
    if (at.host === undefined) {
      s.userinfo = s.host = s.port = at.authority;
    } else {
      s.host = at.host;
      s.userinfo = at.userinfo ?? [at.authority[0], at.authority[0]];
      s.port = at.port ?? [at.host[1], at.host[1]];
    }
  }
  // A component the edition does not read (no authority) is marked where the URL Standard finds it: after the scheme.
  const after = s.scheme ? s.scheme[1] + 1 : 0;
  s.userinfo ??= [after, at.path[1]];
  s.host ??= [after, at.path[1]];
  s.port ??= [after, at.path[1]];
  return s;
}
