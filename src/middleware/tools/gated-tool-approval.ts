import type { ToolApprovalConfiguration, ToolApprovalStatus, ToolSet } from 'ai';
import type { CallLedger } from './call-ledger.ts';
import { resumesApprovedCall } from './resumed-approval.ts';

type ApprovalFunction = (...args: never[]) => unknown;

/**
 * The app's `toolApproval` option, asked only for calls the gate judged (or approved calls
 * resumed from history): an unjudged call (a model without the gate's middleware) is
 * `'not-applicable'`, so no approval is raised for it, and the wrapped tool's hooks run nothing of
 * it. The function form and the per-tool map are both kept as given otherwise.
 */
export function gatedToolApproval<TOOLS extends ToolSet, RUNTIME_CONTEXT>({
  toolApproval,
  ledger,
}: {
  toolApproval: ToolApprovalConfiguration<TOOLS, RUNTIME_CONTEXT>;
  ledger: CallLedger;
}): ToolApprovalConfiguration<TOOLS, RUNTIME_CONTEXT> {
  const judged = (input: unknown, messages: readonly unknown[], toolCallId: string) =>
    ledger.isJudged(input) || resumesApprovedCall({ messages, toolCallId });
  if (typeof toolApproval === 'function') {
    const ask = toolApproval as (options: {
      toolCall: { input: unknown; toolCallId: string };
      messages: readonly unknown[];
    }) => unknown;
    return ((options: Parameters<typeof ask>[0]) =>
      judged(options.toolCall.input, options.messages, options.toolCall.toolCallId)
        ? ask(options)
        : 'not-applicable') as unknown as ToolApprovalConfiguration<TOOLS, RUNTIME_CONTEXT>;
  }
  const byTool: Record<string, ApprovalFunction> = {};
  for (const name of Object.keys(toolApproval)) {
    const status = (toolApproval as Record<string, unknown>)[name];
    byTool[name] = ((input: unknown, options: { toolCallId: string; messages: unknown[] }) => {
      if (!judged(input, options.messages, options.toolCallId)) return 'not-applicable';
      return typeof status === 'function'
        ? (status as (input: unknown, options: unknown) => ToolApprovalStatus)(input, options)
        : status;
    }) as ApprovalFunction;
  }
  return byTool as ToolApprovalConfiguration<TOOLS, RUNTIME_CONTEXT>;
}
