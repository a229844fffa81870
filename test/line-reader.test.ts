// The reader under 'uri-grammar batch': lines from chunks of bytes cut anywhere, each line given
// whole or (over the limit) as its length only, and never more than the limit held at once.
import fc from "fast-check";
import { HEAD, LineReader, type LineEvent } from "../src/cli/line-reader.js";

/** What a reader gives for `input` read in chunks of `size` bytes: lines as strings, long lines as {length, head}. */
function read(input: Buffer, limit: number, size: number): { events: (string | { length: number; head: string })[]; maxHeld: number } {
  const reader = new LineReader(limit);
  const events: LineEvent[] = [];
  for (let k = 0; k < input.length; k += size) events.push(...reader.push(input.subarray(k, k + size)));
  events.push(...reader.end());
  const out: (string | { length: number; head: string })[] = [];
  for (const e of events) {
    if (e.kind === "long") out.push({ length: e.length, head: e.head.toString("latin1") });
    else {
      const text = e.bytes.toString("latin1");
      expect(text.endsWith("\n")).toBe(true);
      out.push(...text.slice(0, -1).split("\n"));
    }
  }
  return { events: out, maxHeld: reader.maxHeld };
}

/** The same from the whole input: split at "\n", a "\r" before it not counted, a byte order mark at the start dropped. */
function expected(input: Buffer, limit: number): (string | { length: number; head: string })[] {
  let text = input.toString("latin1");
  if (text.startsWith("\xef\xbb\xbf")) text = text.slice(3);
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines.map((line) => {
    const length = line.length - (line.endsWith("\r") ? 1 : 0);
    return length > limit ? { length, head: line.slice(0, HEAD) } : line;
  });
}

const byte = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(10, 13, 0xef, 0xbb, 0xbf) },
  { weight: 5, arbitrary: fc.integer({ min: 0, max: 255 }) },
);

describe("LineReader", () => {
  test("lines cut into chunks of any size are the lines of the whole input; the reader never holds more than the limit and one byte", () => {
    fc.assert(fc.property(fc.array(byte, { maxLength: 300 }), fc.integer({ min: 1, max: 40 }), (bytes, limit) => {
      const input = Buffer.from(bytes);
      const want = expected(input, limit);
      for (let size = 1; size <= input.length + 1; size++) {
        const { events, maxHeld } = read(input, limit, size);
        expect(events).toEqual(want);
        expect(maxHeld).toBeLessThanOrEqual(limit + 1);
      }
    }), { numRuns: 300 });
  });

  test("a line of 10 MB with the limit at 1 KB: one event with its length, and at most 1 KB held", () => {
    const line = Buffer.alloc(10 * 1024 * 1024, "a");
    const input = Buffer.concat([Buffer.from("http://a/\n"), line, Buffer.from("\r\nhttp://b/")]);
    for (const size of [1000, 64 * 1024, 256 * 1024, input.length]) {
      const { events, maxHeld } = read(input, 1024, size);
      expect(events).toEqual(["http://a/", { length: line.length, head: "a".repeat(HEAD) }, "http://b/"]);
      expect(maxHeld).toBeLessThanOrEqual(1025);
    }
  });

  test("a line exactly at the limit is given whole, one byte more is long; the \\r of CR LF does not count", () => {
    expect(read(Buffer.from("abcd\nabcde\nabcd\r\nabcde\r\n"), 4, 3).events).toEqual([
      "abcd", { length: 5, head: "abcde" }, "abcd\r", { length: 5, head: "abcde\r" }]);
    expect(read(Buffer.from("abcd\r"), 4, 1).events).toEqual(["abcd\r"]);
    expect(read(Buffer.from("abcde\r"), 4, 1).events).toEqual([{ length: 5, head: "abcde\r" }]);
  });

  test("a byte order mark is dropped however the chunks cut it, and only at the start", () => {
    const input = Buffer.from("\xef\xbb\xbfa\n\xef\xbb\xbfb\n", "latin1");
    for (const size of [1, 2, 3, 4]) expect(read(input, 100, size).events).toEqual(["a", "\xef\xbb\xbfb"]);
    expect(read(Buffer.from("\xef\xbb", "latin1"), 100, 1).events).toEqual(["\xef\xbb"]);
  });
});

describe("LineReader copies only what it must", () => {
  test("the lines after a line begun in an earlier chunk are given as they are in the chunk; the joined line is a block of its own", () => {
    const reader = new LineReader(1024);
    expect(reader.push(Buffer.from("http://a/1\nhttp://a/"))).toHaveLength(1);
    const chunk = Buffer.from("2\nhttp://a/3\nhttp://a/4\nhttp://a/");
    const events = reader.push(chunk);
    expect(events.map((e) => (e.kind === "lines" ? e.bytes.toString() : e.kind))).toEqual(["http://a/2\n", "http://a/3\nhttp://a/4\n"]);
    const rest = events[1] as { bytes: Buffer };
    // The same memory as the chunk (a reader that reads into one buffer must use the lines before the next read).
    expect(rest.bytes.buffer).toBe(chunk.buffer);
    expect(rest.bytes.byteOffset).toBe(chunk.byteOffset + 2);
    // The partial line is a copy: the chunk's buffer can be used again.
    chunk.fill(0x41);
    expect(reader.end().map((e) => (e.kind === "lines" ? e.bytes.toString() : e.kind))).toEqual(["http://a/\n"]);
  });
});
