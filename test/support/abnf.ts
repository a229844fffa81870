// The acceptor built from the collected ABNF (scripts/abnf-acceptor.mjs), brought into the tests.
// The abnf package is ESM-only and jest runs CommonJS, so the script runs once in a child process
// and hands over the plain AST and every rule's RegExp source as JSON.
import { execFileSync } from "node:child_process";
import { join } from "node:path";

export const ROOT = join(__dirname, "..", "..");

/** A node of the collected ABNF, as scripts/abnf-acceptor.mjs writes it. */
export type AbnfNode =
  | { kind: "str"; ci: boolean; text: string }
  | { kind: "range"; first: number; last: number }
  | { kind: "cat"; items: AbnfNode[] }
  | { kind: "alt"; items: AbnfNode[] }
  | { kind: "rep"; min: number; max: number | null; item: AbnfNode }
  | { kind: "ref"; name: string };

export interface Abnf {
  /** Rule names as written in the ABNF, in file order. */
  order: string[];
  rules: Record<string, AbnfNode>;
  /** Anchored RegExp per rule: accepts exactly the rule's language. */
  acceptor: Record<string, RegExp>;
}

const cached = new Map<string, Abnf>();

/** The acceptor of an edition's collected ABNF (grammar/ID/grammar.abnf); default the draft's. */
export function loadAbnf(edition = "rfc2396bis-01"): Abnf {
  const hit = cached.get(edition);
  if (hit) return hit;
  const out = execFileSync(process.execPath, [join(ROOT, "scripts/abnf-acceptor.mjs"), "--edition", edition, "--json"], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const data = JSON.parse(out) as { order: string[]; rules: Record<string, AbnfNode>; regex: Record<string, string> };
  const acceptor: Record<string, RegExp> = {};
  for (const name of data.order) acceptor[name] = new RegExp(`^(?:${data.regex[name]})$`, "u");
  const abnf = { order: data.order, rules: data.rules, acceptor };
  cached.set(edition, abnf);
  return abnf;
}
