// The shape of a compiled edition, as scripts/build-grammar.mjs writes it (generated/ID/index.js):
// the manifest of grammar/ID/edition.json, the parser and the trace build of grammar/ID/grammar.peggy,
// the DFAs of grammar/ID/grammar.abnf and the rule table. Types only; nothing here names an edition.
import type { AutomataModule } from "./automaton.js";
import type { PositionsTables } from "./positions.js";
import type { TaggedTables } from "./tagged.js";

/** One expectation of a peggy parser at the failure offset. */
export interface PegExpectation {
  type: "literal" | "class" | "any" | "end" | "other";
  text?: string;
  parts?: (string | [string, string])[];
  inverted?: boolean;
  ignoreCase?: boolean;
  description?: string;
}

/** One event of the trace build. */
export interface TraceEvent {
  type: "rule.enter" | "rule.match" | "rule.fail" | "fail";
  rule?: string;
  location?: { start: { offset: number }; end: { offset: number } };
  expected?: PegExpectation;
  offset?: number;
}

/** What every generated parser has: a parse() with peggy's options (startRule, library mode). */
export interface GeneratedParser {
  parse(input: string, options?: Record<string, unknown>): unknown;
}

/**
 * The fast build (written from the grammar's AST by scripts/passes/): parse() in peggy's library
 * mode, whose error says only where the rule's match ended, and run(), its entry without error
 * bookkeeping.
 */
export interface FastParser extends GeneratedParser {
  /** What run() returns when the input does not match. */
  readonly FAILED: unknown;
  /** The start rule's value when the whole input matches it, else FAILED. */
  run(input: string, startRule: string): unknown;
}

/**
 * Where a rule of an edition reconstructed from a diff comes from, when the diff does not show it
 * (a "; reconstructed from ID section N" line above the rule in grammar.abnf).
 */
export interface Reconstructed {
  /** The edition it was filled from ("rfc2396"). */
  readonly from: string;
  /** That edition's section of the rule ("3.2.2"). */
  readonly section: string;
  /** How it was composed, where it is not that edition's rule of the same name. */
  readonly note?: string;
}

/**
 * One rule of an edition's rule table (generated/ID/rules.js), as collected in its grammar.abnf and
 * transcribed in its grammar.peggy (RuleInfo at run time).
 */
export interface RuleRecord<Name extends string = string> {
  /** The document's name of the rule ("IPv6address", "reg-name"). */
  readonly name: Name;
  /** The section the rule comes from ("3.2.2"), or "RFC 2234" for core rules. */
  readonly section: string;
  /** The rule's ABNF, as collected (RFC 2234 syntax). */
  readonly abnf: string;
  /** The document's own text of the rule where it was not valid ABNF and had to be corrected. */
  readonly draft?: string;
  /**
   * Where the rule comes from when the document does not show it: an edition reconstructed from a
   * diff fills such a rule from another edition ({ from: "rfc2396", section: "3.2.2" }).
   */
  readonly reconstructed?: Reconstructed;
  /** The PEG transcription, as it stands in the .peggy grammar. */
  readonly peg: string;
  /** The name of the PEG rule ("-" becomes "_"). */
  readonly pegName: string;
  /** Why the PEG differs in form from the ABNF, where it does. */
  readonly pegNote?: string;
  /** Rules this rule refers to. */
  readonly uses: readonly Name[];
  /** Rules that refer to this rule. */
  readonly usedBy: readonly Name[];
  /** Pairs of rules in different alternatives of one choice of this rule's PEG (never both in a match). */
  readonly exclusive: readonly (readonly [Name, Name])[];
  /** True when every string the rule matches is one character or one escape (from the ABNF). */
  readonly singleCharacter: boolean;
  /** True when the rule is a repetition of single characters or escapes ("segment = *pchar"). */
  readonly characterRun: boolean;
  /** The ASCII characters that can begin a match of the rule, in code order (from the ABNF). */
  readonly first: string;
  /** Up to four strings the rule matches and four it does not, from the edition's vector tables. */
  readonly examples: { readonly match: readonly string[]; readonly noMatch: readonly string[] };
}

/**
 * The rules of an edition that play a part in the library's operations, by the edition's own
 * names (edition.json "roles").
 */
export interface EditionRoles {
  /** The rule a URI reference matches (parse()'s default). */
  readonly reference: string;
  /** The rules parse() can split into components (their actions build the reference record). */
  readonly parse: readonly string[];
  /** The rule of an absolute URI (with a scheme): what resolution needs as its base. */
  readonly absolute: string;
  /** The rule of a relative reference (the 1993 URL draft has none: its partial form is prose). */
  readonly relative?: string;
  readonly scheme: string;
  readonly authority: string;
  /** The rule of the user information before "@" (the 1993 URL draft has user and password). */
  readonly userinfo?: string;
  readonly host: string;
  readonly port: string;
  readonly path: string;
  readonly query: string;
  readonly fragment: string;
  /**
   * The characters that need no escape (6.2.2.2 of RFC 3986, 6.2.2 of the draft); the 1993 URL
   * draft names no such set (its xalpha holds the escape itself).
   */
  readonly unreserved?: string;
  /** The reserved characters (the delimiters: 2.2 of each document from RFC 2396 on). */
  readonly reserved?: string;
  /**
   * The server-based authority, the other alternative of the authority (RFC 2396's and the 2003
   * draft's server = [ [ userinfo "@" ] hostport ]); what a registry-based one that normalization
   * changes may become.
   */
  readonly server?: string;
  /** The letters and the digits, where a model names them (the 2003 draft's safe set in 2.3: ALPHA, DIGIT, "_", "~"). */
  readonly alpha?: string;
  readonly digit?: string;
  /** RFC 3987's characters past ASCII: those an IRI may hold (ucschar) and those only its query may (iprivate). */
  readonly ucschar?: string;
  readonly iprivate?: string;
  /**
   * The registry-based naming authority, the alternative of a server in the authority
   * (RFC 2396's reg_name; draft-fielding-uri-syntax-01 calls it authority, and the whole
   * component site). Its name is the kind of such an authority in the model's references.
   */
  readonly regName?: string;
  /** The rule of one escape ("%" and two hex digits). */
  readonly escape: string;
  /** The IPv4 dotted-decimal rule and the domain-name rule (security checks, error hints). */
  readonly ipv4?: string;
  readonly hostname?: string;
  /** The rule of a bracketed IP literal host (error hints). */
  readonly ipLiteral?: string;
  /** The rule of the first segment of a relative path, which cannot hold ":" (error hints). */
  readonly firstSegment?: string;
  /** The opaque part of an absolute URI that is not hierarchical (the draft's opaque-part), where its record is one. */
  readonly opaque?: string;
}

/** An edition's manifest (grammar/ID/edition.json). */
export interface EditionManifest<Id extends string = string, Model extends string = string> {
  /** The edition's id, the name of its grammar folder: "rfc3986". */
  readonly id: Id;
  /** The document's title. */
  readonly title: string;
  /** The document's name: "RFC 3986", "draft-fielding-uri-rfc2396bis-01". */
  readonly document: string;
  /** Its date, ISO 8601 ("2005-01", "2003-03-03"). */
  readonly date: string;
  /** The file of the document in ../shared/spec/. */
  readonly spec: string;
  /** The notation of the original grammar and how it was collected. */
  readonly notation: string;
  /**
   * For an edition reconstructed from a diff of its document: how the rules the diff does not
   * show were filled (each such rule says where from: RuleInfo.reconstructed).
   */
  readonly reconstruction?: string;
  /** True for the library's default edition. */
  readonly default?: boolean;
  /** The family of algorithms (src/) that builds its components and resolves, normalizes, audits. */
  readonly model: Model;
  readonly roles: EditionRoles;
  /**
   * The sentences of error hints, by mistake ("space", "bad-escape", "not-a-scheme", ...), each
   * citing the edition's own sections; {char}, {escape}, {segment} ... are filled in (src/diagnose.ts).
   */
  readonly hints?: Readonly<Record<string, string>>;
  /**
   * The section of the document behind each audit finding it raises, by code: a section as the
   * document numbers it, or { "rule": NAME } for the section of that rule (src/audit-codes.ts). A
   * code not listed is never reported in the edition.
   */
  readonly audit?: Readonly<Record<string, string | { readonly rule: string }>>;
  /**
   * The sections of the document's normalization, by step, for the sentences that explain a
   * difference of form (differential()): case, percent-encoding, dot segments, scheme-based. RFC
   * 3986 numbers each (6.2.2.1, 6.2.2.2, 6.2.2.3, 6.2.3), RFC 3987 its ladder's (5.3.2.1, 5.3.2.3,
   * 5.3.2.4, 5.3.3), the draft of 2003 has 6.2.2 and 6.2.3, RFC 2396 and its drafts one section 6
   * and 2.3. Absent where the document defines no normalization (the 1993 URL draft).
   */
  readonly normalization?: { readonly case: string; readonly percent: string; readonly dots: string; readonly scheme: string };
  /**
   * True when parse() of the reference rule runs a tagged DFA built from the ABNF
   * (scripts/build-tagged.mjs, src/tagged.ts), which makes the grammar's records from the spans
   * of the roles' rules (docs/grammar.md); the PEG's records are held to it by test/tagged.test.ts.
   */
  readonly tagged?: boolean;
}

/** A compiled edition: its manifest and its builds. */
export interface EditionBuild<Id extends string = string, Model extends string = string, Rule extends string = string>
  extends EditionManifest<Id, Model> {
  /** The fast parser: every rule is a start rule. */
  readonly parser: FastParser;
  /** Every rule as a minimal DFA (scripts/build-dfa.mjs). */
  readonly automata: AutomataModule;
  /** The same grammar with tracer hooks, for explain() and error paths. */
  readonly tracer: GeneratedParser;
  /** The rule table: section, ABNF, PEG. */
  readonly rules: readonly (RuleRecord & { readonly name: Rule })[];
  /** The tagged DFA of the reference rule (scripts/build-tagged.mjs), for an edition whose manifest says "tagged". */
  readonly taggedTables: TaggedTables | null;
  /**
   * The automaton of positions of the reference rule (scripts/build-positions.mjs), which an
   * error's details run; null where it would be too large (the lazy construction serves).
   */
  readonly positionsTables: PositionsTables | null;
}

/** The grammar's record of a component: the rule that matched and its span [start, end) in the input. */
export interface SpanRecord<R extends string = string> {
  readonly rule: R;
  readonly start: number;
  readonly end: number;
}
