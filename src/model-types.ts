// The types of each model's operations, by model: its reference class, resolution result and
// options, and the names of the values its steps of resolution work on (resolveSteps()). Each
// model's folder adds its own (src/models/<model>/model.ts: `declare module "../../model-types.js"`).

/** For each model, the types api.ts gives its editions' functions. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModelTypes {}

/** One model's entry in ModelTypes, in the order of its fields. */
export interface TypesOf<Reference, Resolution, ResolveOptions, StepName, NormalizeOptions, EquivalentOptions> {
  reference: Reference;
  resolution: Resolution;
  resolveOptions: ResolveOptions;
  stepName: StepName;
  normalizeOptions: NormalizeOptions;
  equivalentOptions: EquivalentOptions;
}
