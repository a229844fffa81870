#!/usr/bin/env node
// Compiles every edition in grammar/ into generated/.
//
// An edition is a folder grammar/ID/ holding edition.json (its manifest), grammar.abnf (the
// collected ABNF) and grammar.peggy (the PEG transcription). For each one it writes:
//   generated/ID/parser.js              the parser of parse(): every rule is a start rule; written
//                                       from the grammar's AST by the build passes (scripts/passes/,
//                                       fastBuild)
//   generated/ID/dfa.js                 every rule as a minimal DFA (scripts/build-dfa.mjs), for
//                                       matches() and validate(), and for the exact offset and
//                                       next characters of an error
//   generated/ID/trace.js               the same grammar as peggy compiles it with its tracer hooks
//                                       (scripts/passes/, traceBuild), used only by explain() and to
//                                       name the rule path of an error
//   generated/ID/rules.js, rules.d.ts   the rule table: section, ABNF, PEG, the "PEG:" notes,
//                                       uses and used-by; RuleName, the edition's rule names
//   generated/ID/positions.js           the automaton of positions of the reference rule
//                                       (scripts/build-positions.mjs), which an error's details run
//                                       to say which rules could have read the next character
//   generated/ID/tagged.js              for an edition with "tagged": true, the tagged DFA of its
//                                       reference rule (scripts/build-tagged.mjs), which parse() runs
//   generated/ID/index.js, index.d.ts   the edition: its manifest and the modules above
//   generated/ID/entry.js, entry.d.ts   the package's entry "uri-grammar/ID": the API bound to it
// and generated/editions.js, editions.d.ts: the registry of every edition, oldest first;
// generated/models.js, models.d.ts: what each model must know of its editions' names; and
// generated/tour.js, tour.d.ts: the stops of the guided tour of the grammar's history, read from
// docs/history.tsv (src/tour.ts computes their answers).
// Files in generated/ that no edition produces any more are removed (reported by --check).
//
// The build, step by step (each phase is a function or module that says what it takes and gives):
//   1. manifests    every grammar/ID/edition.json, oldest first, checked against the fields
//                   src/edition-build.ts declares (build/manifests.mjs)
//   for each edition:
//   2. read         its grammar.abnf and grammar.peggy, read once (build/grammar-files.mjs)
//   3. check        the two files and the manifest agree: rule for rule, roles (build/manifests.mjs)
//   4. PEG builds   parser.js and trace.js, compiled by peggy with the build passes (build/peg-builds.mjs)
//   5. DFAs         dfa.js, every rule's minimal DFA (build-dfa.mjs)
//  5b. positions    positions.js, the reference rule's automaton of positions (build-positions.mjs)
//   6. tagged DFA   tagged.js, for an edition with "tagged": true (build-tagged.mjs)
//   7. rule table   rules.js (build/rule-table.mjs)
//   8. modules      index.js and entry.js, the entry's functions read from src/api.ts (build/edition-modules.mjs)
//   then, for every edition together:
//   9. registry     editions.js and models.js (build/registry.mjs), tour.js (build/tour.mjs)
//  10. write        generated/ made equal to all of it, or compared with it (build/outputs.mjs)
// Every phase gives its files as [path under generated/, text] pairs.
//
// Usage: node scripts/build-grammar.mjs [--check]
//   --check  build into memory and exit 1 if any committed file differs.
import { automataModule, AUTOMATA_DTS } from "./build-dfa.mjs";
import { taggedModule, TAGGED_DTS } from "./build-tagged.mjs";
import { positionsModule, POSITIONS_DTS } from "./build-positions.mjs";
import { checkEdition, readEditions } from "./build/manifests.mjs";
import { readEdition } from "./build/grammar-files.mjs";
import { pegBuilds } from "./build/peg-builds.mjs";
import { ruleTable } from "./build/rule-table.mjs";
import { editionModules } from "./build/edition-modules.mjs";
import { registryModules } from "./build/registry.mjs";
import { tourModules } from "./build/tour.mjs";
import { writeOutputs } from "./build/outputs.mjs";

/** Phase 5, DFAs: takes a read edition; gives generated/ID/dfa.js (build-dfa.mjs) and its declarations. */
function automata({ manifest, abnf, abnfSource }) {
  return [[`${manifest.id}/dfa.js`, automataModule(abnf, abnfSource).text], [`${manifest.id}/dfa.d.ts`, AUTOMATA_DTS]];
}

/** Phase 5b, positions: takes a read edition and its dfa.js; gives generated/ID/positions.js (build-positions.mjs), the automaton of positions of its reference rule, and its declarations. */
function positions({ manifest }, dfa) {
  const text = dfa.find(([name]) => name.endsWith("/dfa.js"))[1];
  return [[`${manifest.id}/positions.js`, positionsModule(text, manifest, `grammar/${manifest.id}/grammar.abnf`).text], [`${manifest.id}/positions.d.ts`, POSITIONS_DTS]];
}

/** Phase 6, tagged DFA: takes a read edition; gives generated/ID/tagged.js (build-tagged.mjs) and its declarations, or nothing without "tagged": true. */
function tagged({ manifest, abnf, abnfSource }) {
  if (manifest.tagged !== true) return [];
  return [[`${manifest.id}/tagged.js`, taggedModule(abnf, manifest.roles, abnfSource).text], [`${manifest.id}/tagged.d.ts`, TAGGED_DTS]];
}

/** Phases 2 to 8 for one edition: takes its manifest; gives its files. */
function editionBuild(manifest) {
  const edition = readEdition(manifest);
  checkEdition(edition);
  const dfa = automata(edition);
  return {
    edition,
    files: [...pegBuilds(edition), ...dfa, ...positions(edition, dfa), ...tagged(edition), ...ruleTable(edition), ...editionModules(manifest)],
  };
}

const manifests = readEditions();
const built = manifests.map(editionBuild);
const outputs = new Map([
  ...built.flatMap((b) => b.files),
  ...registryModules(manifests),
  ...tourModules(built.map((b) => b.edition)),
]);
writeOutputs(outputs, { check: process.argv.includes("--check"), editions: manifests });
