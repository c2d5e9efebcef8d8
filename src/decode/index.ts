export { argumentPathOf } from './argument-path.ts';
export { type DecodedArguments, decodeArguments, decodeWithPlan } from './decode-arguments.ts';
export {
  type DecodePlan,
  type DecodeVariant,
  emptyDecodePlan,
  isEmptyPlan,
  type Placeholder,
} from './decode-plan.ts';
export type { DecodeProblem } from './decode-problem.ts';
export { admitsNull } from './nullable-schema.ts';
export {
  cerebrasProfile,
  googleProfile,
  nonStrictProfile,
  openaiProfile,
  profileByProviderId,
  profileForProvider,
  type StrictProfile,
} from './provider-profiles.ts';
export {
  type StrictSchemaNote,
  type StrictSchemaResult,
  type ToStrictSchemaOptions,
  toStrictSchema,
} from './to-strict-schema.ts';
