// 6 Normalization and Comparison, as RFC 3986 writes it: the comparison ladder of 6.2, from
// simple string comparison (6.2.1) through syntax-based normalization (6.2.2: case 6.2.2.1,
// percent-encoding 6.2.2.2, path segments 6.2.2.3) to scheme-based normalization (6.2.3).
//
// Values, not strings: references come in parsed and go out as Reference values. The characters
// that percent-encoding normalization decodes are the grammar's `unreserved`, asked of the
// compiled grammar (a Syntax) once per grammar, never listed here.
import { describe, requireString } from "../../args.js";
import { lowerCase, normalizationOf, schemeBasedParts, serverParts, syntaxAccepts, unreservedTable } from "../../ladder.js";
import type { EquivalentOptions, Ladder, NormalizeOptions, Syntax } from "../../ladder.js";

/** The grammar a Syntax must be, for messages. */
const GRAMMAR = "RFC 3986";
import { rewriteEscapes } from "../../escapes.js";
import { recompose } from "./recompose.js";
import { removeDotSegments } from "./resolve.js";
import { Reference, type Authority, type Host, type ReferenceParts } from "./types.js";

/**
 * What normalization needs to know of the grammar (src/ladder.ts): the compiled RFC 3986 grammar is
 * one. Normalization asks the rule of the role "unreserved" of each ASCII character (once per
 * Syntax object) and that of "ipv4" of a reg-name host whose percent-encodings were decoded
 * (edition.json "roles").
 * The options of normalizeReference() and equivalentReferences() are src/ladder.ts's.
 */
export type { Syntax, Ladder, NormalizeOptions, EquivalentOptions };

/**
 * Normalizes a reference (section 6.2.2 and, unless `scheme: false`, 6.2.3), in the RFC's order:
 * - case (6.2.2.1): the scheme and the host in lower case (every kind of host: a reg-name, the
 *   hex digits of an IPv6address, an IPvFuture), and the hex digits of every percent-encoding in
 *   upper case, in every component; nothing else changes case (userinfo, path, query and fragment
 *   are case-sensitive);
 * - percent-encoding (6.2.2.2): every percent-encoded octet that is an `unreserved` character of
 *   the grammar is decoded, in every component; a reg-name host that this turns into an
 *   IPv4address ("%31.2.3.4") becomes that kind of host, as the parser would read it;
 * - path segments (6.2.2.3): the path goes through remove_dot_segments (5.2.4), for a URI and
 *   for a relative reference whose path 5.2.2 would pass through remove_dot_segments unmerged
 *   (one with an authority, or a path starting with "/"), so the reference keeps its target
 *   against every base. A relative-path reference keeps its dot segments: they mean something
 *   only against a base ("../a" is not "a"; section 6.1 asks that relative references be
 *   resolved before comparison). A path that would come out starting with "//" without an
 *   authority would read back as an authority (section 3.3) and is left as it is;
 * - scheme (6.2.3): with an authority, an empty port and its ":" are removed for every scheme
 *   (section 3.2.3), the scheme's default port for the schemes of schemes.ts, and an empty path
 *   becomes "/" where that table says so (http, https).
 * The result is normal: normalizing it again changes nothing. Percent-encoding comes before the
 * dot segments so that a decoded "%2E" is a dot too and the result stays normal.
 * Throws TypeError when `ref` is not a Reference or the options are malformed.
 *
 * equivalentReferences():
 * True when `a` and `b` are equivalent at the chosen rung of the ladder (section 6.2): their
 * recompositions (5.3) are equal after that rung's normalization. "Equivalent" means the rung's
 * rules make them the same resource; false means only that this comparison cannot tell (section
 * 6.1: comparison is "designed to minimize false negatives while strictly avoiding false
 * positives"). Each side is normalized on its own, so parse each once and compare as often as
 * needed. Relative references are compared as they are; section 6.1 advises resolving them
 * first. Throws TypeError when `a` or `b` is not a Reference or the options are malformed.
 */
export const { normalizeReference, equivalentReferences } = normalizationOf<Reference, ReferenceParts>({
  grammar: GRAMMAR, kind: { is: (v): v is Reference => v instanceof Reference }, make: (p) => new Reference(p), recompose,
  syntaxBased, schemeBased,
});

/**
 * 6.2.2.1 and 6.2.2.2 on one piece of text: every percent-encoded octet that is an unreserved
 * character of `syntax`'s grammar is decoded ("%7e" and "%7E" become "~"), and every other
 * percent-encoding gets upper-case hex digits ("%3a" becomes "%3A"). Nothing else changes; a "%"
 * that does not start a percent-encoding (not valid in a reference) is left as it is.
 */
export function normalizePercentEncoding(text: string, syntax: Syntax): string {
  requireString(text, "normalizePercentEncoding: text");
  return normalizeText(text, unreservedTable(syntax, "normalizePercentEncoding: syntax", GRAMMAR), false);
}

// ----- 6.2.2 Syntax-Based Normalization -----

function syntaxBased(ref: Reference, syntax: Syntax): ReferenceParts {
  const unreserved = unreservedTable(syntax, "normalizeReference: options.syntax", GRAMMAR);
  const text = (value: string | undefined): string | undefined =>
    value === undefined ? undefined : normalizeText(value, unreserved, false);

  // 6.2.2.1: "the scheme and host are case-insensitive and therefore should be normalized to
  // lowercase"; 6.2.2.1 and 6.2.2.2 in every other component.
  const scheme = ref.scheme === undefined ? undefined : lowerCase(ref.scheme);
  let authority: Authority | undefined;
  if (ref.authority !== undefined) {
    const { userinfo, host, port } = ref.authority;
    authority = composeAuthority(text(userinfo), normalizeHost(host, unreserved, syntax), port);
  }
  let path = text(ref.path)!;

  // 6.2.2.3: "URI normalizers should remove dot-segments by applying the remove_dot_segments
  // algorithm to the path", where 5.2.2 would (see normalizeReference).
  if (scheme !== undefined || authority !== undefined || path.startsWith("/")) {
    const removed = removeDotSegments(path);
    if (authority !== undefined || !removed.startsWith("//")) path = removed;
  }
  return { scheme, authority, path, query: text(ref.query), fragment: text(ref.fragment) };
}

/** 6.2.2.1 and 6.2.2.2 on the host: lower case, percent-encodings normalized. */
function normalizeHost(host: Host, unreserved: Uint8Array, syntax: Syntax): Host {
  switch (host.kind) {
    case "reg-name": {
      const raw = normalizeText(host.raw, unreserved, true);
      // Decoding can make a reg-name the text of an IPv4address, which the grammar reads first
      // (host = IP-literal / IPv4address / reg-name).
      if (syntaxAccepts(syntax, "ipv4", raw)) {
        const [a, b, c, d] = raw.split(".").map(Number);
        return { kind: "IPv4address", raw, octets: [a, b, c, d] };
      }
      return { kind: "reg-name", raw };
    }
    case "IPv6address":
      return { kind: "IPv6address", raw: lowerCase(host.raw), address: lowerCase(host.address) };
    case "IPvFuture":
      return { kind: "IPvFuture", raw: lowerCase(host.raw), version: lowerCase(host.version), address: lowerCase(host.address) };
    case "IPv4address":
      return host; // digits and dots only
    default:
      throw new TypeError(`normalizeReference: unknown host kind ${describe((host as { kind?: unknown }).kind)}`);
  }
}

// ----- 6.2.3 Scheme-Based Normalization -----

/**
 * With an authority: an empty port (any scheme, section 3.2.3: "should omit the port component
 * and its ':' delimiter if port is empty") or the scheme's default port is removed with its
 * ":", and an empty path becomes "/" where the scheme defines it so (src/ladder.ts).
 */
function schemeBased(ref: ReferenceParts): ReferenceParts {
  return schemeBasedParts(ref, (authority: Authority) => authority, (userinfo, host: Host | undefined, port) => composeAuthority(userinfo, host!, port));
}

// ----- helpers -----

/** authority = [ userinfo "@" ] host [ ":" port ] (section 3.2), with its raw text recomposed. */
function composeAuthority(userinfo: string | undefined, host: Host, port: string | undefined): Authority {
  return serverParts(userinfo, host, port) as Authority;
}

/**
 * Percent-encodings normalized (decoded when unreserved, else upper-case hex digits); with
 * `lower`, the other letters (and decoded ones) in lower case as well. One pass, linear.
 */
function normalizeText(text: string, unreserved: Uint8Array, lower: boolean): string {
  return rewriteEscapes(text, unreserved, true, lower);
}
