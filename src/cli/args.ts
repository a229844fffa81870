// Argument parsing for every command: node:util parseArgs, with usage errors as a typed error.
import { parseArgs } from "node:util";
import { RULES, ruleInfo, type RuleName } from "../index.js";

/** A mistake in the command line itself: exit status 2 and a hint to --help. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** A command that cannot go on (a file that cannot be read): exit status 2, no usage hint. */
export class CommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CommandError";
  }
}

export type OptionSpec = Record<string, { type: "string" | "boolean"; short?: string; multiple?: boolean }>;
export type Values = Record<string, string | boolean | string[] | undefined>;

/** Parses the arguments of one command; every command knows -h/--help. */
export function parseCommandArgs(args: readonly string[], options: OptionSpec): { values: Values; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: { ...options, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
    return { values: values as Values, positionals };
  } catch (e) {
    const err = e as { code?: string; message?: string };
    if (err.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
      const name = /'([^']*)'/.exec(err.message ?? "")?.[1] ?? "";
      throw new UsageError(`unknown option ${name}` + (name.startsWith("-") ? ` (an input that starts with "-" goes after "--": -- ${name})` : ""));
    }
    if (err.code?.startsWith("ERR_PARSE_ARGS")) throw new UsageError(err.message ?? String(e));
    throw e;
  }
}

/** Exactly `count` positionals (or between min and max). */
export function expectPositionals(positionals: readonly string[], min: number, max: number, names: string): void {
  if (positionals.length < min) throw new UsageError(`missing ${names}`);
  if (positionals.length > max) {
    throw new UsageError(`too many arguments: ${positionals.slice(max).map((p) => JSON.stringify(p)).join(" ")} (expected ${names})`);
  }
}

/** The value of a string option that must be one of a few words. */
export function choice<T extends string>(value: unknown, option: string, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (typeof value === "string" && (allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${option} must be one of ${allowed.join(", ")}, got ${JSON.stringify(value)}`);
}

/** A rule name given on the command line, with the right spelling suggested for a near miss. */
export function ruleOption(value: unknown, option: string | undefined = "--rule"): RuleName | undefined {
  if (value === undefined) return undefined;
  const name = String(value);
  if (ruleInfo(name)) return name as RuleName;
  const near = suggestRule(name);
  throw new UsageError(`${option ? option + ": " : ""}unknown rule ${JSON.stringify(name)}` +
    (near ? ` (did you mean ${JSON.stringify(near)}?)` : "; 'uri-grammar rules' lists the rules"));
}

/** The rule whose name is nearest to a misspelled one, if one is near enough. */
export function suggestRule(name: string): RuleName | undefined {
  const lower = name.toLowerCase().replace(/_/g, "-");
  const exact = RULES.find((r) => r.name.toLowerCase() === lower);
  if (exact) return exact.name;
  let best: RuleName | undefined;
  let bestDistance = Infinity;
  for (const r of RULES) {
    const d = distance(lower, r.name.toLowerCase());
    if (d < bestDistance) { bestDistance = d; best = r.name; }
  }
  return bestDistance <= Math.max(1, Math.floor(name.length / 4)) ? best : undefined;
}

/** Levenshtein distance (names are short). */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length];
}
