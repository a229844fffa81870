// RFC 3987's model, as the register of models reads it (src/model.ts, src/models/index.ts): RFC
// 3986's references, resolution and recomposition (2.1, 6.5), with RFC 3987's comparison ladder
// (5.3: characters normalized to NFC on request, 5.3.2.2), its percent-encoding normalization
// (5.3.2.3, as uriToIri decodes) and the checks of its sections 4, 6 and 8 beside RFC 3986's.
import { LADDERS } from "../../ladder.js";
import { registerModel } from "../../model.js";
import type { TypesOf } from "../../model-types.js";
import type { SpanTyping } from "../../tagged.js";
import type { Reference as ReferenceOfModel } from "./types.js";
import type { ResolveOptions } from "../rfc3986/resolve.js";
import type { StepName } from "../rfc3986/steps.js";
import type { IriEquivalentOptions, IriNormalizeOptions } from "./normalize.js";
import { AUDIT_CODES } from "../rfc3986/audit.js";
import { IRI_AUDIT_CODES } from "./audit.js";
import { referenceFromSpans, referenceOf } from "./build.js";
import { CHARACTER_NORMALIZATIONS } from "./normalize.js";
import { OPERATIONS } from "./operations.js";

declare module "../../model-types.js" {
  interface ModelTypes {
    "rfc3987": TypesOf<ReferenceOfModel, ReferenceOfModel, ResolveOptions, StepName, Omit<IriNormalizeOptions, "syntax">, Omit<IriEquivalentOptions, "syntax">>;
  }
}

export const MODEL = registerModel({
  id: "rfc3987",
  build: referenceOf,
  spanTyping: { reference: referenceFromSpans } as unknown as SpanTyping,
  operations: OPERATIONS,
  options: {
    // 6.5: resolution is RFC 3986's, which always removes dot segments (5.2.4).
    resolve: { strict: [true, false] },
    normalize: { scheme: [true, false], characters: CHARACTER_NORMALIZATIONS },
    equivalent: { ladder: LADDERS, ignoreFragment: [true, false], characters: CHARACTER_NORMALIZATIONS },
  },
  auditCodes: [...AUDIT_CODES, ...IRI_AUDIT_CODES],
});
