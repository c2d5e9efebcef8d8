export { cleanHistory } from './clean-history.ts';
export type { RefusalEvent, ToolGateOptions } from './gate-options.ts';
export { GateWiringError, type GateWiringMistake } from './gate-wiring-error.ts';
export { InvalidGateOptionError } from './invalid-gate-option-error.ts';
export { ToolRefusalError } from './refusal-error.ts';
export { refusalOf, type ToolRefusal } from './refusal-of.ts';
export { restoreRefusals } from './restore-refusals.ts';
export { type ToolGate, toolGate } from './tool-gate.ts';
export type { ParameterOverride, ToolOverrides } from './tool-overrides.ts';
