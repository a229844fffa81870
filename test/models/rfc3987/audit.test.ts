import { EDITIONS } from "../../../src/index.js";
import type { AuditCode, AuditFinding } from "../../../src/audit-codes.js";
import { FINDINGS } from "../../../src/audit-codes.js";
import type { Edition } from "../../../src/edition.js";
import { IRI_AUDIT_CODES, auditIriReference } from "../../../src/models/rfc3987/audit.js";
import { punycodeDecode } from "../../../src/models/rfc3987/idna.js";
import { iriReference, sectionText, syntax } from "./support.js";

/**
 * The sections of RFC 3987 behind each of its own codes: what grammar/rfc3987/edition.json's "audit"
 * adds to RFC 3986's (whose sections the rfc3987 manifest keeps: section 8, "The security
 * considerations discussed in [RFC3986] also apply to IRIs").
 */
export const IRI_AUDIT_SECTIONS: Readonly<Record<string, string>> = {
  "bidi-formatting": "4.1", "bidi-component": "4.2", "not-nfc": "5.3.2.2", "compatibility-character": "7.5",
  "lookalike-delimiter": "6.1", "invisible-character": "6.1", "mixed-script": "7.5", "private-use": "2.2",
  "noncharacter": "2.2", "invalid-utf8": "8", "idna-host": "3.1",
};

// The rfc3987 edition as its manifest will be: RFC 3986's grammar and audit sections, with the above.
const base = EDITIONS.rfc3986 as unknown as Edition;
const edition = Object.create(base, { audit: { value: { ...base.audit, ...IRI_AUDIT_SECTIONS } } }) as Edition;

function audit(text: string): AuditFinding[] {
  return auditIriReference(edition, text, iriReference(text), undefined, syntax);
}

/** [code, severity, text, detail] of each finding of RFC 3987's own codes. */
function iri(text: string): [AuditCode, string, string, string | undefined][] {
  return audit(text).filter((f) => IRI_AUDIT_CODES.includes(f.code)).map((f) => [f.code, f.severity, f.text, f.detail]);
}

describe("RFC 3987's audit codes", () => {
  it("each has a finding in the docs table and a section that exists in the document", () => {
    for (const code of IRI_AUDIT_CODES) {
      expect(FINDINGS[code]).toBeDefined();
      expect(() => sectionText(IRI_AUDIT_SECTIONS[code])).not.toThrow();
    }
    expect(Object.keys(IRI_AUDIT_SECTIONS).sort()).toEqual([...IRI_AUDIT_CODES].sort());
  });

  it("section 8 names what the checks look for", () => {
    const text = sectionText("8").replace(/\s+/g, " ");
    for (const words of ["overlong byte sequences", "%C0%AF..", "normalization", "look very similar", "bidirectional IRIs", "section 4.2"]) {
      expect(text).toContain(words);
    }
  });

  it("an IRI of ordinary characters has no finding but the host's ToASCII form (3.1)", () => {
    expect(iri("http://r\u00E9sum\u00E9.example.org/caf\u00E9?q=\u4F8B#\u00E9")).toEqual([
      ["idna-host", "info", "r\u00E9sum\u00E9.example.org", "xn--rsum-bpad.example.org"],
    ]);
    expect(iri("http://example.org/caf\u00E9")).toEqual([]);
    expect(iri("http://example.org/a%20b")).toEqual([]);
  });

  it("4.1: bidirectional formatting characters, as characters and percent-encoded", () => {
    expect(iri("http://a/x\u202E\u202Dy/%E2%80%8F?\u2066")).toEqual([
      ["bidi-formatting", "danger", "\u202E\u202D", undefined],
      ["bidi-formatting", "info", "%E2%80%8F", undefined],
      ["bidi-formatting", "warning", "\u2066", undefined],
    ]);
  });

  it("4.2: the document's Examples 1 to 10 of 4.4, upper case as Hebrew letters: only 8 and 9 break its rules", () => {
    const text = sectionText("4.4");
    const examples = [...text.matchAll(/^ {3}Example (\d+)[\s\S]*?Logical representation: "([^"]+)"/gm)].map((m) => [Number(m[1]), m[2]] as const);
    expect(examples.map(([n]) => n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const hebrew = (s: string) => s.replace(/[A-Z]/g, (c) => String.fromCharCode(0x5d0 + c.charCodeAt(0) - 0x41));
    for (const [n, logical] of examples) {
      const found = iri(hebrew(logical)).filter(([c]) => c === "bidi-component").map(([, , t]) => t);
      if (n === 8) expect(found).toEqual([hebrew("GH1"), hebrew("2IJ")]);
      else if (n === 9) expect(found).toEqual([hebrew("GH%31"), hebrew("%32IJ")]);
      else expect([n, found]).toEqual([n, []]);
    }
    // Rule 1: both directions in one component.
    expect(iri(hebrew("http://a/abCD/"))).toContainEqual(["bidi-component", "warning", hebrew("abCD"), undefined]);
  });

  it("5.3.2.2 and 7.5: text not in NFC, compatibility characters", () => {
    expect(iri("http://a/re\u0301sume\u0301.html?x=\uFB01")).toEqual([
      ["not-nfc", "warning", "re\u0301sume\u0301.html", "r\u00E9sum\u00E9.html"],
      ["compatibility-character", "info", "\uFB01", "fi"],
    ]);
  });

  it("6.1: look-alikes of delimiters and spaces, invisible characters; worse in the authority", () => {
    expect(iri("http://a/b\uFF0Fc\u00A0d\u200Be")).toEqual([
      ["lookalike-delimiter", "warning", "\uFF0F", "/"],
      ["lookalike-delimiter", "warning", "\u00A0", " "],
      ["invisible-character", "warning", "\u200B", undefined],
    ]);
    expect(iri("http://good.example\uFF0Fevil.example/")).toContainEqual(["lookalike-delimiter", "danger", "\uFF0F", "/"]);
  });

  it("7.5: Latin and Cyrillic in one host label", () => {
    const findings = iri("http://p\u0430ypal.example/");
    expect(findings).toContainEqual(["mixed-script", "danger", "p\u0430ypal", "Latin+Cyrillic"]);
    expect(iri("http://a/\u0430\u0431\u0432/abc")).toEqual([]);
    expect(iri("http://a/\u0434\u043e\u043a.html")).toEqual([]); // a file extension is a component of its own
  });

  it("2.2: private-use characters in the query, noncharacters percent-encoded", () => {
    expect(iri("http://a/%EE%80%80?\uE000\u{F0000}&%EF%B7%90%F4%8F%BF%BF")).toEqual([
      ["private-use", "info", "%EE%80%80", undefined],
      ["private-use", "info", "\uE000\u{F0000}", undefined],
      ["noncharacter", "warning", "%EF%B7%90", undefined],
      ["noncharacter", "warning", "%F4%8F%BF%BF", undefined],
    ]);
  });

  it("8: the document's overlong \"%C0%AF..\", encoded surrogates, octets of another encoding", () => {
    expect(iri("http://a/%C0%AF../%c0%ae%C0%AE/%C1%81%C1%81/%ED%A0%80/r%E9sum%E9%FF")).toEqual([
      ["invalid-utf8", "danger", "%C0%AF", "/"],
      ["invalid-utf8", "danger", "%c0%ae", "."],
      ["invalid-utf8", "danger", "%C0%AE", "."],
      ["invalid-utf8", "warning", "%C1%81%C1%81", undefined],
      ["invalid-utf8", "warning", "%ED%A0%80", undefined],
      ["invalid-utf8", "info", "%E9", undefined],
      ["invalid-utf8", "info", "%E9%FF", undefined],
    ]);
  });

  it("3.1: what ToASCII makes of the host", () => {
    expect(iri("http://\uFF45\uFF58\uFF41\uFF4D\uFF50\uFF4C\uFF45.com/")).toContainEqual(
      ["idna-host", "danger", "\uFF45\uFF58\uFF41\uFF4D\uFF50\uFF4C\uFF45.com", "example.com"]);
    expect(iri("http://a\u200Db.example/")).toContainEqual(["idna-host", "warning", "a\u200Db.example", "a\u200Db.example"]);
    expect(iri("http://\u00C9cole.example/")).toEqual([["idna-host", "info", "\u00C9cole.example", "xn--cole-9oa.example"]]);
    const mapped = iri("http://stra\u00DFe\u2160.example/").find(([c]) => c === "idna-host")!;
    expect(mapped[1]).toBe("warning");
  });

  it("RFC 3986's checks run too, with their sections (section 8: they \"also apply to IRIs\")", () => {
    const findings = audit("http://\u00E9@h\u00F4te.example:25/%00");
    expect(findings.map((f) => f.code)).toEqual(expect.arrayContaining(["userinfo", "port-other-protocol", "escaped-nul", "idna-host"]));
  });

  it("punycodeDecode reads RFC 3492's sample strings", () => {
    expect(punycodeDecode("rsum-bpad")).toBe("r\u00E9sum\u00E9");
    expect(punycodeDecode("99zt52a")).toBe("\u7D0D\u8C46");
    expect(punycodeDecode("egbpdaj6bu4bxfgehfvwxn")).toBe("\u0644\u064A\u0647\u0645\u0627\u0628\u062A\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064A\u061F");
    expect(punycodeDecode("!")).toBeUndefined();
  });

  it("findings stay linear on long inputs", () => {
    const text = "http://a/" + "e\u0301/%C0%AF/\u202E/".repeat(20_000);
    const findings = audit(text);
    expect(findings.filter((f) => f.count !== undefined).map((f) => f.code).sort()).toEqual(["bidi-formatting", "invalid-utf8", "not-nfc"]);
  });
});
