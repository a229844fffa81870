// An edition at run time: a compiled edition (generated/ID/index.js) with its rule table indexed.
// Nothing here names an edition: src/registry.ts lists them, from generated/editions.js.
import type { EditionBuild, EditionManifest, FastParser, GeneratedParser, RuleRecord } from "./edition-build.js";
import { describe } from "./args.js";
import { Automata, runAccepts } from "./automaton.js";
import type { PositionsTables } from "./positions.js";
import type { TaggedTables } from "./tagged.js";

export type { EditionManifest, PegExpectation, Reconstructed, TraceEvent } from "./edition-build.js";

/** One rule of an edition, as collected in its grammar.abnf and transcribed in its grammar.peggy. */
export type RuleInfo<Name extends string = string> = RuleRecord<Name>;

/** A compiled edition of the grammar, with its rules indexed by name. */
export interface Edition<Id extends string = string, Model extends string = string, Rule extends string = string>
  extends EditionManifest<Id, Model> {
  readonly parser: FastParser;
  /** Every rule as a minimal DFA: matches(), validate() and the offset of an error. */
  readonly automata: Automata;
  readonly tracer: GeneratedParser;
  /** The tagged DFA's tables of the reference rule (src/tagged.ts), or null. */
  readonly taggedTables: TaggedTables | null;
  /** The automaton of positions of the reference rule (src/positions.ts PositionsTable), or null: read when an error's details first need it. */
  readonly positionsTables: PositionsTables | null;
  /** Every rule, in the order a reader of the document meets them. */
  readonly rules: readonly RuleInfo<Rule>[];
  /** The rule of that name (the document's spelling), or undefined. */
  rule(name: string): RuleInfo<Rule> | undefined;
  /** The rule of a PEG rule name ("dec_octet"), or undefined. */
  ruleByPegName(pegName: string): RuleInfo<Rule> | undefined;
  /** The rule, or a TypeError that names the edition and suggests the right spelling. */
  requireRule(name: unknown, what?: string): RuleInfo<Rule>;
  /** Whether the whole input matches the rule (its DFA). */
  accepts(input: string, rule: RuleInfo): boolean;
  /** A table of the 128 ASCII characters: 1 where the character alone matches the rule. */
  asciiTable(rule: string): Uint8Array;
}

/** An edition made ready for use from what the build wrote. */
export function editionFromBuild<Id extends string, Model extends string, Rule extends string>(
  build: EditionBuild<Id, Model, Rule>,
): Edition<Id, Model, Rule> {
  // The rule table too is read when first used (a command that works in one edition loads no other's).
  let ruleIndex: { rules: readonly RuleInfo<Rule>[]; byName: Map<string, RuleInfo<Rule>>; byPegName: Map<string, RuleInfo<Rule>> } | undefined;
  const ruleTable = () => {
    if (ruleIndex === undefined) {
      const rules = build.rules as readonly RuleRecord[] as readonly RuleInfo<Rule>[];
      ruleIndex = { rules, byName: new Map(rules.map((r) => [r.name, r])), byPegName: new Map(rules.map((r) => [r.pegName, r])) };
    }
    return ruleIndex;
  };
  const tables = new Map<string, Uint8Array>();
  let automata: Automata | undefined;
  // The manifest's fields are copied; the builds are read from the build when first used
  // (generated/ID/index.js loads each file then), so an edition nobody uses costs no parsing.
  const { parser: _parser, automata: _automata, tracer: _tracer, rules: _rules, taggedTables: _tagged,
    positionsTables: _positions, ...manifest } =
    Object.getOwnPropertyDescriptors(build) as unknown as Record<string, PropertyDescriptor>;
  void _parser; void _automata; void _tracer; void _rules; void _tagged; void _positions;
  const fields = Object.fromEntries(Object.entries(manifest).map(([k, d]) => [k, d.value])) as unknown as EditionManifest<Id, Model>;
  const edition = {
    ...fields,
    get parser(): FastParser { return build.parser; },
    get automata(): Automata { return (automata ??= new Automata(build.automata)); },
    get tracer(): GeneratedParser { return build.tracer; },
    get taggedTables(): TaggedTables | null { return build.taggedTables; },
    get positionsTables(): PositionsTables | null { return build.positionsTables; },
    get rules(): readonly RuleInfo<Rule>[] { return ruleTable().rules; },
    rule: (name: string) => ruleTable().byName.get(name),
    ruleByPegName: (pegName: string) => ruleTable().byPegName.get(pegName),
    requireRule(name: unknown, what = "rule"): RuleInfo<Rule> {
      if (typeof name !== "string") {
        throw new TypeError(`${what} must be a rule name (a string such as ${JSON.stringify(build.roles.reference)}), got ${describe(name)}`);
      }
      const { rules, byName } = ruleTable();
      const info = byName.get(name);
      if (info) return info;
      const near = rules.find((r) => r.name.toLowerCase() === name.toLowerCase() || r.pegName === name ||
        r.name.replace(/[-_]/g, "").toLowerCase() === name.replace(/[-_]/g, "").toLowerCase());
      throw new TypeError(`${what}: ${build.document} (edition ${JSON.stringify(build.id)}) has no rule ${JSON.stringify(name)}` +
        (near ? ` (did you mean ${JSON.stringify(near.name)}?)` : `; its rules are: ${rules.map((r) => r.name).join(", ")}`));
    },
    accepts: (input: string, rule: RuleInfo) => runAccepts(edition.automata.of(rule.name), input),
    asciiTable(name: string): Uint8Array {
      let table = tables.get(name);
      if (table === undefined) {
        const rule = edition.requireRule(name);
        const a = edition.automata.of(rule.name);
        table = new Uint8Array(128);
        for (let c = 0; c < 128; c++) table[c] = runAccepts(a, String.fromCharCode(c)) ? 1 : 0;
        tables.set(name, table);
      }
      return table;
    },
  } as Edition<Id, Model, Rule>;
  return Object.freeze(edition);
}
