// Time linear in input size: the growth from a 100 KB input to a 1 MB input (ten times larger) must
// stay well under the hundredfold of a quadratic algorithm. Ratios, not absolute times, so the test
// holds on a slow or busy machine. The time is the CPU time of this process (the test runs beside
// other test files, whose processes share the cores), and the fastest of a few runs, since
// interference only ever adds time.
import * as api from "../src/index.js";
import { LineReader } from "../src/cli/line-reader.js";
import type { Edition } from "../src/edition.js";
import { ExtractScanner } from "../src/extract.js";

const KB = 1024;
const SMALL = 100 * KB;
const LARGE = 1024 * KB;
/**
 * Linear growth gives about 10; quadratic gives 100. On an AMD EPYC the 100 KB inputs run from the
 * caches and cost up to 2.5 times less per character than the 1 MB ones (equivalent() of escaped
 * CR LF: 37 ns a character at 100 KB, 78-80 ns at 400 KB, 1 MB and 4 MB; extract() of words and
 * URIs: 134 ns, then 206-269 ns), so linear code there measures 25x-31x; 40 keeps that apart from
 * a quadratic cost's hundredfold.
 */
const MAX_RATIO = 40;

/** Inputs of about n characters, each stressing one part of the grammar. */
const SHAPES: Record<string, (n: number) => string> = {
  "long path": (n) => "http://example.com/" + "a".repeat(n),
  "long query": (n) => "http://example.com/?" + "q=1&".repeat(n / 4),
  "many labels": (n) => "http://" + "a.".repeat(n / 2) + "com/",
  "long userinfo": (n) => "http://" + "u".repeat(n) + "@example.com/",
  "many short segments": (n) => "http://example.com" + "/s".repeat(n / 2),
  "invalid character at the very end": (n) => "http://example.com/" + "a".repeat(n) + " ",
  // Escapes that normalization decodes, one by one (each was 2-3 times dearer per character at
  // 1M than at 10k characters while a function call per escape built the result).
  "many escapes": (n) => "http://example.com/" + "%41".repeat(n / 3),
  "many escaped CR LF": (n) => "http://example.com/" + "%0D%0A".repeat(n / 6),
  "userinfo of escapes and dots": (n) => "http://" + "%41.".repeat(n / 4) + "@example.com/",
};

/** CPU milliseconds (user and system) of this process while f runs. */
function millis(f: () => void): number {
  const before = process.cpuUsage();
  f();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** The call, with the typed errors an input may legitimately give swallowed. */
function quietly(f: () => unknown): () => void {
  return () => {
    try {
      f();
    } catch (e) {
      if (!(e instanceof api.UriSyntaxError) && !(e instanceof api.ResolveError)) throw e;
    }
  };
}

/** Fastest time at SMALL and LARGE, after one warm-up run; returns the ratio. */
function growth(call: (input: string) => unknown, shape: (n: number) => string, runs = 5): { ratio: number; small: number; large: number } {
  const small = shape(SMALL);
  const large = shape(LARGE);
  quietly(() => call(small))();
  const ts = Math.min(...Array.from({ length: runs }, () => millis(quietly(() => call(small)))));
  const tl = Math.min(...Array.from({ length: runs }, () => millis(quietly(() => call(large)))));
  // Below a millisecond the timer's resolution dominates; count it as one.
  return { ratio: tl / Math.max(ts, 1), small: ts, large: tl };
}

/** Fails with the measured numbers in the message. */
function expectLinear({ ratio, small, large }: { ratio: number; small: number; large: number }): void {
  if (!(ratio < MAX_RATIO)) {
    throw new Error(`time grew ${ratio.toFixed(1)}x from ${SMALL / KB} KB (${small.toFixed(0)} ms) to ${LARGE / KB} KB ` +
      `(${large.toFixed(0)} ms); linear growth is about 10x`);
  }
  expect(ratio).toBeLessThan(MAX_RATIO);
}

const ESCAPE_SHAPES = ["many escapes", "many escaped CR LF", "userinfo of escapes and dots", "long userinfo"];

/** Every detail of a validation's error, as a program that logs it would read them. */
function details(result: api.ValidationResult): unknown {
  return result.valid ? result : JSON.stringify(result.error);
}

const FUNCTIONS: Record<string, [(input: string) => unknown, string[]]> = {
  parse: [(s) => api.parse(s), Object.keys(SHAPES)],
  matches: [(s) => api.matches("URI-reference", s), Object.keys(SHAPES)],
  "matches (path-segments)": [(s) => api.matches("path-segments", s.slice(s.indexOf("/", 8))), ["long path", "many short segments"]],
  // Every detail of the error read (the DFA and the automaton of the rule's positions read the input again).
  "validate (error details read)": [(s) => details(api.validate(s + "\u007f")), Object.keys(SHAPES)],
  // The 1993 draft's hostname is ambiguous ("." is in ialpha): the most positions at once.
  "validate (url-1993, error details read)": [(s) => details(api.validate(s + "\u007f", { edition: "url-1993" })), ["many labels", "long path"]],
  // explain() builds a node per rule match through the trace build: heavy, so two shapes.
  explain: [(s) => api.explain(s), ["many short segments", "invalid character at the very end"]],
  resolve: [(s) => api.resolve("http://a/b/c/d;p?q", s), Object.keys(SHAPES)],
  "resolve (as base)": [(s) => api.resolve(s, "../g?y#z"), ["long path", "many short segments"]],
  normalize: [(s) => api.normalize(s), Object.keys(SHAPES)],
  audit: [(s) => api.audit(s), Object.keys(SHAPES)],
  equivalent: [(s) => api.equivalent(s, s), Object.keys(SHAPES)],
  // The other editions' normalization and audit, on the shapes of escapes.
  ...Object.fromEntries((["rfc3986", "rfc2396"] as const).flatMap((edition) => [
    [`normalize (${edition})`, [(s: string) => api.normalize(s, { edition }), ESCAPE_SHAPES]],
    [`equivalent (${edition})`, [(s: string) => api.equivalent(s, s, { edition }), ESCAPE_SHAPES]],
    [`audit (${edition})`, [(s: string) => api.audit(s, { edition, fetch: true }), ESCAPE_SHAPES]],
  ])),
  extract: [(s) => api.extract(`See <${s}> and ${s}, or "${s}".`), Object.keys(SHAPES)],
};

/** Texts that could make a scanner go back and forth. */
const TEXTS: Record<string, (n: number) => string> = {
  "an unclosed <": (n) => "<http://a/" + "b".repeat(n),
  "many <": (n) => "< ".repeat(n / 2),
  "many quotes around line breaks": (n) => '"a\n'.repeat(n / 3),
  "a URI broken after a hyphen on every line": (n) => "http://a/" + "b-\n".repeat(n / 3),
  "a URI in <> broken after a hyphen on every line": (n) => "<http://a/" + "b-\n".repeat(n / 3) + ">",
  "a scheme broken after a hyphen on every line": (n) => "a:-\n".repeat(n / 4),
  "closing parentheses": (n) => "(http://a/" + ")".repeat(n),
  "words and URIs": (n) => "See <URL:http://a.example/x-\n y>, or http://b.example/(c). ".repeat(n / 52),
};

const cases = Object.entries(FUNCTIONS).flatMap(([name, [call, shapes]]) => shapes.map((shape) => [name, shape, call] as const));

describe(`time grows linearly from ${SMALL / KB} KB to ${LARGE / KB} KB (ratio under ${MAX_RATIO})`, () => {
  test.each(cases)("%s: %s", (_name, shape, call) => {
    expectLinear(growth(call, SHAPES[shape]));
  });
});

describe("extract() scans text in linear time", () => {
  test.each(Object.keys(TEXTS))("%s", (shape) => {
    expectLinear(growth((t) => api.extract(t), TEXTS[shape]));
  });
});

// The commands that stream (batch, extract) read their input in chunks: a line, or a token, that
// spans many chunks must not be scanned or copied again with each one. Small pieces (1 KB), so
// that doing so would show: a thousand pieces for the large input.
const PIECE = KB;

/** Pushes the text to `push` in pieces of PIECE, then ends. */
function inPieces(text: string | Buffer, push: (piece: never) => void, end: () => void): void {
  for (let k = 0; k < text.length; k += PIECE) push(text.slice(k, k + PIECE) as never);
  end();
}

describe("the streaming readers take a line or a token in time linear in its length", () => {
  test("batch's line reader: one line in chunks", () => {
    expectLinear(growth((text) => {
      const reader = new LineReader(2 * LARGE);
      inPieces(Buffer.from(text), (chunk) => reader.push(chunk), () => reader.end());
    }, (n) => "http://a/" + "b".repeat(n)));
  });

  test("extract's scanner: one token, and one <...> broken after hyphens, in pieces", () => {
    const edition = api.EDITIONS[api.DEFAULT_EDITION.id] as unknown as Edition;
    const scan = (text: string) => {
      const scanner = new ExtractScanner(edition, undefined, { onUri: () => undefined });
      inPieces(text, (piece) => scanner.push(piece), () => scanner.end());
    };
    expectLinear(growth(scan, (n) => "see http://a/" + "b".repeat(n) + " there"));
    expectLinear(growth(scan, (n) => "see <http://a/" + "b-\n".repeat(n / 3) + "> there"));
  });
});
