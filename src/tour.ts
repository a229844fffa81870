// A guided tour of the grammar's history, 1993 to 2005: the stops of docs/history.tsv (compiled
// into generated/tour.js), each computed now from the editions. A stop's table row gives its input,
// its title, its point and its claim; every verdict, result and difference shown is worked out
// here from the grammars and models (compareEditions, diffEditions, resolve, normalize), and the
// claim is checked against them: a stop whose claim no longer holds says so (`holds: false`), and
// test/tour.test.ts fails.
import { TOUR, type TourRow } from "../generated/tour.js";
import { compareEditionsIn, type EditionVerdict } from "./compare-editions.js";
import { diffEditionsIn } from "./diff-editions.js";
import type { Edition } from "./edition.js";
import { NotDefinedError } from "./errors.js";
import { modelOf } from "./model.js";
import { EDITIONS } from "./registry.js";

export type { TourRow };

/** One edition's answer at a stop: a verdict (editions), or a result (resolve, normalize). */
export interface TourAnswer {
  readonly edition: string;
  readonly date: string;
  /** "valid" or "invalid" (editions); the resolved or normalized URI; "—" where the edition defines no such operation. */
  readonly value: string;
  /** For an editions stop: the rule of this edition that was checked, and for a reject its verdict's error. */
  readonly verdict?: EditionVerdict;
}

/** One change a diff stop claims, and what diffEditions says of the rule. */
export interface TourChange {
  /** The rule, as the first edition spells it. */
  readonly rule: string;
  /** ">NEW", "+CHARS" or "-CHARS", as claimed. */
  readonly claimed: string;
  /** The same, as diffEditions has it ("" when it has nothing of the kind for the rule). */
  readonly found: string;
}

/** A stop of the tour, computed. */
export interface TourStop extends TourRow {
  /** The command that shows it. */
  readonly command: string;
  /** editions, resolve, normalize: every edition's answer, oldest first (those without the rule left out). */
  readonly answers?: readonly TourAnswer[];
  /** editions, resolve, normalize: the editions whose answer differs from the one before, oldest first. */
  readonly changes?: readonly string[];
  /** diff: each change claimed, beside what the editions say. */
  readonly diff?: readonly TourChange[];
  /** True when the claim is what the editions say now. */
  readonly holds: boolean;
}

const ALL = (): readonly Edition[] => Object.values(EDITIONS) as readonly Edition[];
const shell = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`);

/** Every stop of the tour, computed from the editions, in the table's order. */
export function tour(): TourStop[] {
  return TOUR.map(tourStop);
}

/** One stop computed from its row (docs/history.tsv's form). */
export function tourStop(row: TourRow): TourStop {
  if (row.kind === "diff") return diffStop(row);
  const answers = row.kind === "editions" ? verdicts(row) : results(row);
  const changes = answers.filter((a, i) => i > 0 && a.value !== answers[i - 1].value).map((a) => a.edition);
  const command = row.kind === "editions"
    ? `uri-grammar editions ${row.rule ? `--rule ${row.rule} ` : ""}${shell(row.input)}`
    : `uri-grammar ${row.kind} --edition ID ${row.input.split(" ").map(shell).join(" ")}`;
  return { ...row, command, answers, changes, holds: changes.join(" ") === row.claim };
}

function verdicts(row: TourRow): TourAnswer[] {
  return compareEditionsIn(ALL(), row.input, row.rule === undefined ? undefined : { rule: row.rule }).map((v) => ({
    edition: v.edition, date: EDITIONS[v.edition as keyof typeof EDITIONS].date, value: v.valid ? "valid" : "invalid", verdict: v,
  }));
}

/** resolve and normalize in every edition; "—" where the edition's document defines no such operation. */
function results(row: TourRow): TourAnswer[] {
  return ALL().map((edition) => {
    const model = modelOf(edition);
    let value: string;
    try {
      if (row.kind === "resolve") {
        const [base, ref] = row.input.split(" ");
        value = model.resolve(edition, base, ref, undefined, "tour");
      } else {
        value = model.recompose(model.normalize(edition, row.input, undefined, "tour"));
      }
    } catch (e) {
      if (!(e instanceof NotDefinedError)) throw e;
      value = "—";
    }
    return { edition: edition.id, date: edition.date, value };
  });
}

function diffStop(row: TourRow): TourStop {
  const [a, b] = row.input.split(" ").map((id) => EDITIONS[id as keyof typeof EDITIONS] as Edition);
  const d = diffEditionsIn(a, b);
  const words = row.claim.split(" ");
  const diff: TourChange[] = [];
  for (let i = 0; i < words.length; i += 2) {
    const rule = words[i];
    const claimed = words[i + 1];
    const changed = d.changed.find((c) => c.from === rule);
    let found = "";
    if (claimed.startsWith(">")) {
      const renamed = d.renamed.find((r) => r.from === rule);
      found = renamed === undefined ? "" : `>${renamed.to}`;
    } else if (claimed.startsWith("+")) {
      found = changed?.charactersAdded ? `+${changed.charactersAdded}` : "";
    } else {
      found = changed?.charactersRemoved ? `-${changed.charactersRemoved}` : "";
    }
    diff.push({ rule, claimed, found });
  }
  return { ...row, command: `uri-grammar diff ${a.id} ${b.id}`, diff, holds: diff.every((c) => c.claimed === c.found) };
}
