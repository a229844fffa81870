// The library's functions, for any edition. createApi() binds them to a way of choosing the
// edition: the package's main entry reads the `edition` option (src/index.ts); an edition's own
// entry ("uri-grammar/rfc3986") is bound to that edition alone and loads no other grammar.
import { requireOptions, requireString } from "./args.js";
import type { AuditFinding, AuditOptions } from "./audit-codes.js";
import type { Edition, RuleInfo } from "./edition.js";
import { explainIn, type FoldOption, type ParseTree } from "./explain.js";
import { extractIn, type ExtractedUri, type ExtractOptions } from "./extract.js";
import type { ModelTypes } from "./model-types.js";
// The models, each adding its entry to ModelTypes (kept as a side-effect import so that the
// declarations of this module load them too).
import "./models/index.js";
import { modelOf } from "./model.js";
import { differentialFindings } from "./differential-audit.js";
import type { Library } from "./differential-core.js";
import { checkedArgument, checkReference } from "./reference-check.js";
import type { ResolutionSteps } from "./steps.js";
import { parseIn, parseRule, VALID, validateIn, type ValidationResult } from "./parse.js";
import type { EditionId, Models, ParseRules, RuleNames } from "../generated/editions.js";

export type { EditionId, ParseRules, RuleNames };

type Types<E extends EditionId> = ModelTypes[Models[E]];
/** The typed reference parse() gives in an edition. */
export type ReferenceOf<E extends EditionId> = Types<E>["reference"];

/** The `edition` option every function takes. */
export interface EditionOption<E extends EditionId> {
  /** The edition of the URI syntax to work in (see EDITIONS); default the package's default edition. */
  edition?: E;
}
export interface ParseOptions<E extends EditionId> extends EditionOption<E> {
  /** The rule the whole input must match: one of the edition's reference rules; default its URI-reference. */
  rule?: ParseRules[E];
}
export interface RuleOptions<E extends EditionId> extends EditionOption<E> {
  /** The rule the whole input must match; default the edition's URI-reference. */
  rule?: RuleNames[E];
}
export interface ExplainOptions<E extends EditionId> extends RuleOptions<E>, FoldOption {}
export type ResolveOptions<E extends EditionId> = EditionOption<E> & Types<E>["resolveOptions"];
export type NormalizeOptions<E extends EditionId> = EditionOption<E> & Types<E>["normalizeOptions"];
export type EquivalentOptions<E extends EditionId> = EditionOption<E> & Types<E>["equivalentOptions"];
export type Resolution<E extends EditionId> = Types<E>["resolution"];
/** The names of the values an edition's steps of resolution work on ("T.path", "input buffer", "buffer"). */
export type StepName<E extends EditionId> = Types<E>["stepName"];
/** What resolveSteps() gives in an edition: the target, and the steps of its section 5.2 that produced it. */
export type StepsOf<E extends EditionId> = ResolutionSteps<StepName<E>>;

/** The library's functions, with `D` the edition used where none is named. */
export interface Api<D extends EditionId> {
  /** Splits a URI reference into the edition's typed components; throws UriSyntaxError. */
  parse<E extends EditionId = D>(input: string, options?: ParseOptions<E>): ReferenceOf<E>;
  /**
   * `{ valid: true }` or `{ valid: false, error }` against any rule of the edition; the first is one
   * frozen object, the same for every valid input (a call on a valid input allocates nothing).
   */
  validate<E extends EditionId = D>(input: string, options?: RuleOptions<E>): ValidationResult;
  /** True when the whole input matches the rule ("IPv6address", "reg-name", ...). */
  matches<E extends EditionId = D>(rule: RuleNames[E], input: string, options?: EditionOption<E>): boolean;
  /** The rule-by-rule parse tree of the input; throws UriSyntaxError. */
  explain<E extends EditionId = D>(input: string, options?: ExplainOptions<E>): ParseTree<RuleNames[E]>;
  /** The reference recomposed from its components (the edition's recomposition). */
  recompose<E extends EditionId = D>(ref: ReferenceOf<E>, options?: EditionOption<E>): string;
  /** The target of `ref` against `base` (section 5.2), recomposed. */
  resolve<E extends EditionId = D>(base: string | ReferenceOf<E>, ref: string | ReferenceOf<E>, options?: ResolveOptions<E>): string;
  /** The target of `ref` against `base` (section 5.2), as the edition's resolution says it. */
  resolveReference<E extends EditionId = D>(base: string | ReferenceOf<E>, ref: string | ReferenceOf<E>, options?: ResolveOptions<E>): Resolution<E>;
  /**
   * The target of `ref` against `base` as resolve() gives it, and the steps of the edition's
   * resolution that produced it, numbered and worded as its document does (section 5.2; the 1993
   * draft's PARTIAL FORM), each with the state after it. Inputs up to RESOLVE_STEPS_MAX_LENGTH.
   */
  resolveSteps<E extends EditionId = D>(base: string | ReferenceOf<E>, ref: string | ReferenceOf<E>, options?: ResolveOptions<E>): StepsOf<E>;
  /** The normalized form (section 6.2.2, and 6.2.3 unless `scheme: false`). */
  normalize<E extends EditionId = D>(uri: string | ReferenceOf<E>, options?: NormalizeOptions<E>): string;
  /** Whether two references are equivalent at a rung of the comparison ladder (section 6.2). */
  equivalent<E extends EditionId = D>(a: string | ReferenceOf<E>, b: string | ReferenceOf<E>, options?: EquivalentOptions<E>): boolean;
  /** The security checks of section 7, with the span of the input each finding is about. */
  audit<E extends EditionId = D>(input: string, options?: AuditOptions & EditionOption<E>): AuditFinding[];
  /** The URI references in running text (Appendix E of the draft, Appendix C of RFC 3986). */
  extract<E extends EditionId = D>(text: string, options?: ExtractOptions & EditionOption<E>): ExtractedUri[];
  /** Every rule of the default edition `D`, in the document's order. */
  readonly RULES: readonly RuleInfo<RuleNames[D]>[];
  /** The rule of that name in an edition (default `D`). */
  ruleInfo<E extends EditionId = D>(name: RuleNames[E], options?: EditionOption<E>): RuleInfo<RuleNames[E]>;
  ruleInfo(name: string, options?: EditionOption<EditionId>): RuleInfo | undefined;
}

/** How a function finds its edition: from the `edition` option's value. */
export type SelectEdition = (id: unknown, what: string) => Edition;

/** The functions, each choosing its edition with `select` and `defaultEdition` where none is named. */
export function createApi<D extends EditionId>(select: SelectEdition): Api<D> {
  const editionOf = (options: unknown, fn: string): Edition => {
    requireOptions(options, `${fn}: options`);
    return select(ownOption(options, "edition"), `${fn}: options.edition`);
  };
  // parse() without options is the hot path: its edition, rule and builder are found once.
  const base = select(undefined, "edition");
  const baseStart = base.requireRule(base.roles.reference);
  // matches() and validate() without options are the others: the automata's loops of the rules by
  // name (decoded when first used), and of the reference rule, found once; the call checks only
  // that the input is a string before it runs the loop.
  const baseRuleNames = new Set<unknown>(base.rules.map((r) => r.name));
  const baseAccepts = new Map<unknown, (input: string) => boolean>();
  const baseAcceptsReference = base.automata.of(baseStart.name).accepts;
  // The rule of the last matches() call, and its loop (a program asks for one rule many times).
  let lastRule: unknown = baseStart.name;
  let lastAccepts = baseAcceptsReference;
  /**
   * One reference and one error of each shape parse() builds in an edition, kept for the life of
   * the functions: V8 compiles parse() for the shapes (hidden classes) of the objects it makes, and
   * throws that code away when a full garbage collection finds no object of a shape alive; a
   * program that parses in batches would then pay for compiling it again after every collection.
   * The inputs are the examples (from the edition's vector tables) of its parse rules, and of its
   * authority rule after "//" (each kind of host and authority).
   */
  const kept = new Map<Edition, unknown[]>();
  const keepShapes = (edition: Edition): void => {
    if (kept.has(edition)) return;
    const start = edition.requireRule(edition.roles.reference);
    const examples = (name: string | undefined) => {
      const rule = name === undefined ? undefined : edition.rule(name);
      return rule === undefined ? [] : [...rule.examples.match, ...rule.examples.noMatch];
    };
    const inputs = [...edition.roles.parse.flatMap(examples), ...examples(edition.roles.authority).map((a) => "//" + a)];
    kept.set(edition, inputs.map((input) => {
      try {
        return parseIn(edition, input, start);
      } catch (e) {
        return e;
      }
    }));
  };
  keepShapes(base);
  const api = {
    parse(input: unknown, options?: { edition?: unknown; rule?: unknown }) {
      requireString(input, "parse: input");
      if (options === undefined) return parseIn(base, input, baseStart);
      const edition = editionOf(options, "parse");
      if (!kept.has(edition)) keepShapes(edition);
      return parseIn(edition, input, parseRule(edition, ownOption(options, "rule"), "parse: options.rule"));
    },
    validate(input: unknown, options?: { edition?: unknown; rule?: unknown }) {
      if (options === undefined && typeof input === "string" && baseAcceptsReference(input)) return VALID;
      requireString(input, "validate: input");
      const edition = editionOf(options, "validate");
      return validateIn(edition, input, edition.requireRule(ownOption(options, "rule") ?? edition.roles.reference, "validate: options.rule"));
    },
    matches(rule: unknown, input: unknown, options?: { edition?: unknown }) {
      if (options === undefined && typeof input === "string") {
        if (rule === lastRule) return lastAccepts(input);
        let accepts = baseAccepts.get(rule);
        if (accepts === undefined && baseRuleNames.has(rule)) baseAccepts.set(rule, accepts = base.automata.of(rule as string).accepts);
        if (accepts !== undefined) {
          lastRule = rule;
          lastAccepts = accepts;
          return accepts(input);
        }
      }
      const edition = options === undefined ? base : editionOf(options, "matches");
      // The lookup that succeeds first; requireRule only to say what is wrong.
      const start = (typeof rule === "string" ? edition.rule(rule) : undefined) ?? edition.requireRule(rule, "matches: rule");
      if (typeof input !== "string") requireString(input, "matches: input");
      return edition.accepts(input, start);
    },
    explain(input: unknown, options?: { edition?: unknown; rule?: unknown; foldCharacters?: unknown }) {
      const edition = editionOf(options, "explain");
      return explainIn(edition, input, ownOptions(options) ?? undefined);
    },
    // A reference given as an object is checked as a string is (reference-check.ts).
    recompose(ref: unknown, options?: { edition?: unknown }) {
      const edition = editionOf(options, "recompose");
      if (ref === null || typeof ref !== "object") return modelOf(edition).recompose(ref);
      return checkReference(edition, ref, "recompose: ref").text;
    },
    resolve(baseRef: unknown, ref: unknown, options?: { edition?: unknown }) {
      const edition = editionOf(options, "resolve");
      return modelOf(edition).resolve(edition, checkedArgument(edition, baseRef, "resolve: base"), checkedArgument(edition, ref, "resolve: ref"),
        withoutEdition(options), "resolve");
    },
    resolveReference(baseRef: unknown, ref: unknown, options?: { edition?: unknown }) {
      const edition = editionOf(options, "resolveReference");
      return modelOf(edition).resolveReference(edition, checkedArgument(edition, baseRef, "resolveReference: base"),
        checkedArgument(edition, ref, "resolveReference: ref"), withoutEdition(options), "resolveReference");
    },
    resolveSteps(baseRef: unknown, ref: unknown, options?: { edition?: unknown }) {
      const edition = editionOf(options, "resolveSteps");
      return modelOf(edition).resolveSteps(edition, checkedArgument(edition, baseRef, "resolveSteps: base"),
        checkedArgument(edition, ref, "resolveSteps: ref"), withoutEdition(options), "resolveSteps");
    },
    normalize(uri: unknown, options?: { edition?: unknown }) {
      const edition = editionOf(options, "normalize");
      const model = modelOf(edition);
      return model.recompose(model.normalize(edition, checkedArgument(edition, uri, "normalize: uri"), withoutEdition(options), "normalize"));
    },
    equivalent(a: unknown, b: unknown, options?: { edition?: unknown }) {
      const edition = editionOf(options, "equivalent");
      return modelOf(edition).equivalent(edition, checkedArgument(edition, a, "equivalent: a"), checkedArgument(edition, b, "equivalent: b"),
        withoutEdition(options), "equivalent");
    },
    audit(input: unknown, options?: { edition?: unknown }) {
      const edition = editionOf(options, "audit");
      const findings = modelOf(edition).audit(edition, input, withoutEdition(options), "audit");
      // Where the URL Standard reads the reference otherwise (src/differential-audit.ts), in input order.
      const more = differentialFindings(library, edition.id, input as string, (options as { minSeverity?: AuditFinding["severity"] } | undefined)?.minSeverity);
      return more.length === 0 ? findings : [...findings, ...more].sort((a, b) => a.start - b.start || a.end - b.end);
    },
    extract(text: unknown, options?: { edition?: unknown }) {
      const edition = editionOf(options, "extract");
      return extractIn(edition, text, withoutEdition(options));
    },
    RULES: base.rules,
    ruleInfo(name: unknown, options?: { edition?: unknown }) {
      const edition = options === undefined ? base : editionOf(options, "ruleInfo");
      requireString(name, "ruleInfo: name");
      return edition.rule(name);
    },
  };
  // The functions differential() needs, of this api (an edition's own entry loads no other grammar).
  const library: Library = {
    parse: (input, options) => api.parse(input, options), validate: (input, options) => api.validate(input, options),
    normalize: (input, options) => api.normalize(input, options), resolve: (b, r, options) => api.resolve(b, r, options),
    ruleInfo: (name, options) => api.ruleInfo(name, options) as { section?: string } | undefined,
    edition: (id) => { try { return select(id, "edition"); } catch { return undefined; } },
    editionIds: [],
  };
  return api as unknown as Api<D>;
}

/**
 * The options without `edition`, for the checks of each operation's own options: their own
 * properties only, on an object without a prototype, so that a property someone put on
 * Object.prototype ("scheme", "strict", "minSeverity") is no option.
 */
function withoutEdition(options: { edition?: unknown } | undefined | null): object | undefined | null {
  if (options === undefined || options === null || typeof options !== "object") return options;
  const { edition: _edition, ...rest } = options;
  return Object.assign(Object.create(null) as object, rest);
}

/** An option the caller gave (an own property), not one inherited from Object.prototype. */
function ownOption(options: unknown, name: string): unknown {
  return options !== null && typeof options === "object" && Object.hasOwn(options, name) ? (options as Record<string, unknown>)[name] : undefined;
}

/** The caller's own options, on an object without a prototype. */
function ownOptions(options: unknown): unknown {
  return options === null || typeof options !== "object" ? options : Object.assign(Object.create(null) as object, options);
}
