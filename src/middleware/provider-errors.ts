import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  SharedV4Warning,
} from '@ai-sdk/provider';
import {
  foldToolUseFailedError,
  foldToolUseFailedParts,
  streamOfFoldedError,
} from './fold-tool-use-failed.ts';
import { callWithStrictRetry } from './strict-rejection-retry.ts';

/**
 * The model's answer with provider-side failures made part of the gate's work: a request refused
 * for strict mode is sent once more without it, and a call the provider refused
 * (`tool_use_failed`) comes back as the turn's calls, to be judged. Other errors pass unchanged.
 */
export async function generateThroughProviderErrors({
  doGenerate,
  params,
  model,
}: {
  doGenerate: () => PromiseLike<LanguageModelV4GenerateResult>;
  params: LanguageModelV4CallOptions;
  model: LanguageModelV4;
}): Promise<LanguageModelV4GenerateResult> {
  try {
    const { result, warnings } = await callWithStrictRetry({
      params,
      first: doGenerate,
      call: (retried) => model.doGenerate(retried),
    });
    return warnings.length === 0
      ? result
      : { ...result, warnings: [...result.warnings, ...warnings] };
  } catch (error) {
    const folded = foldToolUseFailedError(error);
    if (folded === undefined) throw error;
    return folded;
  }
}

/** {@link generateThroughProviderErrors} for streams, where `tool_use_failed` may come mid-stream. */
export async function streamThroughProviderErrors({
  params,
  model,
}: {
  params: LanguageModelV4CallOptions;
  model: LanguageModelV4;
}): Promise<LanguageModelV4StreamResult> {
  try {
    // Raw chunks keep what the provider's own stream schema drops (Groq's `failed_generation`).
    const { result, warnings } = await callWithStrictRetry({
      params,
      call: (sent) => model.doStream({ ...sent, includeRawChunks: true }),
    });
    const stream = result.stream.pipeThrough(
      foldToolUseFailedParts({ keepRawChunks: params.includeRawChunks === true }),
    );
    return {
      ...result,
      stream: warnings.length === 0 ? stream : stream.pipeThrough(addWarnings(warnings)),
    };
  } catch (error) {
    const folded = foldToolUseFailedError(error);
    if (folded === undefined) throw error;
    return { stream: streamOfFoldedError(folded) };
  }
}

function addWarnings(
  warnings: readonly SharedV4Warning[],
): TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart> {
  let added = false;
  return new TransformStream({
    transform(part, controller) {
      if (part.type === 'stream-start' && !added) {
        added = true;
        controller.enqueue({ ...part, warnings: [...part.warnings, ...warnings] });
        return;
      }
      controller.enqueue(part);
    },
  });
}
