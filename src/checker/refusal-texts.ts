import type { Mismatch } from './mismatch.ts';

/**
 * Every text a model reads when toolgate refuses a turn is written here.
 */

/** How an answer begins, by its refusal code, so a stored answer is known by its start. */
export const answerPrefixes = { arguments: 'Refused: ', turn: 'Not run: ' } as const;

/** The answer to the call whose arguments do not fit: a headline, then one sentence per line. */
export function refusedAnswer({
  toolName,
  mismatches,
  mismatchCount,
}: {
  toolName: string;
  mismatches: readonly Mismatch[];
  mismatchCount: number;
}): string {
  const unknownTool = mismatches.length > 0 && mismatches.every(({ code }) => code === 'tool');
  const lines = [
    unknownTool
      ? `${answerPrefixes.arguments}there is no tool ${JSON.stringify(toolName)}, so nothing was run.`
      : `${answerPrefixes.arguments}the arguments do not match the schema of tool ${JSON.stringify(toolName)}, so nothing was run.`,
    ...mismatches.map((mismatch) => mismatch.message),
  ];
  const unlisted = mismatchCount - mismatches.length;
  if (unlisted > 0) {
    lines.push(`…and ${unlisted} more ${unlisted === 1 ? 'mismatch' : 'mismatches'} not listed.`);
  }
  return lines.join('\n');
}

/** The answer to every other call of a refused turn. */
export function notRunAnswer({
  refusedToolNames,
}: {
  refusedToolNames: readonly string[];
}): string {
  const names = [...new Set(refusedToolNames)].map((name) => JSON.stringify(name));
  const count = refusedToolNames.length;
  const which =
    names.length > 1
      ? `calls to tools ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
      : count === 1
        ? `a call to tool ${names[0]}`
        : `${count} calls to tool ${names[0]}`;
  const verb = count === 1 ? 'was' : 'were';
  return `${answerPrefixes.turn}${which} in the same turn ${verb} refused, so no call of this turn was run. Send this call again together with the corrected call.`;
}

/** The answer for every call of a turn too large for the gate to hold until its calls run. */
export function tooLargeTurnAnswer({
  callCount,
  maxCalls,
}: {
  callCount: number;
  maxCalls: number;
}): string {
  return `${answerPrefixes.turn}this turn of ${callCount} tool ${callCount === 1 ? 'call is' : 'calls is'} too large to check at once, so no call of this turn was run. Send fewer calls per turn (at most ${maxCalls}), with shorter arguments.`;
}

/** The answer for every call of a turn that arrived while too many checked calls wait to run. */
export const busyAnswer = `${answerPrefixes.turn}too many checked tool calls are waiting to run right now, so no call of this turn was run. Send this turn again.`;

/** The answer for a call the model sent after it had ended its turn. */
export const lateCallAnswer = `${answerPrefixes.turn}this call came after the model had ended its turn, so it was not run. Send it again in a turn of its own.`;

/** The answer for a call whose verdict is gone when the SDK validates it (a stream held for minutes). */
export const expiredAnswer = `${answerPrefixes.turn}this call waited too long between being checked and being run, so it was not run. Send it again.`;
