// The 1993 URL draft's model, as the register of models reads it (src/model.ts,
// src/models/index.ts): its partial form (section "PARTIAL FORM"); it defines no normalization and
// no comparison (NotDefinedError), and of security only that passwords are unwise.
import { registerModel } from "../../model.js";
import type { TypesOf } from "../../model-types.js";
import type { Url } from "./types.js";
import type { StepName } from "./steps.js";
import { AUDIT_CODES } from "./audit.js";
import { urlOf } from "./build.js";
import { reread } from "./explain.js";
import { OPERATIONS } from "./operations.js";

declare module "../../model-types.js" {
  interface ModelTypes {
    /** The 1993 URL draft: no options; normalize() and equivalent() throw (it defines neither). */
    "url-1993": TypesOf<Url, Url, Record<never, never>, StepName, Record<never, never>, Record<never, never>>;
  }
}

export const MODEL = registerModel({
  id: "url-1993",
  build: urlOf,
  operations: OPERATIONS,
  options: { resolve: {}, normalize: {}, equivalent: {} },
  auditCodes: AUDIT_CODES,
  // Section "BNF syntax": a URL is its parts, each written as it is.
  readBack: "parts",
  reread,
});
