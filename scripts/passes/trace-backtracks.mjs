// Generate pass (trace build, after generateJS; textual, see text.mjs): peggy's tracer sees a rule
// enter, match and fail, but not the backtracking of an expression inside a rule: a rule that
// matched in an alternative that failed later (userinfo before a missing "@"), or inside a
// lookahead, was reported as matched all the same. peggy's generated code saves the position
// where an expression begins (`sK = peg$currPos;`) and, when the expression fails, goes back to
// it (`peg$currPos = sK;`). This pass makes each save also ask the tracer for a mark
// (`peg$tracer.mark()`) and each such return give that mark back (`peg$tracer.reset(mark)`), so
// that a tracer can drop exactly what was matched between the two: the rules matched since the
// save, whatever their span (an empty match where the expression began included). A tracer
// without mark() and reset() (peggy's DefaultTracer, a test's) is given no such calls.
import { refuse, textPass } from "./text.mjs";

export function traceBacktracksText(js) {
  const functions = js.split(/(?=\nfunction peg\$parse)/);
  let saves = 0;
  let resets = 0;
  const out = functions.map((text, i) => {
    if (i === 0) return text;
    const slots = new Set();
    let body = text.replace(/\b(s\d+) = peg\$currPos;/g, (_m, s) => {
      slots.add(s);
      saves++;
      return `${s} = peg$currPos; m${s.slice(1)} = peg$mark();`;
    });
    body = body.replace(/\bpeg\$currPos = (s\d+);/g, (m, s) => {
      if (!slots.has(s)) refuse("traceBacktracks", `a return to ${s}, which holds no saved position`);
      resets++;
      return `peg$currPos = ${s}; peg$reset(m${s.slice(1)});`;
    });
    if (slots.size === 0) return body;
    const decl = /\n  let (s\d+(?:, s\d+)*);\n/;
    if (!decl.test(body)) refuse("traceBacktracks", "a rule function without its `let s0, ...;`");
    return body.replace(decl, (m) => `${m}  let ${[...slots].map((s) => `m${s.slice(1)}`).join(", ")};\n`);
  }).join("");
  if (saves === 0 || resets === 0) refuse("traceBacktracks", "no saved position and no return to one");
  const anchor = "\nfunction peg$computeLocation(";
  if (out.split(anchor).length !== 2) refuse("traceBacktracks", "peg$computeLocation not found at module level (run hoistConstants first)");
  return out.replace(anchor, () => "\nfunction peg$mark() {\n  return typeof peg$tracer.mark === \"function\" ? peg$tracer.mark() : 0;\n}\n\n" +
    "function peg$reset(mark) {\n  if (typeof peg$tracer.reset === \"function\") peg$tracer.reset(mark);\n}\n" + anchor);
}

export const traceBacktracks = textPass("traceBacktracks", traceBacktracksText);
