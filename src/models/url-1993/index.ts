// The 1993 URL draft's components and partial form, for the edition "url-1993" (its types are
// exported by the package as the Url1993 namespace).
export { Url } from "./types.js";
export type { Production, UrlParts } from "./types.js";
export { isFullForm, removeDots, resolvePartial } from "./resolve.js";
export type { Context } from "./resolve.js";
export type { StepName } from "./steps.js";
