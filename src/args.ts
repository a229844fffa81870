// Checks of the arguments every exported function is given: a TypeError that says what was
// expected and what came.

/** A short description of a value's type, for TypeError messages. */
export function describe(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (typeof value === "string") return "a string";
  if (typeof value === "object") {
    if (value instanceof String) return "a String object";
    if (typeof Buffer !== "undefined" && Buffer.isBuffer(value)) return "a Buffer";
    if (Array.isArray(value)) return "an array";
    return "an object";
  }
  return `a ${typeof value}`;
}

/** Throws a TypeError unless the options argument is undefined, null or an object. */
export function requireOptions(options: unknown, what: string): void {
  if (options !== undefined && options !== null && (typeof options !== "object" || Array.isArray(options))) {
    throw new TypeError(`${what} must be an object of options, got ${describe(options)}`);
  }
}

/** Throws a TypeError unless the value is a primitive string. */
export function requireString(value: unknown, what: string): asserts value is string {
  if (typeof value !== "string") {
    throw new TypeError(`${what} must be a string, got ${describe(value)}`);
  }
}
