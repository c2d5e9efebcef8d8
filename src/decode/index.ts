export { type DecodedArguments, decodeArguments, decodeWithPlan } from './decode-arguments.ts';
export type {
  DecodePlan,
  DecodeVariant,
  ListDecodePlan,
  ObjectDecodePlan,
  Placeholder,
} from './decode-plan.ts';
export type { DecodeProblem } from './decode-problem.ts';
export {
  anthropicProfile,
  bedrockProfile,
  cerebrasProfile,
  cohereProfile,
  deepseekProfile,
  googleProfile,
  groqProfile,
  llamacppProfile,
  mistralProfile,
  nonStrictProfile,
  openaiProfile,
  openrouterProfile,
  type ProfileName,
  profileByProviderId,
  profileForProvider,
  profileNamed,
  profileNames,
  type StrictProfile,
  UnknownProfileError,
  vertexAnthropicProfile,
  vllmProfile,
  xaiProfile,
} from './provider-profiles.ts';
export { overStrictBudget, type StrictToolCost, strictToolCost } from './strict-budget.ts';
export { stripKeywords } from './strip-keywords.ts';
export {
  type StrictSchemaNote,
  type StrictSchemaResult,
  type ToStrictSchemaOptions,
  toStrictSchema,
} from './to-strict-schema.ts';
