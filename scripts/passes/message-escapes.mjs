// Generate pass (trace build; textual, see text.mjs): peggy's error message
// (SyntaxError.buildMessage, made for every rejected input the trace build reads) escapes every
// character of every expected class through a dozen regex replacements. The escapes of short
// strings are pure functions of the string, so they are remembered in one table per module (at
// most one entry per string of up to two code units).
import { refuse, textPass } from "./text.mjs";

export function messageEscapesText(js) {
  let count = 0;
  const out = js.replace(/^ {4}function (literalEscape|classEscape)\(s\) \{\n/gm, (_, name) => {
    count++;
    return `    function ${name}(s) {\n` +
      `      if (s.length <= 2) {\n` +
      `        const key = "${name[0]}" + s;\n` +
      `        let escaped = peg$escapes.get(key);\n` +
      `        if (escaped === undefined) peg$escapes.set(key, escaped = ${name}Uncached(s));\n` +
      `        return escaped;\n      }\n      return ${name}Uncached(s);\n    }\n\n` +
      `    function ${name}Uncached(s) {\n`;
  });
  const cls = "class peg$SyntaxError extends SyntaxError {\n";
  if (count !== 2 || js.split(cls).length !== 2) refuse("messageEscapes", "literalEscape and classEscape not found");
  return out.replace(cls, () => "// Escapes of short strings in error messages (scripts/passes/message-escapes.mjs).\n" +
    "const peg$escapes = new Map();\n\n" + cls);
}

export const messageEscapes = textPass("messageEscapes", messageEscapesText);
