// The input of the commands that stream a file (batch, extract): opened, read chunk by chunk, its
// faults told apart (a file that cannot be opened is a usage error, one that fails while it is read
// an I/O error), and stopped cleanly by Ctrl-C.
import { shown } from "../printable.js";
import { constants as bufferConstants } from "node:buffer";
import { createReadStream, fstatSync, openSync, read } from "node:fs";
import { StringDecoder } from "node:string_decoder";
import { CommandError, errnoText, IoError, UsageError, wholeNumberOption } from "./args.js";
import type { Context } from "./context.js";

export interface Input {
  /** The file's name as given, or "stdin". */
  readonly name: string;
  readonly stream: NodeJS.ReadableStream;
  /** The size of a regular file (stdin redirected from one too), else undefined (a pipe, a terminal). */
  readonly size: number | undefined;
  /** The file descriptor of a regular file (stdin redirected from one too), which Reader.chunks() may read itself. */
  readonly fd?: number;
}

/**
 * The default of the most a streaming command holds of one item (batch's --max-line-length in
 * bytes, extract's --max-length in characters): 1 MiB, far above any URI a browser takes.
 */
export const HELD_DEFAULT = 1024 * 1024;

/**
 * The value of such an option (HELD_DEFAULT when not given): a whole number from 1 to 256 MiB, the
 * most an item may be, held as bytes and then as a string of its characters.
 */
export function heldLimit(value: unknown, option: string): number {
  return wholeNumberOption(value, option, 1, 256 * 1024 * 1024) ?? HELD_DEFAULT;
}

/** Opens FILE, or stdin for "-". CommandError (exit status 2) when the file cannot be opened. */
export function openInput(file: string, ctx: Context, highWaterMark: number): Input {
  if (file === "-") {
    const stdinFd = (ctx.stdin as { fd?: number }).fd;
    const stdinSize = fileSize(stdinFd);
    return { name: "stdin", stream: stdinStream(ctx.stdin, highWaterMark), size: stdinSize, ...(stdinSize === undefined ? {} : { fd: stdinFd }) };
  }
  let fd: number;
  let size: number | undefined;
  try {
    fd = openSync(file, "r");
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw Object.assign(new Error("is a directory"), { code: "EISDIR" });
    size = stat.isFile() ? stat.size : undefined;
  } catch (e) {
    throw new CommandError(`cannot read ${shown(file)}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return { name: file, stream: createReadStream("", { fd, highWaterMark }), size, ...(size === undefined ? {} : { fd }) };
}

/** The size of the regular file open as `fd`, or undefined (a pipe, a terminal). */
function fileSize(fd: number | undefined): number | undefined {
  if (typeof fd !== "number") return undefined;
  try {
    const stat = fstatSync(fd);
    return stat.isFile() ? stat.size : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The chunks of the input, until its end or Ctrl-C (SIGINT). A read that fails is an IoError
 * (exit status 74) that names the input. From construction to close(), SIGINT does not end the
 * process: the reading stops, `interrupted` turns true, and the command ends as it would at the
 * end of the input, then reports how far it got. (Once the input is read to its end, the command
 * finishes its output as usual.)
 */
export class Reader {
  interrupted = false;
  private done = false;
  private readonly onSigint = () => {
    if (this.done) return;
    this.interrupted = true;
    // Unblocks a read that waits (a terminal, a pipe whose writer is idle).
    (this.input.stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  };

  constructor(private readonly input: Input) {
    process.on("SIGINT", this.onSigint);
  }

  /**
   * With `reuse` (a number of bytes), a regular file is read into one buffer of that size, used
   * again for every chunk (no new memory for each read): a chunk is then valid only until the next
   * is asked for. Any other input comes as its stream gives it.
   */
  async *chunks(reuse?: number): AsyncGenerator<Buffer> {
    if (reuse !== undefined && this.input.fd !== undefined) {
      yield* this.fileChunks(this.input.fd, Buffer.allocUnsafe(reuse));
      return;
    }
    try {
      for await (const chunk of this.input.stream) {
        if (this.interrupted) return;
        yield typeof chunk === "string" ? Buffer.from(chunk) : chunk as Buffer;
        if (this.interrupted) return;
      }
      this.done = true;
    } catch (e) {
      if (this.interrupted) return;
      throw new IoError(`cannot read ${shown(this.input.name)}: ${errnoText(e)}`);
    }
  }

  private async *fileChunks(fd: number, buf: Buffer): AsyncGenerator<Buffer> {
    const readInto = () => new Promise<number>((resolve, reject) => {
      read(fd, buf, 0, buf.length, null, (e, n) => (e ? reject(e) : resolve(n)));
    });
    try {
      for (;;) {
        let n: number;
        try {
          n = await readInto();
        } catch (e) {
          if (this.interrupted) return;
          throw new IoError(`cannot read ${shown(this.input.name)}: ${errnoText(e)}`);
        }
        if (this.interrupted) return;
        if (n === 0) break;
        yield buf.subarray(0, n);
        if (this.interrupted) return;
      }
      this.done = true;
    } finally {
      // The stream opened on the file was never read: it closes the file (a file of its own; stdin stays open).
      (this.input.stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
    }
  }

  /** SIGINT ends the process again, as it does by default. */
  close(): void {
    this.done = true;
    process.off("SIGINT", this.onSigint);
  }
}

/**
 * The stream to read stdin from. Node's own stdin reads a directory as an empty input and, for
 * some files, ends where a read fails; so stdin redirected from a directory is an IoError (exit
 * status 74: "cannot read stdin: is a directory (EISDIR)"), and one redirected from a file or a
 * device is read through a stream of its own, whose failed read is an error. A pipe or a terminal
 * is read as Node reads it.
 */
export function stdinStream(stdin: NodeJS.ReadableStream, highWaterMark = 64 * 1024): NodeJS.ReadableStream {
  const fd = (stdin as { fd?: unknown }).fd;
  if (typeof fd !== "number") return stdin;
  let stat;
  try {
    stat = fstatSync(fd);
  } catch (e) {
    throw new IoError(`cannot read stdin: ${errnoText(e)}`);
  }
  if (stat.isDirectory()) throw new IoError("cannot read stdin: it is a directory (EISDIR)");
  if (!stat.isFile() && !stat.isCharacterDevice() && !stat.isBlockDevice()) return stdin;
  // A terminal is a character device that Node reads as a TTY (and Ctrl-D ends).
  if ((stdin as { isTTY?: boolean }).isTTY) return stdin;
  return createReadStream("", { fd, autoClose: false, highWaterMark });
}

/**
 * The longest string the JavaScript engine holds (V8: 2^29 - 24 UTF-16 units on 64-bit
 * platforms), and so the longest input a command that reads one input whole (check, parse, ...)
 * takes from stdin. batch and extract read line by line, and take any size.
 */
export const STDIN_MAX_LENGTH: number = bufferConstants.MAX_STRING_LENGTH;

/**
 * All of stdin as UTF-8 text. A read that fails is an IoError (exit status 74, "cannot read
 * stdin: ..."); an input longer than `max` characters (STDIN_MAX_LENGTH) a UsageError that names
 * the limit, said as soon as the limit is passed (the rest is not read).
 */
export async function readStdinText(stdin: NodeJS.ReadableStream, max = STDIN_MAX_LENGTH): Promise<string> {
  const stream = stdinStream(stdin);
  const decoder = new StringDecoder("utf8");
  const parts: string[] = [];
  let length = 0;
  const add = (text: string) => {
    length += text.length;
    if (length > max) {
      (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      throw new UsageError(`the input on stdin is longer than ${max} characters, the longest string a command that reads ` +
        `one input whole can hold (STDIN_MAX_LENGTH: the JavaScript engine's limit); 'uri-grammar batch' and ` +
        `'uri-grammar extract' read any size, line by line`);
    }
    if (text !== "") parts.push(text);
  };
  try {
    for await (const chunk of stream) add(typeof chunk === "string" ? chunk : decoder.write(chunk as Buffer));
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new IoError(`cannot read stdin: ${errnoText(e)}`);
  }
  add(decoder.end());
  return parts.join("");
}
