// The output of 'uri-grammar batch' as bytes: records written into one large buffer (ByteOut), and
// that buffer handed to the output stream when it holds enough (Sink), so that a million records
// are a few dozen writes, not a million strings, and the buffers are used again once written.
import { drained } from "./context.js";

/** Bytes written one after another into a buffer that grows when a write needs more room. */
export class ByteOut {
  buf: Buffer;
  pos = 0;

  /** A buffer of `size` bytes, or the buffer given (to be used again). */
  constructor(size: number | Buffer) {
    this.buf = typeof size === "number" ? Buffer.allocUnsafe(size) : size;
  }

  /** The buffer, with room for n more bytes after pos. */
  room(n: number): Buffer {
    if (this.pos + n > this.buf.length) {
      const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
      this.buf.copy(bigger, 0, 0, this.pos);
      this.buf = bigger;
    }
    return this.buf;
  }

  /** A string, as UTF-8. */
  text(s: string): void {
    if (s === "") return;
    this.room(s.length * 3);
    this.pos += this.buf.write(s, this.pos, "utf8");
  }

  /** Bytes as they are. */
  bytes(src: Uint8Array): void {
    this.room(src.length).set(src, this.pos);
    this.pos += src.length;
  }
}

/** The most bytes a Sink holds before it writes them (records are appended a block at a time, so a little more). */
export const SINK_SIZE = 1024 * 1024;

/**
 * A ByteOut written to a stream whenever it holds SINK_SIZE bytes or more. A buffer handed to a
 * stream of the process (one with a file descriptor: a file, a pipe, a terminal) is used again
 * once the stream says it is written; any other stream (one that may keep the bytes, as a
 * PassThrough does) gets a buffer of its own each time.
 */
export class Sink {
  out: ByteOut;
  /** The output went away (EPIPE): what is written from now on is dropped. */
  closed = false;
  private readonly spare: Buffer[] = [];
  private readonly reuse: boolean;

  constructor(private readonly stream: NodeJS.WriteStream, private readonly size = SINK_SIZE) {
    this.reuse = typeof (stream as { fd?: unknown }).fd === "number";
    this.out = new ByteOut(2 * size);
  }

  /** Writes what is held when it is SINK_SIZE bytes or more; resolves when the stream takes more. */
  async full(): Promise<void> {
    if (this.out.pos >= this.size) await this.flush();
  }

  /** Writes what is held; resolves when the stream takes more (or will take nothing more). */
  async flush(): Promise<void> {
    const { buf, pos } = this.out;
    if (pos === 0) return;
    if (this.closed) { this.out.pos = 0; return; }
    const spare = this.spare.pop();
    this.out = new ByteOut(spare ?? 2 * this.size);
    const back = this.reuse && buf.length === 2 * this.size ? () => { this.spare.push(buf); } : undefined;
    if (!this.stream.write(buf.subarray(0, pos), back)) await drained(this.stream);
  }

  /** Bytes of their own (a worker's block of records): what is held first, then these, in order. */
  async write(bytes: Uint8Array): Promise<void> {
    if (bytes.length < this.size / 4) {
      this.out.bytes(bytes);
      return this.full();
    }
    await this.flush();
    if (this.closed || bytes.length === 0) return;
    if (!this.stream.write(bytes)) await drained(this.stream);
  }
}
