// differential(): the reading of an edition (RFC 3986 unless another is named) beside the WHATWG
// URL Standard's, component by component. The logic is src/differential-core.ts; this is the
// package's entry to it, with the package's functions for every edition.
import { EDITIONS, normalize, parse, resolve, ruleInfo, validate, type EditionId } from "./index.js";
import {
  DIFFERENTIAL_DEFAULT_EDITION, batchDifferences as batchDifferencesWith, compareReadings as compareReadingsWith, differentialWith,
  type ClassifiedDifference, type DifferentialOptions as CoreOptions, type DifferentialResult as CoreResult, type Library,
} from "./differential-core.js";

export { DIFFERENTIAL_DEFAULT_EDITION };
export type {
  Difference, DifferenceClass, DifferenceKind, DifferenceSeverity, DifferentialComponent, DifferentialComponents, ClassifiedDifference,
} from "./differential-core.js";

export interface DifferentialOptions extends CoreOptions {
  /** The edition whose reading is compared; default "rfc3986" (not "url-1993", which defines no normalization). */
  edition?: EditionId;
}
export interface DifferentialResult extends CoreResult {
  readonly edition: EditionId;
}

/** The package's functions, for every edition. */
export const LIBRARY: Library = {
  parse: (input, options) => parse(input, options as never),
  validate: (input, options) => validate(input, options as never),
  normalize: (input, options) => normalize(input, options as never),
  resolve: (base, ref, options) => resolve(base, ref, options as never),
  ruleInfo: (name, options) => ruleInfo(name, options as never),
  edition: (id) => (Object.hasOwn(EDITIONS, id) ? EDITIONS[id as EditionId] : undefined),
  get editionIds() { return Object.keys(EDITIONS); },
};

/**
 * The two readings of `input`, the edition's and the URL Standard's (the platform's URL),
 * component by component (docs/differential.md). Throws TypeError for a non-string input or bad
 * options (a `base` that either side cannot read as an absolute URI too), and NotDefinedError for
 * the 1993 URL draft, which defines no normalization.
 */
export function differential(input: string, options?: DifferentialOptions): DifferentialResult {
  return differentialWith(LIBRARY, input, options) as DifferentialResult;
}

/** differential(), with the class of each difference (docs/differential.md's catalogue). */
export function compareReadings(input: unknown, options?: unknown): { result: Omit<DifferentialResult, "differences">; differences: ClassifiedDifference[] } {
  return compareReadingsWith(LIBRARY, input, options) as never;
}

/** The differences of one line of `uri-grammar batch --differential` (JSON array text, or a TSV field). */
export function batchDifferences(input: string, edition: EditionId, format: "jsonl" | "tsv"): string {
  return batchDifferencesWith(LIBRARY, input, edition, format);
}
