// Generate pass (trace build, after generateJS; textual, see text.mjs): peggy's tracer sees rules
// enter, match and fail, but not which expectation failed where. This makes peg$fail report each
// expectation it records to the tracer as a "fail" event with its offset, so that an error can
// name the chain of rules that was being matched at the failure (src/diagnose.ts). The end-of-input
// expectation, recorded when the error is thrown, is reported too.
import { refuse, textPass } from "./text.mjs";

export function reportFailuresText(js) {
  const needle = "    peg$maxFailExpected.push(expected);\n";
  if (js.split(needle).length !== 2) refuse("reportFailures", "peg$fail not found where expected");
  return js.replace(needle, () => needle + "    peg$tracer.trace({ type: \"fail\", expected, offset: peg$currPos });\n");
}

export const reportFailures = textPass("reportFailures", reportFailuresText);
