// Argument parsing for every command, in one place: the options every command takes
// (GLOBAL_OPTIONS), each command's own, the positionals, and every mistake in the command line
// reported in the tool's own words as a UsageError (exit status 2 and a hint to --help).
import { quote, shown } from "../printable.js";
import { exitStatusHelp, type ExitStatus } from "./exit.js";
import { DEFAULT_EDITION, EDITIONS, type EditionId } from "../registry.js";
import type { RuleName } from "../index.js";
import type { EditionRoles } from "../edition-build.js";

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

/**
 * An input that could not be read to its end, or output that could not be written (a full disk):
 * exit status 74 (EXIT.io), the message on stderr.
 */
export class IoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "IoError";
  }
}

/** The value of an option that takes a whole number from `min` to `max`, or undefined when not given. */
export function wholeNumberOption(value: unknown, option: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(String(value)) || n < min || n > max) {
    throw new UsageError(`${option} must be a whole number from ${min} to ${max}, got ${quote(String(value))}`);
  }
  return n;
}

/** What a system error says, for a sentence: "no space left on device (ENOSPC)". */
export function errnoText(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  const message = typeof err?.message === "string" ? err.message : String(e);
  if (typeof err?.code !== "string") return message;
  const reason = /^[A-Z0-9_]+: ([^,]+)/.exec(message)?.[1];
  return reason ? `${reason} (${err.code})` : err.code;
}

export interface OptionDef {
  readonly type: "string" | "boolean";
  readonly short?: string;
  readonly multiple?: boolean;
  /** What the value is called in messages (--rule NAME). */
  readonly value?: string;
}
export type OptionSpec = Readonly<Record<string, OptionDef>>;
export type Values = Record<string, string | boolean | string[] | undefined>;

/**
 * The options every command takes, with their lines for the commands' help. An option for all
 * commands is added here once.
 */
export const GLOBAL_OPTIONS: OptionSpec = { help: { type: "boolean", short: "h" }, edition: { type: "string", value: "NAME" } };
/** The help lines of the options every command takes, their text starting at column `column`. */
export function globalOptionHelp(column: number): string {
  const line = (option: string, text: string) => `  ${option}`.padEnd(column) + text;
  return [
    line("--edition NAME", "the edition of the URI syntax (default:"),
    " ".repeat(column) + `$URI_GRAMMAR_EDITION, else ${DEFAULT_EDITION.id});`,
    " ".repeat(column) + "'uri-grammar editions' lists them",
    line("-h, --help", "show this help"),
  ].join("\n");
}

/**
 * The end of a command's help: the options every command takes (their text at `column`, as the
 * command's own options above them), then its exit statuses (exitStatusHelp).
 */
export function helpEnd(column: number, exits: Partial<Record<ExitStatus, string>>): string {
  return `${globalOptionHelp(column)}\n\n${exitStatusHelp(exits)}`;
}

/**
 * The edition a command works in: --edition, else the environment's URI_GRAMMAR_EDITION, else the
 * package's default; a name that is no edition is a usage error that lists them.
 */
export function editionOf(values: Values): EditionId {
  const given = values.edition ?? process.env.URI_GRAMMAR_EDITION;
  if (given === undefined || given === "") return DEFAULT_EDITION.id;
  if (typeof given === "string" && Object.hasOwn(EDITIONS, given)) return given as EditionId;
  const from = values.edition === undefined ? "URI_GRAMMAR_EDITION" : "--edition";
  throw new UsageError(`${from}: unknown edition ${quote(String(given))}; the editions are ${Object.keys(EDITIONS).join(", ")}`);
}

/**
 * Parses the arguments of one command: `--name value`, `--name=value`, `-h`, and "--" before
 * inputs that start with "-". A string option takes the next argument as its value even when it
 * starts with "-" (`--workers -1` is then refused as a number), unless it is an option of the
 * command (`--rule --json`: the value is missing).
 */
export function parseCommandArgs(args: readonly string[], options: OptionSpec): { values: Values; positionals: string[] } {
  // Own options only, by name: "--constructor" or "--__proto__" is no option of Object.prototype's.
  const spec = new Map<string, OptionDef>([...Object.entries(options), ...Object.entries(GLOBAL_OPTIONS)]);
  const values: Values = Object.create(null) as Values;
  const positionals: string[] = [];
  const byShort = (letter: string) => [...spec.keys()].find((k) => spec.get(k)!.short === letter);
  const isOption = (arg: string) => /^--[^=]/.test(arg) && spec.has(arg.slice(2).split("=")[0]) ||
    /^-[^-]$/.test(arg) && byShort(arg[1]) !== undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") { positionals.push(...args.slice(i + 1)); break; }
    if (arg === "-" || !arg.startsWith("-")) { positionals.push(arg); continue; }
    let name: string | undefined;
    let inline: string | undefined;
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      if (eq >= 0) inline = arg.slice(eq + 1);
    } else if (arg.length === 2) {
      name = byShort(arg[1]);
    }
    const def = name === undefined ? undefined : spec.get(name);
    if (name === undefined || def === undefined) {
      throw new UsageError(`unknown option ${shown(arg.split("=")[0])} (an input that starts with "-" goes after "--": -- ${shown(arg)})`);
    }
    const spelled = arg.startsWith("--") ? `--${name}` : arg;
    if (def.type === "boolean") {
      if (inline !== undefined) throw new UsageError(`${spelled} takes no value (got ${quote(inline)})`);
      values[name] = true;
      continue;
    }
    let value = inline;
    if (value === undefined) {
      const next = args[i + 1];
      const placeholder = def.value ?? "VALUE";
      if (next === undefined) throw new UsageError(`${spelled} needs a value: ${spelled} ${placeholder}`);
      if (isOption(next)) throw new UsageError(`${spelled} needs a value (${spelled} ${placeholder}), not the option ${shown(next)}`);
      value = next;
      i++;
    }
    // A repeated option adds to its array in place (a copy per repeat would take quadratic time).
    if (def.multiple) {
      const list = values[name] as string[] | undefined;
      if (list === undefined) values[name] = [value];
      else list.push(value);
    } else {
      values[name] = value;
    }
  }
  return { values, positionals };
}

/**
 * The positionals against their names in the usage line: "<input>" is required, "[FILE|-]"
 * optional, and a last name ending in "..." takes one or more.
 */
export function expectPositionals(positionals: readonly string[], names: readonly string[]): void {
  const required = names.filter((n) => !n.startsWith("[")).length;
  const variadic = names.length > 0 && names[names.length - 1].endsWith("...");
  if (positionals.length < required) {
    const missing = names.slice(positionals.length).filter((n) => !n.startsWith("["));
    throw new UsageError(`missing ${missing.join(" ")}`);
  }
  if (!variadic && positionals.length > names.length) {
    throw new UsageError(`too many arguments: ${positionals.slice(names.length).map((p) => quote(p)).join(" ")} ` +
      `(expected ${names.length ? names.join(" ") : "none"})`);
  }
}

/** The value of a string option that must be one of a few words. */
export function choice<T extends string>(value: unknown, option: string, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (typeof value === "string" && (allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${option} must be one of ${allowed.join(", ")}, got ${quote(String(value))}`);
}

/** A rule name given on the command line, with the right spelling suggested for a near miss. */
export function ruleOption(value: unknown, option: string | undefined = "--rule", edition: EditionId = DEFAULT_EDITION.id): RuleName | undefined {
  if (value === undefined) return undefined;
  const name = String(value);
  const { rules, document } = EDITIONS[edition];
  if (rules.some((r) => r.name === name)) return name as RuleName;
  const near = suggestRule(name, edition);
  throw new UsageError(`${option ? option + ": " : ""}${document} has no rule ${quote(name)}` +
    (near ? ` (did you mean ${JSON.stringify(near)}?)` : `; 'uri-grammar rules --edition ${edition}' lists its rules`));
}

/**
 * The edition (editionOf) and the --rule of a command on one input: the edition's reference rule
 * by default; any of its rules, or with `among` one of those its roles list (parse: roles.parse).
 */
export function ruleIn(values: Values, among?: (roles: EditionRoles) => readonly string[]): { edition: EditionId; rule: RuleName } {
  const edition = editionOf(values);
  const { roles } = EDITIONS[edition];
  const rule = among === undefined ? ruleOption(values.rule, "--rule", edition) ?? roles.reference
    : choice(values.rule, "--rule", among(roles), roles.reference);
  return { edition, rule: rule as RuleName };
}

/** The rule of the edition whose name is nearest to a misspelled one, if one is near enough. */
export function suggestRule(name: string, edition: EditionId = DEFAULT_EDITION.id): RuleName | undefined {
  const RULES = EDITIONS[edition].rules as readonly { name: RuleName }[];
  const lower = name.toLowerCase().replace(/_/g, "-");
  const exact = RULES.find((r) => r.name.toLowerCase().replace(/_/g, "-") === lower);
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
