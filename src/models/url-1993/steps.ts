// The partial form of the 1993 URL draft (section "PARTIAL FORM"), rule by rule: each rule that
// applies, quoted by its opening words (the draft does not number them), with the URL as it stands
// after it. resolve.ts applies the same rules in one function, and resolve() does not come here.
import { shown, type ResolutionStep } from "../../steps.js";
import { isFullForm, removeDots, type Context } from "./resolve.js";

/** The names of the values the rules work on: the partial form, and the URL it stands for. */
export type StepName = "partial form" | "URL";

type Step = ResolutionStep<StepName>;

const SECTION = "PARTIAL FORM";

/** The text of the URL that `partial` stands for within the context locator, and the rules that gave it. */
export function resolvePartialSteps(context: Context, partial: string): { text: string; steps: Step[] } {
  const steps: Step[] = [];
  const rule = (label: string, did: string, state: Step["state"]) => steps.push({ section: SECTION, label, did, state });
  const done = (text: string) => ({ text, steps });

  // "A partial form can be distinguished from a full form in that a full form must have a colon
  // and that colon must occur before any slash characters."
  const distinguished = "A partial form can be distinguished from a full form";
  if (isFullForm(partial)) {
    rule(distinguished, `${shown(partial)} has a colon before any slash: a full form, the whole absolute locator, which stands ` +
      "for itself.", { URL: partial });
    return done(partial);
  }
  rule(distinguished, `${shown(partial)} has no colon before a slash: a partial form.`, { "partial form": partial });

  // "If the scheme parts are different, the whole absolute locator must be given. Otherwise, the
  // scheme is omitted, and:"
  const scheme = context.scheme + ":";
  rule("If the scheme parts are different ... Otherwise, the scheme is omitted",
    `The scheme is omitted: it is the context locator's, ${shown(scheme)}.`, { URL: scheme });

  // "If the host and/or port parts are the different, the host, port name and all the rest of the
  // locator must be given."
  if (partial.startsWith("//")) {
    rule("If the host and/or port parts are the different",
      "The partial form begins with \"//\": it gives the host, the port and all the rest of the locator.", { URL: scheme + partial });
    return done(scheme + partial);
  }
  // "If the access and host parts are the same, then the path may be given in absolute (fully
  // qualified) or relative form."
  rule("If the access and host parts are the same",
    (context.site === "" ? "The context locator has no host part" : `The host and port are the context locator's, ${shown(context.site)}`) +
      "; the partial form gives the path.", { URL: scheme + context.site });

  // "Within the path: If a leading slash is present, the path is absolute."
  if (partial.startsWith("/")) {
    rule("If a leading slash is present, the path is absolute",
      `The path ${shown(partial)} begins with "/": it is absolute, and taken as it is.`, { URL: scheme + context.site + partial });
    return done(scheme + context.site + partial);
  }
  // "Otherwise, a relative path is interpreted as follows: The last part of the path of the context
  // locator (anything following the rightmost slash) is removed, and the given partial URL
  // appended in its place."
  const slash = context.rest.lastIndexOf("/");
  const kept = slash >= 0 ? context.rest.slice(0, slash + 1) : context.site === "" ? "" : "/";
  const lastPart = slash >= 0 ? context.rest.slice(slash + 1) : context.rest;
  const appended = kept + partial;
  rule("The last part of the path of the context locator ... is removed, and the given partial URL appended in its place",
    `A relative path: the last part of the context locator's path, ${shown(lastPart)}, is removed and ${shown(partial)} ` +
      "appended in its place" + (slash < 0 && context.site !== "" ? " (after the \"/\" that separates it from the host)." : "."),
    { URL: scheme + context.site + appended });

  // "Within the result, all occurrences of "/xxx/.." or "/." are recursively removed, where xxx,
  // ".." and "." are complete path elements."
  const removed = removeDots(appended);
  rule("Within the result, all occurrences of \"/xxx/..\" or \"/.\" are recursively removed",
    removed === appended ? "The result holds no \"/xxx/..\" or \"/.\" of complete path elements."
      : `They are removed until none remains: ${shown(appended)} becomes ${shown(removed)}.`,
    { URL: scheme + context.site + removed });
  return done(scheme + context.site + removed);
}
