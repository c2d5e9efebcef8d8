type Part = { readonly type?: unknown; readonly [key: string]: unknown };
type Message = { readonly role?: unknown; readonly content?: unknown };

/**
 * Whether a conversation resumes an approved call: its last message is the tool message that
 * answers the approval of this call id with `approved: true`, and holds no result for it yet.
 * This is how the AI SDK itself finds the approved calls it runs before the first model call.
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
  if (lastParts.some((part) => part.type === 'tool-result' && part.toolCallId === toolCallId)) {
    return false;
  }
  const approvalIds = new Set<unknown>();
  for (const message of messages as readonly Message[]) {
    if (message.role !== 'assistant' || !Array.isArray(message.content)) continue;
    for (const part of message.content as readonly Part[]) {
      if (part.type === 'tool-approval-request' && part.toolCallId === toolCallId) {
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
