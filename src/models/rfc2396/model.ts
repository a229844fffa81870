// RFC 2396's model, for RFC 2396 and the drafts of 1997-98 that led to it, as the register of
// models reads it (src/model.ts, src/models/index.ts).
import { ladderOptions } from "../../ladder.js";
import { registerModel } from "../../model.js";
import type { TypesOf } from "../../model-types.js";
import { DOT_SEGMENTS } from "../../options.js";
import type { Reference as ReferenceOfModel } from "./types.js";
import type { Resolution, ResolveOptions } from "./resolve.js";
import type { StepName } from "./steps.js";
import type { EquivalentOptions, NormalizeOptions } from "./normalize.js";
import { AUDIT_CODES } from "./audit.js";
import { referenceOf } from "./build.js";
import { OPERATIONS, queryOnlyReference } from "./operations.js";

declare module "../../model-types.js" {
  interface ModelTypes {
    "rfc2396": TypesOf<ReferenceOfModel, Resolution, ResolveOptions, StepName, Omit<NormalizeOptions, "syntax">, Omit<EquivalentOptions, "syntax">>;
  }
}

export const MODEL = registerModel({
  id: "rfc2396",
  // Its records: a server or reg_name authority, a hostname or IPv4address host, the path as
  // written or an opaque_part's record; the Reference splits the path into segments and params.
  build: referenceOf,
  operations: OPERATIONS,
  options: ladderOptions({ resolve: { dotSegments: DOT_SEGMENTS } }),

  auditCodes: AUDIT_CODES,
  // Appendix C.1 resolves "?y", which its relativeURI (a path first, section 5) does not match.
  beyondGrammar: queryOnlyReference,
});
