// 5.3 Comparison Ladder, as RFC 3987 writes it for IRIs: RFC 3986's ladder (its section 6.2, in
// src/models/rfc3986/normalize.ts, and the rungs of src/ladder.ts), which 5.3 follows ("The structure
// and much of the material for this section is taken from section 6 of [RFC3986]"), with what
// IRIs add:
//   5.3.2.1 Case Normalization            RFC 3986's, except that only a "US-ASCII only host" is
//                                         put in lower case: the scheme in lower case, hex digits
//                                         in upper case; no non-ASCII character changes case
//   5.3.2.2 Character Normalization       NFC, only when asked (see `characters`)
//   5.3.2.3 Percent-Encoding Normalization RFC 3986's for US-ASCII, then the percent-encoded UTF-8
//                                         of every character an IRI allows there decoded, as
//                                         uriToIri (3.2) decodes it
//   5.3.2.4 Path Segment Normalization    RFC 3986's remove_dot_segments, unchanged
//   5.3.3   Scheme-Based Normalization    RFC 3986's (ports, the empty path of http and https),
//                                         and for the schemes of schemes.ts, whose hosts are
//                                         domain names, each label as ToUnicode(ToASCII(label))
// 5.3.4 (protocol-based) needs the network and is not done.
import { describe, requireString } from "../../args.js";
import { equivalentAt, readLadder, readSyntaxOptions, serverParts, unreservedTable, type EquivalentOptions, type NormalizeOptions, type Syntax } from "../../ladder.js";
import { rewriteEscapes } from "../../escapes.js";
import { booleanOption, oneOfOption } from "../../options.js";
import { normalizeReference as normalizeUriReference } from "../rfc3986/normalize.js";
import { recompose } from "../rfc3986/recompose.js";
import { Reference, type Authority, type Host, type ReferenceParts } from "../rfc3986/types.js";
import { GRAMMAR, iriCharactersOf, type IriCharacters } from "./characters.js";
import { idnLabel } from "./idna.js";
import { decodeIriEscapes } from "./mapping.js";
import { schemeInfo } from "../../schemes.js";

/**
 * 5.3.2.2: "Equivalence of IRIs MUST rely on the assumption that IRIs are appropriately
 * pre-character-normalized rather than apply character normalization when comparing two IRIs. The
 * exceptions are conversion from a non-digital form, and conversion from a non-UCS-based character
 * encoding to a UCS-based character encoding. In these cases, NFC ... MUST be used". So "as-is"
 * (default) compares the characters as they are; "nfc" applies NFC, for IRIs from one of those
 * exceptions.
 */
export type CharacterNormalization = "as-is" | "nfc";
export const CHARACTER_NORMALIZATIONS: readonly CharacterNormalization[] = ["as-is", "nfc"];

/** The options of normalizeIriReference(): RFC 3986's, with the grammar of RFC 3987. */
export interface IriNormalizeOptions extends NormalizeOptions {
  /** 5.3.2.2: "as-is" (default) or "nfc". */
  characters?: CharacterNormalization;
}

/** The options of equivalentIriReferences(). */
export interface IriEquivalentOptions extends EquivalentOptions {
  /** 5.3.2.2: "as-is" (default) or "nfc". */
  characters?: CharacterNormalization;
}

/**
 * Normalizes an IRI reference (a Reference of RFC 3986's model whose components hold the IRI's
 * characters, as the rfc3987 edition parses it) by section 5.3.2 and, unless `scheme: false`, 5.3.3:
 * first RFC 3986's normalization (5.3.2.1 case, 5.3.2.3 for US-ASCII, 5.3.2.4 dot segments, 5.3.3
 * ports and empty paths: src/models/rfc3986/normalize.ts), then:
 * - 5.3.2.1 for IRIs: "the scheme and US-ASCII only host are case insensitive": a reg-name that
 *   has a non-ASCII character, as written or once decoded below, keeps the case of its US-ASCII
 *   letters too ("Www.Éxample" stays; "Case equivalence for non-ASCII characters in IRI components
 *   that are IDNs" is 5.3.3's, through ToASCII, which this library does not apply here);
 * - 5.3.2.3 for IRIs: in the userinfo, a reg-name host, the path, the query and the fragment, the
 *   percent-encoded UTF-8 of a character the IRI allows there unencoded is decoded ("ros%C3%A9"
 *   becomes "rosé"), as uriToIri() decodes it: an `iprivate` only in the query, never a
 *   bidirectional formatting character (4.1) or a look-alike (6.1 b), and octets that are not UTF-8
 *   stay (in upper case);
 * - 5.3.3 (unless `scheme: false`), for a scheme of schemes.ts (their hosts are domain names): a
 *   reg-name with a non-ASCII character or an "xn--" label has each label replaced by
 *   ToUnicode(ToASCII(label)) (idna.ts: the platform's UTS #46 mapping, then Punycode decoded):
 *   "Validated IDN components of IRIs SHOULD be character normalized by using the Nameprep process;
 *   however, for legibility purposes, they SHOULD NOT be converted into ACE", and "Scheme-based
 *   normalization may also consider IDN components and their conversions to punycode as
 *   equivalent" ("http://résumé.example.org" and "http://xn--rsum-bpad.example.org"). A host with a
 *   label the platform refuses, or with a percent-encoding left, is left as it is;
 * - 5.3.2.2 with `characters: "nfc"`: every run of characters between two US-ASCII characters that
 *   are not `unreserved` is put in NFC. Runs, not the whole text, so that a combining mark after a
 *   delimiter is not composed with it ("=" U+0338 is "≠" in NFC), and a run whose NFC form would
 *   have a US-ASCII character other than an unreserved one (U+037E GREEK QUESTION MARK is ";" in
 *   NFC, U+1FEF is "`") is left as it is: a delimiter must not appear or change.
 * The result is normal: normalizing it again changes nothing. Throws TypeError when `ref` is not a
 * Reference or the options are malformed.
 */
export function normalizeIriReference(ref: Reference, options: IriNormalizeOptions): Reference {
  const fn = "normalizeReference";
  const { syntax, o } = readSyntaxOptions(options, fn, GRAMMAR, "{ syntax, scheme?, characters? }");
  const scheme = booleanOption(o, "scheme", true, fn);
  const nfc = oneOfOption(o, "characters", CHARACTER_NORMALIZATIONS, "as-is", fn) === "nfc";
  const chars = iriCharactersOf(syntax, `${fn}: options.syntax`);
  const normal = normalizeUriReference(ref, { syntax, scheme });
  const iri = iriSteps(normal, ref.authority?.host, unreservedTable(syntax, `${fn}: options.syntax`, GRAMMAR), chars, nfc, fn);
  return scheme ? idnHost(iri) : iri;
}

/**
 * True when `a` and `b` are equivalent at the chosen rung of the ladder of 5.3 ("simple": 5.3.1,
 * character for character, which "MUST NOT map IRIs to URIs"; "syntax": 5.3.2; "scheme": 5.3.3):
 * their recompositions are equal after that rung's normalization (normalizeIriReference). False
 * means only that this comparison cannot tell (5.1: "strictly avoiding false positives").
 */
export function equivalentIriReferences(a: Reference, b: Reference, options: IriEquivalentOptions): boolean {
  const fn = "equivalentReferences";
  if (!(a instanceof Reference)) throw new TypeError(`${fn}: a must be a Reference, got ${describe(a)}`);
  if (!(b instanceof Reference)) throw new TypeError(`${fn}: b must be a Reference, got ${describe(b)}`);
  const { syntax, o } = readSyntaxOptions(options, fn, GRAMMAR, "{ syntax, ladder?, ignoreFragment?, characters? }");
  const { ladder, ignoreFragment } = readLadder(o, fn);
  const characters = oneOfOption(o, "characters", CHARACTER_NORMALIZATIONS, "as-is", fn);
  return equivalentAt<Reference>(a, b, ladder, ignoreFragment, {
    withoutFragment: (ref) => (ref.fragment === undefined ? ref : new Reference({ ...partsOf(ref), fragment: undefined })),
    recompose,
    normalize: (ref, scheme) => normalizeIriReference(ref, { syntax, scheme, characters }),
  });
}

/**
 * 5.3.2.3 (IRIs) and 5.3.2.2 on one piece of text of the component `place`: what
 * normalizeIriReference does to each component.
 */
export function normalizeIriText(text: string, place: "userinfo" | "host" | "path" | "query" | "fragment", syntax: Syntax,
  characters: CharacterNormalization = "as-is"): string {
  const fn = "normalizeIriText";
  requireString(text, `${fn}: text`);
  return iriText(text, place === "query", iriCharactersOf(syntax, `${fn}: syntax`), characters === "nfc", fn);
}

function iriText(text: string, query: boolean, chars: IriCharacters, nfc: boolean, fn: string): string {
  const decoded = text.indexOf("%") < 0 ? text : decodeIriEscapes(text, 0, text.length, chars, query ? [0, text.length] : undefined, false, fn);
  return nfc ? nfcRuns(decoded, chars) : decoded;
}

/** `ref` normalized by RFC 3986, `original` its host before. */
function iriSteps(ref: Reference, original: Host | undefined, unreserved: Uint8Array, chars: IriCharacters, nfc: boolean, fn: string): Reference {
  const text = (value: string | undefined, query = false) => (value === undefined ? undefined : iriText(value, query, chars, nfc, fn));
  let authority: Authority | undefined;
  if (ref.authority !== undefined) {
    const { userinfo, host, port } = ref.authority;
    let newHost = host;
    if (original?.kind === "reg-name") {
      // 5.3.2.1: the host as written, its percent-encodings normalized but its case kept; if it is
      // US-ASCII only once decoded, RFC 3986's (in lower case, typed again) stands.
      const kept = text(rewriteEscapes(original.raw, unreserved, true, false))!;
      if (!isAscii(kept)) newHost = { kind: "reg-name", raw: kept };
    }
    authority = serverParts(text(userinfo), newHost, port) as Authority;
  }
  return new Reference({
    scheme: ref.scheme, authority, path: text(ref.path)!, query: text(ref.query, true), fragment: text(ref.fragment),
  });
}

/** 5.3.2.2 by runs (see normalizeIriReference). Text of US-ASCII only is returned as it is. */
function nfcRuns(text: string, chars: IriCharacters): string {
  let ascii = true;
  for (let i = 0; i < text.length && ascii; i++) ascii = text.charCodeAt(i) < 0x80;
  if (ascii) return text;
  let out = "";
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : -1;
    if (c >= 0x80 || (c >= 0 && chars.unreserved(c))) continue;
    const run = text.slice(start, i);
    const normal = run.normalize("NFC");
    out += normal === run || introducesDelimiter(normal, chars) ? run : normal;
    if (c >= 0) out += text[i];
    start = i + 1;
  }
  return out;
}

/** 5.3.3 on the host of a scheme whose hosts are domain names (see normalizeIriReference). */
function idnHost(ref: Reference): Reference {
  const authority = ref.authority;
  if (authority === undefined || authority.host.kind !== "reg-name" || ref.scheme === undefined || schemeInfo(ref.scheme) === undefined) return ref;
  const raw = authority.host.raw;
  if (raw.includes("%") || (isAscii(raw) && !/(?:^|\.)xn--/i.test(raw))) return ref;
  const labels = raw.split(".");
  const mapped: string[] = [];
  for (let i = 0; i < labels.length; i++) {
    if (labels[i] === "" && i === labels.length - 1 && i > 0) { mapped.push(""); continue; }
    const label = idnLabel(labels[i]);
    if (label === undefined) return ref;
    mapped.push(label);
  }
  const host: Host = { kind: "reg-name", raw: mapped.join(".") };
  return new Reference({ ...partsOf(ref), authority: serverParts(authority.userinfo, host, authority.port) as Authority });
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x80) return false;
  return true;
}

function introducesDelimiter(text: string, chars: IriCharacters): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80 && !chars.unreserved(c)) return true;
  }
  return false;
}

function partsOf(ref: Reference): ReferenceParts {
  return { scheme: ref.scheme, authority: ref.authority, path: ref.path, query: ref.query, fragment: ref.fragment };
}
