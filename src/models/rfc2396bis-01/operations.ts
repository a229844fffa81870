// The draft's operations on strings or parsed references: resolution as its section 5.2 writes it
// (resolve.ts, steps.ts), normalization and the comparison ladder of section 6 (normalize.ts), the
// checks of section 7 (audit.ts).
import type { Operations } from "../../model.js";
import { recomposeChecked, type ReferenceKind } from "../../operations.js";
import { auditIn } from "./audit.js";
import { equivalentIn, normalizeReferenceIn } from "./normalize.js";
import { recompose } from "./recompose.js";
import { resolveReferenceIn, resolveText } from "./resolve.js";
import { resolveStepsIn } from "./steps.js";
import { UriReference } from "./types.js";

/** The draft's reference class. */
export const REFERENCE: ReferenceKind<UriReference> = { is: (value): value is UriReference => value instanceof UriReference, name: "a UriReference" };

/** The operations of the draft's model. */
export const OPERATIONS: Operations = {
  isReference: REFERENCE.is,
  recompose: recomposeChecked(REFERENCE, recompose, true),
  resolve: resolveText,
  resolveReference: resolveReferenceIn,
  resolveSteps: resolveStepsIn,
  normalize: normalizeReferenceIn,
  equivalent: equivalentIn,
  audit: auditIn,
};
