// RFC 3987's security considerations (section 8) and the rules its prose adds to its grammar, as
// checks on an IRI reference. Section 8: "The security considerations discussed in [RFC3986] also
// apply to IRIs" (so auditIriReference runs RFC 3986's checks first, src/models/rfc3986/audit.ts);
// "In addition, the following issues require particular care for IRIs":
//   incorrect encoding or decoding    invalid-utf8: overlong forms ("%C0%AF.." read as "/.." by a
//                                     lenient decoder), encoded surrogates, octets of another
//                                     encoding (3.2 step 3, 6.4)
//   normalization spoofing            not-nfc (5.3.2.2: "IRIs SHOULD be created by using NFC"),
//                                     compatibility-character (7.5: names "should generally be in
//                                     NFKC")
//   characters that look alike        lookalike-delimiter, invisible-character (6.1 b),
//                                     mixed-script (7.5: the Latin "A", the Greek "Alpha" and the
//                                     Cyrillic "A")
//   bidirectional IRIs                bidi-formatting (4.1: "IRIs MUST NOT contain bidirectional
//                                     formatting characters"), bidi-component (4.2's two rules)
//   the domain name part              idna-host: what 3.1's ToASCII does with the ireg-name
// and 2.2's limits on characters that only percent-encoding can carry: private-use (iprivate,
// allowed only in the query) and noncharacter. Every check walks the text once.
import { collector, locate, readOptions, sortFindings, type Add, type AuditFinding, type AuditSeverity, type Span, type Spans } from "../../audit-checks.js";
import type { AuditCode } from "../../audit-codes.js";
import type { Edition } from "../../edition.js";
import type { Syntax } from "../../ladder.js";
import { auditReference } from "../rfc3986/audit.js";
import type { Reference } from "../rfc3986/types.js";
import { bidiFormatting, codePointName, iriCharactersOf, lookalike, type IriCharacters } from "./characters.js";
import { platformToAscii, punycodeDecode } from "./idna.js";
import { escapeOctet, sequenceLength } from "./mapping.js";

/** The codes RFC 3987's own checks can report (their sections: grammar/rfc3987/edition.json, "audit"). */
export const IRI_AUDIT_CODES: readonly AuditCode[] = [
  "bidi-formatting", "bidi-component", "not-nfc", "compatibility-character", "lookalike-delimiter", "invisible-character",
  "mixed-script", "private-use", "noncharacter", "invalid-utf8", "idna-host",
];

/**
 * audit() in the rfc3987 edition: RFC 3986's checks (section 8: they "also apply to IRIs"), with
 * the sections the edition's manifest gives them, then RFC 3987's own (checkIri). `input` must be
 * the reference's recomposition, as it is for a reference the edition's parse() returned. Returns
 * the findings in input order. Throws TypeError for bad options or an input that is not the
 * reference's text.
 */
export function auditIriReference(edition: Edition, input: string, ref: Reference, options: unknown, syntax: Syntax, fn = "audit"): AuditFinding[] {
  const uri = auditReference(edition, input, ref, options, fn);
  const opts = readOptions(options, fn);
  const findings: AuditFinding[] = [];
  checkIri(collector(input, opts, findings, edition), input, locate(ref), iriCharactersOf(syntax, `${fn}: syntax`));
  return sortFindings([...uri, ...sortFindings(findings, input)]);
}

const NONCHARACTER = /^\p{Noncharacter_Code_Point}$/u;
const INVISIBLE = /^\p{Default_Ignorable_Code_Point}$/u;
/** Letters of the scripts written right to left (Bidi_Class R and AL are mostly these; JavaScript has no Bidi_Class). */
const RTL_LETTER = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;
const LETTER = /\p{L}/u;
const SCRIPTS: readonly [string, RegExp][] = [["Latin", /\p{Script=Latin}/u], ["Greek", /\p{Script=Greek}/u], ["Cyrillic", /\p{Script=Cyrillic}/u]];

/**
 * RFC 3987's checks on the text of an IRI reference whose components lie at `spans` (locate()):
 * - "bidi-formatting" (4.1): one of the seven characters 4.1 forbids, as a character (danger) or
 *   percent-encoded (info: 3.2 keeps it encoded, but a display that decodes it reorders the text);
 *   a later Bidi_Control character (U+061C, U+2066-U+2069) as a character (warning);
 * - "bidi-component" (4.2): a component (a userinfo, a host label, a path segment or a part of it
 *   between dots, a query name or value, a fragment) with right-to-left letters that also has left-to-right letters (rule 1),
 *   or that does not start and end with a right-to-left letter (rule 2: Example 8's "GH1/2IJ")
 *   (warning; right-to-left is read from the script, as JavaScript has no Bidi_Class);
 * - "not-nfc" (5.3.2.2): a run of characters between delimiters that is not in NFC (warning;
 *   `detail` its NFC form), "compatibility-character" (7.5) one that is in NFC but not in NFKC
 *   (info; the "fi" ligature U+FB01);
 * - "lookalike-delimiter" (6.1 b): a space or a character whose compatibility form is a delimiter
 *   (U+FF0F "／"): danger in the authority, warning elsewhere; `detail` what it looks like;
 *   "invisible-character" (6.1 b): a default-ignorable character (U+200B, U+00AD, U+200D) other
 *   than the bidirectional ones (danger in the authority, warning elsewhere);
 * - "mixed-script" (7.5): Latin, Greek and Cyrillic letters mixed in one component (danger in a
 *   host label, warning elsewhere);
 * - "private-use" (2.2): an `iprivate` character in the query, or percent-encoded anywhere (info:
 *   it means something only by private agreement);
 * - "noncharacter" (2.2): a percent-encoded noncharacter (U+FDD0-U+FDEF, each plane's last two),
 *   which no IRI has as a character (warning);
 * - "invalid-utf8" (8, 3.2): percent-encoded octets that are not UTF-8, one finding per run:
 *   danger for an overlong form of "." or of a US-ASCII character that is not unreserved (8:
 *   "%C0%AF" is "/" to a lenient decoder, "%C0%AE" is "."; `detail` the character), warning for an
 *   encoded surrogate or another overlong form, info otherwise (another encoding, 6.4);
 * - "idna-host" (3.1, 5.3.3): a reg-name host with non-ASCII characters: info with `detail` its
 *   ToASCII form (the platform's, see iriToUri), since 3.1's mapping percent-encodes it, which DNS
 *   does not read; warning when ToASCII refuses a label (the IRI "cannot be resolved") or maps it to
 *   other characters than case and NFC would (U+00AD removed); danger when it maps a label to a
 *   US-ASCII label that is no "xn--" label ("ｅｘａｍｐｌｅ" is "example").
 */
export function checkIri(add: Add, input: string, spans: Spans, chars: IriCharacters): void {
  const authority = spans.authority;
  const inAuthority = (at: number) => authority !== undefined && at >= authority[0] && at < authority[1];
  const inQuery = (at: number) => spans.query !== undefined && at >= spans.query[0] && at < spans.query[1];
  let ascii = true;
  for (let i = 0; i < input.length && ascii; i++) ascii = input.charCodeAt(i) < 0x80;
  if (input.includes("%")) checkEscapes(add, input, chars, inQuery);
  if (ascii) return;
  checkCharacters(add, input, chars, inAuthority, inQuery);
  checkRuns(add, input, chars);
  const host = spans.host;
  for (const span of componentsOf(input, spans)) checkComponent(add, input, span, host !== undefined && span[0] >= host[0] && span[1] <= host[1]);
  if (host !== undefined) checkHost(add, input, host);
}

/** Each character past US-ASCII: runs of one kind are one finding. */
function checkCharacters(add: Add, input: string, chars: IriCharacters, inAuthority: (at: number) => boolean, inQuery: (at: number) => boolean): void {
  let run: { code: AuditCode; severity: AuditSeverity; start: number; end: number; what: string; detail?: string } | undefined;
  const flush = () => {
    if (run === undefined) return;
    add(run.code, run.severity, [run.start, run.end], run.what, run.detail);
    run = undefined;
  };
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (c < 0x80) { flush(); continue; }
    const cp = input.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const found = classify(cp, i, input, chars, inAuthority, inQuery);
    if (found === undefined) flush();
    else if (run !== undefined && run.code === found.code && run.severity === found.severity && run.end === i) run.end = i + width;
    else { flush(); run = { ...found, start: i, end: i + width }; }
    i += width - 1;
  }
  flush();
}

function classify(cp: number, at: number, input: string, chars: IriCharacters, inAuthority: (at: number) => boolean, inQuery: (at: number) => boolean):
  { code: AuditCode; severity: AuditSeverity; what: string; detail?: string } | undefined {
  const where = inAuthority(at) ? "authority" : "";
  const bidi = bidiFormatting(cp);
  if (bidi === "4.1") {
    return { code: "bidi-formatting", severity: "danger", what: `${codePointName(cp)} and the like are bidirectional formatting characters, which an IRI must not contain: they reorder what is shown, so the IRI cannot be read or typed as it is stored` };
  }
  if (bidi === "later") {
    return { code: "bidi-formatting", severity: "warning", what: `${codePointName(cp)} is a bidirectional formatting character (added to Unicode after RFC 3987): it reorders what is shown` };
  }
  if (chars.iprivate(cp) && inQuery(at)) {
    return { code: "private-use", severity: "info", what: `${codePointName(cp)} is a private-use character, allowed only in the query: it means something only by private agreement` };
  }
  if (INVISIBLE.test(String.fromCodePoint(cp))) {
    return { code: "invisible-character", severity: where ? "danger" : "warning", what: `${codePointName(cp)} is invisible: two IRIs that look the same differ by it` };
  }
  if (lookalike(cp, chars)) {
    const shown = String.fromCodePoint(cp).normalize("NFKC");
    return { code: "lookalike-delimiter", severity: where ? "danger" : "warning", detail: shown,
      what: `${codePointName(cp)} looks like ${shown.trim() === "" ? "a space" : JSON.stringify(shown)} but is not a delimiter: a reader sees another structure than the parser` };
  }
  return undefined;
}

/** Runs between delimiters (US-ASCII characters other than unreserved ones): NFC, then NFKC. */
function checkRuns(add: Add, input: string, chars: IriCharacters): void {
  let start = 0;
  let wide = false;
  for (let i = 0; i <= input.length; i++) {
    const c = i < input.length ? input.charCodeAt(i) : -1;
    if (c >= 0x80) { wide = true; continue; }
    if (c >= 0 && chars.unreserved(c)) continue;
    if (wide) {
      const run = input.slice(start, i);
      const nfc = run.normalize("NFC");
      if (nfc !== run) {
        add("not-nfc", "warning", [start, i], `"${run}" is not in NFC, the form IRIs should be created in: an IRI typed or converted from another encoding comes out in NFC and does not compare equal`, nfc);
      } else {
        const nfkc = run.normalize("NFKC");
        let lookalikes = false;
        for (const ch of run) if (lookalike(ch.codePointAt(0)!, chars)) lookalikes = true;
        if (nfkc !== run && !lookalikes) {
          add("compatibility-character", "info", [start, i], `"${run}" has compatibility characters (its NFKC form is "${nfkc}"), which should be avoided in names: they look like the characters they stand for`, nfkc);
        }
      }
    }
    start = i + 1;
    wide = false;
  }
}

/**
 * 4.2's components: the userinfo, each label of the host, each path segment and each part of it
 * between dots ("the extensions in a resource name can be treated as separate components", so
 * Example 4's "KL.html" is two), each name and value of the query ("it is convenient to treat each
 * name and each value as a component"), the fragment.
 */
function componentsOf(input: string, spans: Spans): Span[] {
  const out: Span[] = [];
  const split = (span: Span | undefined, separators: string) => {
    if (span === undefined) return;
    let start = span[0];
    for (let i = span[0]; i <= span[1]; i++) {
      if (i < span[1] && !separators.includes(input[i])) continue;
      if (i > start) out.push([start, i]);
      start = i + 1;
    }
  };
  split(spans.userinfo, "");
  split(spans.host, ".\u3002\uff0e\uff61");
  split(spans.path, "/.");
  split(spans.query, "&=;");
  split(spans.fragment, "");
  return out;
}

function checkComponent(add: Add, input: string, span: Span, hostLabel: boolean): void {
  const text = input.slice(span[0], span[1]);
  let wide = false;
  for (let i = 0; i < text.length && !wide; i++) wide = text.charCodeAt(i) >= 0x80;
  if (!wide) return;
  const letters = [...text].filter((ch) => LETTER.test(ch));
  // 7.5: one script, among those that look alike.
  const scripts = SCRIPTS.filter(([, re]) => letters.some((ch) => re.test(ch))).map(([name]) => name);
  if (scripts.length > 1) {
    add("mixed-script", hostLabel ? "danger" : "warning", span,
      `"${text}" mixes ${scripts.join(" and ")} letters, whose shapes look alike: a reader cannot tell it from a name in one script`, scripts.join("+"));
  }
  // 4.2: rule 1, one direction; rule 2, a right-to-left component starts and ends with a right-to-left character.
  const rtl = letters.filter((ch) => RTL_LETTER.test(ch));
  if (rtl.length === 0) return;
  if (rtl.length < letters.length) {
    add("bidi-component", "warning", span, `"${text}" uses both right-to-left and left-to-right characters (section 4.2, rule 1): its display order is hard to predict`);
  } else {
    const chars = [...text];
    if (!RTL_LETTER.test(chars[0]) || !RTL_LETTER.test(chars[chars.length - 1])) {
      add("bidi-component", "warning", span,
        `"${text}" has right-to-left characters but does not start and end with one (section 4.2, rule 2): digits or marks at its ends are shown on the other side`);
    }
  }
}

/** Percent-encoded octets past US-ASCII: UTF-8 or not, and what it encodes. */
function checkEscapes(add: Add, input: string, chars: IriCharacters, inQuery: (at: number) => boolean): void {
  let bad: { start: number; end: number; severity: AuditSeverity; detail?: string } | undefined;
  const flush = () => {
    if (bad === undefined) return;
    const text = input.slice(bad.start, bad.end);
    const why = bad.detail !== undefined
      ? `an overlong UTF-8 form of ${JSON.stringify(bad.detail)}, which a lenient decoder reads as that delimiter after the checks were done on the escaped text`
      : bad.severity === "warning" ? "not UTF-8 (a surrogate or an overlong form), which a lenient decoder turns into a character"
        : "not UTF-8: octets of another encoding, which 3.2 leaves encoded and which name another resource once converted";
    add("invalid-utf8", bad.severity, [bad.start, bad.end], `${text} is ${why}`, bad.detail);
    bad = undefined;
  };
  for (let i = input.indexOf("%"); i >= 0; i = input.indexOf("%", i + 1)) {
    const b = escapeOctet(input, i, input.length);
    if (b < 0x80) { if (b >= 0) { flush(); i += 2; } continue; }
    const n = sequenceLength(input, i, input.length, b);
    if (n === 0) {
      const lenient = lenientDecode(input, i, b);
      const severity: AuditSeverity = lenient === undefined ? "info"
        : lenient.cp < 0x80 && !(chars.unreserved(lenient.cp) && lenient.cp !== 0x2e) ? "danger" : "warning";
      const detail = severity === "danger" ? String.fromCharCode(lenient!.cp) : undefined;
      const length = lenient?.length ?? 1;
      if (bad !== undefined && bad.end === i && bad.severity === severity && detail === undefined && bad.detail === undefined) bad.end = i + 3 * length;
      else { flush(); bad = { start: i, end: i + 3 * length, severity, detail }; }
      i += 3 * length - 1;
      continue;
    }
    flush();
    let cp = b & (n === 2 ? 0x1f : n === 3 ? 0x0f : 0x07);
    for (let k = 1; k < n; k++) cp = (cp << 6) | (escapeOctet(input, i + 3 * k, input.length) & 63);
    const span: Span = [i, i + 3 * n];
    if (bidiFormatting(cp) !== undefined) {
      add("bidi-formatting", "info", span, `${input.slice(i, i + 3 * n)} is ${codePointName(cp)}, a bidirectional formatting character: it must stay percent-encoded, and a display that decodes it reorders the text`);
    } else if (NONCHARACTER.test(String.fromCodePoint(cp))) {
      add("noncharacter", "warning", span, `${input.slice(i, i + 3 * n)} is the noncharacter ${codePointName(cp)}, which is no ucschar: decoders drop it or replace it, and two IRIs that differ by it look the same`);
    } else if (chars.iprivate(cp)) {
      add("private-use", "info", span, `${input.slice(i, i + 3 * n)} is the private-use character ${codePointName(cp)}${inQuery(i) ? "" : ", which an IRI allows only in the query"}: it means something only by private agreement`);
    }
    i += 3 * n - 1;
  }
  flush();
}

/**
 * What a decoder that does not check for overlong forms or surrogates reads from the escapes at
 * `at` (lead octet `b`): the code point and the number of octets, or undefined when not even such
 * a decoder reads a character there.
 */
function lenientDecode(input: string, at: number, b: number): { cp: number; length: number } | undefined {
  const n = b >= 0xc0 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf7 ? 4 : 0;
  if (n === 0) return undefined;
  let cp = b & (n === 2 ? 0x1f : n === 3 ? 0x0f : 0x07);
  for (let k = 1; k < n; k++) {
    const c = escapeOctet(input, at + 3 * k, input.length);
    if (c < 0x80 || c > 0xbf) return undefined;
    cp = (cp << 6) | (c & 63);
  }
  return { cp, length: n };
}

/** 3.1 and 5.3.3: the ireg-name through ToASCII, label by label. */
function checkHost(add: Add, input: string, span: Span): void {
  const host = input.slice(span[0], span[1]);
  if (host.startsWith("[") || !/[^\x00-\x7f]/.test(host)) return;
  const labels = host.split(/[.\u3002\uff0e\uff61]/);
  let severity: AuditSeverity = "info";
  const notes: string[] = [];
  const ace: string[] = [];
  for (const label of labels) {
    if (!/[^\x00-\x7f]/.test(label)) { ace.push(label); continue; }
    const converted = platformToAscii(label);
    if (converted === undefined || !/^[a-z0-9-]+$/.test(converted)) {
      severity = "warning";
      notes.push(`ToASCII refuses the label "${label}"${converted === undefined ? "" : ` (it maps it to "${converted}")`}, so the IRI cannot be resolved through DNS`);
      ace.push(label);
      continue;
    }
    ace.push(converted);
    if (!converted.startsWith("xn--")) {
      severity = "danger";
      notes.push(`ToASCII maps the label "${label}" to the US-ASCII label "${converted}": the host is another name that looks alike`);
      continue;
    }
    const back = punycodeDecode(converted.slice(4));
    const expected = label.normalize("NFC").toLowerCase();
    if (back !== undefined && back !== expected && back !== label.toLowerCase()) {
      if (severity === "info") severity = "warning";
      notes.push(`ToASCII maps the label "${label}" to the characters "${back}" (${converted})`);
    }
  }
  const mapped = ace.join(".");
  const sentence = notes.length > 0 ? notes.join("; ") :
    `The host has non-ASCII characters: mapped to a URI (3.1) it is percent-encoded, which DNS resolvers do not read; with ToASCII it is "${mapped}"`;
  add("idna-host", severity, span, sentence, mapped);
}
