// TEMPORARY: stands in for the RFC 2396 grammar (grammar/rfc2396/) until it is merged; then the
// tests parse with parse(x, { edition: "rfc2396" }) and ask the compiled grammar, and this file
// goes. Every RFC 2396 test gets its references and its Syntax from here and nowhere else.
//
// - syntax: the mechanical ABNF acceptor (scripts/abnf-acceptor.mjs) built from RFC 2396's own
//   Appendix A, copied below verbatim (page breaks left out). The RFC's notation is RFC 822's
//   with "|" for alternatives; it becomes RFC 2234 ABNF mechanically: "|" becomes "/" and "_" in
//   a rule name "-" (outside quoted literals), and continuation lines are indented. No character
//   set here is written by hand.
// - reference(text): the text must match URI-reference in that acceptor; it is then split with
//   RFC 2396 Appendix B's regular expression into the record the grammar's actions build
//   (src/models/rfc2396/build.ts): an opaque_part where a scheme is followed by neither "//" nor "/"
//   (it runs to "#", "?" included), a server where the acceptor's server matches the whole
//   authority, else a reg_name.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { referenceOf, type RecordOfReference } from "../../src/models/rfc2396/build.js";
import type { Syntax } from "../../src/models/rfc2396/normalize.js";
import type { Reference } from "../../src/models/rfc2396/types.js";

const ROOT = join(__dirname, "..", "..");

/** RFC 2396 Appendix A, "Collected BNF for URI", verbatim. */
const APPENDIX_A = `
      URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]
      absoluteURI   = scheme ":" ( hier_part | opaque_part )
      relativeURI   = ( net_path | abs_path | rel_path ) [ "?" query ]

      hier_part     = ( net_path | abs_path ) [ "?" query ]
      opaque_part   = uric_no_slash *uric

      uric_no_slash = unreserved | escaped | ";" | "?" | ":" | "@" |
                      "&" | "=" | "+" | "$" | ","

      net_path      = "//" authority [ abs_path ]
      abs_path      = "/"  path_segments
      rel_path      = rel_segment [ abs_path ]

      rel_segment   = 1*( unreserved | escaped |
                          ";" | "@" | "&" | "=" | "+" | "$" | "," )

      scheme        = alpha *( alpha | digit | "+" | "-" | "." )

      authority     = server | reg_name

      reg_name      = 1*( unreserved | escaped | "$" | "," |
                          ";" | ":" | "@" | "&" | "=" | "+" )

      server        = [ [ userinfo "@" ] hostport ]
      userinfo      = *( unreserved | escaped |
                         ";" | ":" | "&" | "=" | "+" | "$" | "," )

      hostport      = host [ ":" port ]
      host          = hostname | IPv4address
      hostname      = *( domainlabel "." ) toplabel [ "." ]
      domainlabel   = alphanum | alphanum *( alphanum | "-" ) alphanum
      toplabel      = alpha | alpha *( alphanum | "-" ) alphanum
      IPv4address   = 1*digit "." 1*digit "." 1*digit "." 1*digit
      port          = *digit

      path          = [ abs_path | opaque_part ]
      path_segments = segment *( "/" segment )
      segment       = *pchar *( ";" param )
      param         = *pchar
      pchar         = unreserved | escaped |
                      ":" | "@" | "&" | "=" | "+" | "$" | ","

      query         = *uric

      fragment      = *uric

      uric          = reserved | unreserved | escaped
      reserved      = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" |
                      "$" | ","
      unreserved    = alphanum | mark
      mark          = "-" | "_" | "." | "!" | "~" | "*" | "'" |
                      "(" | ")"

      escaped       = "%" hex hex
      hex           = digit | "A" | "B" | "C" | "D" | "E" | "F" |
                              "a" | "b" | "c" | "d" | "e" | "f"

      alphanum      = alpha | digit
      alpha         = lowalpha | upalpha

      lowalpha = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i" |
                 "j" | "k" | "l" | "m" | "n" | "o" | "p" | "q" | "r" |
                 "s" | "t" | "u" | "v" | "w" | "x" | "y" | "z"
      upalpha  = "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H" | "I" |
                 "J" | "K" | "L" | "M" | "N" | "O" | "P" | "Q" | "R" |
                 "S" | "T" | "U" | "V" | "W" | "X" | "Y" | "Z"
      digit    = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" |
                 "8" | "9"
`;

/** The notation of RFC 2396 (RFC 822's, with "|") as RFC 2234 ABNF, outside quoted literals only. */
function toAbnf(text: string): string {
  return text.split("\n").map((line) => {
    const body = line.trim();
    if (body === "") return "";
    const converted = body.replace(/"[^"]*"|[^"]+/g, (piece) =>
      piece.startsWith('"') ? piece : piece.replace(/\|/g, "/").replace(/_/g, "-"));
    // A rule starts in column 0; a continuation line is indented (RFC 2234 section 2.2).
    return /^[A-Za-z][\w-]*\s*=/.test(body) ? converted : "  " + converted;
  }).join("\n") + "\n";
}

let acceptor: Map<string, RegExp> | undefined;

/** Every rule of Appendix A as an anchored RegExp, built once. */
function rules(): Map<string, RegExp> {
  if (acceptor !== undefined) return acceptor;
  const dir = mkdtempSync(join(tmpdir(), "rfc2396-abnf-"));
  try {
    const file = join(dir, "rfc2396.abnf");
    writeFileSync(file, toAbnf(APPENDIX_A));
    const out = execFileSync(process.execPath, [join(ROOT, "scripts", "abnf-acceptor.mjs"), "--grammar", file, "--json"], {
      cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024,
    });
    const data = JSON.parse(out) as { order: string[]; regex: Record<string, string> };
    acceptor = new Map(data.order.map((name) => [name, new RegExp(`^(?:${data.regex[name]})$`, "u")]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return acceptor;
}

/** TEMPORARY: RFC 2396's grammar as a Syntax; rule names as the RFC spells them ("reg_name"). */
export const syntax: Syntax = {
  accepts(rule: string, input: string): boolean {
    const re = rules().get(rule.replace(/_/g, "-"));
    if (re === undefined) throw new TypeError(`no rule ${JSON.stringify(rule)} in RFC 2396 Appendix A`);
    return re.test(input);
  },
};

/** RFC 2396 Appendix B. */
const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;

/** TEMPORARY: a URI-reference (section 4) parsed into a Reference; throws for invalid text. */
export function reference(text: string): Reference {
  if (!syntax.accepts("URI-reference", text)) throw new Error(`not a URI-reference of RFC 2396: ${JSON.stringify(text)}`);
  const m = APPENDIX_B.exec(text)!;
  const scheme = m[2];
  const opaque = scheme !== undefined && m[3] === undefined && !m[5].startsWith("/");
  // The spans of the authority (after "//") and of the path, from the lengths of the groups before them.
  const authorityStart = (m[1]?.length ?? 0) + 2;
  const pathStart = (m[1]?.length ?? 0) + (m[3]?.length ?? 0);
  const opaquePart = m[5] + (m[6] ?? "");
  const record: RecordOfReference = {
    rule: "URI-reference",
    start: 0,
    end: text.length,
    scheme: scheme ?? null,
    authority: m[3] === undefined ? null : authority(m[4], authorityStart),
    path: opaque ? { rule: "opaque_part", start: pathStart, end: pathStart + opaquePart.length } : m[5],
    query: opaque ? null : m[7] ?? null,
    fragment: m[9] ?? null,
  };
  return referenceOf(record, text);
}

function authority(raw: string, start: number): RecordOfReference["authority"] {
  const end = start + raw.length;
  if (!syntax.accepts("server", raw)) return { rule: "reg_name", start, end };
  const at = raw.indexOf("@"); // neither userinfo nor hostport holds "@"
  const hostport = raw.slice(at + 1);
  const colon = hostport.indexOf(":"); // a host holds no ":"
  const host = colon < 0 ? hostport : hostport.slice(0, colon);
  const hostStart = start + at + 1;
  return {
    rule: "server",
    start,
    end,
    userinfo: at < 0 ? null : raw.slice(0, at),
    host: host === "" ? null : { rule: syntax.accepts("IPv4address", host) ? "IPv4address" : "hostname", start: hostStart, end: hostStart + host.length },
    port: colon < 0 ? null : hostport.slice(colon + 1),
  };
}
