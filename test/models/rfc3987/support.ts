// RFC 3987's characters for the tests of src/models/rfc3987/, read from the document itself
// (../shared/spec/rfc3987.txt, section 2.2), not from the grammar folder: the single-character rules
// (`ucschar`, `iprivate`, `unreserved`, `reserved`, `gen-delims`, `sub-delims`) become code point
// ranges, and a Syntax answers them from those ranges. The rules RFC 3987 says "are the same as
// those in [RFC3986]" and that are not single characters (IPv4address, asked by RFC 3986's
// normalization) are answered by the compiled rfc3986 grammar. The core rules ALPHA and DIGIT
// (RFC 2234) come from grammar/rfc3986/grammar.abnf, which transcribes them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { EDITIONS, parse } from "../../../src/index.js";
import type { Syntax } from "../../../src/ladder.js";
import { syntaxOf } from "../../../src/syntax.js";
import { Reference } from "../../../src/models/rfc3986/types.js";
import type { Host } from "../../../src/models/rfc3986/types.js";

export const ROOT = join(__dirname, "..", "..", "..");
export const SPEC_FILE = join(ROOT, "..", "shared", "spec", "rfc3987.txt");

/** The document, without its page breaks (footer, form feed, header): lines as printed. */
export function specLines(): string[] {
  const lines = readFileSync(SPEC_FILE, "utf8").split(/\r?\n/);
  return lines.filter((l) => !/^Duerst & Suignard\s+Standards Track\s+\[Page \d+\]$/.test(l) && !/^RFC 3987\s+Internationalized Resource Identifiers\s+January 2005$/.test(l) && !l.includes("\f"));
}

/** The text of a section: from its heading ("2.2.") to the next heading at any level. */
export function sectionText(number: string): string {
  const lines = specLines();
  const start = lines.findIndex((l) => l.startsWith(number + "  ") || l.startsWith(number + ". "));
  if (start < 0) throw new Error(`rfc3987.txt: no section ${number}`);
  let end = start + 1;
  while (end < lines.length && !/^\d+(\.\d+)*\.\s/.test(lines[end])) end++;
  return lines.slice(start, end).join("\n");
}

/** The ABNF rules printed in a text: name -> definition (continuation lines joined, comments removed). */
export function abnfRules(text: string): Map<string, string> {
  const rules = new Map<string, string>();
  let current: string | undefined;
  for (const raw of text.split("\n")) {
    const line = raw.replace(/^((?:[^";]|"[^"]*")*);.*$/, "$1"); // a comment, not a quoted ";"
    const head = /^\s{0,4}([A-Za-z][A-Za-z0-9-]*)\s*=\s*(.*)$/.exec(line);
    if (head) {
      current = head[1];
      rules.set(current, head[2].trim());
    } else if (current !== undefined && /^\s{6,}\S/.test(line)) {
      rules.set(current, rules.get(current) + " " + line.trim());
    } else if (line.trim() !== "" || raw.trim() === "") {
      if (line.trim() !== "") current = undefined;
    }
  }
  return rules;
}

export type Ranges = readonly (readonly [number, number])[];

/**
 * The code points a single-character rule matches, as sorted ranges: its alternatives are %x
 * values and ranges, quoted single characters (case-insensitive letters, RFC 2234 2.3) and other
 * single-character rules.
 */
export function rangesOf(name: string, rules: ReadonlyMap<string, string>): Ranges {
  const def = rules.get(name);
  if (def === undefined) throw new Error(`no rule ${name}`);
  const out: [number, number][] = [];
  const tokens = def.match(/%x[0-9A-F]+(?:-[0-9A-F]+)?|"[^"]*"|[A-Za-z][A-Za-z0-9-]*|\/|\S/gi) ?? [];
  tokens.forEach((alt, i) => {
    if (i % 2 === 1) {
      if (alt !== "/") throw new Error(`${name}: expected "/" between alternatives, got ${alt}`);
      return;
    }
    let m: RegExpExecArray | null;
    if ((m = /^%x([0-9A-F]+)-([0-9A-F]+)$/i.exec(alt))) out.push([parseInt(m[1], 16), parseInt(m[2], 16)]);
    else if ((m = /^%x([0-9A-F]+)$/i.exec(alt))) out.push([parseInt(m[1], 16), parseInt(m[1], 16)]);
    else if ((m = /^"(.)"$/.exec(alt))) {
      const c = m[1];
      for (const v of new Set([c, c.toLowerCase(), c.toUpperCase()])) out.push([v.charCodeAt(0), v.charCodeAt(0)]);
    } else if (/^[A-Za-z][A-Za-z0-9-]*$/.test(alt)) out.push(...rangesOf(alt, rules).map(([a, b]): [number, number] => [a, b]));
    else throw new Error(`${name}: not a single-character alternative: ${alt}`);
  });
  return out.sort((a, b) => a[0] - b[0]);
}

export function inRanges(ranges: Ranges, cp: number): boolean {
  return ranges.some(([a, b]) => cp >= a && cp <= b);
}

/** Section 2.2's rules, with RFC 2234's ALPHA and DIGIT as grammar/rfc3986/grammar.abnf transcribes them. */
export function documentRules(): Map<string, string> {
  const rules = abnfRules(sectionText("2.2"));
  const core = abnfRules(readFileSync(join(ROOT, "grammar", "rfc3986", "grammar.abnf"), "utf8"));
  for (const name of ["ALPHA", "DIGIT"]) rules.set(name, core.get(name)!);
  return rules;
}

const RULES = documentRules();
export const UCSCHAR = rangesOf("ucschar", RULES);
export const IPRIVATE = rangesOf("iprivate", RULES);
export const UNRESERVED = rangesOf("unreserved", RULES);
export const RESERVED = rangesOf("reserved", RULES);

const SINGLE: Record<string, Ranges> = { ucschar: UCSCHAR, iprivate: IPRIVATE, unreserved: UNRESERVED, reserved: RESERVED };
const rfc3986 = syntaxOf(EDITIONS.rfc3986);

/**
 * RFC 3987's grammar as the algorithms ask it (a Syntax, by role): the single-character rules from
 * the document's ranges; the others, which 2.2 says are RFC 3986's, from the rfc3986 edition.
 */
export const syntax: Syntax = {
  accepts(role, input) {
    const ranges = SINGLE[role];
    if (ranges === undefined) return rfc3986.accepts(role, input);
    const cp = input.codePointAt(0);
    return cp !== undefined && input.length === (cp > 0xffff ? 2 : 1) && inRanges(ranges, cp);
  },
};

/**
 * An IRI reference as a Reference of RFC 3986's model (what the rfc3987 edition's parser will
 * give): split by RFC 3986 Appendix B's delimiters, which RFC 3987 keeps (2.1); the host typed as
 * the rfc3986 parser types the US-ASCII form of an IP host, else a reg-name as written.
 */
export function iriReference(text: string): Reference {
  const m = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/su.exec(text)!;
  const [, scheme, authority, path, query, fragment] = m;
  let auth: ConstructorParameters<typeof Reference>[0]["authority"];
  if (authority !== undefined) {
    const at = authority.lastIndexOf("@");
    const userinfo = at >= 0 ? authority.slice(0, at) : undefined;
    const rest = authority.slice(at + 1);
    const colon = rest.startsWith("[") ? rest.indexOf(":", rest.indexOf("]")) : rest.indexOf(":");
    const hostText = colon >= 0 ? rest.slice(0, colon) : rest;
    const port = colon >= 0 ? rest.slice(colon + 1) : undefined;
    let host: Host = { kind: "reg-name", raw: hostText };
    if (/^[\x00-\x7f]*$/.test(hostText) && hostText !== "") {
      const parsed = parse(`//${hostText}`, { edition: "rfc3986" }) as Reference;
      host = parsed.authority!.host;
    }
    auth = { raw: authority, host, ...(userinfo !== undefined ? { userinfo } : {}), ...(port !== undefined ? { port } : {}) } as never;
  }
  return new Reference({ scheme, authority: auth, path, query, fragment });
}

// ----- An acceptor of section 2.2, from the document's ABNF -----

/**
 * Every rule of section 2.2 (both lists: the rules that differ from RFC 3986 and the rules that
 * are the same) with RFC 2234's ALPHA, DIGIT and HEXDIG (grammar/rfc3986/grammar.abnf), each as an
 * anchored RegExp with the "u" flag, so that it reads code points: a surrogate pair is one
 * character, a lone surrogate matches no range. Written from the ABNF text by a small
 * recursive-descent reader (RFC 2234: alternation, concatenation, repetition, groups, options,
 * case-insensitive strings, %x values and ranges; "0<ipchar>" is zero repetitions of prose, the
 * empty string), with every rule inlined. Independent of grammar/rfc3987/: vectors are checked
 * against the document.
 */
export function documentAcceptor(): Map<string, RegExp> {
  const rules = abnfRules(sectionText("2.2"));
  const core = abnfRules(readFileSync(join(ROOT, "grammar", "rfc3986", "grammar.abnf"), "utf8"));
  for (const name of ["ALPHA", "DIGIT", "HEXDIG"]) rules.set(name, core.get(name)!);
  const sources = new Map<string, string>();
  const sourceOf = (name: string, stack: string[] = []): string => {
    const known = sources.get(name);
    if (known !== undefined) return known;
    if (stack.includes(name)) throw new Error(`recursive rule ${name}`);
    const def = rules.get(name);
    if (def === undefined) throw new Error(`no rule ${name}`);
    const src = abnfToRegex(def, (ref) => sourceOf(ref, [...stack, name]));
    sources.set(name, src);
    return src;
  };
  const out = new Map<string, RegExp>();
  for (const name of rules.keys()) out.set(name, new RegExp(`^(?:${sourceOf(name)})$`, "u"));
  return out;
}

function abnfToRegex(def: string, ref: (name: string) => string): string {
  const tokens = def.match(/%x[0-9A-F]+(?:-[0-9A-F]+|(?:\.[0-9A-F]+)+)?|"[^"]*"|<[^>]*>|\d*\*\d*|\d+|[A-Za-z][A-Za-z0-9-]*|[/()[\]]/gi) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const cp = (hex: string) => `\\u{${hex}}`;
  const alternation = (): string => {
    const alts = [concatenation()];
    while (peek() === "/") { at++; alts.push(concatenation()); }
    return alts.length === 1 ? alts[0] : `(?:${alts.join("|")})`;
  };
  const concatenation = (): string => {
    let out = "";
    while (at < tokens.length && peek() !== "/" && peek() !== ")" && peek() !== "]") out += repetition();
    return out;
  };
  const repetition = (): string => {
    const t = peek();
    let min = 1;
    let max: number | undefined = 1;
    if (/^\d*\*\d*$/.test(t)) {
      at++;
      const [a, b] = t.split("*");
      min = a === "" ? 0 : Number(a);
      max = b === "" ? undefined : Number(b);
    } else if (/^\d+$/.test(t)) {
      at++;
      min = max = Number(t);
    }
    const e = element();
    if (max === 0) return "";
    if (min === 1 && max === 1) return e;
    return `(?:${e}){${min},${max ?? ""}}`;
  };
  const element = (): string => {
    const t = tokens[at++];
    if (t === "(") { const a = alternation(); expectToken(")"); return `(?:${a})`; }
    if (t === "[") { const a = alternation(); expectToken("]"); return `(?:${a})?`; }
    if (t.startsWith("<")) return "(?:)"; // prose, read only under "0"
    if (t.startsWith('"')) {
      return t.slice(1, -1).split("").map((c) => (/[A-Za-z]/.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"))).join("");
    }
    let m: RegExpExecArray | null;
    if ((m = /^%x([0-9A-F]+)-([0-9A-F]+)$/i.exec(t))) return `[${cp(m[1])}-${cp(m[2])}]`;
    if ((m = /^%x([0-9A-F.]+)$/i.exec(t))) return m[1].split(".").map(cp).join("");
    if (/^[A-Za-z]/.test(t)) return `(?:${ref(t)})`;
    throw new Error(`ABNF: unexpected ${t} in ${def}`);
  };
  const expectToken = (t: string) => {
    if (tokens[at++] !== t) throw new Error(`ABNF: expected ${t} in ${def}`);
  };
  const src = alternation();
  if (at !== tokens.length) throw new Error(`ABNF: left over ${tokens.slice(at).join(" ")} in ${def}`);
  return src;
}
