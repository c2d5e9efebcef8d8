import type { RefusalEvent } from './gate-options.ts';

type ActiveSpan = {
  addEvent(name: string, attributes: Record<string, string | number | string[]>): unknown;
  setAttribute(key: string, value: string | number | string[]): unknown;
};
type TraceApi = { getActiveSpan(): ActiveSpan | undefined };

let traceApi: Promise<TraceApi | undefined> | undefined;

/** `@opentelemetry/api` when the app has it (the AI SDK's telemetry needs it too), else nothing. */
function loadTraceApi(): Promise<TraceApi | undefined> {
  traceApi ??= import('@opentelemetry/api').then(
    (api) => api.trace as TraceApi,
    () => undefined,
  );
  return traceApi;
}

/**
 * Tells the app of each refused call: `onRefusal`, and an event per call on the active
 * OpenTelemetry span (the AI SDK's model-call span), carrying codes and ids but no argument values,
 * so it survives telemetry that records neither inputs nor outputs.
 */
export async function reportRefusals({
  refusals,
  onRefusal,
}: {
  refusals: readonly RefusalEvent[];
  onRefusal: ((event: RefusalEvent) => unknown) | undefined;
}): Promise<void> {
  if (refusals.length === 0) return;
  for (const refusal of refusals) {
    try {
      const returned = onRefusal?.(refusal);
      // A rejected promise would surface as an unhandled rejection and can end the process.
      if (typeof (returned as PromiseLike<unknown> | undefined)?.then === 'function') {
        Promise.resolve(returned).catch(() => {});
      }
    } catch {
      // The app's listener must not turn a refusal into a failed request.
    }
  }
  const span = (await loadTraceApi())?.getActiveSpan();
  if (span === undefined) return;
  span.setAttribute(
    'toolgate.refused_tool_call_ids',
    refusals.map((refusal) => refusal.toolCallId),
  );
  for (const refusal of refusals) {
    span.addEvent('toolgate.tool_refusal', {
      'gen_ai.tool.call.id': refusal.toolCallId,
      'gen_ai.tool.name': refusal.toolName,
      'toolgate.tool_refusal': refusal.code,
      'toolgate.mismatch_codes': refusal.mismatches.map((mismatch) => mismatch.code),
    });
  }
}
