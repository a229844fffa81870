// The findings of one audit, bounded: past AUDIT_MAX_FINDINGS_PER_CODE findings of one code, the
// rest of that code are counted into one coalesced finding instead of kept one by one, so that
// the memory and the output of audit() stay proportionate to what a reader can use, whatever the
// input holds (30 MB of "%252F" would otherwise be ten million findings).
import type { AuditCode, AuditFinding, AuditSeverity } from "./audit-codes.js";

/**
 * How many findings of one code audit() reports one by one. The rest of that code, if any, are
 * one finding more: the coalesced finding (see coalescedFinding()), with `count` the number of
 * findings it stands for.
 */
export const AUDIT_MAX_FINDINGS_PER_CODE = 100;

const RANK: Readonly<Record<AuditSeverity, number>> = { info: 0, warning: 1, danger: 2 };

interface Rest {
  code: AuditCode;
  section: string;
  severity: AuditSeverity;
  start: number;
  end: number;
  count: number;
}

/** Per findings array (as collector() fills it): the count of each code, and the rest past the cap. */
const STATE = new WeakMap<AuditFinding[], { counts: Map<AuditCode, number>; rest: Map<AuditCode, Rest> }>();

/**
 * Whether a finding of `code` goes into `findings` one by one (true), or is counted into the
 * coalesced finding of its code (false: the caller makes no object for it).
 */
export function admitFinding(findings: AuditFinding[], code: AuditCode, section: string, severity: AuditSeverity,
  start: number, end: number): boolean {
  let state = STATE.get(findings);
  if (state === undefined) STATE.set(findings, state = { counts: new Map(), rest: new Map() });
  const count = (state.counts.get(code) ?? 0) + 1;
  state.counts.set(code, count);
  if (count <= AUDIT_MAX_FINDINGS_PER_CODE) return true;
  const rest = state.rest.get(code);
  if (rest === undefined) {
    state.rest.set(code, { code, section, severity, start, end, count: 1 });
  } else {
    rest.count++;
    if (RANK[severity] > RANK[rest.severity]) rest.severity = severity;
    if (start < rest.start) rest.start = start;
    if (end > rest.end) rest.end = end;
  }
  return false;
}

/**
 * The coalesced findings of `findings`, one per code that passed the cap: `code` and `section` as
 * its other findings, the most severe `severity` among the findings it stands for, the span from
 * the first of them to the end of the last (`text` that span of the input), `count` how many they
 * are, and a message that says so.
 */
export function coalescedFindings(findings: AuditFinding[], input: string): AuditFinding[] {
  const state = STATE.get(findings);
  if (state === undefined || state.rest.size === 0) return [];
  return [...state.rest.values()].map((rest) => coalescedFinding(rest, input));
}

function coalescedFinding(rest: Rest, input: string): AuditFinding {
  return {
    code: rest.code, severity: rest.severity, section: rest.section,
    message: `${rest.count} more findings of ${rest.code}, from offset ${rest.start} to ${rest.end}, coalesced into this one: ` +
      `audit() reports at most ${AUDIT_MAX_FINDINGS_PER_CODE} findings of a kind one by one`,
    start: rest.start, end: rest.end, text: input.slice(rest.start, rest.end), count: rest.count,
  };
}
