export type { RefusalEvent, ToolGateOptions } from './gate-options.ts';
export { ToolRefusalError } from './refusal-error.ts';
export { type RefusalMarker, readMarker as refusalOf } from './refusal-marker.ts';
export { restoreRefusals } from './restore-refusals.ts';
export { type ToolGate, toolGate } from './tool-gate.ts';
export type { ParameterOverride, ToolOverrides } from './tool-overrides.ts';
