import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
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

/**
 * {@link generateThroughProviderErrors} for streams, where `tool_use_failed` may come mid-stream.
 *
 * Adds no stream stage of its own unless the provider answers `tool_use_failed` mid-stream (Groq):
 * every stage costs each part of every stream, so the folding stage and the raw chunks it reads
 * are only asked for where they can matter. The strict retry's warnings are returned, not added,
 * for the caller to add in the one stage it has anyway.
 */
export async function streamThroughProviderErrors({
  params,
  model,
}: {
  params: LanguageModelV4CallOptions;
  model: LanguageModelV4;
}): Promise<{ result: LanguageModelV4StreamResult; warnings: SharedV4Warning[] }> {
  const folds = foldsToolUseFailedMidStream(model.provider);
  try {
    const { result, warnings } = await callWithStrictRetry({
      params,
      // Raw chunks keep what the provider's own stream schema drops (Groq's `failed_generation`).
      call: (sent) => model.doStream(folds ? { ...sent, includeRawChunks: true } : sent),
    });
    if (!folds) return { result, warnings };
    const stream = result.stream.pipeThrough(
      foldToolUseFailedParts({ keepRawChunks: params.includeRawChunks === true }),
    );
    return { result: { ...result, stream }, warnings };
  } catch (error) {
    const folded = foldToolUseFailedError(error);
    if (folded === undefined) throw error;
    return { result: { stream: streamOfFoldedError(folded) }, warnings: [] };
  }
}

/**
 * Whether a provider may answer `tool_use_failed` inside a stream: Groq (`groq.chat`, or an
 * OpenAI-compatible provider the app named after it). An error before the stream starts is
 * folded for every provider, as it costs nothing until it happens.
 */
function foldsToolUseFailedMidStream(providerId: string): boolean {
  return providerId.startsWith('groq');
}
