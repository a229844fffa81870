// The models: each folder defines its model in its model.ts, which registers it (src/model.ts).
// A new model is its folder and one line here.
import "./url-1993/model.js";
import "./rfc2396/model.js";
import "./rfc2396bis-01/model.js";
import "./rfc3986/model.js";
import "./rfc3987/model.js";

export { builderOf, definitionOf, modelDefinitions, modelOf, spanTypingOf } from "../model.js";
export type { Builder, ModelDefinition, Operations, OptionValues } from "../model.js";
