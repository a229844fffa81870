// TEMPORARY: stands in for the RFC 3986 parser and compiled grammar until they are integrated;
// then `reference` becomes the real parser's and `syntax` the compiled grammar, and this file goes.
// Every RFC 3986 test gets its references and its Syntax from here and nowhere else.
//
// - syntax: the mechanical ABNF acceptor (scripts/abnf-acceptor.mjs) built from RFC 3986's own
//   Appendix A, copied below verbatim (page breaks left out), with the RFC 2234 core rules taken
//   from grammar/rfc2396bis-01/grammar.abnf. No character set here is written by hand.
// - reference(text): the text must match URI-reference in that acceptor; it is then split with
//   RFC 3986 Appendix B's regular expression, the authority as section 3.2 writes it
//   ([ userinfo "@" ] host [ ":" port ]), and the host classified by the acceptor.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Syntax } from "../../src/rfc3986/normalize.js";
import { Reference, type Authority, type Host } from "../../src/rfc3986/types.js";

const ROOT = join(__dirname, "..", "..");

/** RFC 3986 Appendix A, "Collected ABNF for URI", verbatim. */
const APPENDIX_A = `
   URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]

   hier-part     = "//" authority path-abempty
                 / path-absolute
                 / path-rootless
                 / path-empty

   URI-reference = URI / relative-ref

   absolute-URI  = scheme ":" hier-part [ "?" query ]

   relative-ref  = relative-part [ "?" query ] [ "#" fragment ]

   relative-part = "//" authority path-abempty
                 / path-absolute
                 / path-noscheme
                 / path-empty

   scheme        = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )

   authority     = [ userinfo "@" ] host [ ":" port ]
   userinfo      = *( unreserved / pct-encoded / sub-delims / ":" )
   host          = IP-literal / IPv4address / reg-name
   port          = *DIGIT

   IP-literal    = "[" ( IPv6address / IPvFuture  ) "]"

   IPvFuture     = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )

   IPv6address   =                            6( h16 ":" ) ls32
                 /                       "::" 5( h16 ":" ) ls32
                 / [               h16 ] "::" 4( h16 ":" ) ls32
                 / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
                 / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
                 / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
                 / [ *4( h16 ":" ) h16 ] "::"              ls32
                 / [ *5( h16 ":" ) h16 ] "::"              h16
                 / [ *6( h16 ":" ) h16 ] "::"

   h16           = 1*4HEXDIG
   ls32          = ( h16 ":" h16 ) / IPv4address
   IPv4address   = dec-octet "." dec-octet "." dec-octet "." dec-octet

   dec-octet     = DIGIT                 ; 0-9
                 / %x31-39 DIGIT         ; 10-99
                 / "1" 2DIGIT            ; 100-199
                 / "2" %x30-34 DIGIT     ; 200-249
                 / "25" %x30-35          ; 250-255

   reg-name      = *( unreserved / pct-encoded / sub-delims )

   path          = path-abempty    ; begins with "/" or is empty
                 / path-absolute   ; begins with "/" but not "//"
                 / path-noscheme   ; begins with a non-colon segment
                 / path-rootless   ; begins with a segment
                 / path-empty      ; zero characters

   path-abempty  = *( "/" segment )
   path-absolute = "/" [ segment-nz *( "/" segment ) ]
   path-noscheme = segment-nz-nc *( "/" segment )
   path-rootless = segment-nz *( "/" segment )
   path-empty    = 0<pchar>

   segment       = *pchar
   segment-nz    = 1*pchar
   segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
                 ; non-zero-length segment without any colon ":"

   pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"

   query         = *( pchar / "/" / "?" )

   fragment      = *( pchar / "/" / "?" )

   pct-encoded   = "%" HEXDIG HEXDIG

   unreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~"
   reserved      = gen-delims / sub-delims
   gen-delims    = ":" / "/" / "?" / "#" / "[" / "]" / "@"
   sub-delims    = "!" / "$" / "&" / "'" / "(" / ")"
                 / "*" / "+" / "," / ";" / "="
`;

let acceptor: Map<string, RegExp> | undefined;

/** Every rule of Appendix A (and the core rules) as an anchored RegExp, built once. */
function rules(): Map<string, RegExp> {
  if (acceptor !== undefined) return acceptor;
  const text = APPENDIX_A
    .replace(/^ {3}/gm, "") // the RFC indents its ABNF by three spaces; a rule must start in column 0
    .replace("0<pchar>", "0pchar"); // a prose value (RFC 2234 section 4); it means zero pchar
  const draft = readFileSync(join(ROOT, "grammar", "rfc2396bis-01", "grammar.abnf"), "utf8");
  const core = draft.slice(draft.indexOf("; ----- RFC 2234 Appendix A: core rules"));
  const dir = mkdtempSync(join(tmpdir(), "rfc3986-abnf-"));
  try {
    const file = join(dir, "rfc3986.abnf");
    writeFileSync(file, text + "\n" + core);
    const out = execFileSync(process.execPath, [join(ROOT, "scripts", "abnf-acceptor.mjs"), "--grammar", file, "--json"], {
      cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024,
    });
    const data = JSON.parse(out) as { order: string[]; regex: Record<string, string> };
    acceptor = new Map(data.order.map((name) => [name, new RegExp(`^(?:${data.regex[name]})$`)]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return acceptor;
}

/** TEMPORARY: RFC 3986's grammar as a Syntax (the real one is the compiled grammar). */
export const syntax: Syntax = {
  accepts(rule: string, input: string): boolean {
    const re = rules().get(rule);
    if (re === undefined) throw new TypeError(`no rule ${JSON.stringify(rule)} in RFC 3986 Appendix A`);
    return re.test(input);
  },
};

/** RFC 3986 Appendix B. */
const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;

/** TEMPORARY: a URI-reference (section 4.1) parsed into a Reference; throws for invalid text. */
export function reference(text: string): Reference {
  if (!syntax.accepts("URI-reference", text)) throw new Error(`not a URI-reference: ${JSON.stringify(text)}`);
  const m = APPENDIX_B.exec(text)!;
  return new Reference({
    scheme: m[2],
    authority: m[3] === undefined ? undefined : authority(m[4]),
    path: m[5],
    query: m[7],
    fragment: m[9],
  });
}

function authority(raw: string): Authority {
  const at = raw.indexOf("@"); // userinfo holds no "@"
  const userinfo = at < 0 ? undefined : raw.slice(0, at);
  const hostport = raw.slice(at + 1);
  // An IP-literal ends at "]"; otherwise the host holds no ":" (reg-name, IPv4address).
  let end: number;
  if (hostport.startsWith("[")) {
    end = hostport.indexOf("]") + 1;
  } else {
    const colon = hostport.lastIndexOf(":");
    end = colon < 0 ? hostport.length : colon;
  }
  const host = classify(hostport.slice(0, end));
  const port = end < hostport.length ? hostport.slice(end + 1) : undefined;
  const a: { raw: string; userinfo?: string; host: Host; port?: string } = { raw, host };
  if (userinfo !== undefined) a.userinfo = userinfo;
  if (port !== undefined) a.port = port;
  return a;
}

function classify(raw: string): Host {
  if (raw.startsWith("[")) {
    const inner = raw.slice(1, -1);
    if (syntax.accepts("IPv6address", inner)) return { kind: "IPv6address", raw, address: inner };
    const dot = inner.indexOf(".");
    return { kind: "IPvFuture", raw, version: inner.slice(1, dot), address: inner.slice(dot + 1) };
  }
  if (syntax.accepts("IPv4address", raw)) {
    const [a, b, c, d] = raw.split(".").map(Number);
    return { kind: "IPv4address", raw, octets: [a, b, c, d] };
  }
  return { kind: "reg-name", raw };
}
