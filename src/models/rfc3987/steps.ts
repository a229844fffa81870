// 6.5: resolution step by step is RFC 3986's (src/models/rfc3986/steps.ts), unchanged.
export { removeDotSegmentsSteps, resolveSteps } from "../rfc3986/steps.js";
export type { StepName } from "../rfc3986/steps.js";
