// The build passes, as peggy compiler passes: each a function (ast, options, session) in a file of
// its own, registered by a plugin into the stages of peggy's compiler
// (node_modules/peggy/lib/compiler/index.js: prepare, check, transform, semantic, generate), all
// walking the AST with the toolkit of ast.mjs. They change how the generated code runs, never
// which strings a rule accepts, nor the records the grammar's actions return (but for a model's
// typing of its records, type-records.mjs, which the fast build does in the parser).
//
// fastBuild: the parser of parse() (generated/ID/parser.js), written from the AST.
//   check      checkActionInputs        every value an action reads is built as peggy builds it
//   transform  typeRecords              a model's typing of records, in the rules it types
//              deferOptionalPrefix      (A S)? T tried as T first
//              fuseLoops                B* (L B*)* as (B / L)*
//              flattenChoices           small action-free choices in place; nested choices flat
//              hoistClassAlternatives   one-character alternatives first, for peggy's
//              keepCodePointClasses     classes with the flag u kept out of peggy's merge
//              mergeCharacterClasses    (peggy's) merging them into one class
//              inlineClassRules         calls of one-class rules as the class
//              checkRuleValues          no action reads an action-free rule's value
//              inlineSmallRules         small action-free rules in place of their calls
//   generate   generateFast             the module (emit.mjs compiles each rule), in place of
//                                       peggy's generateBytecode and generateJS
//
// typedRecords: a model's typing of records alone, for peggy's own generator (the tests compare the
// fast build's records with what it builds).
//
// traceBuild: the parser of explain() and of error details (generated/ID/trace.js): peggy's own
// output with its `trace` option, then textual passes (text.mjs says why they are textual):
//   generate   generateBytecode, generateJS (peggy's)
//              reportFailures           each recorded expectation reported to the tracer
//              hoistConstants           constants and closures built once per module
//              classTables              classes as 128-entry tables
//              literalTests             multi-character literals compared code by code
//              messageEscapes           escapes of error messages remembered
//              traceSpans               trace events with offsets only
//              traceBacktracks          each return to a saved position reported to the tracer
// and, in the transform stage, everyRule: peggy's removeProxyRules and mergeCharacterClasses left
// out, so that a rule that only names another (url-1993's port = digits) or is one class (ALPHA)
// still has its own events: the trace build shows every rule the document writes.
import { fail } from "./ast.mjs";
import { checkActionInputs } from "./check-action-inputs.mjs";
import { checkRuleValues } from "./check-rule-values.mjs";
import { keepCodePointClasses } from "./keep-code-point-classes.mjs";
import { classTables } from "./class-tables.mjs";
import { deferOptionalPrefix } from "./defer-optional-prefix.mjs";
import { flattenChoices } from "./flatten-choices.mjs";
import { fuseLoops } from "./fuse-loops.mjs";
import { generateFast } from "./generate-fast.mjs";
import { hoistClassAlternatives } from "./hoist-class-alternatives.mjs";
import { hoistConstants } from "./hoist-constants.mjs";
import { inlineClassRules } from "./inline-class-rules.mjs";
import { inlineSmallRules } from "./inline-small-rules.mjs";
import { literalTests } from "./literal-tests.mjs";
import { messageEscapes } from "./message-escapes.mjs";
import { reportFailures } from "./report-failures.mjs";
import { traceBacktracks } from "./trace-backtracks.mjs";
import { traceSpans } from "./trace-spans.mjs";
import { typeRecords } from "./type-records.mjs";

/** The index of peggy's pass of that name in a stage; the build stops if peggy has none. */
function indexOf(stage, name) {
  const i = stage.findIndex((p) => p.name === name);
  if (i < 0) fail("plugin", `peggy has no ${name} pass`);
  return i;
}

/**
 * The fast build's plugin. records: a model's typing of records ({ code, rules }, from
 * type-records.mjs recordTypesOf), when its model has one. rewrite: false leaves out the passes
 * that rewrite the AST for speed (the checks and the generator stay), to test the generator
 * alone (test/support/compile-rules-check.mjs).
 */
export function fastBuild({ records, rewrite = true } = {}) {
  return {
    use(config) {
      const { check, transform } = config.passes;
      check.push(checkActionInputs);
      const merge = indexOf(transform, "mergeCharacterClasses");
      transform.splice(merge + 1, 0, ...(rewrite ? [inlineClassRules, checkRuleValues, inlineSmallRules] : [checkRuleValues]));
      codePointClasses.use(config);
      if (rewrite) transform.splice(merge, 0, deferOptionalPrefix, fuseLoops, flattenChoices, hoistClassAlternatives);
      if (records) typedRecords(records).use(config);
      config.passes.generate = [generateFast];
    },
  };
}

/**
 * keepCodePointClasses alone, before peggy's mergeCharacterClasses (keep-code-point-classes.mjs says
 * why): every build of a grammar with classes of code points takes it, and so does the plain peggy
 * build the tests compare the builds with (test/support/peggy-build.mjs).
 */
export const codePointClasses = {
  use(config) {
    const { transform } = config.passes;
    transform.splice(indexOf(transform, "mergeCharacterClasses"), 0, keepCodePointClasses);
  },
};

/**
 * A model's typing of records alone (type-records.mjs), after peggy's removeProxyRules: with
 * peggy's own generator, the grammar's records as the fast build must build them.
 */
export function typedRecords(records) {
  return {
    use(config) {
      const { transform } = config.passes;
      transform.splice(indexOf(transform, "removeProxyRules") + 1, 0, typeRecords(records));
    },
  };
}

/**
 * peggy's build with every rule kept a rule: its transform pass removeProxyRules replaces the
 * calls of a rule whose whole expression names another rule (`port = digits`) by calls of that
 * rule, so that the proxy rule is never entered and a trace never shows it, and
 * mergeCharacterClasses does the same to rules of one character class in a choice. The trace build shows
 * the rules the document writes; test/support/peggy-build.mjs --trace builds with it too.
 */
export const everyRule = {
  use(config) {
    const { transform } = config.passes;
    transform.splice(indexOf(transform, "removeProxyRules"), 1);
    // mergeCharacterClasses puts the class of a rule of one class in place of its calls in a
    // choice (unreserved = ALPHA / DIGIT / mark as one class): ALPHA would never be entered.
    transform.splice(indexOf(transform, "mergeCharacterClasses"), 1);
  },
};

/** The trace build's plugin. */
export const traceBuild = {
  use(config) {
    everyRule.use(config);
    const { generate } = config.passes;
    generate.splice(indexOf(generate, "generateJS") + 1, 0,
      reportFailures, hoistConstants, classTables, literalTests, messageEscapes, traceSpans, traceBacktracks);
  },
};
