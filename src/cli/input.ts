// The input of the commands that stream a file (batch, extract): opened, read chunk by chunk, its
// faults told apart (a file that cannot be opened is a usage error, one that fails while it is read
// an I/O error), and stopped cleanly by Ctrl-C.
import { createReadStream, fstatSync, openSync } from "node:fs";
import { CommandError, errnoText, IoError } from "./args.js";
import type { Context } from "./context.js";

export interface Input {
  /** The file's name as given, or "stdin". */
  readonly name: string;
  readonly stream: NodeJS.ReadableStream;
  /** The size of a regular file (stdin redirected from one too), else undefined (a pipe, a terminal). */
  readonly size: number | undefined;
}

/** Opens FILE, or stdin for "-". CommandError (exit status 2) when the file cannot be opened. */
export function openInput(file: string, ctx: Context, highWaterMark: number): Input {
  if (file === "-") return { name: "stdin", stream: ctx.stdin, size: fileSize((ctx.stdin as { fd?: number }).fd) };
  let fd: number;
  let size: number | undefined;
  try {
    fd = openSync(file, "r");
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw Object.assign(new Error("is a directory"), { code: "EISDIR" });
    size = stat.isFile() ? stat.size : undefined;
  } catch (e) {
    throw new CommandError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return { name: file, stream: createReadStream("", { fd, highWaterMark }), size };
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

  async *chunks(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of this.input.stream) {
        if (this.interrupted) return;
        yield typeof chunk === "string" ? Buffer.from(chunk) : chunk as Buffer;
        if (this.interrupted) return;
      }
      this.done = true;
    } catch (e) {
      if (this.interrupted) return;
      throw new IoError(`cannot read ${this.input.name}: ${errnoText(e)}`);
    }
  }

  /** SIGINT ends the process again, as it does by default. */
  close(): void {
    this.done = true;
    process.off("SIGINT", this.onSigint);
  }
}
