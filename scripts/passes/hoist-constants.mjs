// Generate pass (trace build, right after generateJS; textual, see text.mjs): peggy declares
// everything inside parse(): per call it rebuilds its class regexes, expectation objects, the
// start-rule table and about 90 closures (one per rule, action and helper). This moves all of them
// to the module, once; the per-call state (input, positions, failure bookkeeping, tracer) becomes
// module variables that parse() resets on entry. parse() is not re-entrant (no action or tracer
// here calls it), and the returned peg$throw restores the state of its own call. A finished call
// lets go of its input, position cache and tracer, so nothing of the last input stays in memory.
import { refuse, textPass } from "./text.mjs";

const fail = refuse;

/** Splits the body of a function into its top-level statements (indentation 2 in peggy's output). */
function statements(body) {
  const out = [];
  for (const line of body.split("\n")) {
    const top = /^  \S/.test(line) && !/^  [}\])]/.test(line);
    if (top || out.length === 0) out.push([line]);
    else out[out.length - 1].push(line);
  }
  return out.map((lines) => lines.join("\n"));
}

export function hoistConstantsText(js) {
  const head = "function peg$parse(input, options) {\n";
  const run = "  peg$result = peg$startRuleFunction();\n";
  const a = js.indexOf(head);
  const b = js.indexOf(run);
  if (a < 0 || b < a || js.indexOf(head, a + 1) >= 0) fail("hoistConstants", "peg$parse not found");
  const body = js.slice(a + head.length, b);
  const tail = js.slice(b);

  const state = []; // names of per-call variables, declared once at module level
  const reset = []; // their per-call assignments, in order
  const hoisted = [];
  const perCall = /\b(options|input|peg\$currPos|peg\$savedPos|peg\$maxFailPos|peg\$maxFailExpected|peg\$silentFails|peg\$tracer|peg\$source|peg\$result|peg\$startRuleFunction)\b/;
  for (const raw of statements(body)) {
    const st = raw.trimEnd();
    const trimmed = st.trim();
    if (trimmed === "") continue;
    const decl = /^  (const|let) (peg\$\w+)(?: = ([\s\S]*))?;$/.exec(st);
    if (/^  function /.test(st)) {
      hoisted.push(st);
    } else if (decl) {
      const [, , name, init] = decl;
      if (init === undefined || perCall.test(init) || name === "peg$posDetailsCache" || name === "peg$startRuleFunction") {
        state.push(name);
        reset.push(init === undefined ? `  ${name} = undefined;` : `  ${name} = ${init};`);
      } else {
        hoisted.push(st);
      }
    } else if (/^  options = options !== undefined \? options : \{\};$/.test(st) || /^  if \(options\.startRule\) \{/.test(st)) {
      reset.push(st);
    } else {
      fail("hoistConstants", `unexpected statement in peg$parse: ${JSON.stringify(trimmed.slice(0, 60))}`);
    }
  }
  for (const need of ["peg$currPos", "peg$maxFailExpected", "peg$silentFails", "peg$result", "peg$posDetailsCache"]) {
    if (!state.includes(need)) fail("hoistConstants", `no per-call ${need}`);
  }
  if (!hoisted.some((s) => s.startsWith("  const peg$FAILED = {};"))) fail("hoistConstants", "peg$FAILED not found");

  // peg$throw may be called after a later parse (library mode): it restores its own call's state.
  // It is made only for a failed call, so a success allocates nothing for it.
  const throwHead = "  function peg$throw() {\n";
  const t0 = tail.indexOf(throwHead);
  const t1 = tail.indexOf("\n  }\n", t0);
  if (t0 < 0 || t1 < 0 || tail.indexOf(throwHead, t0 + 1) >= 0) fail("hoistConstants", "peg$throw not found");
  const saved = ["input", ...state];
  // What a finished call lets go of: the input, the position cache, the caller's tracer.
  const release = ["input", "peg$posDetailsCache", ...state.filter((n) => n === "peg$tracer")]
    .map((n) => `${n} = undefined;`);
  // After the call the module lets go of the input, the position cache (the trace build fills it
  // for every event) and the tracer, so that no memory is held for the last input.
  const newTail = tail.slice(0, t0) +
    `  const peg$throw = peg$success ? undefined : peg$makeThrow([${saved.join(", ")}]);\n` +
    release.map((r) => `  ${r}\n`).join("") +
    tail.slice(t1 + "\n  }\n".length);
  const makeThrow = `function peg$makeThrow(peg$callState) {\n  return function peg$throw() {\n` +
    `    [${saved.join(", ")}] = peg$callState;\n    try {\n` +
    tail.slice(t0 + throwHead.length, t1).split("\n").map((l) => (l ? "  " + l : l)).join("\n") +
    "\n    } finally {\n" + release.map((r) => `      ${r}\n`).join("") + "    }\n  };\n}";
  hoisted.push(makeThrow.split("\n").map((l) => "  " + l).join("\n"));

  const dedent = (s) => s.split("\n").map((l) => l.startsWith("  ") ? l.slice(2) : l).join("\n");
  const module =
    `// Module-level state of the parse in progress (scripts/passes/hoist-constants.mjs).\n` +
    `let input;\n${state.map((n) => `let ${n};`).join("\n")}\n\n` +
    hoisted.map(dedent).join("\n\n") + "\n\n" +
    `function peg$parse(peg$input, options) {\n  input = peg$input;\n` + reset.join("\n") + "\n\n" + newTail;
  return js.slice(0, a) + module;
}

export const hoistConstants = textPass("hoistConstants", hoistConstantsText);
