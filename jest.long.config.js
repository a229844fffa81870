/**
 * `npm run test:long`: the test files that `npm test` leaves out (jest.config.js, LONG).
 * @type {import('jest').Config}
 */
const base = require("./jest.config.js");

module.exports = {
  ...base,
  testMatch: base.LONG.map((name) => `**/test/${name}`),
  testPathIgnorePatterns: ["/node_modules/"],
  // One at a time: the scaling run measures time per character, best without a neighbour.
  maxWorkers: 1,
};
