// Colours for the command line: node:util styleText, switched on only where they help.
import { styleText } from "node:util";

export type StyleFormat = Parameters<typeof styleText>[0];

/** Paints text, or leaves it as it is when colours are off. */
export interface Styler {
  readonly enabled: boolean;
  paint(format: StyleFormat, text: string): string;
}

/**
 * Whether to colour what is written to the stream. FORCE_COLOR (any value but "0" or "false")
 * switches colours on, as Node's own tools do, even when NO_COLOR is set; otherwise a non-empty
 * NO_COLOR (no-color.org), a stream that is not a terminal, or TERM=dumb switch them off.
 */
export function colourEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== "0" && force !== "false";
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return stream.isTTY === true && env.TERM !== "dumb";
}

export function styler(enabled: boolean): Styler {
  return {
    enabled,
    // styleText would look at process.stdout itself; the decision is made above, per stream.
    paint: enabled ? (format, text) => (text === "" ? "" : styleText(format, text, { validateStream: false })) : (_f, text) => text,
  };
}
