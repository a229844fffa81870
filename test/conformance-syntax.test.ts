// Syntax conformance: the permissively licensed validity and components vectors copied into
// test/conformance/ (see NOTICE), run against matches(), validate() and parse(). Each vector expects
// its source's answer, except where test/conformance/decisions.json records that the draft decides
// otherwise; then it expects the draft's answer and its name gives the deciding section and reason.
// The GPL, LGPL and CC BY-SA suites are scored by scripts/conformance-syntax.mjs at run time only.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { matches, parse, validate } from "../src/index.js";
import type { RuleName } from "../src/index.js";

interface RuleMap { rule: RuleName; optional?: boolean; fragment?: boolean; authority?: "server" }
interface Reason { section: string; rfc3986: "differs" | "agrees"; text: string; rfc3986Text: string }
interface Case {
  file: string; kind: "validity" | "components"; rule?: string; component?: string;
  input?: string; inputId?: string; source: unknown; draft: unknown; reason: string;
}
interface ErrorPosition { file: string; rule: string; input: string; sourceOffset: number; offset: number; kind: string }
interface Decisions {
  permissiveFiles: string[];
  ruleMap: Record<string, string | RuleMap>;
  ruleMapByFile: Record<string, Record<string, RuleMap>>;
  notApplicable: { spec: Record<string, string>; rule: Record<string, string> };
  reasons: Record<string, Reason>;
  positionKinds: Record<string, string>;
  errorPositions: ErrorPosition[];
  cases: Case[];
}
type Record_ = { kind: string; input: string; source: string; spec: string; rule?: string; valid?: boolean;
  error_pos?: number; deviation?: boolean; base?: string } & Record<string, unknown>;

const dir = join(__dirname, "conformance");
const decisions: Decisions = JSON.parse(readFileSync(join(dir, "decisions.json"), "utf8"));
/** The copies of validity and components vectors (other files in the folder belong to other tests). */
const files = readdirSync(dir).filter((f) => decisions.permissiveFiles.includes(f)).sort();
const COMPONENTS = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"] as const;
/** Sources whose licence forbids copying their vectors here (they are scored by the script only). */
const NOT_COPYABLE = ["uriparser/", "openjdk/", "libwww-perl/", "richb-intermapper/"];

const usedCases = new Set<Case>();
function decision(file: string, kind: string, input: string, rule?: string, component?: string): Case | undefined {
  const d = decisions.cases.find((c) => c.file === file && c.kind === kind && c.input === input &&
    (c.rule ?? undefined) === rule && (c.component ?? undefined) === component);
  if (d) usedCases.add(d);
  return d;
}
const why = (d: Case) => `draft difference, section ${decisions.reasons[d.reason].section}: ${d.reason}`;
const show = (v: unknown) => (v === null || v === undefined ? "absent" : JSON.stringify(v));

function ruleFor(file: string, rule: string): RuleMap {
  const twin = decisions.ruleMapByFile[file]?.[rule] ?? decisions.ruleMap[rule];
  if (twin === undefined) throw new Error(`${file}: no draft rule for ${rule}`);
  return typeof twin === "string" ? { rule: twin as RuleName } : twin;
}

/** The whole input against the draft rule a source's rule maps to. */
function accepts(map: RuleMap, input: string): boolean {
  if (map.optional && input === "") return true;
  const hash = input.indexOf("#");
  if (map.fragment && hash >= 0) return matches(map.rule, input.slice(0, hash)) && matches("fragment", input.slice(hash + 1));
  if (!map.authority) return matches(map.rule, input);
  return validate(input, { rule: map.rule }).valid && parse(input).authority?.kind === map.authority;
}

/** Our components in the vectors' shape: host text keeps its brackets; absent is undefined. */
function components(input: string): Record<string, string | undefined> {
  const ref = parse(input);
  const server = ref.authority?.kind === "server" ? ref.authority : undefined;
  return {
    scheme: ref.scheme, authority: ref.authority?.raw, userinfo: server?.userinfo, host: server?.host?.raw,
    port: server?.port, path: ref.path, query: ref.query, fragment: ref.fragment,
  };
}

for (const file of files) {
  const records: Record_[] = JSON.parse(readFileSync(join(dir, file), "utf8"));

  describe(`${file} (${records[0]?.source.split(":")[0]})`, () => {
    test("is a permissively licensed source; every record keeps its source and applies to this draft", () => {
      expect(decisions.permissiveFiles).toContain(file);
      for (const r of records) {
        expect(typeof r.source).toBe("string");
        expect(NOT_COPYABLE.some((prefix) => r.source.startsWith(prefix))).toBe(false);
        expect(r.deviation).toBeUndefined();
        expect(r.base).toBeUndefined();
        expect(decisions.notApplicable.spec[r.spec]).toBeUndefined();
        expect(["validity", "components"]).toContain(r.kind);
        if (r.kind === "validity") expect(decisions.notApplicable.rule[r.rule!]).toBeUndefined();
      }
    });

    for (const r of records.filter((x) => x.kind === "validity")) {
      const map = ruleFor(file, r.rule!);
      const d = decision(file, "validity", r.input, r.rule);
      const expected = d ? (d.draft as boolean) : r.valid!;
      const position = r.error_pos !== undefined && !expected
        ? decisions.errorPositions.find((e) => e.file === file && e.input === r.input && e.rule === map.rule)
        : undefined;
      const offset = r.error_pos !== undefined && !expected ? (position ? position.offset : r.error_pos) : undefined;
      const name = `${r.rule}${r.rule === map.rule ? "" : ` (${map.rule})`} ${JSON.stringify(r.input)} is ${expected ? "valid" : "invalid"}` +
        (d ? ` here, the source says ${d.source ? "valid" : "invalid"} (${why(d)})` : "") +
        (offset === undefined ? "" : `, error at offset ${offset}` +
          (position ? ` (the source says ${position.sourceOffset}: ${position.kind})` : ""));
      test(name, () => {
        expect(accepts(map, r.input)).toBe(expected);
        if (offset !== undefined) {
          const v = validate(r.input, { rule: map.rule });
          expect(v.valid).toBe(false);
          if (!v.valid) expect(v.error.offset).toBe(offset);
        }
      });
    }

    for (const r of records.filter((x) => x.kind === "components")) {
      const whole = decision(file, "components", r.input, undefined, "*");
      if (whole) {
        test(`components of ${JSON.stringify(r.input)}: invalid here (${why(whole)})`, () => {
          expect(validate(r.input).valid).toBe(false);
        });
        continue;
      }
      const expected: Record<string, string | undefined> = {};
      const notes: string[] = [];
      for (const name of COMPONENTS) {
        if (!(name in r)) continue; // the source does not check this component
        const d = decision(file, "components", r.input, undefined, name);
        const value = d ? d.draft : r[name];
        expected[name] = value === null ? undefined : (value as string);
        if (d) notes.push(`${name} ${show(d.draft)}, the source says ${show(d.source)} (${why(d)})`);
      }
      test(`components of ${JSON.stringify(r.input)}` + (notes.length ? `: ${notes.join("; ")}` : ""), () => {
        const actual = components(r.input);
        const checked = Object.fromEntries(Object.keys(expected).map((k) => [k, actual[k]]));
        expect(checked).toStrictEqual(expected);
      });
    }
  });
}

describe("test/conformance/", () => {
  test("holds the copied vectors, and no vector from a source whose licence forbids copying", () => {
    expect(files.length).toBeGreaterThan(0);
    for (const f of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
      const text = readFileSync(join(dir, f), "utf8");
      for (const prefix of NOT_COPYABLE) expect([f, text.includes(`"source": "${prefix}`) || text.includes(`"source":"${prefix}`)]).toEqual([f, false]);
    }
  });
});

describe("test/conformance/decisions.json", () => {
  test("every reason names the section that decides it and says how RFC 3986 reads the case", () => {
    for (const [key, reason] of Object.entries(decisions.reasons)) {
      expect([key, reason.section]).toEqual([key, expect.stringMatching(/^[2-6](\.\d+)*$/)]);
      expect(["differs", "agrees"]).toContain(reason.rfc3986);
      expect(reason.text.length).toBeGreaterThan(20);
      expect(reason.rfc3986Text.length).toBeGreaterThan(5);
    }
    for (const c of decisions.cases) {
      expect(Object.keys(decisions.reasons)).toContain(c.reason);
      expect(c.draft).not.toEqual(c.source); // a decision records a difference, never the source's own answer
    }
  });

  test("copied sources are named by input, the others only by a hash of it", () => {
    for (const c of decisions.cases) {
      if (decisions.permissiveFiles.includes(c.file)) expect(typeof c.input).toBe("string");
      else expect([c.input, c.inputId]).toEqual([undefined, expect.stringMatching(/^sha256:[0-9a-f]{16}$/)]);
    }
  });

  test("every decision about a copied source is used by one of its vectors", () => {
    const unused = decisions.cases.filter((c) => files.includes(c.file) && !usedCases.has(c));
    expect(unused).toEqual([]);
  });

  test("every recorded error position belongs to a copied vector with that error_pos", () => {
    for (const e of decisions.errorPositions) {
      const records: Record_[] = JSON.parse(readFileSync(join(dir, e.file), "utf8"));
      expect(records.some((r) => r.input === e.input && r.error_pos === e.sourceOffset)).toBe(true);
      expect(Object.keys(decisions.positionKinds)).toContain(e.kind);
      expect(e.offset).not.toBe(e.sourceOffset);
    }
  });
});

// ----- The same copied vectors against the rfc3986 edition -----
// The vectors that follow RFC 3986 (decisions-rfc3986.json says which do not) are scored against
// RFC 3986's rule of the same name and its parse(): each expects its source's answer, except where
// decisions-rfc3986.json records RFC 3986's answer (with its section), or where the record's
// curator_note says the source departs from RFC 3986, where the parser must not give the source's
// answer (scripts/conformance-syntax.mjs --edition rfc3986 also checks those against the ABNF).
interface Rfc3986Decisions {
  answer: string;
  ruleMap: Record<string, string>;
  notApplicable: { spec: Record<string, string>; rule: Record<string, string>; deviation: string; base: string };
  reasons: Record<string, { section: string; text: string }>;
  cases: (Omit<Case, "kind"> & { kind: Case["kind"] | "resolve"; rfc3986: unknown; base?: string; ref?: string })[];
}
const rfc3986: Rfc3986Decisions = JSON.parse(readFileSync(join(dir, "decisions-rfc3986.json"), "utf8"));
const edition = { edition: "rfc3986" } as const;
const used3986 = new Set<Rfc3986Decisions["cases"][number]>();
function decision3986(file: string, kind: string, input: string, rule?: string, component?: string) {
  const d = rfc3986.cases.find((c) => c.file === file && c.kind === kind && c.input === input &&
    (c.rule ?? undefined) === rule && (c.component ?? undefined) === component);
  if (d) used3986.add(d);
  return d;
}
const why3986 = (d: { reason: string }) => `RFC 3986 section ${rfc3986.reasons[d.reason].section}: ${d.reason}`;
const applies3986 = (r: Record_) => !r.deviation && r.base === undefined && rfc3986.notApplicable.spec[r.spec] === undefined &&
  (r.kind === "components" || rfc3986.notApplicable.rule[r.rule!] === undefined);

/** RFC 3986's components in the vectors' shape: the host as written, brackets kept; absent is undefined. */
function components3986(input: string): Record<string, string | undefined> | null {
  if (!validate(input, edition).valid) return null;
  const ref = parse(input, edition);
  return {
    scheme: ref.scheme, authority: ref.authority?.raw, userinfo: ref.authority?.userinfo, host: ref.authority?.host.raw,
    port: ref.authority?.port, path: ref.path, query: ref.query, fragment: ref.fragment,
  };
}

describe("rfc3986 edition", () => {
  for (const file of files) {
    const records: Record_[] = JSON.parse(readFileSync(join(dir, file), "utf8")).filter(applies3986);
    if (records.length === 0) continue;
    describe(file, () => {
      for (const r of records.filter((x) => x.kind === "validity")) {
        const rule = (rfc3986.ruleMap[r.rule!] ?? r.rule!) as never;
        const d = decision3986(file, "validity", r.input, r.rule);
        const note = !d && typeof r.curator_note === "string";
        const expected = d ? (d.rfc3986 as boolean) : note ? !r.valid : r.valid!;
        test(`${r.rule} ${JSON.stringify(r.input)} is ${expected ? "valid" : "invalid"}` +
          (d ? ` (the source says ${r.valid ? "valid" : "invalid"}; ${why3986(d)})` : note ? ` (the source says ${r.valid ? "valid" : "invalid"}: ${r.curator_note})` : ""), () => {
          expect(matches(rule, r.input, edition)).toBe(expected);
        });
      }
      for (const r of records.filter((x) => x.kind === "components")) {
        const whole = decision3986(file, "components", r.input, undefined, "*");
        const note = typeof r.curator_note === "string" ? r.curator_note : undefined;
        const actual = components3986(r.input);
        if (whole) {
          test(`components of ${JSON.stringify(r.input)}: invalid in RFC 3986 (${why3986(whole)})`, () => expect(actual).toBeNull());
          continue;
        }
        test(`components of ${JSON.stringify(r.input)}` + (note ? ` (${note})` : ""), () => {
          if (note && actual === null) return expect(validate(r.input, edition).valid).toBe(false); // the note: the source accepts what RFC 3986 does not
          expect(actual).not.toBeNull();
          for (const name of COMPONENTS) {
            if (!(name in r)) continue;
            const d = decision3986(file, "components", r.input, undefined, name);
            const source = r[name] === null ? undefined : r[name];
            const ours = actual![name] ?? undefined;
            if (d) expect([name, ours]).toEqual([name, d.rfc3986 === null ? undefined : d.rfc3986]);
            else if (note && ours !== source && !(r.port === null && name === "port")) expect([name, ours]).not.toEqual([name, source]);
            else expect([name, ours]).toEqual([name, source]);
          }
        });
      }
    });
  }

  test("every syntax decision of decisions-rfc3986.json about a copied source is used, and names an RFC 3986 section", () => {
    const spec = readFileSync(join(__dirname, "..", "..", "shared", "spec", "rfc3986.txt"), "utf8");
    for (const [key, reason] of Object.entries(rfc3986.reasons)) {
      expect([key, reason.section]).toEqual([key, expect.stringMatching(/^[1-6](\.\d+)*$/)]);
      expect(spec).toMatch(new RegExp(`^${reason.section.replace(/\./g, "\\.")}\\.?  +[A-Z]`, "m"));
      expect(reason.text.length).toBeGreaterThan(20);
    }
    const syntax = rfc3986.cases.filter((c) => c.kind !== "resolve" && files.includes(c.file));
    expect(syntax.filter((c) => !used3986.has(c))).toEqual([]);
    for (const c of rfc3986.cases) expect(c.rfc3986).not.toEqual(c.source);
  });
});

// ----- The rfc2396 edition's decisions -----
// No copied suite has spec: rfc2396 syntax vectors (java.net.URI's are GPL, scored by
// scripts/conformance-syntax.mjs --edition rfc2396 at run time), so here the decisions themselves
// are checked: each reason names a section RFC 2396 has, and each case departs from its source.
describe("rfc2396 edition decisions", () => {
  const rfc2396: { answer: string; reasons: Record<string, { section: string; text: string }>; cases: Record<string, unknown>[] } =
    JSON.parse(readFileSync(join(dir, "decisions-rfc2396.json"), "utf8"));
  test("every reason names an RFC 2396 section, every case a reason, and no case repeats its source's answer", () => {
    const spec = readFileSync(join(__dirname, "..", "..", "shared", "spec", "rfc2396.txt"), "utf8");
    expect(rfc2396.answer).toBe("rfc2396");
    for (const [key, reason] of Object.entries(rfc2396.reasons)) {
      expect([key, reason.section]).toEqual([key, expect.stringMatching(/^([1-9]|A|C)(\.\d+)*$/)]);
      expect(spec).toMatch(new RegExp(`^${reason.section.replace(/\./g, "\\.")}\\. +[A-Z]`, "m"));
      expect(reason.text.length).toBeGreaterThan(20);
    }
    expect(rfc2396.cases.length).toBeGreaterThan(0);
    for (const c of rfc2396.cases) {
      expect(Object.keys(rfc2396.reasons)).toContain(c.reason);
      expect(c.rfc2396).not.toEqual(c.source);
    }
  });
});
