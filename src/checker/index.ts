export { PreparedStore, type PreparedStoreOptions } from '../store/prepared-store.ts';
export {
  type ArgumentsJudgement,
  type CheckArgumentsOptions,
  checkArguments,
  fitArguments,
  type JudgeArgumentsOptions,
  judgeArguments,
  type Leniency,
} from './check-arguments.ts';
export {
  type CallToCheck,
  type CallVerdict,
  type CheckTurnOptions,
  checkTurn,
  type RefusalCode,
  type TurnVerdict,
  type ValidatorIssue,
} from './check-turn.ts';
export { CheckerError } from './checker-error.ts';
export { maxJudgedValues } from './judge-run.ts';
export type { ArgumentPath, Mismatch, MismatchCode } from './mismatch.ts';
