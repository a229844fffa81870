// RFC 3987's model, as the register of models reads it (src/model.ts, src/models/index.ts): RFC
// 3986's references, resolution and recomposition (2.1, 6.5), with RFC 3987's comparison ladder
// (5.3: characters normalized to NFC on request, 5.3.2.2), its percent-encoding normalization
// (5.3.2.3, as uriToIri decodes) and the checks of its sections 4, 6 and 8 beside RFC 3986's.
import { ladderOptions } from "../../ladder.js";
import { registerModel } from "../../model.js";
import type { TypesOf } from "../../model-types.js";
import type { Reference as ReferenceOfModel } from "./types.js";
import type { ResolveOptions } from "../rfc3986/resolve.js";
import type { StepName } from "../rfc3986/steps.js";
import type { IriEquivalentOptions, IriNormalizeOptions } from "./normalize.js";
import { MODEL as RFC3986_MODEL } from "../rfc3986/model.js";
import { IRI_AUDIT_CODES } from "./audit.js";
import { CHARACTER_NORMALIZATIONS } from "./normalize.js";
import { OPERATIONS } from "./operations.js";

declare module "../../model-types.js" {
  interface ModelTypes {
    "rfc3987": TypesOf<ReferenceOfModel, ReferenceOfModel, ResolveOptions, StepName, Omit<IriNormalizeOptions, "syntax">, Omit<IriEquivalentOptions, "syntax">>;
  }
}

export const MODEL = registerModel({
  // 2.1: an IRI's components are RFC 3986's, built and typed by its builder.
  ...RFC3986_MODEL,
  id: "rfc3987",
  operations: OPERATIONS,
  // 6.5: resolution is RFC 3986's, which always removes dot segments (5.2.4).
  options: ladderOptions({ normalize: { characters: CHARACTER_NORMALIZATIONS }, equivalent: { characters: CHARACTER_NORMALIZATIONS } }),
  auditCodes: [...RFC3986_MODEL.auditCodes, ...IRI_AUDIT_CODES],
});
