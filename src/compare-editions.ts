// Where the editions disagree about a string, and which rule of which edition decides it.
import { requireOptions, requireString, describe } from "./args.js";
import type { Edition } from "./edition.js";
import type { UriSyntaxError } from "./errors.js";
import { parseIn, validateIn } from "./parse.js";

/** One edition's verdict on the input. */
export interface EditionVerdict {
  /** The edition's id. */
  readonly edition: string;
  /** The rule of this edition the input was checked against (its own spelling). */
  readonly rule: string;
  readonly valid: boolean;
  /** Why not, for a reject: the UriSyntaxError validate() gives (offset, rule, rule path, section). */
  readonly error?: UriSyntaxError;
  /** For an accept by a rule parse() can split: the components in the edition's own terms. */
  readonly reference?: unknown;
}

export interface CompareEditionsOptions {
  /**
   * The rule to check: a rule name of any edition. Each edition checks its rule of that name, or,
   * where the name is one of another edition's roles (edition.json: "absoluteURI", "absolute-URI"
   * and RFC 3986's "absolute-URI" are each edition's `absolute`), its own rule of the same role.
   * Default: each edition's URI-reference.
   */
  rule?: string;
  /** The editions to ask, by id; default all. */
  editions?: readonly string[];
}

/**
 * The verdict of every edition (or of those named) on the input, oldest first. An edition that
 * has no rule for the one named is left out.
 */
export function compareEditionsIn(all: readonly Edition[], input: unknown, options: unknown): EditionVerdict[] {
  requireString(input, "compareEditions: input");
  requireOptions(options, "compareEditions: options");
  const { rule, editions } = (options ?? {}) as CompareEditionsOptions;
  if (rule !== undefined && typeof rule !== "string") {
    throw new TypeError(`compareEditions: options.rule must be a rule name, got ${describe(rule)}`);
  }
  let chosen = all;
  if (editions !== undefined) {
    if (!Array.isArray(editions) || !editions.every((e) => typeof e === "string")) {
      throw new TypeError(`compareEditions: options.editions must be an array of edition ids, got ${describe(editions)}`);
    }
    const unknown = editions.filter((id) => !all.some((e) => e.id === id));
    if (unknown.length) {
      throw new TypeError(`compareEditions: options.editions: unknown edition ${JSON.stringify(unknown[0])}; ` +
        `the editions are ${all.map((e) => JSON.stringify(e.id)).join(", ")}`);
    }
    chosen = all.filter((e) => editions.includes(e.id));
  }
  const role = rule === undefined ? "reference" : roleOf(all, rule);
  if (rule !== undefined && role === undefined && !all.some((e) => e.rule(rule))) {
    throw new TypeError(`compareEditions: options.rule: no edition has a rule ${JSON.stringify(rule)}`);
  }
  const out: EditionVerdict[] = [];
  for (const edition of chosen) {
    const name = rule !== undefined && edition.rule(rule) ? rule : role !== undefined ? roleRule(edition, role) : undefined;
    if (name === undefined) continue;
    const start = edition.requireRule(name);
    const verdict = validateIn(edition, input, start);
    if (!verdict.valid) {
      out.push({ edition: edition.id, rule: name, valid: false, error: verdict.error });
    } else if (edition.roles.parse.includes(name)) {
      out.push({ edition: edition.id, rule: name, valid: true, reference: parseIn(edition, input, start) });
    } else {
      out.push({ edition: edition.id, rule: name, valid: true });
    }
  }
  return out;
}

/** The role (edition.json "roles") that some edition gives the rule, if any. */
function roleOf(all: readonly Edition[], rule: string): string | undefined {
  for (const edition of all) {
    for (const [role, value] of Object.entries(edition.roles)) if (value === rule) return role;
  }
  return undefined;
}

function roleRule(edition: Edition, role: string): string | undefined {
  const value = (edition.roles as unknown as Record<string, unknown>)[role];
  return typeof value === "string" ? value : undefined;
}
