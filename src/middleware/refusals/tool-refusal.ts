import type { RefusalCode } from '../../checker/check-turn.ts';

/** A refused call's verdict: why, and the answer the model reads. */
export type ToolRefusal = {
  readonly code: RefusalCode;
  readonly answer: string;
};
