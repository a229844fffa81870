// The vector tables written for the rfc3987 edition from the prose of RFC 3987 (sections 2.2, 3.1,
// 3.2.1, 4.4, 6.1), checked against the document's own ABNF (support.ts: documentAcceptor, read from
// section 2.2), an acceptor apart from the one built from grammar/rfc3987/grammar.abnf; the grammar
// tests (test/grammar-vectors.test.ts) check the same tables against the compiled grammar.
import { join } from "node:path";
import { readVectorsIn, vectorDir, vectorName } from "../../support/vectors.js";
import { ROOT, documentAcceptor } from "./support.js";

const vectors = readVectorsIn(vectorDir("rfc3987"));
const acceptor = documentAcceptor();

describe("the rfc3987 vectors agree with the ABNF of section 2.2", () => {
  it("there are vectors for every section the issue names, and every rule of section 2.2 that differs from RFC 3986", () => {
    const sections = new Set(vectors.map((v) => v.section));
    for (const s of ["2.2", "3.1", "3.2", "3.2.1", "4.1", "4.4", "6.1"]) expect([s, sections.has(s)]).toEqual([s, true]);
    const rules = new Set(vectors.map((v) => v.rule));
    for (const name of ["IRI", "ihier-part", "IRI-reference", "absolute-IRI", "irelative-ref", "irelative-part", "iauthority", "iuserinfo",
      "ihost", "ireg-name", "ipath", "ipath-abempty", "ipath-absolute", "ipath-noscheme", "ipath-rootless", "ipath-empty", "isegment",
      "isegment-nz", "isegment-nz-nc", "ipchar", "iquery", "ifragment", "iunreserved", "ucschar", "iprivate"]) {
      if (name === "ihier-part") continue; // reached through IRI
      expect([name, rules.has(name)]).toEqual([name, true]);
    }
    expect(vectors.length).toBeGreaterThan(250);
  });

  it.each(vectors.map((v) => [vectorName(v), v] as const))("%s", (_, v) => {
    const re = acceptor.get(v.rule);
    expect(re).toBeDefined();
    expect(re!.test(v.input)).toBe(v.accept);
  });
});

describe("the rfc3987 fuzz shapes can be reached", () => {
  const { shapes } = require(join(ROOT, "grammar", "rfc3987", "fuzz-shapes.json")) as {
    shapes: { name: string; rule: string; verdict: "accept" | "reject"; pattern: string; partAcceptedBy?: string; partRejectedBy?: string }[];
  };
  /** Strings beyond the vector tables, for the shapes they do not reach. */
  const more = ["\u{E1000}", "\u{EFFFD}", "\u{1FFFE}", "\u{10FFFF}", "\uFFF5", "\u{E0001}", "\u{F0000}", "a=\u{10300}", "\u00E9:x",
    "\u00E9", "\u00E9\u4F8B", "h\u00E9", "v1.\u00E9", "\u{10300}", "\uE000", "http://a/\uE000", "x/\uE000y", "ab\uE000"];

  it.each(shapes.map((s) => [s.name, s] as const))("%s", (_, shape) => {
    const re = new RegExp(shape.pattern);
    const candidates = [...vectors.filter((v) => v.rule === shape.rule).map((v) => v.input), ...more];
    const witness = candidates.find((text) => {
      const m = re.exec(text);
      if (m === null || acceptor.get(shape.rule)!.test(text) !== (shape.verdict === "accept")) return false;
      const part = m.groups?.part ?? text;
      if (shape.partAcceptedBy !== undefined && !acceptor.get(shape.partAcceptedBy)!.test(part)) return false;
      if (shape.partRejectedBy !== undefined && acceptor.get(shape.partRejectedBy)!.test(part)) return false;
      return true;
    });
    expect(witness).toBeDefined();
  });
});
