// Reading the options object every function takes, once for all models: absent, `undefined`,
// `null` and `{}` all mean "no options" (src/args.ts, requireOptions), and every TypeError names
// the function the user called (`fn`), never an inner helper.
import { describe } from "./args.js";

/** The options as read: an object whose absent fields take their defaults. */
export type OptionBag = Readonly<Record<string, unknown>>;

const NONE: OptionBag = Object.freeze({});

/** The options object; `undefined` and `null` are no options; anything else not an object is a TypeError. */
export function optionsOf(options: unknown, fn: string): OptionBag {
  if (options === undefined || options === null) return NONE;
  if (typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`${fn}: options must be an object of options, got ${describe(options)}`);
  }
  return options as OptionBag;
}

/** A boolean option (default when absent or undefined). */
export function booleanOption(o: OptionBag, name: string, fallback: boolean, fn: string): boolean {
  const value = o[name];
  if (value === undefined) return fallback;
  if (typeof value !== "boolean") throw new TypeError(`${fn}: options.${name} must be a boolean, got ${describe(value)}`);
  return value;
}

/** An option that is one of a few strings (default when absent or undefined). */
export function oneOfOption<T extends string>(o: OptionBag, name: string, values: readonly T[], fallback: T, fn: string): T {
  const value = o[name];
  if (value === undefined) return fallback;
  if (!(values as readonly unknown[]).includes(value)) {
    const list = values.map((v) => JSON.stringify(v));
    const words = list.length > 1 ? `${list.slice(0, -1).join(", ")} or ${list[list.length - 1]}` : list[0];
    throw new TypeError(`${fn}: options.${name} must be ${words}, got ${typeof value === "string" ? JSON.stringify(value) : describe(value)}`);
  }
  return value as T;
}

/** An option that is an array of strings (undefined when absent). */
export function stringsOption(o: OptionBag, name: string, what: string, fn: string): readonly string[] | undefined {
  const value = o[name];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((s) => typeof s === "string")) {
    throw new TypeError(`${fn}: options.${name} must be an array of ${what} (strings), got ${describe(value)}`);
  }
  return value as readonly string[];
}

/**
 * What a resolution does with ".." segments left at the start of a merged path, a choice the 2003
 * draft (merge step 7) and RFC 2396 (5.2 step 6g) leave to implementations: "retain" keeps them,
 * "remove" drops them, "error" throws a ResolveError (code "dot-segments"). RFC 3986 has no such
 * choice (5.2.4 always removes them).
 */
export type DotSegments = "retain" | "remove" | "error";

export const DOT_SEGMENTS: readonly DotSegments[] = ["retain", "remove", "error"];
