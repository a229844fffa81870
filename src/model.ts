// What a model is, and the register of them. A model is a family of algorithms on top of a grammar
// (how a reference is typed, resolved, normalized, compared and audited); an edition names its
// model in edition.json, and editions of one model share its code and differ only in their grammar.
// Each model's folder (src/models/<model>/) defines itself in its model.ts, which registers the
// definition here when src/models/index.ts loads it; nothing outside that folder names the model.
import type { AuditCode, AuditFinding } from "./audit-codes.js";
import type { Edition } from "./edition.js";
import type { Node } from "./explain.js";
import type { ResolutionSteps } from "./steps.js";
import type { SpanTyping } from "./tagged.js";

/**
 * Builds a model's typed reference from the record of a parse rule; the edition is there for a
 * model that checks a reading of its parts against the grammar (url-1993).
 */
export type Builder = (record: unknown, input: string, edition: Edition) => unknown;

/** The operations of a model, on strings or its parsed references; `fn` names the function called. */
export interface Operations {
  /** True when the value is a reference of this model (as parse() returns them). */
  isReference(value: unknown): boolean;
  /** The reference recomposed (section 5.3 of RFC 3986, the end of 5.2 of the draft). */
  recompose(ref: unknown): string;
  resolve(edition: Edition, base: unknown, ref: unknown, options: unknown, fn: string): string;
  resolveReference(edition: Edition, base: unknown, ref: unknown, options: unknown, fn: string): unknown;
  /** The target as resolve() gives it, and the steps of the document's resolution that produced it. */
  resolveSteps(edition: Edition, base: unknown, ref: unknown, options: unknown, fn: string): ResolutionSteps;
  /** The normalized reference. */
  normalize(edition: Edition, uri: unknown, options: unknown, fn: string): unknown;
  equivalent(edition: Edition, a: unknown, b: unknown, options: unknown, fn: string): boolean;
  audit(edition: Edition, input: unknown, options: unknown, fn: string): AuditFinding[];
}

/** The values each option of a function takes, for the property tests and fuzzers (test/hostile.test.ts). */
export type OptionValues = Readonly<Record<string, readonly unknown[]>>;

/** One model, as its folder defines it. */
export interface ModelDefinition {
  /** The model's name, as edition.json's "model" and the folder's name. */
  readonly id: string;
  /** From the grammar's record to the model's typed reference. */
  readonly build: Builder;
  /**
   * What the tagged DFA makes from the spans it finds (src/tagged.ts): the model's hosts,
   * authorities and reference, typed as soon as they are found; absent where the builder makes
   * them from the record.
   */
  readonly spanTyping?: SpanTyping;
  readonly operations: Operations;
  /** The options its functions take, with the values the property tests and fuzzers draw from. */
  readonly options: { readonly resolve: OptionValues; readonly normalize: OptionValues; readonly equivalent: OptionValues };
  /** The audit codes its checks can report (each edition's manifest gives their sections: "audit"). */
  readonly auditCodes: readonly AuditCode[];
  /**
   * How a reference object given to a function is held to what the grammar reads from its text
   * (src/reference-check.ts): "components" (the default), the five components of section 3 as
   * text, an authority by its text as recomposition writes it; "parts", every part of the
   * reading, each as written (a model whose reference is its parts).
   */
  readonly readBack?: "components" | "parts";
  /**
   * A reference the model takes although the edition's grammar rejects its text (RFC 2396: a query
   * alone, as its Appendix C.1 resolves "?y"), or undefined; a reference object whose text the
   * grammar rejects goes on as this one when there is one.
   */
  readonly beyondGrammar?: (edition: Edition, text: string) => unknown;
  /**
   * explain(): the tree's nodes read again where the grammar keeps a component whole, over the
   * components parse() reads (`parsed`), so that the tree and the components read the input one
   * way; called for a parse rule (edition.json roles.parse) only.
   */
  readonly reread?: (edition: Edition, input: string, tree: Node, parsed: unknown) => void;
}

const DEFINITIONS = new Map<string, ModelDefinition>();

/** Adds a model (its folder's model.ts); a second definition of one model is an error. */
export function registerModel(definition: ModelDefinition): ModelDefinition {
  if (DEFINITIONS.has(definition.id)) throw new Error(`internal error: the model ${JSON.stringify(definition.id)} is defined twice`);
  DEFINITIONS.set(definition.id, Object.freeze(definition));
  return definition;
}

/** Every model defined, in the order src/models/index.ts loads them. */
export function modelDefinitions(): readonly ModelDefinition[] {
  return [...DEFINITIONS.values()];
}

/** The definition of the edition's model. */
export function definitionOf(edition: Edition): ModelDefinition {
  const definition = DEFINITIONS.get(edition.model);
  if (definition === undefined) throw new Error(`internal error: no model ${JSON.stringify(edition.model)} for edition ${edition.id}`);
  return definition;
}

/** The operations of the edition's model. */
export function modelOf(edition: Edition): Operations {
  return definitionOf(edition).operations;
}

/** The builder of the edition's model. */
export function builderOf(edition: Edition): Builder {
  return definitionOf(edition).build;
}

/** What the tagged DFA makes from the spans in the edition's model (hosts, authorities, the reference), or undefined. */
export function spanTypingOf(edition: Edition): SpanTyping | undefined {
  return definitionOf(edition).spanTyping;
}
