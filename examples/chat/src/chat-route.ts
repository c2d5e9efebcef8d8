import {
  convertToModelMessages,
  isStepCount,
  streamText,
  type UIMessage,
  wrapLanguageModel,
} from 'ai';
import { toolGate } from 'toolgate';
import { chatModel } from './chat-model.ts';
import { getWeather } from './weather-tool.ts';

const gate = toolGate({ tools: { get_weather: getWeather } });

/**
 * POST /api/chat: the whole server side of the chat. A web `Request` in, the AI SDK's UI message
 * stream out, so it also fits a Next.js route (`export const POST = handleChat`) or a Worker.
 */
export async function handleChat(request: Request): Promise<Response> {
  const { messages } = (await request.json()) as { messages: UIMessage[] };
  const result = streamText({
    model: wrapLanguageModel({ model: chatModel(), middleware: gate.middleware }),
    tools: gate.tools,
    // Refused calls then carry exactly the gate's answer as their error text in the UI.
    repairToolCall: gate.repairToolCall(),
    messages: await convertToModelMessages(messages),
    stopWhen: isStepCount(5),
  });
  return result.toUIMessageStreamResponse();
}
