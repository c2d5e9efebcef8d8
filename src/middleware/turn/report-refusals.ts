import { isPromiseLike } from '../../schema/is-promise-like.ts';
import type { RefusalEvent } from '../options/gate-options.ts';

type ActiveSpan = {
  addEvent(name: string, attributes: Record<string, string | number | string[]>): unknown;
  setAttribute(key: string, value: string | number | string[]): unknown;
};
type TraceRegistry = { context?: { active(): { getValue(key: symbol): unknown } } };

// What every copy of `@opentelemetry/api` 1.x shares, so that copies bundled apart agree: the
// context manager the app registered, on this global, and the key of the active span in a context.
// Read here instead of importing the API, which is an optional peer: webpack fails a build on an
// import it cannot resolve, even one inside `import()` and a `catch`.
const registryKey = Symbol.for('opentelemetry.js.api.1');
const spanKey = Symbol.for('OpenTelemetry Context Key SPAN');

/** The span active where the gate runs, when the app set up OpenTelemetry, else nothing. */
function activeSpan(): ActiveSpan | undefined {
  const registry = (globalThis as Record<symbol, TraceRegistry | undefined>)[registryKey];
  if (typeof registry?.context?.active !== 'function') return undefined;
  const span = registry.context.active()?.getValue(spanKey) as Partial<ActiveSpan> | undefined;
  return typeof span?.addEvent === 'function' && typeof span.setAttribute === 'function'
    ? (span as ActiveSpan)
    : undefined;
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
      if (isPromiseLike(returned)) {
        Promise.resolve(returned).catch(() => {});
      }
    } catch {
      // The app's listener must not turn a refusal into a failed request.
    }
  }
  const span = activeSpan();
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
