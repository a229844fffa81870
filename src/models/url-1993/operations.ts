// The 1993 draft's operations on strings or parsed URLs (src/operations.ts): resolution of the
// partial form (section "PARTIAL FORM"); the draft defines no normalization, comparison or
// security checks, and those functions say so.
import { describe } from "../../args.js";
import { optionsOf } from "../../options.js";
import type { Edition } from "../../edition.js";
import { ResolveError, UriSyntaxError } from "../../errors.js";
import type { Operations } from "../../model.js";
import { recomposeChecked, referenceIn, type ReferenceKind } from "../../operations.js";
import { auditUrl } from "./audit.js";
import { equivalentIn, normalizeIn } from "./normalize.js";
import { recompose } from "./recompose.js";
import { isFullForm, resolvePartial, type Context } from "./resolve.js";
import { resolvePartialSteps, type StepName } from "./steps.js";
import { requireStepsLength, type ResolutionSteps } from "../../steps.js";
import { Url } from "./types.js";

/** The draft's URL class. */
export const URL_KIND: ReferenceKind<Url> = { is: (value): value is Url => value instanceof Url, name: "a Url" };

/** A URL given as a string (parsed) or as a Url (taken as it is). */
function urlIn(edition: Edition, value: unknown, what: string): Url {
  return referenceIn(edition, value, what, URL_KIND);
}

/** The context locator cut where the partial-form rules cut it. */
export function contextOf(url: Url): Context {
  const text = recompose({ ...url, fragmentid: undefined });
  const afterScheme = text.slice(url.scheme.length + 1);
  if (!afterScheme.startsWith("//")) return { scheme: url.scheme, site: "", rest: afterScheme };
  const end = afterScheme.slice(2).search(/[/?]/);
  const site = end < 0 ? afterScheme : afterScheme.slice(0, end + 2);
  return { scheme: url.scheme, site, rest: afterScheme.slice(site.length) };
}

/** The text of the URL that `ref` (a partial or full form) stands for within `base`. */
export function resolveText(edition: Edition, base: unknown, ref: unknown, options: unknown, fn: string): string {
  const { context, partial } = readPair(edition, base, ref, options, fn);
  return resolvePartial(context, partial);
}

/**
 * The context locator (parsed, a UriSyntaxError as a ResolveError) and the partial form as text;
 * a full form must be a URL. `check` sees each string before it is read.
 */
export function readPair(edition: Edition, base: unknown, ref: unknown, options: unknown, fn: string,
  check?: (text: string, what: string) => void): { context: Context; partial: string } {
  optionsOf(options, fn); // the draft's partial form has no options; an object of them is no error
  if (check !== undefined && typeof base === "string") check(base, `${fn}: base`);
  let context: Url;
  try {
    context = urlIn(edition, base, `${fn}: base`);
  } catch (error) {
    if (!(error instanceof UriSyntaxError)) throw error;
    throw new ResolveError("invalid-base", "PARTIAL FORM", `the base ${JSON.stringify(base)} is not a ${edition.roles.reference} of ${edition.document}: ${error.message}`, error);
  }
  if (check !== undefined && typeof base !== "string") check(recompose(context), `${fn}: base`);
  let partial: string;
  if (ref instanceof Url) partial = recompose(ref);
  else if (typeof ref === "string") partial = ref;
  else throw new TypeError(`${fn}: ref must be a string or a Url of ${edition.document}, got ${describe(ref)}`);
  check?.(partial, `${fn}: ref`);
  if (isFullForm(partial)) {
    // A full form stands for itself; it must be a URL.
    try {
      urlIn(edition, partial, `${fn}: ref`);
    } catch (error) {
      if (!(error instanceof UriSyntaxError)) throw error;
      throw new ResolveError("invalid-reference", "PARTIAL FORM", `the ref ${JSON.stringify(partial)} is a full form (a colon before any slash) but not a ${edition.roles.reference} of ${edition.document}: ${error.message}`, error);
    }
  }
  return { context: contextOf(context), partial };
}

/** The Url that `ref` stands for within `base`; a ResolveError when the result is no URL. */
export function resolveIn(edition: Edition, base: unknown, ref: unknown, options: unknown, fn: string): Url {
  return resultUrl(edition, resolveText(edition, base, ref, options, fn), base, ref, fn);
}

/** The URL that the text of a resolution is; a ResolveError when it is no URL. */
export function resultUrl(edition: Edition, text: string, base: unknown, ref: unknown, fn: string): Url {
  try {
    return urlIn(edition, text, `${fn}: result`);
  } catch (error) {
    if (!(error instanceof UriSyntaxError)) throw error;
    throw new ResolveError("invalid-reference", "PARTIAL FORM", `the partial form ${JSON.stringify(ref)} within ${JSON.stringify(String(base))} stands for ${JSON.stringify(text)}, which is not a ${edition.roles.reference} of ${edition.document}: ${error.message}`, error);
  }
}

export { recompose };

/** The operations of the 1993 draft's model: its partial form; it defines no normalization and no comparison. */
export const OPERATIONS: Operations = {
  isReference: URL_KIND.is,
  recompose: recomposeChecked(URL_KIND, recompose, false),
  resolve: (edition, base, ref, options, fn) => recompose(resolveIn(edition, base, ref, options, fn)),
  resolveReference: resolveIn,
  resolveSteps: (edition, base, ref, options, fn) => resolveStepsIn(edition, base, ref, options, fn),
  normalize: normalizeIn,
  equivalent: equivalentIn,
  audit: auditUrl,
};

/** The partial form rule by rule (steps.ts): the URL, as resolve() gives it, and the rules that gave it. */
export function resolveStepsIn(edition: Edition, base: unknown, ref: unknown, options: unknown, fn: string): ResolutionSteps<StepName> {
  const { context, partial } = readPair(edition, base, ref, options, fn, requireStepsLength);
  const { text, steps } = resolvePartialSteps(context, partial);
  return { target: recompose(resultUrl(edition, text, base, ref, fn)), steps };
}
