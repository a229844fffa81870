// Generate pass (trace build, after generateJS and hoistConstants; textual, see text.mjs): peggy
// gives every trace event a full location, line and column of both ends, which it caches for
// every position the parser reaches (about 100 bytes per input character). The tracers here read
// only the offsets, so the events carry just those; a thrown error still gets its full location.
// This keeps explain() and error details linear and small in memory.
import { refuse, textPass } from "./text.mjs";

export function traceSpansText(js) {
  const call = /(peg\$tracer\.trace\(\{\s*type: "rule\.(?:enter|match|fail)",\s*rule: "[^"]+",\s*(?:result: [\w$]+,\s*)?location: )peg\$computeLocation\(([\w$]+), ([\w$]+), true\)/g;
  const events = js.match(/peg\$tracer\.trace\(\{\s*type: "rule\./g)?.length ?? 0;
  let replaced = 0;
  const out = js.replace(call, (_m, head, from, to) => { replaced++; return `${head}peg$traceSpan(${from}, ${to})`; });
  if (replaced === 0 || replaced !== events) refuse("traceSpans", `${replaced} of ${events} rule events rewritten`);
  const anchor = "\nfunction peg$computeLocation(";
  if (out.split(anchor).length !== 2) refuse("traceSpans", "peg$computeLocation not found at module level (run hoistConstants first)");
  return out.replace(anchor, () => "function peg$traceSpan(startPos, endPos) {\n" +
    "  return { source: peg$source, start: { offset: startPos }, end: { offset: endPos } };\n}\n\n" + anchor);
}

export const traceSpans = textPass("traceSpans", traceSpansText);
