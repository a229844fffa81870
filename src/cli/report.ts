// How the commands show a syntax or resolution error: the caret diagram, the rule path, the step.
import { openRulesAt } from "../diagnose.js";
import { EDITIONS, ResolveError, UriSyntaxError } from "../index.js";
import { escapeJson } from "../printable.js";
import type { Context } from "./context.js";

/**
 * The caret diagram and the rule path, for stderr: the rules open at the stop (from the start rule
 * down to the innermost rule that read the last character and can still read on), as the
 * playground's position view names them.
 */
export function syntaxErrorText(error: UriSyntaxError, ctx: Context): string {
  const paint = ctx.err.paint;
  const [line, caretLine] = error.format().split("\n");
  const caretAt = caretLine.indexOf("^");
  const lines = [
    line,
    caretLine.slice(0, caretAt) + paint(["bold", "red"], "^") + " " + paint("red", caretLine.slice(caretAt + 2)),
    `${paint("dim", "rule path:")} ${openRulesOf(error).join(" > ")}`,
  ];
  return lines.join("\n");
}

function openRulesOf(error: UriSyntaxError): readonly string[] {
  const edition = (EDITIONS as Readonly<Record<string, (typeof EDITIONS)[keyof typeof EDITIONS]>>)[error.edition];
  const start = edition?.rule(error.startRule);
  return edition === undefined || start === undefined ? error.path : openRulesAt(edition as never, error.input, start as never);
}

/** Writes an error a command met on an input: a UriSyntaxError or ResolveError; anything else is rethrown. */
export function reportInputError(e: unknown, ctx: Context, label?: string): void {
  const prefix = label ? `${label}: ` : "";
  if (e instanceof UriSyntaxError) {
    if (label) ctx.warn(ctx.err.paint("bold", `${label}:`));
    ctx.warn(syntaxErrorText(e, ctx));
  } else if (e instanceof ResolveError) {
    ctx.warn(`${prefix}${ctx.err.paint("red", e.message)}`);
    ctx.warn(`${ctx.err.paint("dim", "step:")} ${e.step} ${ctx.err.paint("dim", `(${e.code})`)}`);
    if (e.cause instanceof UriSyntaxError) ctx.warn(syntaxErrorText(e.cause, ctx));
  } else {
    throw e;
  }
}

/** True for the errors an input can cause (as opposed to a fault of the tool). */
export function isInputError(e: unknown): e is UriSyntaxError | ResolveError {
  return e instanceof UriSyntaxError || e instanceof ResolveError;
}

/** An input error as JSON. */
export function errorJson(e: UriSyntaxError | ResolveError): Record<string, unknown> {
  if (e instanceof UriSyntaxError) return e.toJSON();
  return {
    name: e.name, message: e.message, code: e.code, step: e.step,
    ...(e.cause instanceof UriSyntaxError ? { cause: e.cause.toJSON() } : {}),
  };
}

/** JSON text for stdout, with what a terminal would act on escaped (printable.ts). */
export function json(value: unknown): string {
  return escapeJson(JSON.stringify(value, null, 2));
}
