// RFC 3986's model, as the register of models reads it (src/model.ts, src/models/index.ts).
import { ladderOptions } from "../../ladder.js";
import { registerModel } from "../../model.js";
import type { TypesOf } from "../../model-types.js";
import type { Reference as ReferenceOfModel } from "./types.js";
import type { ResolveOptions } from "./resolve.js";
import type { StepName } from "./steps.js";
import type { EquivalentOptions, NormalizeOptions } from "./normalize.js";
import { AUDIT_CODES } from "./audit.js";
import { referenceOf, SPAN_TYPING } from "./build.js";
import { OPERATIONS } from "./operations.js";

declare module "../../model-types.js" {
  interface ModelTypes {
    "rfc3986": TypesOf<ReferenceOfModel, ReferenceOfModel, ResolveOptions, StepName, Omit<NormalizeOptions, "syntax">, Omit<EquivalentOptions, "syntax">>;
  }
}

export const MODEL = registerModel({
  id: "rfc3986",
  build: referenceOf,
  spanTyping: SPAN_TYPING,
  operations: OPERATIONS,
  // No choice at dot segments: 5.2.4 always removes them.
  options: ladderOptions(),
  auditCodes: AUDIT_CODES,
});
