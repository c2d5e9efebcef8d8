import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Middleware,
  LanguageModelV4ToolCall,
} from '@ai-sdk/provider';
import type { ToolSet } from 'ai';
import type { PreparedStore } from '../store/prepared-store.ts';
import { GateWiringError } from './gate-wiring-error.ts';
import type { ToolGateOptions } from './options/gate-options.ts';
import {
  generateThroughProviderErrors,
  streamThroughProviderErrors,
} from './provider-errors/provider-errors.ts';
import {
  type GateRequest,
  type LastPreparation,
  prepareGateRequest,
} from './request/gate-request.ts';
import type { CallLedger } from './tools/call-ledger.ts';
import type { OwnedSchemas } from './tools/owned-schemas.ts';
import { holdToolCalls } from './turn/hold-tool-calls.ts';
import { judgeTurn } from './turn/judge-turn.ts';
import { reportRefusals } from './turn/report-refusals.ts';

/**
 * The gate's language model middleware: strict schemas out, decoded and judged calls back.
 *
 * The request's context is keyed by the params object the SDK hands from `transformParams` to
 * `wrapGenerate`/`wrapStream`, so concurrent requests and retries never share plans, and the
 * context is released with the params.
 */
export function createGateMiddleware<TOOLS extends ToolSet>({
  options,
  ledger,
  owned,
  store,
}: {
  options: ToolGateOptions<TOOLS>;
  ledger: CallLedger;
  owned: OwnedSchemas;
  /** Where what is prepared from tool schemas is kept. */
  store: PreparedStore;
}): LanguageModelV4Middleware {
  const requests = new WeakMap<LanguageModelV4CallOptions, GateRequest>();
  // Marks the params this gate prepared, so a gate that meets them again (the same middleware
  // twice, or a second gate's inside the first) says so instead of misreading strict schemas.
  const gateToken = Object.freeze({});
  // The steps of a loop offer the same tools again: what was worked out for them is kept.
  const last: { current: LastPreparation | undefined } = { current: undefined };

  return {
    specificationVersion: 'v4',

    async transformParams({ params, model }) {
      const preparedBy = (params as { [preparedByKey]?: unknown })[preparedByKey];
      if (preparedBy !== undefined) {
        throw new GateWiringError({
          mistake: preparedBy === gateToken ? 'middleware-twice' : 'two-gates',
        });
      }
      const preparing = prepareGateRequest({ params, model, options, owned, store, last });
      const prepared = preparing instanceof Promise ? await preparing : preparing;
      requests.set(prepared.params, prepared.request);
      Object.defineProperty(prepared.params, preparedByKey, { value: gateToken });
      return prepared.params;
    },

    async wrapGenerate({ doGenerate, params, model }) {
      const result = await generateThroughProviderErrors({ doGenerate, params, model });
      const request = requests.get(params);
      if (request === undefined) return result;
      const calls = result.content.filter(isToolCall);
      const judged = await judgeTurn({ calls, request, options, ledger });
      await reportRefusals({ refusals: judged.refusals, onRefusal: options.onRefusal });
      const replacement = new Map(calls.map((call, index) => [call, judged.calls[index] ?? call]));
      return {
        ...result,
        content: result.content.map((part) =>
          isToolCall(part) ? (replacement.get(part) ?? part) : part,
        ),
        warnings: [...result.warnings, ...request.warnings],
      };
    },

    async wrapStream({ params, model }) {
      const { result, warnings } = await streamThroughProviderErrors({ params, model });
      // Params the gate did not prepare get nothing held, only the retry's warnings.
      const request = requests.get(params) ?? unpreparedRequest;
      const stream = holdToolCalls({
        stream: result.stream,
        request,
        options,
        ledger,
        warnings: warnings.length === 0 ? request.warnings : [...warnings, ...request.warnings],
      });
      return stream === result.stream ? result : { ...result, stream };
    },
  };
}

const preparedByKey = Symbol.for('toolgate.preparedBy');

const unpreparedRequest: GateRequest = { tools: new Map(), toolNames: [], warnings: [] };

function isToolCall(part: { type: string }): part is LanguageModelV4ToolCall {
  return part.type === 'tool-call';
}
