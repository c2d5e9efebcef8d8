import {
  type CheckArgumentsOptions,
  type JudgeArgumentsOptions,
  judgeArgumentsWithin,
  mismatchCap,
} from './check-arguments.ts';
import { describeMismatch } from './describe-mismatch.ts';
import { excerpt } from './describe-value.ts';
import type { ArgumentPath, Mismatch } from './mismatch.ts';
import {
  createNameSearchBudget,
  type NameIndex,
  type NameSearchBudget,
  nameIndexOf,
  nearestName,
} from './nearest-name.ts';
import { notRunAnswer, refusedAnswer } from './refusal-texts.ts';

/** One call of a model turn, with its arguments parsed, or the text that could not be parsed. */
export type CallToCheck =
  | {
      readonly toolCallId: string;
      readonly toolName: string;
      readonly input: unknown;
      /**
       * What the tool's own validator (zod, Standard Schema) said of the input. Used only when the
       * schema check passes, so one problem is not told twice.
       */
      readonly validatorIssues?: readonly ValidatorIssue[];
      /**
       * Keys that cannot reach the tool whatever the schema says (the AI SDK's JSON parser refuses
       * `__proto__`), by path. Each is a `forbidden` mismatch, so the whole turn is refused instead
       * of that one call failing alone while its siblings run.
       */
      readonly forbiddenPaths?: readonly ArgumentPath[];
      /**
       * Mismatches found before the check, in turning what a strict model sent back into the
       * tool's arguments (a map key sent twice, JSON text that does not parse). The call is
       * refused with these alone: what could not be decoded is not judged further.
       */
      readonly decodeMismatches?: readonly Mismatch[];
    }
  | { readonly toolCallId: string; readonly toolName: string; readonly unparsableInput: string };

/** One issue a tool's own validator reported. */
export type ValidatorIssue = { readonly path: ArgumentPath; readonly message: string };

/** Why a call is refused: its own arguments, or a sibling's. */
export type RefusalCode = 'arguments' | 'turn';

export type CallVerdict =
  | {
      readonly toolCallId: string;
      readonly toolName: string;
      readonly outcome: 'pass';
      /**
       * The arguments as the tool should receive them (see `judgeArguments`): lenient casts in
       * their declared form, `null` for optional arguments as omission or default; the input
       * itself when nothing changed.
       */
      readonly value: unknown;
    }
  | {
      readonly toolCallId: string;
      readonly toolName: string;
      readonly outcome: 'refused';
      readonly code: RefusalCode;
      /** The call's own mismatches (empty for `'turn'`), capped like the answer. */
      readonly mismatches: readonly Mismatch[];
      /** The text the model reads as this call's result. */
      readonly answer: string;
      /**
       * For `'turn'`: the call's arguments in their declared form, as for a passed call (they fit;
       * a sibling's did not), so its tool's own validator can still be asked about them.
       */
      readonly value?: unknown;
    };

export type TurnVerdict = {
  /** Whether any call mismatched; then every call is refused and none may run. */
  readonly refused: boolean;
  /** One verdict per call, in the order given. */
  readonly calls: readonly CallVerdict[];
};

export type CheckTurnOptions = Omit<JudgeArgumentsOptions, 'defaultFor'> & {
  /**
   * What a `null` for an optional argument of a tool becomes in lenient mode (see
   * `judgeArguments`), by tool name and argument path.
   */
  defaultFor?: (path: ArgumentPath, toolName: string) => { readonly value: unknown } | undefined;
  /**
   * The names of the tools offered. When given, a call to any other name is refused (code
   * `tool`) with the turn, instead of failing alone while its siblings run.
   */
  toolNames?: readonly string[];
};

/**
 * Judges a whole model turn before any of it runs: every call is checked against the schema its
 * tool was offered with (`schemaOf(toolName)`; `undefined` means nothing to judge). If any call
 * mismatches, the turn is refused: that call is answered `Refused: …` with its sentences, every
 * other call `Not run: …`. A passed call carries `value`, its arguments in their declared form.
 *
 * Throws a `CheckerError` only for a fault inside the checker (never for any arguments or schema),
 * so the caller can refuse the turn instead of running it unjudged.
 */
export function checkTurn(
  calls: readonly CallToCheck[],
  schemaOf: (toolName: string) => unknown,
  options: CheckTurnOptions = {},
): TurnVerdict {
  const isOffered = offeredTest(options.toolNames, calls.length);
  // One budget for the whole turn's suggestions: a turn of thousands of unknown names stays cheap.
  const nameSearch = createNameSearchBudget();
  let toolIndex: NameIndex | undefined;
  const offeredIndex = () => {
    toolIndex ??= nameIndexOf(options.toolNames ?? []);
    return toolIndex;
  };
  const judgements = calls.map((call) =>
    judgeCall(call, schemaOf, options, isOffered, nameSearch, offeredIndex),
  );
  const refusedToolNames = calls
    .filter((_, index) => (judgements[index]?.mismatchCount ?? 0) > 0)
    .map((call) => call.toolName);
  if (refusedToolNames.length === 0) {
    return {
      refused: false,
      calls: calls.map(({ toolCallId, toolName }, index) => ({
        toolCallId,
        toolName,
        outcome: 'pass',
        value: judgements[index]?.value,
      })),
    };
  }
  // One answer for every call that was not run: written once, so a turn of any size costs linear time.
  const notRun = notRunAnswer({ refusedToolNames });
  return {
    refused: true,
    calls: calls.map(({ toolCallId, toolName }, index) => {
      const { mismatches = [], mismatchCount = 0 } = judgements[index] ?? {};
      return mismatchCount > 0
        ? {
            toolCallId,
            toolName,
            outcome: 'refused',
            code: 'arguments',
            mismatches,
            answer: refusedAnswer({ toolName, mismatches, mismatchCount }),
          }
        : {
            toolCallId,
            toolName,
            outcome: 'refused',
            code: 'turn',
            mismatches: [],
            answer: notRun,
            value: judgements[index]?.value,
          };
    }),
  };
}

/** Most comparisons of names (calls times tools) made by reading the list of tools offered. */
const maxListComparisons = 1024;

/**
 * Whether a name is among the tools offered. A set hashes every name first: for a turn of a few
 * calls among many tools, reading the list is cheaper, and past that the set keeps a turn linear.
 */
function offeredTest(
  toolNames: readonly string[] | undefined,
  callCount: number,
): ((toolName: string) => boolean) | undefined {
  if (toolNames === undefined) return undefined;
  if (callCount * toolNames.length <= maxListComparisons) {
    return (toolName) => toolNames.includes(toolName);
  }
  const names = new Set(toolNames);
  return (toolName) => names.has(toolName);
}

type CallJudgement = {
  readonly mismatches: readonly Mismatch[];
  readonly mismatchCount: number;
  readonly value?: unknown;
};

function judgeCall(
  call: CallToCheck,
  schemaOf: (toolName: string) => unknown,
  options: CheckTurnOptions,
  isOffered: ((toolName: string) => boolean) | undefined,
  nameSearch: NameSearchBudget,
  /** The offered names (`options.toolNames`) as suggestions read them, built once per turn. */
  offeredIndex: () => NameIndex,
): CallJudgement {
  const { toolNames } = options;
  if (toolNames !== undefined && isOffered !== undefined && !isOffered(call.toolName)) {
    const mismatch = describeMismatch({
      code: 'tool',
      path: [],
      expected: 'a tool that was offered',
      received: excerpt(call.toolName),
      acceptedNames: toolNames,
      suggestion: nearestName(call.toolName, toolNames, {
        budget: nameSearch,
        index: offeredIndex(),
      }),
    });
    return { mismatches: [mismatch], mismatchCount: 1 };
  }
  if ('unparsableInput' in call) {
    const mismatch = describeMismatch({
      code: 'unparsable',
      path: [],
      expected: 'a JSON object',
      received: excerpt(call.unparsableInput),
    });
    return { mismatches: [mismatch], mismatchCount: 1 };
  }
  const decodeMismatches = call.decodeMismatches ?? [];
  if (decodeMismatches.length > 0) {
    return {
      mismatches: decodeMismatches.slice(0, mismatchCap(options)),
      mismatchCount: decodeMismatches.length,
    };
  }
  const { defaultFor } = options;
  const judgement = withForbidden(
    judgeArgumentsWithin(
      schemaOf(call.toolName),
      call.input,
      {
        ...options,
        defaultFor:
          defaultFor === undefined ? undefined : (path) => defaultFor(path, call.toolName),
      },
      nameSearch,
    ),
    call.forbiddenPaths ?? [],
    options,
  );
  const issues = call.validatorIssues ?? [];
  if (judgement.mismatchCount > 0 || issues.length === 0) return judgement;
  const maxMismatches = mismatchCap(options);
  return {
    mismatches: issues.slice(0, maxMismatches).map((issue) =>
      describeMismatch({
        code: 'rejected',
        path: issue.path,
        expected: 'what the tool accepts',
        received: describeIssueMessage(issue.message),
      }),
    ),
    mismatchCount: issues.length,
  };
}

/** Puts forbidden keys first; a schema mismatch at the same path is not told twice. */
function withForbidden(
  judgement: CallJudgement,
  forbiddenPaths: readonly ArgumentPath[],
  options: CheckArgumentsOptions,
): CallJudgement {
  if (forbiddenPaths.length === 0) return judgement;
  const forbidden = forbiddenPaths.map((path) =>
    describeMismatch({ code: 'forbidden', path, expected: 'nothing', received: '' }),
  );
  const samePath = (mismatch: Mismatch) =>
    forbiddenPaths.some(
      (path) =>
        path.length === mismatch.path.length &&
        path.every((segment, index) => segment === mismatch.path[index]),
    );
  const others = judgement.mismatches.filter((mismatch) => !samePath(mismatch));
  return {
    mismatches: [...forbidden, ...others].slice(0, mismatchCap(options)),
    mismatchCount:
      forbidden.length + judgement.mismatchCount - (judgement.mismatches.length - others.length),
  };
}

/** A validator's message, cut short: it is the validator's text, not ours, and may quote values. */
function describeIssueMessage(message: string): string {
  const text = message.replace(/\s+/g, ' ').trim();
  const short = text.length <= 160 ? text : `${text.slice(0, 160)}…`;
  return /[.!?]$/.test(short) ? short : `${short}.`;
}
