// 6 URI Normalization and Equivalence, as RFC 2396 has it. Section 6 is one paragraph: "the
// rules for equivalence and definition of a normal form, if any, are scheme dependent. When a
// scheme uses elements of the common syntax, it will also use the common syntax equivalence
// rules, namely that the scheme and hostname are case insensitive and a URL with an explicit
// ':port', where the port is the default for the scheme, is equivalent to one where the port is
// elided." With the two sentences of section 2 about escaped unreserved characters (2.3 and
// 2.4.2) that is all RFC 2396 says; nothing else is done here. In particular RFC 2396 does not
// say that dot segments of an absolute path may be removed (Appendix C.2 keeps "/./g" and
// "/../g"), nor that the hex digits of an escape may change case, nor anything of userinfo or a
// reg_name's case, so none of these change.
//
// Values, not strings: references come in parsed and go out as Reference values. The characters
// an escape may be replaced by are the grammar's `unreserved`, asked of the compiled grammar (a
// Syntax) once per grammar, never listed here.
import { describe, requireString } from "../../args.js";
import { lowerCase, normalizationOf, schemeBasedParts, serverParts, syntaxAccepts, unreservedTable } from "../../ladder.js";
import type { EquivalentOptions, Ladder, NormalizeOptions, Syntax } from "../../ladder.js";

/** The grammar a Syntax must be, for messages (alpha = lowalpha | upalpha, section 1.6: ASCII case). */
const GRAMMAR = "RFC 2396";
import { rewriteEscapes } from "../../escapes.js";
import { hostOf } from "./build.js";
import { recompose } from "./recompose.js";
import { Reference, type Authority, type Host, type ReferenceParts, type ServerAuthority } from "./types.js";

/**
 * What normalization needs to know of the grammar (src/ladder.ts): the compiled RFC 2396 grammar
 * is one. Normalization asks the rule of the role "unreserved" of each ASCII character (once per
 * Syntax object), "server" and "ipv4" of a reg_name whose escapes were replaced, and "scheme" of
 * the text before the ":" of a relative path (edition.json "roles"). The rungs of
 * the ladder (Ladder): "simple", character for character as recombined (section 5.2 step 7);
 * "syntax", after the rules of the common syntax that need no knowledge of the scheme (the scheme
 * and hostname in lower case, section 6; escaped unreserved characters replaced, section 2.3);
 * "scheme", after the rules that depend on the scheme as well (the default port, section 6; the
 * rules of src/schemes.ts).
 * The options of normalizeReference() and equivalentReferences() are src/ladder.ts's.
 */
export type { Syntax, Ladder, NormalizeOptions, EquivalentOptions };

/**
 * Normalizes a reference by what RFC 2396 says, in this order:
 * - escapes (section 2.3: "Unreserved characters can be escaped without changing the semantics
 *   of the URI"; 2.4.2: '"%7e" is sometimes used instead of "~" in an http URL path, but the two
 *   are equivalent for an http URL'): every escape of an `unreserved` character of the grammar is
 *   replaced by the character, in every component; other escapes stay as written. A reg_name
 *   that this makes a server ("ex%61mple.com") is read again as the parser reads an authority
 *   (authority = server | reg_name: a server wherever the whole authority is one);
 * - case (section 3.1: programs "should treat upper case letters as equivalent to lower case in
 *   scheme names"; section 6: "the scheme and hostname are case insensitive", with its example
 *   <http://www.XEROX.com>): the scheme and a hostname in lower case, nothing else;
 * - unless `scheme: false`, the port (section 6: a URL with an explicit ":port", where the port
 *   is the default for the scheme, is equivalent to one where the port is elided): a port that is
 *   the scheme's default (in decimal, section 3.2.2: "080" is 80) is removed with its ":", and so
 *   is an empty port (section 3.2.2: "If the port is omitted, the default port number is
 *   assumed"; ":" with no digits supplies none). The default ports, and the rule that an empty
 *   path is "/" (http and https only), are those of the library's table (src/schemes.ts), each
 *   from its scheme's specification: section 6, "the rules for equivalence and definition of a
 *   normal form, if any, are scheme dependent".
 * Dot segments, the hex digits of escapes, userinfo, reg_name, path, query and fragment are
 * otherwise left as they are. The result is normal: normalizing it again changes nothing.
 * Throws TypeError when `ref` is not a Reference or the options are malformed.
 *
 * equivalentReferences():
 * True when `a` and `b` are equivalent at the chosen rung (see Ladder): their recombinations are
 * equal after that rung's normalization. False means only that these rules cannot tell: "the
 * rules for equivalence ... are scheme dependent" (section 6). Each side is normalized on its
 * own, so parse each once and compare as often as needed. Relative references are compared as
 * they are. Throws TypeError when `a` or `b` is not a Reference or the options are malformed.
 */
export const { normalizeReference, equivalentReferences } = normalizationOf<Reference, ReferenceParts>({
  grammar: GRAMMAR, kind: { is: (v): v is Reference => v instanceof Reference }, make: (p) => new Reference(p), recompose,
  syntaxBased: commonSyntax, schemeBased: schemeDependent,
});

/**
 * Section 2.3 on one piece of text: every escape of a character that the grammar's `unreserved`
 * matches is replaced by that character ("%7e" and "%7E" become "~"); every other escape stays as
 * written, hex digits and all. A "%" that does not start an escape is left as it is.
 */
export function unescapeUnreserved(text: string, syntax: Syntax): string {
  requireString(text, "unescapeUnreserved: text");
  return unescape(text, unreservedTable(syntax, "unescapeUnreserved: syntax", GRAMMAR));
}

// ----- the rules of the common syntax -----

function commonSyntax(ref: Reference, syntax: Syntax): ReferenceParts {
  const unreserved = unreservedTable(syntax, "normalizeReference: options.syntax", GRAMMAR);
  const text = (value: string | undefined): string | undefined => (value === undefined ? undefined : unescape(value, unreserved));
  // 3.1 and 6: the scheme in lower case.
  const scheme = ref.scheme === undefined ? undefined : lowerCase(ref.scheme);
  let authority: Authority | undefined;
  if (ref.authority !== undefined) authority = normalizeAuthority(ref.authority, unreserved, syntax);
  let path = text(ref.path)!;
  if (ref.scheme === undefined && ref.authority === undefined) path = keepRelative(ref.path, path, syntax);
  return { scheme, authority, path, opaque: ref.opaque, query: text(ref.query), fragment: text(ref.fragment) };
}

/**
 * A relative path whose first segment holds ":" (the drafts of 1997-98 allow it: their rel_path
 * is path_segments, and pchar holds ":"; RFC 2396's rel_segment does not) must stay relative. Where
 * replacing the escapes before that ":" would make the text before it a scheme ("%41tp:x" would
 * read as the absolute URI "Atp:x", another reference), they stay as written: an escape replaced
 * "without changing the semantics of the URI" (2.3) cannot turn a path into a scheme.
 */
function keepRelative(written: string, unescaped: string, syntax: Syntax): string {
  const colon = unescaped.indexOf(":");
  const slash = unescaped.indexOf("/");
  if (colon < 0 || (slash >= 0 && slash < colon) || !syntaxAccepts(syntax, "scheme", unescaped.slice(0, colon))) return unescaped;
  // ":" is reserved and never unescaped, so the first ":" of both texts is the same one.
  return written.slice(0, written.indexOf(":")) + unescaped.slice(colon);
}

/** 2.3 on the authority's text; 6 on a hostname. A reg_name may become a server. */
function normalizeAuthority(authority: Authority, unreserved: Uint8Array, syntax: Syntax): Authority {
  if (authority.kind !== "server") {
    // A registry-based authority (reg_name; draft -01's authority keeps its kind).
    const raw = unescape(authority.raw, unreserved);
    if (raw !== authority.raw && syntaxAccepts(syntax, "server", raw)) return lowerHostname(serverOf(raw, syntax));
    return { kind: authority.kind, raw };
  }
  // A server's escapes can only be in its userinfo (hostname, IPv4address and port hold none).
  const userinfo = authority.userinfo === undefined ? undefined : unescape(authority.userinfo, unreserved);
  return lowerHostname(composeServer(userinfo, authority.host, authority.port));
}

/** 6: "the scheme and hostname are case insensitive". An IPv4address holds no letters. */
function lowerHostname(server: ServerAuthority): ServerAuthority {
  const host = server.host;
  if (host === undefined || host.kind !== "hostname") return server;
  const lowered = lowerCase(host.raw);
  if (lowered === host.raw) return server;
  return composeServer(server.userinfo, hostOf("hostname", lowered), server.port);
}

/**
 * A server read from its text, as the grammar reads it (server = [ [ userinfo "@" ] hostport ],
 * hostport = host [ ":" port ]): userinfo and hostport hold no "@", so an "@" ends the userinfo;
 * a host holds no ":", so the first ":" after it starts the port. The host's kind is the rule of
 * host = hostname | IPv4address that matches it (never both: a toplabel starts with an alpha).
 */
function serverOf(raw: string, syntax: Syntax): ServerAuthority {
  const at = raw.indexOf("@");
  const userinfo = at < 0 ? undefined : raw.slice(0, at);
  const hostport = raw.slice(at + 1);
  const colon = hostport.indexOf(":");
  const hostText = colon < 0 ? hostport : hostport.slice(0, colon);
  const port = colon < 0 ? undefined : hostport.slice(colon + 1);
  let host: Host | undefined;
  if (hostText !== "") host = hostOf(syntaxAccepts(syntax, "ipv4", hostText) ? "IPv4address" : "hostname", hostText);
  return composeServer(userinfo, host, port);
}

// ----- the rules that depend on the scheme -----

/**
 * Section 6's port, and the library's table of schemes: with a server authority, an empty port
 * or the scheme's default port is removed with its ":"; an empty path becomes "/" where the
 * table says the scheme defines it so.
 */
function schemeDependent(ref: ReferenceParts): ReferenceParts {
  return schemeBasedParts(ref, (authority: Authority) => (authority.kind === "server" ? authority : undefined), composeServer);
}

// ----- helpers -----

/** server = [ [ userinfo "@" ] hostport ], with its raw text recombined. */
function composeServer(userinfo: string | undefined, host: Host | undefined, port: string | undefined): ServerAuthority {
  return { kind: "server", ...serverParts(userinfo, host, port) };
}

/** Escapes of unreserved characters replaced; other escapes as written. One pass, linear. */
function unescape(text: string, unreserved: Uint8Array): string {
  return rewriteEscapes(text, unreserved, false);
}
