export { decodeArguments } from './decode-arguments.ts';
export type { DecodePlan, Placeholder } from './decode-plan.ts';
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
