// Lines from a stream of bytes, in time linear in the input and memory bounded by the longest line
// it takes: each byte is looked at once, a partial line is kept as the pieces it came in, and a line
// longer than the limit is counted, not kept.

/** Whole lines, each ending with "\n" (the last line of the input gets one). */
export interface LineBlock {
  readonly kind: "lines";
  readonly bytes: Buffer;
}

/** A line longer than the limit: its length and its first bytes, the rest left unread into memory. */
export interface LongLine {
  readonly kind: "long";
  /** Its length in bytes, without the "\n" and a "\r" before it. */
  readonly length: number;
  /** Its first HEAD bytes (at most). */
  readonly head: Buffer;
}

export type LineEvent = LineBlock | LongLine;

/** How many bytes of a long line are kept (for the number of a --numbered line). */
export const HEAD = 64;

const LF = 10, CR = 13;
const BOM = [0xef, 0xbb, 0xbf];

export class LineReader {
  /** The bytes of the line not yet ended, in the pieces they came in. */
  private partial: Buffer[] = [];
  private partialLength = 0;
  /** In a line over the limit: its length so far (else -1), its last byte and first bytes. */
  private longLength = -1;
  private longLast = 0;
  private longHead: Buffer = Buffer.alloc(0);
  /** The first bytes of the input, until there are enough to tell a byte order mark. */
  private start: Buffer | undefined = Buffer.alloc(0);
  /** The most bytes of a line this reader has held at once. */
  maxHeld = 0;

  /** @param maxLineLength the longest line (in bytes, without its line break) given whole */
  constructor(readonly maxLineLength: number) {}

  /** The lines the chunk completes, in order. */
  push(chunk: Buffer): LineEvent[] {
    if (this.start !== undefined) {
      // A byte order mark is not part of the first line; the chunks may cut it.
      const start = Buffer.concat([this.start, chunk]);
      if (start.length < BOM.length && start.every((b, i) => b === BOM[i])) {
        this.start = start;
        return [];
      }
      this.start = undefined;
      chunk = BOM.every((b, i) => start[i] === b) ? start.subarray(BOM.length) : start;
    }
    const out: LineEvent[] = [];
    const max = this.maxLineLength;
    let p = 0;
    if (this.longLength >= 0) {
      const nl = chunk.indexOf(LF);
      if (this.longHead.length < HEAD) this.longHead = this.headOf([this.longHead], nl < 0 ? chunk : chunk.subarray(0, nl));
      if (nl < 0) {
        this.longLength += chunk.length;
        if (chunk.length) this.longLast = chunk[chunk.length - 1];
        return out;
      }
      this.longLength += nl;
      if (nl > 0) this.longLast = chunk[nl - 1];
      out.push(this.endLong());
      p = nl + 1;
    }
    // The line that began in earlier chunks (partial) ends at the first line feed.
    let withPartial = this.partialLength > 0;
    const first = chunk.indexOf(LF, p);
    if (first < 0) {
      this.continueLine(chunk, p);
      return out;
    }
    if (withPartial) {
      const last = first > p ? chunk[first - 1] : this.partial[this.partial.length - 1].at(-1);
      const length = this.partialLength + first - p - (last === CR ? 1 : 0);
      if (length > max) {
        out.push({ kind: "long", length, head: this.headOf(this.partial, chunk.subarray(p, first)) });
        this.clearPartial();
        withPartial = false;
        p = first + 1;
      }
    }
    // The block runs from blockStart (after the partial line, when it is short) to the last line
    // feed; a line over the limit inside it splits it. Lines can only be that long in a large chunk.
    let blockStart = p;
    const lastLF = chunk.lastIndexOf(LF);
    if (lastLF - p > max) {
      for (let nl = chunk.indexOf(LF, p); nl >= 0 && nl <= lastLF; nl = chunk.indexOf(LF, p)) {
        const length = nl - p - (nl > p && chunk[nl - 1] === CR ? 1 : 0);
        if (length > max && !(withPartial && p === blockStart && nl === first)) {
          if (p > blockStart || withPartial) this.block(out, withPartial, chunk.subarray(blockStart, p));
          withPartial = false;
          out.push({ kind: "long", length, head: Buffer.from(chunk.subarray(p, Math.min(nl, p + HEAD))) });
          blockStart = nl + 1;
        }
        p = nl + 1;
      }
    }
    p = lastLF + 1;
    if (p > blockStart || withPartial) this.block(out, withPartial, chunk.subarray(blockStart, p));
    this.continueLine(chunk, p);
    return out;
  }

  /** What is left at the end of the input: its last line, when it has no line break. */
  end(): LineEvent[] {
    if (this.start !== undefined && this.start.length) {
      const start = this.start;
      this.start = undefined;
      return [...this.push(start), ...this.end()];
    }
    if (this.longLength >= 0) return [this.endLong()];
    if (this.partialLength === 0) return [];
    const last = this.partial[this.partial.length - 1].at(-1);
    const length = this.partialLength - (last === CR ? 1 : 0);
    if (length > this.maxLineLength) {
      const event: LongLine = { kind: "long", length, head: this.headOf(this.partial, Buffer.alloc(0)) };
      this.clearPartial();
      return [event];
    }
    const out: LineEvent[] = [];
    this.block(out, true, Buffer.from("\n"));
    return out;
  }

  /** The bytes of a line held now (the partial line), for tests of the bound. */
  get held(): number {
    return this.partialLength;
  }

  /** chunk[p..] continues the partial line: kept, or counted once the line is over the limit. */
  private continueLine(chunk: Buffer, p: number): void {
    if (p >= chunk.length) return;
    const rest = chunk.subarray(p);
    // One byte more than the limit may be a "\r" that the line break then drops.
    if (this.partialLength + rest.length > this.maxLineLength + 1) {
      this.longLength = this.partialLength + rest.length;
      this.longLast = rest[rest.length - 1];
      this.longHead = this.headOf(this.partial, rest);
      this.clearPartial();
      return;
    }
    this.partial.push(Buffer.from(rest)); // a copy: the chunk is not kept for a few bytes of it
    this.partialLength += rest.length;
    this.maxHeld = Math.max(this.maxHeld, this.partialLength);
  }

  private endLong(): LongLine {
    const event: LongLine = { kind: "long", length: this.longLength - (this.longLast === CR ? 1 : 0), head: this.longHead };
    this.longLength = -1;
    this.longHead = Buffer.alloc(0);
    return event;
  }

  /**
   * Whole lines: the partial line (when `withPartial`) and then `bytes`. The partial line is joined
   * to the end of its line only, a block of its own; the lines after it are `bytes` as they came
   * (not copied).
   */
  private block(out: LineEvent[], withPartial: boolean, bytes: Buffer): void {
    if (withPartial) {
      const nl = bytes.indexOf(LF) + 1;
      out.push({ kind: "lines", bytes: Buffer.concat([...this.partial, bytes.subarray(0, nl)]) });
      this.clearPartial();
      bytes = bytes.subarray(nl);
    }
    if (bytes.length) out.push({ kind: "lines", bytes });
  }

  private clearPartial(): void {
    this.partial = [];
    this.partialLength = 0;
  }

  /** The first HEAD bytes of the pieces and then `more`, as a copy. */
  private headOf(pieces: readonly Buffer[], more: Buffer): Buffer {
    const head: Buffer[] = [];
    let n = 0;
    for (const piece of [...pieces, more]) {
      if (n >= HEAD) break;
      head.push(piece.subarray(0, HEAD - n));
      n += Math.min(piece.length, HEAD - n);
    }
    return Buffer.concat(head);
  }
}
