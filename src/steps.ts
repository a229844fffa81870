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
