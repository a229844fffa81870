// Generate pass (trace build, after hoistConstants; textual, see text.mjs): one RegExp test per
// character becomes a lookup in a 128-entry table built from the same regex, with its flag i if it
// has one (every such class is ASCII-only; a code unit of 128 or more is outside every class, and
// a RegExp without the flag u never folds one onto ASCII). Each table is checked against its regex
// on all 65,536 code units. A class with the flag u (RFC 3987's ucschar and iprivate: code points,
// which peggy reads with its peg$getUnicode) keeps peggy's own RegExp test.
import { refuse, textPass } from "./text.mjs";

export function classTablesText(js) {
  const regexes = new Map();
  for (const m of js.matchAll(/^(\s*)const (peg\$r\d+) = (\/\^\[.*\]\/i?);$/gm)) regexes.set(m[2], m[3]);
  if (regexes.size === 0) refuse("classTables", "no class regexes found");
  const tables = [];
  for (const [name, source] of regexes) {
    // A case-insensitive class ([ab]i, or "v"i / "w"i merged by peggy) keeps its flag: the table
    // holds what the RegExp matches.
    const flags = source.endsWith("/i") ? "i" : "";
    const re = new RegExp(source.slice(1, flags ? -2 : -1), flags);
    const members = [];
    for (let c = 0; c < 0x10000; c++) {
      if (re.test(String.fromCharCode(c))) {
        if (c >= 128) refuse("classTables", `${name} matches a non-ASCII character`);
        members.push(c);
      }
    }
    tables.push(`const ${name.replace("$r", "$t")} = peg$table([${members.join(", ")}]); // ${source}`);
  }
  let count = 0;
  const out = js.replace(
    /^( *)(s\d+) = input\.charAt\(peg\$currPos\);\n\1if \((peg\$r\d+)\.test\(\2\)\) \{\n/gm,
    (_, ind, v, r) => {
      count++;
      return `${ind}${v} = input.charCodeAt(peg$currPos);\n` +
        `${ind}if (${v} < 128 && ${r.replace("$r", "$t")}[${v}] === 1) {\n` +
        `${ind}  ${v} = input.charAt(peg$currPos);\n`;
    });
  if (count === 0) refuse("classTables", "no class tests found");
  const codePoints = new Set([...js.matchAll(/^\s*const (peg\$r\d+) = \/\^\[.*\]\/u;$/gm)].map((m) => m[1]));
  for (const m of out.matchAll(/(peg\$r\d+)\.test/g)) {
    if (!codePoints.has(m[1])) refuse("classTables", "a class test was left unconverted");
  }
  const anchor = "const peg$FAILED = {};\n";
  if (out.split(anchor).length !== 2) refuse("classTables", "peg$FAILED not found at module level (run hoistConstants first)");
  return out.replace(anchor, () => anchor +
    "\n// Character classes as 128-entry tables (scripts/passes/class-tables.mjs).\n" +
    "function peg$table(codes) {\n  const t = new Uint8Array(128);\n  for (const c of codes) t[c] = 1;\n  return t;\n}\n" +
    tables.join("\n") + "\n");
}

export const classTables = textPass("classTables", classTablesText);
