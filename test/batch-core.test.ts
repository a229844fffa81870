// 'uri-grammar batch' reads its blocks of lines as bytes (checkBytes: the automaton run on the bytes
// of an ASCII line, a valid line written as bytes) and every other line the way it read all of
// them before (checkBlock: the block decoded as UTF-8, each line validated and formatted as a
// string). Here the two are held to each other byte for byte, with the same counts, on the
// benchmark corpus with the lines batch meets in files: characters past ASCII, bytes that are not
// UTF-8, CR LF ends, empty lines, invalid lines, characters the formats escape, --numbered lines
// (with a byte order mark after number 1, and numbers that are not numbers), in every format,
// with and without --skip-empty, for the reference rules of every edition and other rules, in
// blocks cut at every kind of place.
import { EDITIONS, type EditionId } from "../src/index.js";
import type { RuleName } from "../src/index.js";
import {
  byteChecker, checkBytes, NumberedInputError, type BatchSettings,
} from "../src/cli/batch-core.js";
import { corpus } from "./support/corpus.js";
import { reference } from "./support/batch-reference.js";

const CORPUS = corpus(1000, 34);

/** Lines as bytes, each with "\n" (some with "\r\n"), the corpus and the lines files hold. */
function lines(): Buffer[] {
  const odd: (string | Buffer)[] = [
    "", "\r", "http://a/b\r", "caf\u00e9", "http://a/\u20ac", "http://a/\"q\"", "a\\b", "a\tb", "a\u0000b", "\u007f", "\u001b[31m",
    "\ufeffhttp://a/", "http://a/\u202e", Buffer.from([0x68, 0xff]), Buffer.from([0xe2, 0x82]), Buffer.from([0x68, 0x74, 0xc3]),
    Buffer.from("http://a/\r\r"), "x".repeat(300), "http://a/" + "b".repeat(600) + " ", "http://a/" + "b".repeat(600),
    "mailto:\"a\"@b", "news:\"x\"", "g;x=1/../y", "#", "?", "//", "http://[::1]/", "http://[::1/",
  ];
  const out: Buffer[] = [];
  CORPUS.forEach((s, i) => {
    out.push(Buffer.from(s + (i % 7 === 0 ? "\r\n" : "\n")));
    if (i % 50 === 0) { const o = odd[(i / 50) % odd.length]; out.push(Buffer.concat([Buffer.from(o as never), Buffer.from("\n")])); }
  });
  for (const o of odd) out.push(Buffer.concat([Buffer.from(o as never), Buffer.from("\r\n")]));
  return out;
}

/** The same lines as NUMBER<TAB>TEXT, with a few lines whose number is not one. */
function numbered(ls: Buffer[], bad: boolean): Buffer[] {
  const out = ls.map((l, i) => Buffer.concat([Buffer.from(`${i + 1}\t`), i === 0 ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), l]));
  out.push(Buffer.from("007\thttp://a/\n"), Buffer.from("123456789012345\thttp://a/\n"), Buffer.from("5\t\n"));
  if (bad) out.push(Buffer.from("1234567890123456\thttp://a/\n"));
  return out;
}

/** Blocks of whole lines: one, cut every n lines. */
function blocks(ls: Buffer[], n: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < ls.length; i += n) out.push(Buffer.concat(ls.slice(i, i + n)));
  return out;
}

function compare(ls: Buffer[], settings: BatchSettings, cut: number): number {
  const checker = byteChecker(settings);
  let line = 1;
  let checked = 0;
  for (const block of blocks(ls, cut)) {
    const expected = reference(block, line, settings);
    const got = checkBytes(block, line, checker);
    expect(Buffer.from(got.out).toString("latin1")).toBe(Buffer.from(expected.out).toString("latin1"));
    expect({ ...got, out: undefined }).toEqual({ ...expected, out: undefined });
    line += got.lines;
    checked += got.lines;
  }
  return checked;
}

const base = { skipEmpty: false, numbered: false, format: "jsonl" } as const;
const referenceRules = (Object.keys(EDITIONS) as EditionId[]).map((id) => [id, EDITIONS[id].roles.reference as RuleName] as const);

describe("checkBytes() writes what checkBlock() writes, byte for byte", () => {
  test.each(referenceRules)("%s %s, both formats, in blocks of 1, 7 and all lines; with --skip-empty, in one", (edition, rule) => {
    const ls = lines();
    for (const format of ["jsonl", "tsv"] as const) {
      for (const skipEmpty of [false, true]) {
        for (const cut of skipEmpty ? [ls.length] : [1, 7, ls.length]) {
          expect(compare(ls, { ...base, edition, rule, format, skipEmpty }, cut)).toBe(ls.length);
        }
      }
    }
  });

  test("other rules, including ones whose valid lines hold characters JSON escapes (the 1993 draft's quotes)", () => {
    const ls = lines();
    const cases: [EditionId, string][] = [
      ["rfc2396bis-01", "absolute-URI"], ["rfc2396bis-01", "IPv6address"], ["rfc2396bis-01", "host"], ["rfc3986", "path-abempty"],
      ["url-1993", "url"], ["url-1993", "xpalphas"], ["rfc2396", "uric"],
    ];
    let escaped = 0;
    for (const [edition, rule] of cases) {
      for (const format of ["jsonl", "tsv"] as const) {
        const settings = { ...base, edition, rule: rule as RuleName, format };
        if (byteChecker(settings).plain !== null) escaped++;
        expect(compare(ls, settings, 13)).toBe(ls.length);
      }
    }
    expect(escaped).toBeGreaterThan(0);
  });

  test("--numbered lines, a byte order mark after number 1, numbers with leading zeros and of 15 digits", () => {
    const ls = numbered(lines(), false);
    for (const format of ["jsonl", "tsv"] as const) {
      for (const skipEmpty of [false, true]) {
        const settings = { ...base, edition: "rfc2396bis-01", rule: "URI-reference", format, skipEmpty, numbered: true } as BatchSettings;
        expect(compare(ls, settings, 11)).toBe(ls.length);
      }
    }
  });

  test("a --numbered line without a number is the same error either way", () => {
    const settings = { ...base, edition: "rfc2396bis-01", rule: "URI-reference", numbered: true } as BatchSettings;
    for (const wrong of ["1234567890123456\thttp://a/\n", "\thttp://a/\n", "http://a/\n", "12 \thttp://a/\n", "12"]) {
      const block = Buffer.from("1\thttp://a/\n" + wrong + (wrong.endsWith("\n") ? "" : "\n"));
      const message = (f: () => unknown) => { try { f(); } catch (e) { expect(e).toBeInstanceOf(NumberedInputError); return (e as Error).message; } return "no error"; };
      const expected = message(() => reference(block, 1, settings));
      expect(expected).toContain("line 2 of the input does not start with a number and a tab");
      expect(message(() => checkBytes(block, 1, byteChecker(settings)))).toBe(expected);
    }
  });
});
