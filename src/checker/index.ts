export {
  type ArgumentsJudgement,
  type CheckArgumentsOptions,
  checkArguments,
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
export type { ArgumentPath, Mismatch, MismatchCode } from './mismatch.ts';
