#!/usr/bin/env node
// npm start: the tool at work on a real example: validate and explain a URI reference, and show
// what a learner sees when one is wrong.
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const { parse, explain, validate } = require("../dist/cjs/src/index.js");

const example = process.argv[2] ?? "http://user@www.example.com:8080/a/b%20c;p?q=1#frag";
console.log(`$ uri-grammar parse ${example}`);
console.log(JSON.stringify(parse(example), null, 2));
console.log(`\n$ uri-grammar explain ${example}`);
const show = (t, depth = 0) => {
  console.log(`${"  ".repeat(depth)}${t.rule} [${t.start}, ${t.end}) ${JSON.stringify(t.text)}`);
  t.children.forEach((c) => show(c, depth + 1));
};
show(explain(example));
const bad = "http://[fe80::1/x";
console.log(`\n$ uri-grammar check ${bad}`);
const result = validate(bad);
console.log(result.valid ? "valid" : result.error.format() + "\nrule path: " + result.error.path.join(" > "));
