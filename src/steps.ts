// The steps of resolution, as each edition's document numbers and words them: what resolveSteps()
// returns. Each model records its own, in a transcription of its document's text that keeps every
// intermediate state (src/models/rfc2396bis-01/steps.ts for the draft of 2003, src/models/rfc3986/steps.ts,
// src/models/rfc2396/steps.ts, src/models/url-1993/steps.ts); resolve() does not go through them, and a test
// checks that both give the same target for every example of the documents.

/** The state after a step: each value the step works on, by the document's own name ("T.path", "input buffer"). */
export type StepState<Name extends string = string> = { readonly [N in Name]?: string | undefined };

/** One step of the document's resolution. */
export interface ResolutionStep<Name extends string = string> {
  /** The section of the document the step is in: "5.2", "5.2.4", "PARTIAL FORM". */
  readonly section: string;
  /**
   * The step as the document writes it: its number or letter ("step 6c", "merge step 3", "2E"),
   * the line of pseudocode it carries out ("T.path = merge(Base.path, R.path);"), or for a step
   * the document does not number, its opening words.
   */
  readonly label: string;
  /** What it did, in a sentence. */
  readonly did: string;
  /**
   * The state after it: the values the step works on (the components so far, a buffer), by the
   * document's names. A component the step leaves undefined is there with the value undefined.
   */
  readonly state: StepState<Name>;
  /** The steps of the routine it carries out (merge, remove_dot_segments, step 6), in order. */
  readonly steps?: readonly ResolutionStep<Name>[];
}

/** What resolveSteps() returns. */
export interface ResolutionSteps<Name extends string = string> {
  /** The target, exactly as resolve() gives it for the same base, reference and options. */
  readonly target: string;
  /** The steps that produced it, in the document's order. */
  readonly steps: readonly ResolutionStep<Name>[];
}

/**
 * The longest base or reference resolveSteps() takes, in UTF-16 code units (2 KiB each). The steps
 * keep the state after every one of them, and RFC 3986's remove_dot_segments takes a step per
 * segment: the record grows with the square of the path's length. Above this limit
 * resolveSteps() throws a RangeError; resolve() and resolveReference() have no such limit.
 */
export const RESOLVE_STEPS_MAX_LENGTH = 2048;

/** Throws the RangeError of RESOLVE_STEPS_MAX_LENGTH when the text is longer. */
export function requireStepsLength(text: string, what: string): void {
  if (text.length > RESOLVE_STEPS_MAX_LENGTH) {
    throw new RangeError(`${what} has ${text.length} characters; resolveSteps() keeps the state after every step and takes ` +
      `at most ${RESOLVE_STEPS_MAX_LENGTH} (RESOLVE_STEPS_MAX_LENGTH); resolve() takes any length`);
  }
}

/** A quoted value for a sentence: "g", or the word undefined. */
export function shown(value: string | undefined): string {
  return value === undefined ? "undefined" : JSON.stringify(value);
}

/**
 * The lines of section 5.2's pseudocode that copy a component into T, as RFC 3986 (5.2.2) and the
 * 2003 draft (5.2) both write them ("T.query = R.query;", "T.authority = Base.authority;"): the
 * component set in T, and the line recorded by `line` with its sentence, `did` or the usual one
 * ("T's query is R's: ...", "T keeps the base URI's authority: ..."; an authority by its text).
 */
export function copier<C extends { readonly authority?: { readonly raw: string } }>(T: Partial<C>,
  line: (label: string, did: string) => void): (component: keyof C & string, from: "R" | "Base", source: Partial<C>, did?: string) => void {
  return (component, from, source, did) => {
    const value = source[component];
    T[component] = value;
    const text = shown(component === "authority" ? (value as { raw: string } | undefined)?.raw : (value as string | undefined));
    line(`T.${component} = ${from}.${component};`, did ?? (from === "R" ? `T's ${component} is R's: ${text}.` : `T keeps the base URI's ${component}: ${text}.`));
  };
}
