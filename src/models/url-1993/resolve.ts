// The partial form of the 1993 URL draft (section "PARTIAL FORM"), written as its rules. The
// section: "The rules for the use of a partial name are:" ... quoted step by step below. It works
// on the text of the locators: the draft defines the partial form by its characters ("/", "..",
// "."), and a partial form is not a production of its BNF.

/** What resolvePartial() needs of the context locator: its text split where the rules cut it. */
export interface Context {
  /** The scheme, without ":". */
  readonly scheme: string;
  /** "//" and the host and port part (with a login, if any), or "" when the locator has none. */
  readonly site: string;
  /** Everything after the scheme and the site, without the fragmentid. */
  readonly rest: string;
}

/**
 * "A partial form can be distinguished from a full form in that a full form must have a colon
 * and that colon must occur before any slash characters."
 */
export function isFullForm(text: string): boolean {
  const colon = text.indexOf(":");
  const slash = text.indexOf("/");
  return colon >= 0 && (slash < 0 || colon < slash);
}

/** The URL that `partial` stands for within the object whose URL is `context`. */
export function resolvePartial(context: Context, partial: string): string {
  // "If the scheme parts are different, the whole absolute locator must be given."
  if (isFullForm(partial)) return partial;
  // "Otherwise, the scheme is omitted, and:"
  const scheme = context.scheme + ":";
  // "If the host and/or port parts are the different, the host, port name and all the rest of the
  // locator must be given."
  if (partial.startsWith("//")) return scheme + partial;
  // "If the access and host parts are the same, then the path may be given in absolute (fully
  // qualified) or relative form. Within the path:"
  // "If a leading slash is present, the path is absolute." It is taken as it is: the removal of
  // "/xxx/.." and "/." below is the second step of the relative path's interpretation (the draft
  // indents it under "Otherwise, a relative path is interpreted as follows:").
  if (partial.startsWith("/")) return scheme + context.site + partial;
  // "Otherwise, a relative path is interpreted as follows:"
  // "The last part of the path of the context locator (anything following the rightmost slash) is
  // removed, and the given partial URL appended in its place."
  const slash = context.rest.lastIndexOf("/");
  // A context path without a slash is all "last part"; a locator with a host gets the "/" that
  // separates its host from a path.
  const kept = slash >= 0 ? context.rest.slice(0, slash + 1) : context.site === "" ? "" : "/";
  // "Within the result, all occurrences of "/xxx/.." or "/." are recursively removed, where xxx,
  // ".." and "." are complete path elements."
  return scheme + context.site + removeDots(kept + partial);
}

/**
 * "all occurrences of "/xxx/.." or "/." are recursively removed, where xxx, ".." and "." are
 * complete path elements": the path elements are the text between slashes, up to the first "?" or
 * "#" (a search or fragmentid holds no "/"). Removing "/." drops the element and its slash
 * ("/a/./b" is "/a/b", "/a/." is "/a"); "/xxx/.." drops both elements and their slashes, for any
 * xxx but ".." ("/a/b/.." is "/a"); whatever remains is removed again until nothing matches
 * (time linear in the text).
 * Leading elements before the first slash, and a ".." with nothing before it, stay.
 */
export function removeDots(text: string): string {
  const end = text.search(/[?#]/);
  const path = end < 0 ? text : text.slice(0, end);
  const tail = end < 0 ? "" : text.slice(end);
  // One pass with a stack gives what removing them again and again gives: a "/." goes at once, and
  // a ".." takes the element before it while that is one that follows a "/" and is not "..".
  const [first, ...rest] = path.split("/");
  const elements = [first];
  for (const element of rest) {
    if (element === ".") continue;
    if (element === ".." && elements.length >= 2 && elements[elements.length - 1] !== "..") { elements.pop(); continue; }
    elements.push(element);
  }
  return elements.join("/") + tail;
}
