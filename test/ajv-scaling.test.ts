// Time linear in input size through the ajv plugin (a long run: jest.config.js LONG, so
// `npm run test:long`): a compiled schema with `format: "uri"` and the keyword uriGrammar (whose
// error, with every detail, is read), from 100 KB to 1 MB of hostile input. As in
// test/scaling.test.ts: CPU time of this process, the fastest of a few runs, and the ratio only
// (linear about 10, quadratic about 100; below 40 passes).
import Ajv from "ajv";
import { addFormats } from "../src/ajv.js";
import { formats, validateFormat } from "../src/formats.js";

const KB = 1024;
const SMALL = 100 * KB;
const LARGE = 1024 * KB;
const MAX_RATIO = 40;

const SHAPES: Record<string, (n: number) => string> = {
  "a long path, a space at the end": (n) => "http://a/" + "a".repeat(n) + " ",
  "escapes, the last one broken": (n) => "http://a/" + "%41".repeat(n / 3) + "%4",
  "a path of \"/:\", a second \"#\"": (n) => "s:" + "/:".repeat(n / 2) + "#a#",
  "a long userinfo without \"@\"": (n) => "http://" + "u:".repeat(n / 2) + "/",
  "many labels, a space at the end": (n) => "http://" + "a.".repeat(n / 2) + " ",
  "a valid long query": (n) => "http://a/?" + "q=1&".repeat(n / 4),
};

function millis(f: () => void): number {
  const before = process.cpuUsage();
  f();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const ajv = addFormats(new Ajv({ allErrors: true }));
const withFormat = ajv.compile({ type: "string", format: "uri" });
const withKeyword = ajv.compile({ type: "string", uriGrammar: { rule: "URI" } });
const CALLS: Record<string, (s: string) => unknown> = {
  "format uri": (s) => withFormat(s),
  "keyword uriGrammar, the error read": (s) => withKeyword(s) || JSON.stringify(withKeyword.errors),
  "validateFormat, the error read": (s) => { const r = validateFormat("uri", s); return r.valid || JSON.stringify(r.error); },
  "formats.ipv6": (s) => formats.ipv6(s.slice(7)),
};

const cases = Object.entries(CALLS).flatMap(([name, call]) => Object.entries(SHAPES).map(([shape, make]) => [name, shape, call, make] as const));

test.each(cases)("%s, %s: linear", (_name, _shape, call, make) => {
  const small = make(SMALL);
  const large = make(LARGE);
  call(small);
  const ts = Math.min(...Array.from({ length: 5 }, () => millis(() => { call(small); })));
  const tl = Math.min(...Array.from({ length: 5 }, () => millis(() => { call(large); })));
  const ratio = tl / Math.max(ts, 1);
  if (!(ratio < MAX_RATIO)) throw new Error(`time grew ${ratio.toFixed(1)}x from 100 KB (${ts.toFixed(0)} ms) to 1 MB (${tl.toFixed(0)} ms)`);
  expect(ratio).toBeLessThan(MAX_RATIO);
});
