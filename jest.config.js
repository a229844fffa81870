/**
 * `npm test`: every test file but the long runs. The long runs (LONG: the rule compiler against
 * peggy on 400 random grammars, the growth of time with input size from 100 KB to 1 MB (also
 * through the ajv plugin), a
 * strict compile of a consumer against the built declarations, and 3,000 inputs of the hostile
 * fuzz) are
 * `npm run test:long` (jest.long.config.js); .ci/run runs both.
 * @type {import('jest').Config}
 */
const LONG = ["compile-rules.test.ts", "scaling.test.ts", "declarations.test.ts", "fuzz-hostile.test.ts", "ajv-scaling.test.ts"];

module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  testPathIgnorePatterns: ["/node_modules/", ...LONG.map((name) => `/test/${name.replace(/\./g, "\\.")}$`)],
  transform: {
    "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json", diagnostics: { warnOnly: false } }],
  },
  moduleNameMapper: {
    "^(\\.{1,2}/.*)\\.js$": "$1",
  },
  testTimeout: 120000,
  // Every core: jest's default leaves one for itself, which on a 2-core machine runs the suites
  // one at a time (npm test: 192 s with one worker, 133 s with two, on this machine).
  maxWorkers: "100%",
};
// For jest.long.config.js; not a key of the configuration.
Object.defineProperty(module.exports, "LONG", { value: LONG, enumerable: false });
