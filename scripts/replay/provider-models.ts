/**
 * The real provider package for each captured exchange, pointed at the replay server. The choice
 * follows the recording's folder and endpoint (a cassette's host names the API it was sent to).
 */
import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createCerebras } from '@ai-sdk/cerebras';
import { createCohere } from '@ai-sdk/cohere';
import { createDeepSeek } from '@ai-sdk/deepseek';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createGroq } from '@ai-sdk/groq';
import { createMistral } from '@ai-sdk/mistral';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { createOpenRouter } from '@openrouter/ai-sdk-provider';
import { createOllama } from 'ollama-ai-provider-v2';
import type { SharedRecording } from './read-shared-recording.ts';

/** Builds the model for a recording, served from `origin`. Throws when no package fits. */
export function providerModel(
  recording: SharedRecording,
  model: string,
  origin: string,
): LanguageModelV4 {
  const { folder, file } = recording;
  const endpoint = recording.endpoint ?? '';
  const apiKey = 'replay';
  switch (folder) {
    case 'cerebras':
      if (/pydantic-ai/.test(file))
        return createOpenAI({ apiKey, baseURL: `${origin}/v1` }).chat(model);
      return createCerebras({ apiKey, baseURL: `${origin}/v1` })(model);
    case 'google':
      return createGoogleGenerativeAI({ apiKey, baseURL: `${origin}/v1beta` })(model);
    case 'llamacpp':
      return createOpenAICompatible({ name: 'llamacpp', baseURL: `${origin}/v1` })(model);
    case 'ollama':
      return createOllama({ baseURL: `${origin}/api` })(model);
    case 'openrouter':
      return createOpenRouter({ apiKey, baseURL: `${origin}/api/v1` }).chat(model);
    case 'anthropic':
      return createAnthropic({ apiKey, baseURL: `${origin}/v1` })(model);
    case 'bedrock':
      return createAmazonBedrock({ apiKey, baseURL: origin })(model);
    case 'cohere':
      return createCohere({ apiKey, baseURL: `${origin}/v2` })(model);
    case 'xai':
      // @ai-sdk/xai 5 speaks only the Responses API; these are chat completions from its 4.x tests.
      return createOpenAICompatible({ name: 'xai', baseURL: `${origin}/v1` })(model);
    case 'openai':
      if (
        /responses/.test(endpoint) ||
        /openai-tool-search|reasoning-encrypted|parallel-tool-call|issue-7082|jp\//.test(file)
      ) {
        return createOpenAI({ apiKey, baseURL: `${origin}/v1` }).responses(model);
      }
      return createOpenAI({ apiKey, baseURL: `${origin}/v1` }).chat(model);
    case 'openai-compatible': {
      const name = file.split('/').pop() ?? '';
      if (/api\.groq\.com/.test(endpoint) || name.startsWith('groq-')) {
        return createGroq({ apiKey, baseURL: `${origin}/openai/v1` })(model);
      }
      if (/api\.mistral\.ai/.test(endpoint) || name.startsWith('mistral-')) {
        return createMistral({ apiKey, baseURL: `${origin}/v1` })(model);
      }
      if (/api\.deepseek\.com\/responses/.test(endpoint)) {
        return createOpenAI({ apiKey, baseURL: origin }).responses(model);
      }
      if (name.startsWith('deepseek-')) return createDeepSeek({ apiKey, baseURL: origin })(model);
      return createOpenAICompatible({
        name: name.split('-')[0] ?? 'compatible',
        baseURL: `${origin}/v1`,
      })(model);
    }
    default:
      throw new Error(`no provider package is known for the folder "${folder}"`);
  }
}
