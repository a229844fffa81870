// The context diff from draft-fielding-uri-syntax-01 to -02 (../shared/spec/), read into the text of
// each draft. The copy of the diff has its line breaks and runs of spaces collapsed: a hunk is
// "*** a,b **** OLD --- c,d ---- NEW", every line of OLD and NEW that changed marked with a "!",
// "-" or "+" standing alone. The text of a draft is the side of every hunk that is its own
// ("***" for -01, "---" for -02), its markers left out; the context lines are on both sides.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./abnf.js";

export const DIFF_FILE = join(ROOT, "..", "shared", "spec", "draft-fielding-uri-syntax-01-to-02.diff.txt");

export interface Hunk {
  /** The first and last line of the hunk in -01 and in -02, as the diff numbers them. */
  readonly old: { readonly from: number; readonly to: number; readonly text: string };
  readonly new: { readonly from: number; readonly to: number; readonly text: string };
}

/** Whitespace collapsed, as the copy has it, and the diff's markers left out. */
export function flat(text: string): string {
  return ` ${text.replace(/\s+/g, " ")} `.replace(/ [!+-](?= )/g, "").replace(/\s+/g, " ").trim();
}

/** Every hunk of the diff. */
export function readHunks(file = DIFF_FILE): Hunk[] {
  const text = readFileSync(file, "utf8");
  const parts = text.split("*************** ").slice(1);
  return parts.map((part, i) => {
    const m = /^\*\*\* (\d+),(\d+) \*\*\*\*(.*?) --- (\d+),(\d+) ----(.*)$/s.exec(part);
    if (!m) throw new Error(`${file}: hunk ${i + 1} is not "*** a,b **** ... --- c,d ---- ..."`);
    return {
      old: { from: Number(m[1]), to: Number(m[2]), text: flat(m[3]) },
      new: { from: Number(m[4]), to: Number(m[5]), text: flat(m[6]) },
    };
  });
}

/** The text the diff shows of a draft: "01" (the "***" sides) or "02" (the "---" sides), hunk by hunk. */
export function draftText(draft: "01" | "02", hunks = readHunks()): string[] {
  return hunks.map((h) => (draft === "01" ? h.old.text : h.new.text));
}
