// The way 'uri-grammar batch' reads a file, as a property over generated inputs: chunks cut
// anywhere (through a line, a CR LF, a character of several bytes, the byte order mark), each read
// into the same buffer as the one before (as Reader.chunks() does for a file), cut into blocks by
// LineReader, each block checked as bytes by checkInto() into one output buffer in steps of a few
// records (as batch does when the records outgrow the output buffer). The records and counts are
// those of the decoded reading (checkBlock(): each line a string, validated and formatted), for
// lines of ASCII, characters past it, bytes that are not UTF-8, CR, empty lines, control
// characters, tabs and lines longer than a chunk, in both formats, with and without --skip-empty
// and --numbered.
import fc from "fast-check";
import { PassThrough } from "node:stream";
import { addCounts, checkInto, byteChecker, type BatchSettings, type Counts } from "../src/cli/batch-core.js";
import { ByteOut, Sink } from "../src/cli/byte-out.js";
import { LineReader } from "../src/cli/line-reader.js";
import type { EditionId, RuleName } from "../src/index.js";
import { corpus } from "./support/corpus.js";
import { reference } from "./support/batch-reference.js";

const CORPUS = corpus(300, 3402);

/** One line's bytes, without its line break. */
const line: fc.Arbitrary<Buffer> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...CORPUS).map((s) => Buffer.from(s)) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }).map((s) => Buffer.from(s.replace(/\n/g, ""))) },
  { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom(..."az09:/?#[]@!$&'()*+,;=%-._~ \t\\\"<>{}|^`\r\u0000\u001b\u007f".split("")), maxLength: 40 }).map((s) => Buffer.from(s)) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 12 }).map((b) => Buffer.from(b.filter((x) => x !== 10))) },
  { weight: 1, arbitrary: fc.constantFrom("", "\r", "\ufeffhttp://a/", "caf\u00e9", "http://a/\u20ac", "http://a/\u202e", "x".repeat(200)).map((s) => Buffer.from(s)) },
  { weight: 1, arbitrary: fc.constantFrom([0x68, 0xff], [0xe2, 0x82], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80]).map((b) => Buffer.from(b)) },
);

const settingsArb: fc.Arbitrary<BatchSettings> = fc.record({
  edition: fc.constantFrom<EditionId>("rfc2396bis-01", "rfc3986", "rfc3987", "url-1993"),
  format: fc.constantFrom("jsonl", "tsv"),
  skipEmpty: fc.boolean(),
  numbered: fc.boolean(),
}).map(({ edition, format, skipEmpty, numbered }) => ({
  edition, rule: (edition === "url-1993" ? "url" : edition === "rfc3987" ? "IRI-reference" : "URI-reference") as RuleName,
  format, skipEmpty, numbered,
}));

/** The input as batch reads it: chunks of `sizes` bytes in turn, each copied into one buffer used again. */
function* chunksOf(input: Buffer, sizes: number[]): Generator<Buffer> {
  const buffer = Buffer.alloc(Math.max(...sizes));
  for (let at = 0, k = 0; at < input.length; k++) {
    const n = Math.min(sizes[k % sizes.length], input.length - at);
    input.copy(buffer, 0, at, at + n);
    // The bytes after the chunk are garbage, as in a buffer used again.
    buffer.fill(0x41, n);
    yield buffer.subarray(0, n);
    at += n;
  }
}

test("the byte path (LineReader, checkInto into one buffer) writes what the decoded reading writes, however the input is cut", () => {
  fc.assert(fc.property(
    fc.array(fc.tuple(line, fc.boolean(), fc.nat({ max: 999999 }), fc.nat({ max: 3 })), { minLength: 1, maxLength: 60 }), fc.array(fc.integer({ min: 1, max: 97 }), { minLength: 1, maxLength: 5 }),
    settingsArb, fc.boolean(), fc.boolean(), fc.integer({ min: 1, max: 400 }),
    (lines, sizes, settings, bom, lastBreak, limit) => {
      const parts: Buffer[] = bom ? [Buffer.from([0xef, 0xbb, 0xbf])] : [];
      lines.forEach(([bytes, crlf, number, zeros], i) => {
        // --numbered: NUMBER<TAB>, some numbers with leading zeros (007 is line 7).
        parts.push(settings.numbered ? Buffer.concat([Buffer.from(`${"0".repeat(zeros)}${i % 3 === 0 ? i + 1 : number}\t`), bytes]) : bytes);
        if (i < lines.length - 1 || lastBreak) parts.push(Buffer.from(crlf ? "\r\n" : "\n"));
      });
      const input = Buffer.concat(parts);
      // The whole input at once, decoded: the reference.
      // (A byte order mark at the start is not part of the first line, whether it is one put there or the line's own.)
      const body = input.subarray(input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf ? 3 : 0);
      const whole = Buffer.concat([body, body.length > 0 && body[body.length - 1] !== 10 ? Buffer.from("\n") : Buffer.alloc(0)]);
      const expected = reference(whole, 1, settings);
      // The byte path, in chunks read into one buffer, records in one output in steps of `limit` bytes.
      const checker = byteChecker(settings);
      const reader = new LineReader(1024 * 1024);
      const out = new ByteOut(64);
      const got: Counts = { lines: 0, valid: 0, invalid: 0, skipped: 0, byRule: {}, lastLine: 0 };
      const take = (events: ReturnType<LineReader["push"]>) => {
        for (const event of events) {
          if (event.kind !== "lines") throw new Error("no line is over the limit here");
          for (let from = 0; from < event.bytes.length;) {
            const r = checkInto(event.bytes.subarray(from), got.lines + 1, checker, out, limit);
            expect(r.end).toBeGreaterThan(0);
            from += r.end;
            addCounts(got, r);
          }
        }
      };
      for (const chunk of chunksOf(input, sizes)) take(reader.push(chunk));
      take(reader.end());
      expect(out.buf.subarray(0, out.pos).toString("latin1")).toBe(Buffer.from(expected.out).toString("latin1"));
      expect(got).toEqual({ lines: expected.lines, valid: expected.valid, invalid: expected.invalid, skipped: expected.skipped,
        byRule: expected.byRule, lastLine: expected.lines === 0 ? 0 : expected.lastLine });
    },
  ), { numRuns: 400 });
});

test("a line seen before gets the record it got then (the memo), with its own line number", () => {
  const settings: BatchSettings = { edition: "rfc2396bis-01", rule: "URI-reference" as RuleName, format: "jsonl", skipEmpty: false, numbered: false };
  const block = Buffer.from("a b\nhttp://a/\na b\ncaf\u00e9\na b\ncaf\u00e9\n");
  const out = new ByteOut(16);
  const first = checkInto(block, 1, byteChecker(settings), out);
  const again = checkInto(block, 7, byteChecker(settings), out);
  expect(Buffer.from(first.out).toString()).toBe(Buffer.from(reference(block, 1, settings).out).toString());
  expect(Buffer.from(again.out).toString()).toBe(Buffer.from(reference(block, 7, settings).out).toString());
  expect(again.byRule).toEqual(first.byRule);
});

test("the sink writes what it holds in order; a stream that keeps what it is given (no file descriptor) gets buffers of its own", async () => {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on("data", (c: Buffer) => chunks.push(c));
  const sink = new Sink(stream as unknown as NodeJS.WriteStream, 64);
  let expected = "";
  for (let i = 0; i < 60; i++) {
    const record = `record ${i}\n`;
    sink.out.text(record);
    expected += record;
    await sink.full();
    // As batch does between two reads: the stream's callbacks run (a written buffer would come back to be used again).
    await new Promise((resolve) => setImmediate(resolve));
    if (i === 9) {
      const block = `a block of a worker's records, more than a quarter of the sink\n`;
      await sink.write(Buffer.from(block));
      expected += block;
    }
  }
  await sink.flush();
  expect(chunks.length).toBeGreaterThan(5);
  expect(Buffer.concat(chunks).toString()).toBe(expected);
});
