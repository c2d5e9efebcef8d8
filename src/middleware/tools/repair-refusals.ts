import type { ToolCallRepairFunction, ToolSet } from 'ai';
import { refusalErrorIn } from '../refusals/refusal-error.ts';
import type { CallLedger } from './call-ledger.ts';

/**
 * A `repairToolCall` for gated tools. A call the gate refused reaches the AI SDK's repair step as
 * an invalid call; this gives its error exactly the gate's answer as message (the SDK records an
 * invalid call's error text from it, in steps, `response.messages` and the UI message stream) and
 * answers "no repair", so a refused call can never be repaired into one that runs. Every other
 * call goes to the app's own repair function, if any.
 */
export function repairRefusals<TOOLS extends ToolSet>({
  repair,
  ledger,
}: {
  repair: ToolCallRepairFunction<TOOLS> | undefined;
  ledger: CallLedger;
}): ToolCallRepairFunction<TOOLS> {
  return async (options) => {
    const answer =
      ledger.refusalOf(options.toolCall)?.answer ?? refusalErrorIn(options.error)?.message;
    if (answer === undefined) return repair === undefined ? null : repair(options);
    // The SDK writes an invalid call's error text with `error.toString()` (`Name: message`).
    Object.defineProperty(options.error, 'message', {
      value: answer,
      writable: true,
      configurable: true,
    });
    Object.defineProperty(options.error, 'toString', {
      value: () => answer,
      writable: true,
      configurable: true,
    });
    return null;
  };
}
