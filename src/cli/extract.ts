// uri-grammar extract: the URI references in running text, found as Appendix E describes, as the
// text streams in: the text and the results are never held whole.
import { EDITIONS, type ExtractedUri, type ExtractOptions } from "../index.js";
import type { Edition } from "../edition.js";
import { ExtractScanner, type TooLongCandidate } from "../extract.js";
import { visible } from "../printable.js";
import { editionOf, expectPositionals, globalOptionHelp } from "./args.js";
import { drained, type Command, type Context } from "./context.js";
import { HELD_DEFAULT, heldLimit, openInput, Reader } from "./input.js";
import { json } from "./report.js";
import { EXIT, exitStatusHelp } from "./exit.js";

/** Bytes read at a time. */
const CHUNK = 64 * 1024;
/** The default of --max-length, in characters. */
export const MAX_LENGTH = HELD_DEFAULT;

export const extract: Command = {
  name: "extract",
  summary: "find the URI references in plain text (Appendix E)",
  usage: `Usage: uri-grammar extract [--relative] [--scheme NAME]... [--valid] [--json]
                           [--max-length N] [FILE|-]

Finds the URI references in running text the way Appendix E describes: a URI
is delimited by <...>, double quotes or whitespace; a "URL:" prefix is left
out; whitespace and line breaks inside <...> are ignored; a line break right
after "-" is reported with both readings (in --json); trailing punctuation
that is not part of the URI is left out. Prints one URI per line, in order,
as it reads; a candidate that is not a valid URI reference is followed by a
tab and "(not a valid URI reference)", unless --valid leaves it out. What a
terminal would act on (controls, bidirectional formatting) is shown, never
copied: ESC as "\u241b", U+202E as "<U+202E>".

The text is streamed: memory stays bounded on a file of any size. A candidate
longer than --max-length is not held: its first characters are printed,
followed by a tab and "(too long: N characters, not checked)"; a "<" or '"'
whose closing partner is further away than that is no delimiter.

Arguments:
  FILE             the text to read; "-" or nothing reads stdin

Options:
  --relative       also take relative references between <...> or quotes
                   ("<../a/b>"); by default only text with a scheme is taken
  --scheme NAME    only URIs of this scheme; may be given more than once
  --valid          leave out candidates that are not valid URI references
  --json           print every reference found with its position [start,
                   end) in the text, its delimiter and whether it is valid
  --max-length N   the longest candidate taken, in characters (default
                   ${MAX_LENGTH}, 1 MiB)
${globalOptionHelp(19)}

${exitStatusHelp({
    [EXIT.ok]: "some URI found", [EXIT.usage]: "usage error, or a file that cannot be read", [EXIT.no]: "none found",
    [EXIT.io]: "a read or a write failed", [EXIT.interrupted]: "interrupted",
  })}`,
  options: {
    relative: { type: "boolean" }, scheme: { type: "string", multiple: true, value: "NAME" },
    valid: { type: "boolean" }, json: { type: "boolean" }, "max-length": { type: "string", value: "N" },
  },
  async run(values, positionals, ctx) {
    expectPositionals(positionals, ["[FILE|-]"]);
    const edition = EDITIONS[editionOf(values)] as unknown as Edition;
    const options: ExtractOptions = { relative: values.relative === true };
    if (Array.isArray(values.scheme)) options.schemes = values.scheme;
    const limit = heldLimit(values["max-length"], "--max-length");
    const input = openInput(positionals[0] ?? "-", ctx, CHUNK);
    const out = new Output(ctx, values.json === true, limit);
    const scanner = new ExtractScanner(edition, options, {
      onUri: (item) => { if (item.valid || !values.valid) out.uri(item); },
      onTooLong: (candidate) => { if (!values.valid) out.tooLong(candidate); },
    }, limit);
    const reader = new Reader(input);
    // Bytes that are not UTF-8 read as U+FFFD, as a whole file read as UTF-8 does; a byte order
    // mark stays (it is whitespace to the scan).
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    let bytesRead = 0;
    try {
      for await (const chunk of reader.chunks()) {
        bytesRead += chunk.length;
        scanner.push(decoder.decode(chunk, { stream: true }));
        await out.flush();
        if (out.closed) break;
      }
      if (!reader.interrupted && !out.closed) {
        scanner.push(decoder.decode());
        scanner.end();
      }
      await out.end();
    } finally {
      reader.close();
      out.close();
    }
    if (reader.interrupted) {
      ctx.warn(`uri-grammar extract: interrupted (SIGINT) after ${bytesRead} bytes of the input; ` +
        `the ${out.count === 1 ? "URI" : "URIs"} found before (${out.count}) were printed, the rest of the input was not read`);
      return EXIT.interrupted;
    }
    return out.count ? EXIT.ok : EXIT.no;
  },
};

/** The results as they are found: one a line, or the elements of one JSON array. */
class Output {
  count = 0;
  /** The reader of the output went away (| head): nothing more is worth finding. */
  closed = false;
  private text = "";
  private readonly onError = (e: NodeJS.ErrnoException) => { if (e.code === "EPIPE") this.closed = true; };

  constructor(private readonly ctx: Context, private readonly asJson: boolean, private readonly limit: number) {
    // Other faults of the output end the process (src/cli.ts).
    ctx.stdout.on("error", this.onError);
  }

  uri(item: ExtractedUri): void {
    if (this.asJson) return this.element(item);
    // A valid IRI (RFC 3987) may hold a bidirectional formatting character (U+2066 is a ucschar): shown, not acted on.
    this.line(item.valid ? visible(item.uri) : `${visible(item.uri)}\t${this.ctx.out.paint("red", "(not a valid URI reference)")}`);
  }

  tooLong(c: TooLongCandidate): void {
    const length = c.end - c.start;
    if (this.asJson) {
      return this.element({
        uri: null, start: c.start, end: c.end, delimiter: "whitespace", valid: false, tooLong: true, length, head: c.head,
        message: `a candidate of ${length} characters, more than --max-length ${this.limit}: not checked`,
      });
    }
    this.line(`${visible(c.head)}…\t${this.ctx.out.paint("red", `(too long: ${length} characters, not checked)`)}`);
  }

  private line(text: string): void {
    this.count++;
    this.text += text + "\n";
  }

  /** One element of the array, laid out as JSON.stringify(array, null, 2) lays it out. */
  private element(value: unknown): void {
    this.text += (this.count++ === 0 ? "[\n  " : ",\n  ") + json(value).replace(/\n/g, "\n  ");
  }

  /** Writes what has been found, and waits while the reader of the output is behind. */
  async flush(): Promise<void> {
    const text = this.text;
    this.text = "";
    if (text === "" || this.closed) return;
    if (!this.ctx.stdout.write(text)) await drained(this.ctx.stdout);
  }

  async end(): Promise<void> {
    if (this.asJson) this.text += this.count ? "\n]\n" : "[]\n";
    await this.flush();
  }

  close(): void {
    this.ctx.stdout.off("error", this.onError);
  }
}
