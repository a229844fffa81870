// A progress bar on stderr for 'uri-grammar batch' on a file, redrawn at most ten times a second.
const WIDTH = 30;

export class Progress {
  private last = 0;

  constructor(private readonly stream: NodeJS.WriteStream, private readonly size: number) {}

  update(bytes: number, lines: number): void {
    const now = Date.now();
    if (now - this.last < 100) return;
    this.last = now;
    const fraction = this.size > 0 ? Math.min(1, bytes / this.size) : 0;
    const filled = Math.round(fraction * WIDTH);
    this.stream.write(`\r[${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}] ${String(Math.floor(fraction * 100)).padStart(3)}%  ${lines} lines`);
  }

  /** Removes the bar, so that the summary starts on a clean line. */
  clear(): void {
    if (this.last) this.stream.write("\r\x1b[K");
  }
}
