// The merge of a relative path with the base URI's path, as RFC 2396 (section 5.2, step 6) and the
// draft of 2003 (section 5.2, its merge routine) both write it: a string buffer made of the base's
// path and the reference's, then the same string replacements of "." and ".." segments (RFC 2396's
// operations (c) to (f), the draft's steps 3 to 6) and the same choice for ".." segments left at
// the start of the buffer ((g), step 7). The two differ only in how the buffer starts: the draft's
// step 1 copies a single "/" when the base's path is empty, RFC 2396's (a) copies nothing; each
// model makes its buffer (src/models/<model>/resolve.ts). RFC 3986 replaced this routine with
// remove_dot_segments (5.2.4).
import { booleanOption, DOT_SEGMENTS, oneOfOption, optionsOf, type DotSegments } from "./options.js";

/**
 * The buffer's path after the replacements ((c) to (h) of RFC 2396's step 6, the draft's merge
 * steps 3 to 8). Done literally, each replacement rewrites the buffer and one repeats until
 * nothing matches: time quadratic in the length of the path. As both documents allow ("a pair of
 * segment stacks being merged"), the buffer here is read once as its complete path segments, the
 * output kept as a stack; the result is exactly the buffer of the literal replacements (each
 * model's property tests check it against a transcription of them). Time and memory linear.
 *
 * A "complete path segment" is one of path_segments or of a rel_path: the "/" that starts an
 * abs_path separates no segments, so the buffer "/../g" holds the segments ".." and "g", and
 * "<segment>/../" is not removed there ("../../../g" against "http://a/b/c/d;p?q" gives
 * "http://a/../g"). ".." segments left at the start are "retain"ed, "remove"d, or with "error"
 * the Error `error` makes of the buffer is thrown.
 */
export function mergeBuffer(buffer: string, dotSegments: DotSegments, error: (buffer: string) => Error): string {
  const lead = buffer.startsWith("/") ? "/" : "";
  const segments = buffer.slice(lead.length).split("/");
  const last = segments.length - 1;
  const out: string[] = [];
  for (let i = 0; i <= last; i++) {
    const segment = segments[i];
    if (segment === ".") {
      // "./", where "." is a complete path segment, is removed; a final "." is removed, the "/"
      // before it staying (the buffer ends with an empty segment).
      if (i === last) out.push("");
    } else if (segment === ".." && out.length > 0 && out[out.length - 1] !== "..") {
      // "<segment>/../", where <segment> is a complete path segment not equal to "..", is removed,
      // leftmost first, until none remains: each ".." removes the segment before it unless that is
      // a ".." kept here; a final "<segment>/.." is removed, the "/" before it staying.
      out.pop();
      if (i === last) out.push("");
    } else {
      out.push(segment);
    }
  }
  // The buffer "still begins with one or more complete path segments of '..'": the reference is
  // in error, which an implementation may handle by retaining them, removing them, or "avoiding
  // traversal of the reference".
  let leading = 0;
  while (leading < out.length && out[leading] === "..") leading++;
  if (leading > 0) {
    if (dotSegments === "error") throw error(lead + out.join("/"));
    if (dotSegments === "remove") out.splice(0, leading);
  }
  // The remaining buffer is the target's path.
  return lead + out.join("/");
}

/**
 * The options of resolution with this merge, read in the name of `fn`: `strict` (default true: a
 * validating parser, RFC 2396's step 3 and the draft's pseudocode) and `dotSegments`, the choice
 * for ".." segments left at the start (default "retain").
 */
export function readMergeOptions(options: unknown, fn: string): { strict: boolean; dotSegments: DotSegments } {
  const o = optionsOf(options, fn);
  return { strict: booleanOption(o, "strict", true, fn), dotSegments: oneOfOption(o, "dotSegments", DOT_SEGMENTS, "retain", fn) };
}
