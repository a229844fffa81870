// How the grammar changed between two editions: the rules added, removed, renamed and changed.
import { describe } from "./args.js";
import type { Edition, RuleInfo } from "./edition.js";

/** How a rule changed from one edition to another (ruleChange()). */
export interface RuleChange {
  /** Characters its set gained and lost (single-character rules: the characters it matches; others: those that can begin it), in code order. */
  readonly charactersAdded: string;
  readonly charactersRemoved: string;
  /** Rules it began and stopped using (by the second edition's names for rules both have). */
  readonly usesAdded: readonly string[];
  readonly usesRemoved: readonly string[];
}

/** One rule that both editions have (under one name, or renamed) with different ABNF. */
export interface ChangedRule extends RuleChange {
  /** Its name in the first edition, and in the second. */
  readonly from: string;
  readonly to: string;
  /** Its ABNF in each. */
  readonly abnfBefore: string;
  readonly abnfAfter: string;
}

export interface EditionDiff {
  readonly from: string;
  readonly to: string;
  /** Rules only the second edition has. */
  readonly added: readonly string[];
  /** Rules only the first edition has. */
  readonly removed: readonly string[];
  /** A rule under another name: the same role in both manifests, or a name that differs only in "-"/"_" and case. */
  readonly renamed: readonly { readonly from: string; readonly to: string; readonly why: string }[];
  /** Rules of both (by name or renamed) whose ABNF differs, spacing aside, in the first edition's order. */
  readonly changed: readonly ChangedRule[];
}

const flat = (text: string) => text.replace(/\s*;[^\n"]*$/gm, "").replace(/\s+/g, " ").trim();
const key = (name: string) => name.toLowerCase().replace(/[-_]/g, "");

/** The rules added, removed, renamed and changed from edition `a` to edition `b`. */
export function diffEditionsIn(a: Edition, b: Edition): EditionDiff {
  const renamed: { from: string; to: string; why: string }[] = [];
  const pairs = new Map<string, string>(); // a's name -> b's name
  const paired = (name: string) => [...pairs.values()].includes(name);
  // The same role under two names (absoluteURI, absolute-URI) first: a role says which rule is
  // which even where a name moved to another rule (draft -01's site and authority are -02's
  // authority and reg_name). Then the same name, then names that differ only in spelling.
  for (const [role, value] of Object.entries(a.roles)) {
    const other = (b.roles as unknown as Record<string, unknown>)[role];
    if (typeof value !== "string" || typeof other !== "string" || value === other) continue;
    if (pairs.has(value) || paired(other)) continue;
    // A role whose rule keeps its name in the other edition under another role is no rename.
    if ((b.rule(value) && !isRoleOf(b, value)) || (a.rule(other) && !isRoleOf(a, other))) continue;
    pairs.set(value, other);
    renamed.push({ from: value, to: other, why: `the ${role} rule of both` });
  }
  for (const r of a.rules) if (!pairs.has(r.name) && b.rule(r.name) && !paired(r.name)) pairs.set(r.name, r.name);
  for (const r of a.rules) {
    if (pairs.has(r.name)) continue;
    const twin = b.rules.find((o) => key(o.name) === key(r.name) && ![...pairs.values()].includes(o.name));
    if (twin) {
      pairs.set(r.name, twin.name);
      renamed.push({ from: r.name, to: twin.name, why: "the same name, spelled differently" });
    }
  }
  const mapped = new Set(pairs.values());
  const toB = (name: string) => pairs.get(name) ?? name;
  const changed: ChangedRule[] = [];
  // In the first edition's order of its rules.
  const order = new Map(a.rules.map((r, i) => [r.name, i]));
  for (const [from, to] of [...pairs].sort(([x], [y]) => order.get(x)! - order.get(y)!)) {
    const ra = a.rule(from)!;
    const rb = b.rule(to)!;
    // Compare with the second edition's names, so a renamed rule that is used is no change.
    const before = flat(ra.abnf.replace(/^\S+/, "").replace(/[A-Za-z][A-Za-z0-9_-]*/g, (n) => (a.rule(n) ? toB(n) : n)));
    const after = flat(rb.abnf.replace(/^\S+/, ""));
    if (before === after) continue;
    changed.push({ from, to, abnfBefore: ra.abnf, abnfAfter: rb.abnf, ...ruleChange(a, ra, b, rb, toB) });
  }
  return {
    from: a.id, to: b.id,
    added: b.rules.filter((r) => !mapped.has(r.name)).map((r) => r.name),
    removed: a.rules.filter((r) => !pairs.has(r.name)).map((r) => r.name),
    renamed, changed,
  };
}

/**
 * How rule `rb` of edition `b` differs from rule `ra` of edition `a` in its characters and the
 * rules it uses, `ra`'s uses named as `b` names them (`toB`).
 */
export function ruleChange(a: Edition, ra: RuleInfo, b: Edition, rb: RuleInfo, toB: (name: string) => string = (name) => name): RuleChange {
  const ca = charactersOf(a, ra);
  const cb = charactersOf(b, rb);
  const usesBefore = ra.uses.map(toB);
  return {
    charactersAdded: [...cb].filter((c) => !ca.includes(c)).join(""),
    charactersRemoved: [...ca].filter((c) => !cb.includes(c)).join(""),
    usesAdded: rb.uses.filter((u) => !usesBefore.includes(u)),
    usesRemoved: usesBefore.filter((u) => !rb.uses.includes(u)),
  };
}

/** True when the rule plays a role (edition.json "roles") in the edition. */
function isRoleOf(e: Edition, name: string): boolean {
  return Object.values(e.roles).some((v) => v === name);
}

/** The ASCII characters of a single-character rule (an escape counts as "%"), or those that can begin another. */
export function charactersOf(e: Edition, info: RuleInfo): string {
  if (!info.singleCharacter) return info.first;
  const table = e.asciiTable(info.name);
  let out = "";
  for (let c = 32; c < 127; c++) if (table[c] || (c === 37 && info.first.includes("%"))) out += String.fromCharCode(c);
  return out;
}

/** The two editions of diffEditions(), or a TypeError naming the known ids. */
export function checkEditionPair(select: (id: unknown, what: string) => Edition, a: unknown, b: unknown): [Edition, Edition] {
  if (typeof a !== "string") throw new TypeError(`diffEditions: a must be an edition id, got ${describe(a)}`);
  if (typeof b !== "string") throw new TypeError(`diffEditions: b must be an edition id, got ${describe(b)}`);
  return [select(a, "diffEditions: a"), select(b, "diffEditions: b")];
}
