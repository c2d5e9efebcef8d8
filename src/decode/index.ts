export { argumentPathOf } from './argument-path.ts';
export { decodeArguments } from './decode-arguments.ts';
export { type DecodePlan, emptyDecodePlan, isEmptyPlan, type Placeholder } from './decode-plan.ts';
export { admitsNull } from './nullable-schema.ts';
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
