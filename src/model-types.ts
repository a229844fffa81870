// The types of each model's operations: a model is a family of algorithms in src/ (how components
// are typed, how references resolve and normalize); an edition names its model in edition.json.
import type { EquivalentOptions, NormalizeOptions } from "./models/rfc2396bis-01/normalize.js";
import type { Resolution, ResolveOptions } from "./models/rfc2396bis-01/resolve.js";
import type { StepName } from "./models/rfc2396bis-01/steps.js";
import type { UriReference } from "./models/rfc2396bis-01/types.js";
import type * as Rfc3986 from "./models/rfc3986/index.js";
import type * as Url1993 from "./models/url-1993/index.js";
import type * as Rfc2396 from "./models/rfc2396/index.js";

/**
 * For each model: its reference class, resolution result and options, and the names of the values
 * its steps of resolution work on (resolveSteps()).
 */
export interface ModelTypes {
  "rfc2396bis-01": {
    reference: UriReference;
    resolution: Resolution;
    resolveOptions: ResolveOptions;
    stepName: StepName;
    normalizeOptions: NormalizeOptions;
    equivalentOptions: EquivalentOptions;
  };
  "rfc3986": {
    reference: Rfc3986.Reference;
    resolution: Rfc3986.Reference;
    resolveOptions: Rfc3986.ResolveOptions;
    stepName: Rfc3986.StepName;
    normalizeOptions: Omit<Rfc3986.NormalizeOptions, "syntax">;
    equivalentOptions: Omit<Rfc3986.EquivalentOptions, "syntax">;
  };
  /** The 1993 URL draft: no options; normalize() and equivalent() throw (it defines neither). */
  "url-1993": {
    reference: Url1993.Url;
    resolution: Url1993.Url;
    resolveOptions: Record<never, never>;
    stepName: Url1993.StepName;
    normalizeOptions: Record<never, never>;
    equivalentOptions: Record<never, never>;
  };
  "rfc2396": {
    reference: Rfc2396.Reference;
    resolution: Rfc2396.Resolution;
    resolveOptions: Rfc2396.ResolveOptions;
    stepName: Rfc2396.StepName;
    normalizeOptions: Omit<Rfc2396.NormalizeOptions, "syntax">;
    equivalentOptions: Omit<Rfc2396.EquivalentOptions, "syntax">;
  };
}
