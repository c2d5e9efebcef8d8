type Part = { readonly type?: unknown; readonly [key: string]: unknown };
type Message = { readonly role?: unknown; readonly content?: unknown };

/**
 * Whether a conversation resumes an approved call: its last message is the tool message that
 * answers the approval of this call id with `approved: true` (as the AI SDK finds the approved
 * calls it runs before the first model call), and no message holds a result for that call yet,
 * so a call that was refused or already ran is not run again by an approval sent after it.
 *
 * A client that writes the whole history can still forge an approval; the AI SDK's
 * `experimental_toolApprovalSecret` signs approval requests so that a forged one fails.
 */
export function resumesApprovedCall({
  messages,
  toolCallId,
}: {
  messages: readonly unknown[] | undefined;
  toolCallId: string;
}): boolean {
  const last = messages?.at(-1) as Message | undefined;
  if (last?.role !== 'tool' || !Array.isArray(last.content)) return false;
  const lastParts = last.content as readonly Part[];
  const approvalIds = new Set<unknown>();
  for (const message of messages as readonly Message[]) {
    if (!Array.isArray(message.content)) continue;
    for (const part of message.content as readonly Part[]) {
      if (part.toolCallId !== toolCallId) continue;
      // A refused call's error and a call that ran both leave a result.
      if (part.type === 'tool-result' || part.type === 'tool-error') return false;
      if (part.type === 'tool-approval-request' && message.role === 'assistant') {
        approvalIds.add(part.approvalId);
      }
    }
  }
  return lastParts.some(
    (part) =>
      part.type === 'tool-approval-response' &&
      part.approved === true &&
      approvalIds.has(part.approvalId),
  );
}
