// Turns a parser failure into a UriSyntaxError a learner can act on. Runs only on failure: the
// grammar's trace build re-reads the input and reports, for every expectation that failed at the
// farthest offset, the chain of rules that was being matched.
import type { Edition, PegExpectation, RuleInfo, TraceEvent } from "./edition.js";
import { UriSyntaxError, type UriSyntaxErrorDetails } from "./errors.js";
import { article } from "./words.js";

type RuleName = string;

interface Failure {
  expected: PegExpectation;
  chain: string[];
}

/**
 * The error for an input that the rule does not match. Its details are worked out when first
 * read (see UriSyntaxError).
 */
export function diagnose(edition: Edition, input: string, start: RuleInfo): UriSyntaxError {
  return new UriSyntaxError({ input, startRule: start.name, edition: edition.id, compute: () => details(edition, input, start) });
}

/** Where and why: reads the input again with the grammar's trace build. */
function details(edition: Edition, input: string, start: RuleInfo): UriSyntaxErrorDetails {
  const stack: string[] = [];
  let maxOffset = -1;
  let failures: Failure[] = [];
  const tracer = {
    trace(event: TraceEvent): void {
      switch (event.type) {
        case "rule.enter": stack.push(event.rule!); break;
        case "rule.match":
        case "rule.fail": stack.pop(); break;
        case "fail": {
          const offset = event.offset!;
          if (offset > maxOffset) { maxOffset = offset; failures = []; }
          if (offset === maxOffset) failures.push({ expected: event.expected!, chain: stack.slice() });
          break;
        }
      }
    },
  };
  let offset: number;
  try {
    edition.tracer.parse(input, { startRule: start.pegName, tracer });
    // The trace build accepts exactly what the fast build accepts; reaching here means they disagree.
    throw new Error(`internal error: the trace parser accepts what the parser rejects (rule ${start.name})`);
  } catch (e) {
    const err = e as { location?: { start: { offset: number } }; expected?: PegExpectation[] };
    if (!err || !err.location) throw e;
    offset = err.location.start.offset;
  }
  // Only the failures at the error's offset count (peggy reports its farthest failure).
  if (offset !== maxOffset) failures = [];
  ({ offset, failures } = intoLiterals(input, offset, failures));
  const { rule, path } = innermostRule(edition, start, failures);
  const expected = describeExpectations(edition, failures.map((f) => f.expected), path);
  const next = nextOf(failures.map((f) => f.expected));
  const info = edition.rule(rule)!;
  const schemeRule = edition.requireRule(edition.roles.scheme);
  const isScheme = (text: string) => edition.accepts(text, schemeRule);
  const hint = hintFor(edition, input, offset, rule, path, start.name, expected, isScheme);
  return {
    input, offset, expected, next, rule, path, section: info.section, startRule: start.name, edition: edition.id,
    ...(hint === undefined ? {} : { hint }),
  };
}

/**
 * peggy tests a literal of several characters ("::", "//", "25") in one step and records its
 * failure where the literal starts, though its first characters may match: "http://[:]" fails
 * "::" at the ":" that does match. The first character that could not be matched is then further
 * on, and what was expected there is the literal's next character. No other attempt got past the
 * offset (it is the farthest failure), so those literals alone decide the new offset.
 */
function intoLiterals(input: string, offset: number, failures: Failure[]): { offset: number; failures: Failure[] } {
  let best = 0;
  const matched = (f: Failure): number => {
    if (f.expected.type !== "literal" || f.expected.text!.length < 2) return 0;
    const text = f.expected.text!;
    let k = 0;
    while (k < text.length - 1 && input[offset + k] === text[k]) k++;
    return k;
  };
  for (const f of failures) best = Math.max(best, matched(f));
  if (best === 0) return { offset, failures };
  const next = failures.filter((f) => matched(f) === best).map((f) => ({
    chain: f.chain,
    expected: { type: "literal" as const, text: f.expected.text!.slice(best), ignoreCase: false },
  }));
  return { offset: offset + best, failures: next };
}

/**
 * The innermost rule common to the chains of every expectation at the offset: the rule that was
 * being matched there. The end-of-input expectation belongs to no rule and is left out unless it
 * is the only one.
 */
function innermostRule(edition: Edition, start: RuleInfo, failures: Failure[]): { rule: RuleName; path: RuleName[] } {
  const inRules = failures.filter((f) => f.expected.type !== "end");
  const chains = (inRules.length ? inRules : failures).map((f) => f.chain);
  let common: string[] = chains.length ? chains[0] : [];
  for (const chain of chains.slice(1)) {
    let i = 0;
    while (i < common.length && i < chain.length && common[i] === chain[i]) i++;
    common = common.slice(0, i);
  }
  const path: RuleName[] = [start.name];
  for (const pegName of common.slice(1)) {
    const info = edition.ruleByPegName(pegName);
    if (info) path.push(info.name);
  }
  return { rule: path[path.length - 1], path };
}

const LETTERS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"].map((c) => c.charCodeAt(0));
const DIGITS = [..."0123456789"].map((c) => c.charCodeAt(0));
const HEX_LETTERS = [..."ABCDEFabcdef"].map((c) => c.charCodeAt(0));
const codes = (chars: string) => [...chars].map((c) => c.charCodeAt(0));

/**
 * The edition's named sets of characters, largest first: the characters of each single-character
 * rule and each run of them (uric, pchar, unreserved, userinfo, rel-segment, ...) that hold more
 * than letters and digits, from the rule table. A learner reads "a pchar character" more easily
 * than twenty quoted characters.
 */
const NAMED_SETS = new WeakMap<Edition, readonly { rule: RuleName; codes: number[] }[]>();

function namedSets(edition: Edition): readonly { rule: RuleName; codes: number[] }[] {
  let sets = NAMED_SETS.get(edition);
  if (sets === undefined) {
    const seen = new Set<string>();
    const named = (r: RuleInfo) => r.first.length >= 12 && /[^0-9A-Za-z]/.test(r.first) && !seen.has(r.first) && !!seen.add(r.first);
    const characters = edition.rules.filter((r) => r.singleCharacter && named(r));
    // A run is named only where its name says more than the largest single-character set in it
    // and a few quoted characters: query (pchar, "/" and "?") is better read as those; userinfo
    // and rel-segment (unreserved and seven or eight others) are named.
    const leftover = (r: RuleInfo) => Math.min(r.first.length, ...characters
      .filter((c) => [...c.first].every((ch) => r.first.includes(ch)))
      .map((c) => r.first.length - c.first.length));
    const runs = edition.rules.filter((r) => r.characterRun && leftover(r) > 3 && named(r));
    sets = [...characters, ...runs]
      .map((r) => ({ rule: r.name, codes: codes(r.first) }))
      .sort((a, b) => b.codes.length - a.codes.length);
    NAMED_SETS.set(edition, sets);
  }
  return sets;
}

/**
 * Rules of characters that no URI reference holds: single-character rules that the reference rule
 * does not use, none of whose characters any rule it uses can begin with (the draft's delims and
 * unwise of section 2.4.3). By character: the rule that names it.
 */
const EXCLUDED = new WeakMap<Edition, ReadonlyMap<string, RuleInfo>>();
const ALPHABET = new WeakMap<Edition, { reachable: ReadonlySet<string>; alphabet: ReadonlySet<string> }>();

/** The rules a URI reference uses, and every character that can begin one of them: all it holds. */
function reachableOf(edition: Edition): { reachable: ReadonlySet<string>; alphabet: ReadonlySet<string> } {
  let found = ALPHABET.get(edition);
  if (found === undefined) {
    const reachable = new Set<string>();
    const visit = (name: string) => {
      if (reachable.has(name)) return;
      reachable.add(name);
      edition.rule(name)?.uses.forEach(visit);
    };
    visit(edition.roles.reference);
    const alphabet = new Set<string>();
    for (const name of reachable) for (const c of edition.rule(name)!.first) alphabet.add(c);
    found = { reachable, alphabet };
    ALPHABET.set(edition, found);
  }
  return found;
}

/** The rules a rule uses, directly or through others. */
function usedBy(edition: Edition, name: string): ReadonlySet<string> {
  const found = new Set<string>();
  const visit = (n: string) => edition.rule(n)?.uses.forEach((u) => { if (!found.has(u)) { found.add(u); visit(u); } });
  visit(name);
  return found;
}

/** The ASCII characters a URI reference of the edition can hold. */
function alphabetOf(edition: Edition): ReadonlySet<string> {
  return reachableOf(edition).alphabet;
}

function excludedCharacters(edition: Edition): ReadonlyMap<string, RuleInfo> {
  let excluded = EXCLUDED.get(edition);
  if (excluded === undefined) {
    const { reachable, alphabet } = reachableOf(edition);
    const map = new Map<string, RuleInfo>();
    for (const r of edition.rules) {
      if (!r.singleCharacter || reachable.has(r.name)) continue;
      for (const c of r.first) if (!alphabet.has(c) && !map.has(c)) map.set(c, r);
    }
    excluded = map;
    EXCLUDED.set(edition, excluded);
  }
  return excluded;
}

/** The expectations in words: quoted characters first, then classes by name, then the end. */
export function describeExpectations(edition: Edition, expectations: readonly PegExpectation[], path: readonly string[] = []): string[] {
  const chars = new Set<number>();
  const literals = new Set<string>();
  const others = new Set<string>();
  let end = false;
  for (const e of expectations) {
    switch (e.type) {
      case "literal":
        if (e.text!.length === 1) chars.add(e.text!.charCodeAt(0));
        else literals.add(e.text!);
        break;
      case "class":
        for (const part of e.parts!) {
          if (typeof part === "string") chars.add(part.charCodeAt(0));
          else for (let c = part[0].charCodeAt(0); c <= part[1].charCodeAt(0); c++) chars.add(c);
        }
        break;
      case "end": end = true; break;
      case "any": others.add("any character"); break;
      default: if (e.description) others.add(e.description);
    }
  }
  const named: string[] = [];
  // The character sets of the grammar's repetitions, largest first: a learner reads "a path
  // character (pchar)" more easily than twenty quoted characters.
  for (const { rule, codes: set } of namedSets(edition)) {
    if (set.every((c) => chars.has(c))) {
      // Sets shared by several rules (reg-name's and pchar's, in the draft) take the name of the
      // one being matched.
      const inPath = [...path].reverse().find((name) => edition.rule(name)?.first === edition.rule(rule)!.first);
      const name = inPath ?? rule;
      named.push(`${article(name)} ${name} character`);
      set.forEach((c) => chars.delete(c));
    }
  }
  const hasAll = (codes: number[]) => codes.every((c) => chars.has(c));
  const drop = (codes: number[]) => codes.forEach((c) => chars.delete(c));
  if (hasAll(LETTERS)) {
    if (hasAll(DIGITS)) { named.push("letter or digit"); drop(DIGITS); } else named.push("letter");
    drop(LETTERS);
  } else if (hasAll(DIGITS) && hasAll(HEX_LETTERS)) {
    named.push("hex digit"); drop(DIGITS); drop(HEX_LETTERS);
  }
  if (hasAll(DIGITS)) { named.push("digit"); drop(DIGITS); }
  // A part of the digits ([0-5], [1-9]) reads best as a range.
  const digits = DIGITS.filter((c) => chars.has(c));
  if (digits.length > 1 && digits[digits.length - 1] - digits[0] === digits.length - 1) {
    named.push(`digit ${String.fromCharCode(digits[0])}-${String.fromCharCode(digits[digits.length - 1])}`);
    drop(digits);
  }
  const quoted = [...chars].sort((a, b) => a - b).map((c) => JSON.stringify(String.fromCharCode(c)));
  // A literal of several characters whose first character is already expected adds nothing at
  // this offset ("25" beside "hex digit").
  const coveredByChars = (l: string) => chars.has(l.charCodeAt(0)) || named.length > 0 && /^[0-9A-Za-z]/.test(l) &&
    ((named.includes("hex digit") && /^[0-9A-Fa-f]/.test(l)) || (named.includes("digit") && /^[0-9]/.test(l)) ||
     named.some((n) => n.startsWith("letter")));
  const result = [...quoted, ...[...literals].filter((l) => !coveredByChars(l)).sort().map((l) => JSON.stringify(l)),
    ...named, ...others];
  if (end) result.push("end of input");
  return result;
}

/**
 * What the parser tried at the offset, for programs: the characters (in code order), the longer
 * literals, and whether the input could have ended there.
 */
function nextOf(expectations: readonly PegExpectation[]): { characters: string; literals: string[]; end: boolean } {
  const chars = new Set<number>();
  const literals = new Set<string>();
  let end = false;
  for (const e of expectations) {
    if (e.type === "end") end = true;
    else if (e.type === "literal") {
      const text = e.text!;
      const variants = e.ignoreCase ? [text.toLowerCase(), text.toUpperCase()] : [text];
      for (const v of variants) { if (v.length === 1) chars.add(v.charCodeAt(0)); else literals.add(v); }
    } else if (e.type === "class") {
      for (const part of e.parts!) {
        const [from, to] = typeof part === "string" ? [part, part] : part;
        for (let c = from.charCodeAt(0); c <= to.charCodeAt(0); c++) {
          chars.add(c);
          if (e.ignoreCase) {
            const ch = String.fromCharCode(c);
            chars.add(ch.toLowerCase().charCodeAt(0)).add(ch.toUpperCase().charCodeAt(0));
          }
        }
      }
    }
  }
  return { characters: String.fromCharCode(...[...chars].sort((a, b) => a - b)), literals: [...literals].sort(), end };
}

function escapeOf(ch: string): string {
  return [...Buffer.from(ch, "utf8")].map((b) => "%" + b.toString(16).toUpperCase().padStart(2, "0")).join("");
}

/**
 * A sentence about the kind of mistake, for the common ones a learner makes. What counts as which
 * mistake is worked out here, by the edition's roles (edition.json "roles": its escape rule, its
 * first segment of a relative path, ...); the sentence, with the sections of its own document, is
 * the edition's (edition.json "hints"), and an edition without a sentence for a mistake gives none.
 */
function hintFor(edition: Edition, input: string, offset: number, rule: RuleName, path: readonly RuleName[],
  startRule: RuleName, expected: readonly string[], isScheme: (text: string) => boolean): string | undefined {
  const ch = offset < input.length ? String.fromCodePoint(input.codePointAt(offset)!) : undefined;
  const { roles } = edition;
  const inRule = (name: RuleName | undefined) => name !== undefined && (path.includes(name) || rule === name);
  const hint = (id: string, values: Record<string, string | number> = {}): string | undefined => {
    const text = edition.hints?.[id];
    return text?.replace(/\{(\w+)\}/g, (_m, key: string) => String(values[key]));
  };
  // Text around a URI, rather than a URI (Appendix E of the draft, Appendix C of RFC 3986).
  const trimmed = input.trim();
  if (input.length > 0 && (trimmed !== input || (/^<.*>$/s.test(trimmed)) || /^URL:/i.test(trimmed) ||
      (/^".*"$/s.test(trimmed) && trimmed.length > 1))) {
    if ((ch !== undefined && /\s/.test(ch)) || ch === "<" || ch === "\"" || (ch === ":" && /^URL:/i.test(input))) {
      return hint("delimiting");
    }
  }
  if (ch === undefined) {
    if (inRule(roles.escape)) return hint("escape-end");
    if (rule === roles.ipLiteral) return hint("ip-literal-end");
    return undefined;
  }
  const cp = ch.codePointAt(0)!;
  const escape = escapeOf(ch);
  if (cp > 0x7e) {
    if (cp >= 0xd800 && cp <= 0xdfff) return hint("surrogate");
    return hint("non-ascii", { char: ch, escape });
  }
  if (cp < 0x20 || cp === 0x7f) return hint("control", { escape });
  if (ch === " ") return hint("space");
  // A bad escape: "%" not followed by two hex digits.
  const percentAt = input.lastIndexOf("%", offset - 1);
  if (percentAt >= 0 && offset - percentAt <= 2 && expected.includes("hex digit")) return hint("bad-escape");
  if (ch === "#") return hint(input.lastIndexOf("#", offset - 1) >= 0 ? "second-hash" : "hash");
  const excludedBy = excludedCharacters(edition).get(ch);
  if (excludedBy !== undefined) {
    return hint("excluded", { char: JSON.stringify(ch), rule: excludedBy.name, section: excludedBy.section, escape });
  }
  if ((ch === "[" || ch === "]") && !inRule(roles.ipLiteral)) return hint("brackets", { escape });
  if (!alphabetOf(edition).has(ch)) return hint("not-allowed", { char: JSON.stringify(ch), escape });
  // A ":" in the first segment: in a URI-reference that is text before ":" that is not a scheme
  // ("1a:b", "a_b:c"), read as a relative path.
  const firstSegment = !/[/?#:]/.test(input.slice(0, offset));
  if (ch === ":" && (startRule === roles.relative || startRule === roles.firstSegment || inRule(roles.firstSegment) ||
      (firstSegment && (inRule(roles.relative) || startRule === roles.reference)))) {
    const before = input.slice(0, offset);
    const segment = /^[^/?#]*/.exec(input)![0];
    const why = !firstSegment || before === "" || isScheme(before) ? undefined : /^[A-Za-z]/.test(before)
      ? `a scheme has only letters, digits, "+", "-" and "."`
      : "a scheme starts with a letter";
    if (why !== undefined) return hint("not-a-scheme", { before, why, segment });
    return hint("first-segment", { segment });
  }
  if (roles.hostname !== undefined && (inRule(roles.hostname) || usedBy(edition, roles.hostname).has(rule)) && /[A-Za-z0-9-]/.test(ch)) {
    const labelStart = Math.max(input.lastIndexOf(".", offset - 1), input.lastIndexOf("/", offset - 1),
      input.lastIndexOf("@", offset - 1), input.lastIndexOf("[", offset - 1)) + 1;
    let labelEnd = offset;
    while (labelEnd < input.length && /[A-Za-z0-9-]/.test(input[labelEnd])) labelEnd++;
    if (labelEnd - labelStart > 63) return hint("label-length", { count: labelEnd - labelStart });
  }
  if (inRule(roles.ipv4) && /[0-9]/.test(ch)) {
    let s = offset;
    while (s > 0 && /[0-9]/.test(input[s - 1])) s--;
    let e = offset;
    while (e < input.length && /[0-9]/.test(input[e])) e++;
    const n = input.slice(s, e);
    if (Number(n) > 255 || /^0[0-9]/.test(n)) return hint("dec-octet", { number: n });
  }
  return undefined;
}

