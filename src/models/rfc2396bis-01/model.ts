// The model of draft-fielding-uri-rfc2396bis-01 (2003), the default edition's, as the register of
// models reads it (src/model.ts, src/models/index.ts).
import { ladderOptions } from "../../ladder.js";
import { registerModel } from "../../model.js";
import type { TypesOf } from "../../model-types.js";
import { DOT_SEGMENTS } from "../../options.js";
import type { EquivalentOptions, NormalizeOptions } from "./normalize.js";
import type { Resolution, ResolveOptions } from "./resolve.js";
import type { StepName } from "./steps.js";
import type { UriReference } from "./types.js";
import { AUDIT_CODES } from "./audit.js";
import { referenceOf, SPAN_TYPING } from "./build.js";
import { OPERATIONS } from "./operations.js";

declare module "../../model-types.js" {
  interface ModelTypes {
    "rfc2396bis-01": TypesOf<UriReference, Resolution, ResolveOptions, StepName, NormalizeOptions, EquivalentOptions>;
  }
}

export const MODEL = registerModel({
  id: "rfc2396bis-01",
  build: referenceOf,
  spanTyping: SPAN_TYPING,
  operations: OPERATIONS,
  options: ladderOptions({ resolve: { dotSegments: DOT_SEGMENTS }, normalize: { dotSegments: DOT_SEGMENTS } }),

  auditCodes: AUDIT_CODES,
});
