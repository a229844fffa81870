// Turns a rejected input into a UriSyntaxError a learner can act on. Runs only when an error's
// details are first read. The rule's DFA (src/automaton.ts) gives the exact offset (the input's
// longest prefix that some match begins with) and every character that could come next; the
// automaton of the rule's positions (src/positions.ts) says which rules read each of those
// characters there. Both take time linear in the input and memory independent of it.
import { nextIn, runScan, stringCharacter, type AbnfNode, type Next } from "./automaton.js";
import type { Edition, PegExpectation, RuleInfo } from "./edition.js";
import { orList, showChar, UriSyntaxError, type UriSyntaxErrorDetails } from "./errors.js";
import { mergeRanges, Positions, PositionsTable, type PositionsAutomaton, type Reading } from "./positions.js";
import { andList, article, charactersInWords } from "./words.js";
import { inTable, schemeCharsOf } from "./char-tables.js";

/** The characters of either table. */
function union(a: Uint8Array, b: Uint8Array): Uint8Array {
  return a.map((x, c) => x | b[c]);
}

type RuleName = string;

/**
 * The error for an input that the rule does not match. Its details are worked out when first
 * read (see UriSyntaxError).
 */
export function diagnose(edition: Edition, input: string, start: RuleInfo): UriSyntaxError {
  return new UriSyntaxError({ input, startRule: start.name, edition: edition.id, compute: () => details(edition, input, start, true) });
}

/**
 * The details of the error diagnose() gives, worked out now, without the error: what 'uri-grammar
 * batch' writes of each invalid line (describeError() makes its message). Its `path` and
 * `expected` are shared with every other input that stops in the same set of positions: read
 * them, do not change them.
 */
export function diagnosis(edition: Edition, input: string, start: RuleInfo): UriSyntaxErrorDetails {
  return details(edition, input, start, false);
}

const POSITIONS = new WeakMap<Edition, Map<string, PositionsAutomaton>>();

/**
 * The automaton of a rule's positions, made once per edition and rule: the build's table for the
 * reference rule (generated/ID/positions.js) where the edition has one, else built from the rules'
 * ABNF trees as inputs are read.
 */
function positionsOf(edition: Edition, start: RuleInfo): PositionsAutomaton {
  let byRule = POSITIONS.get(edition);
  if (byRule === undefined) POSITIONS.set(edition, byRule = new Map());
  let p = byRule.get(start.name);
  if (p === undefined) {
    const table = start.name === edition.roles.reference ? edition.positionsTables : null;
    p = table !== null && table.rule === start.name ? new PositionsTable(table) : new Positions(edition.automata.grammar, start.name);
    byRule.set(start.name, p);
  }
  return p;
}

/** Where and why; `ownArrays`: the details' arrays are their own (an error's), not shared. */
function details(edition: Edition, input: string, start: RuleInfo, ownArrays: boolean): UriSyntaxErrorDetails {
  const automaton = edition.automata.of(start.name);
  const { offset, state } = runScan(automaton, input);
  const next = nextIn(automaton, state);
  if (offset === input.length && next.end) throw new Error(`internal error: diagnosis of an input that rule ${start.name} matches`);
  const { readings } = positionsOf(edition, start).after(input, offset);
  const { path, expected } = readingsOf(edition, start, readings, next, ownArrays);
  const rule = path[path.length - 1];
  const info = edition.rule(rule)!;
  const isScheme = schemeCharsOf(edition).accepts;
  const own = hintFor(edition, input, offset, rule, path, start.name, next.characters, isScheme);
  const iri = offset < input.length ? iriReading(edition, input, offset, start.name) : undefined;
  const hint = own === undefined ? iri : iri === undefined ? own : `${own}. ${iri}`;
  return {
    input, offset, expected, next, rule, path, section: info.section, startRule: start.name, edition: edition.id,
    ...(hint === undefined ? {} : { hint }),
  };
}

/**
 * The editions an error may name beside its own: the registry's (src/registry.ts tells them when it
 * is loaded). An edition's own entry (uri-grammar/ID) loads no other edition, and names none.
 */
const KNOWN: { editions: () => readonly Edition[] } = { editions: () => [] };
export function knowEditions(editions: () => readonly Edition[]): void {
  KNOWN.editions = editions;
}

/**
 * At a character past ASCII that an edition of ASCII stops at, what an edition of IRIs reads there
 * (RFC 3987, whose grammar reads characters of the UCS: the editions whose reference rule reads past
 * ASCII, from their automata): the whole input as the same kind of reference, or the character by
 * the rule of its own that holds it (ucschar, iprivate). Undefined where none reads it.
 */
function iriReading(edition: Edition, input: string, offset: number, startRule: RuleName): string | undefined {
  const cp = input.codePointAt(offset)!;
  if (cp < 0x80 || (cp >= 0xd800 && cp <= 0xdfff) || edition.automata.of(edition.roles.reference).wide !== null) return undefined;
  const editions = KNOWN.editions();
  const ch = String.fromCodePoint(cp);
  for (const other of editions) {
    // An edition of URIs is passed over without loading its automata: an edition whose reference
    // rule reads past ASCII names the rules that do (roles "ucschar", "iprivate"; a test holds the
    // two to each other).
    if (other === edition || !namesWideRules(other) || other.automata.of(other.roles.reference).wide === null) continue;
    const role = (Object.keys(edition.roles) as (keyof typeof edition.roles)[]).find((k) => edition.roles[k] === startRule);
    const same = role === undefined ? undefined : other.roles[role];
    const who = `${other.document} (edition "${other.id}")`;
    if (typeof same === "string" && other.accepts(input, other.requireRule(same))) return `${who} reads the whole input as ${article(same)} ${same}`;
    const holder = other.rules.find((r) => r.uses.length === 0 && r.singleCharacter && other.accepts(ch, r));
    if (holder !== undefined) return `${who} reads ${showChar(ch)} as ${article(holder.name)} ${holder.name} (section ${holder.section})`;
  }
  return undefined;
}

/** Whether the edition names rules of characters past ASCII (roles "ucschar" or "iprivate"). */
export function namesWideRules(edition: Edition): boolean {
  return edition.roles.ucschar !== undefined || edition.roles.iprivate !== undefined;
}

/** What is derived from the readings at an offset: the same for every input that ends in the same set of positions. */
const DERIVED = new WeakMap<readonly Reading[], { path: string[]; expected: string[] }>();

/** The rule path and the words of `expected`, from the readings of the next character. */
function readingsOf(edition: Edition, start: RuleInfo, raw: readonly Reading[], next: Next, own = true): { path: string[]; expected: string[] } {
  let derived = DERIVED.get(raw);
  if (derived === undefined) DERIVED.set(raw, derived = derive());
  // Copies: an error's arrays are its own.
  return own ? { path: [...derived.path], expected: [...derived.expected] } : derived;

  function derive(): { path: string[]; expected: string[] } {
    // Each character that can come next, with the rules that read it there: the innermost rule of
    // each reading that is more than one character (a pchar, an ALPHA or a DIGIT is read for the
    // rule that holds it). An escape's "%" is read for the rule that holds the escape too; its hex
    // digits, by the escape.
    const escapeStart = edition.rule(edition.roles.escape)?.first ?? "";
    const cut = (chain: readonly string[], escapeStarts: boolean): string[] => {
      let k = chain.length;
      while (k > 1) {
        const name = chain[k - 1];
        const one = name === edition.roles.escape ? escapeStarts : edition.rule(name)?.singleCharacter === true;
        if (!one) break;
        k--;
      }
      return chain.slice(0, k);
    };
    const readings: string[][] = []; // in the grammar's order
    const readers = new Map<RuleName, Set<number>>(); // the characters each rule can read next
    const seen = new Set<number>();
    // Code points past ASCII (RFC 3987): named by the rule whose range reads them (ucschar, iprivate).
    const wide = new Map<RuleName, (readonly [number, number])[]>();
    const wideSeen: (readonly [number, number])[] = [];
    for (const { chain, ranges } of raw) {
      if (ranges.length === 0) continue;
      readings.push(cut(chain, false));
      const reader = chain[chain.length - 1];
      let list = wide.get(reader);
      if (list === undefined) wide.set(reader, list = []);
      list.push(...ranges);
      wideSeen.push(...ranges);
    }
    if (JSON.stringify(mergeRanges(wideSeen)) !== JSON.stringify(next.ranges)) {
      throw new Error(`internal error: the DFA and the positions of rule ${start.name} disagree past ASCII`);
    }
    for (const { chain, codes } of raw) {
      if (codes.length === 0) continue;
      const starts = codes.filter((c) => escapeStart.includes(String.fromCharCode(c)));
      const rest = starts.length ? codes.filter((c) => !escapeStart.includes(String.fromCharCode(c))) : codes;
      for (const [part, escapeStarts] of [[rest, false], [starts, true]] as const) {
        if (part.length === 0) continue;
        const reading = cut(chain, escapeStarts);
        readings.push(reading);
        const reader = reading[reading.length - 1];
        let set = readers.get(reader);
        if (set === undefined) readers.set(reader, set = new Set());
        for (const c of part) { set.add(c); seen.add(c); }
      }
    }
    if (seen.size !== next.characters.length || [...next.characters].some((c) => !seen.has(c.charCodeAt(0)))) {
      throw new Error(`internal error: the DFA and the positions of rule ${start.name} disagree`);
    }
    // The rule the error is in: the one every reading ends in, with the first reading's path (the
    // document's order of alternatives); else the innermost rule all readings share.
    let path: string[];
    if (readings.length === 0) path = [start.name];
    else if (readings.every((chain) => chain[chain.length - 1] === readings[0][readings[0].length - 1])) {
      path = [...readings[0]];
    } else {
      let common: readonly string[] = readings[0];
      for (const chain of readings.slice(1)) {
        let i = 0;
        while (i < common.length && i < chain.length && common[i] === chain[i]) i++;
        common = common.slice(0, i);
      }
      path = common.length ? [...common] : [start.name];
    }
    const expected = describeNext(edition, readers, next.end, path[path.length - 1]);
    const words = [...wide].map(([rule, ranges]) => `${article(rule)} ${rule} (${rangesText(mergeRanges(ranges))})`);
    expected.splice(next.end ? expected.length - 1 : expected.length, 0, ...words);
    return { path, expected };
  }
}

/**
 * What could come next, in words, by the rules that read it: `"/" (path-abempty)`, `digit (port)`,
 * `"!", "$", ... or an unreserved character (reg-name or userinfo)` (rules that read the same
 * characters share one entry; a character read by several rules is in each of theirs), then the
 * end of the input if it may end there. Entries are in the order of their first character; the
 * rule the error is in is not named again.
 */
function describeNext(edition: Edition, readers: ReadonlyMap<RuleName, ReadonlySet<number>>, end: boolean, inner: RuleName): string[] {
  const bySet = new Map<string, { rules: RuleName[]; codes: number[] }>();
  for (const [rule, codes] of readers) {
    const sorted = [...new Set(codes)].sort((a, b) => a - b);
    const key = sorted.join(",");
    const group = bySet.get(key);
    if (group) group.rules.push(rule);
    else bySet.set(key, { rules: [rule], codes: sorted });
  }
  const out = [...bySet.values()].sort((a, b) => a.codes[0] - b.codes[0] || a.codes.length - b.codes.length).map(({ rules, codes }) => {
    rules.sort();
    const words = describeExpectations(edition, [{ type: "class", parts: codes.map((c) => String.fromCharCode(c)) }], rules);
    const named = words.length === 1 && rules.length === 1 && words[0].endsWith(` ${rules[0]} character`);
    return orList(words) + (named || (rules.length === 1 && rules[0] === inner) ? "" : ` (${rules.join(" or ")})`);
  });
  if (end) out.push("end of input");
  return out;
}

/** "U+00A0-U+D7FF, U+F900-U+FDCF, ... (17 ranges)": code point ranges in words, the first few of them. */
export function rangesText(ranges: readonly (readonly [number, number])[]): string {
  const u = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
  const shown = ranges.slice(0, 3).map(([a, b]) => (a === b ? u(a) : `${u(a)}-${u(b)}`));
  return ranges.length > 3 ? `${shown.join(", ")}, ... (${ranges.length} ranges)` : shown.join(", ");
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

/**
 * The rules a URI reference uses, and every ASCII character that any of them writes (a literal's
 * characters, a range's, in either case where the literal is case-insensitive), from the rules'
 * ABNF trees: all a reference can hold. (Not only the characters a rule can begin with: the 1993
 * draft's "/" stands only inside httpaddress's "//" and after a path's first xpalphas.)
 */
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
    const trees = edition.automata.grammar;
    const walk = (n: AbnfNode): void => {
      switch (n.kind) {
        case "str":
          for (const ch of n.text) for (const code of stringCharacter(ch, n.ci)) alphabet.add(String.fromCodePoint(code));
          break;
        case "range":
          for (let c = n.first; c <= Math.min(n.last, 0x7f); c++) alphabet.add(String.fromCharCode(c));
          break;
        case "cat": case "alt": n.items.forEach(walk); break;
        case "rep": walk(n.item); break;
        case "ref": break;
      }
    };
    for (const name of reachable) if (trees[name] !== undefined) walk(trees[name]);
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

function escapeOf(ch: string): string {
  const cp = ch.charCodeAt(0);
  if (ch.length === 1 && cp < 0x80) return (cp < 0x10 ? "%0" : "%") + cp.toString(16).toUpperCase();
  return [...Buffer.from(ch, "utf8")].map((b) => "%" + b.toString(16).toUpperCase().padStart(2, "0")).join("");
}

/** The edition's hints, each cut at its placeholders: text, name, text, ..., text ("{escape}" is the name "escape"). */
const HINT_PARTS = new WeakMap<Edition, Map<string, string[] | undefined>>();

function hintParts(edition: Edition, id: string): string[] | undefined {
  let byId = HINT_PARTS.get(edition);
  if (byId === undefined) HINT_PARTS.set(edition, byId = new Map());
  if (byId.has(id)) return byId.get(id);
  const text = edition.hints?.[id];
  const parts = text === undefined ? undefined : text.split(/\{(\w+)\}/);
  byId.set(id, parts);
  return parts;
}

/**
 * A sentence about the kind of mistake, for the common ones a learner makes. What counts as which
 * mistake is worked out here, by the edition's roles (edition.json "roles": its escape rule, its
 * first segment of a relative path, ...); the sentence, with the sections of its own document, is
 * the edition's (edition.json "hints"), and an edition without a sentence for a mistake gives none.
 */
function hintFor(edition: Edition, input: string, offset: number, rule: RuleName, path: readonly RuleName[],
  startRule: RuleName, nextCharacters: string, isScheme: (text: string) => boolean): string | undefined {
  const ch = offset < input.length ? String.fromCodePoint(input.codePointAt(offset)!) : undefined;
  const { roles } = edition;
  const inRule = (name: RuleName | undefined) => name !== undefined && (path.includes(name) || rule === name);
  const hint = (id: string, values: Record<string, string | number> = {}): string | undefined => {
    const parts = hintParts(edition, id);
    if (parts === undefined) return undefined;
    let text = parts[0];
    for (let i = 1; i < parts.length; i += 2) text += String(values[parts[i]]) + parts[i + 1];
    return text;
  };
  // Text around a URI, rather than a URI (Appendix E of the draft, Appendix C of RFC 3986): at a
  // space, "<", '"' or the ":" of "URL:" (looked at first: most errors are at none of them), in
  // an input with space around it, or in "<" and ">", or in quotes, or after "URL:".
  if ((ch !== undefined && /\s/.test(ch)) || ch === "<" || ch === "\"" || (ch === ":" && /^URL:/i.test(input))) {
    const trimmed = input.trim();
    if (input.length > 0 && (trimmed !== input || (/^<.*>$/s.test(trimmed)) || /^URL:/i.test(trimmed) ||
        (/^".*"$/s.test(trimmed) && trimmed.length > 1))) {
      return hint("delimiting");
    }
  }
  if (ch === undefined) {
    if (inRule(roles.escape)) return hint("escape-end");
    if (rule === roles.ipLiteral) return hint("ip-literal-end");
    return undefined;
  }
  const cp = ch.codePointAt(0)!;
  // The character's escape, made only for the hints that show it.
  const escape = (): string => escapeOf(ch);
  if (cp > 0x7e) {
    if (cp >= 0xd800 && cp <= 0xdfff) return hint("surrogate");
    return hint("non-ascii", { char: ch, escape: escape() });
  }
  if (cp < 0x20 || cp === 0x7f) return hint("control", { escape: escape() });
  if (ch === " ") return hint("space");
  // A bad escape: "%" not followed by two hex digits.
  const percentAt = input.lastIndexOf("%", offset - 1);
  if (percentAt >= 0 && offset - percentAt <= 2 && /^[0-9A-Fa-f]+$/.test(nextCharacters)) return hint("bad-escape");
  if (ch === "#") return hint(input.lastIndexOf("#", offset - 1) >= 0 ? "second-hash" : "hash");
  const excludedBy = excludedCharacters(edition).get(ch);
  if (excludedBy !== undefined) {
    return hint("excluded", { char: JSON.stringify(ch), rule: excludedBy.name, section: excludedBy.section, escape: escape() });
  }
  if ((ch === "[" || ch === "]") && !inRule(roles.ipLiteral)) return hint("brackets", { escape: escape() });
  if (!alphabetOf(edition).has(ch)) return hint("not-allowed", { char: JSON.stringify(ch), escape: escape() });
  // A ":" in the first segment: in a URI-reference that is text before ":" that is not a scheme
  // ("1a:b", "a_b:c"), read as a relative path.
  const firstSegment = ch === ":" && !/[/?#:]/.test(input.slice(0, offset));
  if (ch === ":" && (startRule === roles.relative || startRule === roles.firstSegment || inRule(roles.firstSegment) ||
      (firstSegment && (inRule(roles.relative) || startRule === roles.reference)))) {
    const before = input.slice(0, offset);
    const segment = /^[^/?#]*/.exec(input)![0];
    // In the words of the edition's scheme rule (src/char-tables.ts): what may begin a scheme, and what may follow.
    const chars = schemeCharsOf(edition);
    const why = !firstSegment || before === "" || isScheme(before) ? undefined : inTable(chars.start, before.charCodeAt(0))
      ? `a scheme has only ${andList(charactersInWords(union(chars.start, chars.part)))}`
      : `a scheme starts with ${orList(charactersInWords(chars.start).map((w) => w === "letters" ? "a letter" : w === "digits" ? "a digit" : w))}`;
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


/** What the grammar says at one position of an input: the view of a prefix. */
export interface PositionView {
  /** The position: the prefix input[0, offset) (clamped to the stop, where the input stops matching). */
  readonly offset: number;
  /** Whether the prefix up to `offset` is one some match begins with (false only past the stop). */
  readonly viable: boolean;
  /** Where the input stops matching (its length when it matches or is a prefix of a match). */
  readonly stop: number;
  /**
   * The rules open at the position: from the start rule down to the innermost rule that read the
   * character before it and can still read on (for offset 0, the start rule), and on down the
   * rule path where it goes on from there (a rule entered for the next character).
   */
  readonly open: readonly string[];
  /** The rule path and the words of what could come next, as an error at this offset says them. */
  readonly path: readonly string[];
  readonly expected: readonly string[];
  readonly next: { readonly characters: string; readonly end: boolean };
}

/**
 * The view of the prefix input[0, offset): the rules open there and what could come next, in the
 * words of the errors, from the same automata (the rule's DFA and the automaton of its positions).
 * Past the stop, the view of the stop. Time linear in the input.
 */
export function positionView(edition: Edition, input: string, offset: number, start: RuleInfo): PositionView {
  const automaton = edition.automata.of(start.name);
  const stop = runScan(automaton, input).offset;
  const at = Math.max(0, Math.min(offset, stop));
  const { state } = at === stop ? runScan(automaton, input) : runScan(automaton, input.slice(0, at));
  const next = nextIn(automaton, state);
  const positions = positionsOf(edition, start);
  const both = at === 0 ? undefined : positions.afterBoth(input, at);
  const readings = both === undefined ? positions.after(input, 0).readings : both.after.readings;
  const { path, expected } = readingsOf(edition, start, readings, next);
  let open = openRules(edition, input, at, start, both?.before.readings ?? [], readings);
  // A rule entered for the next character and not yet reading (IPv6address after "[") is open
  // too: where the error's path goes on from the open rules, it is the path.
  if (path.length > open.length && open.every((name, i) => path[i] === name)) open = [...path];
  return { offset: at, viable: offset <= stop, stop, open, path, expected, next };
}

/** The rules open at the stop of an input the rule does not match (see PositionView.open). */
export function openRulesAt(edition: Edition, input: string, start: RuleInfo): string[] {
  return [...positionView(edition, input, input.length, start).open];
}

function openRules(edition: Edition, input: string, at: number, start: RuleInfo, previous: readonly Reading[], after: readonly Reading[]): string[] {
  if (at === 0) return [start.name];
  // The chains that read the character before the position: the rules they all share...
  const code = input.charCodeAt(at - 1);
  const before = previous.filter((r) => r.codes.includes(code) || code > 127);
  if (before.length === 0) return [start.name];
  let common: readonly string[] = before[0].chain;
  for (const { chain } of before.slice(1)) {
    let i = 0;
    while (i < common.length && i < chain.length && common[i] === chain[i]) i++;
    common = common.slice(0, i);
  }
  // ... down to the innermost one that a reading of the next character is still inside (a rule
  // that ended with that character is closed), and not a rule of one character.
  let depth = 0;
  for (const { chain } of after) {
    let i = 0;
    while (i < common.length && i < chain.length && common[i] === chain[i]) i++;
    depth = Math.max(depth, i);
  }
  let open = common.slice(0, Math.max(depth, 1));
  while (open.length > 1 && edition.rule(open[open.length - 1])?.singleCharacter) open = open.slice(0, -1);
  return [...open];
}
