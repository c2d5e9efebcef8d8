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
 * stream out, so it also fits a Next.js route (examples/next-route has one) or a Worker.
 */
export async function handleChat(request: Request): Promise<Response> {
  const { messages } = (await request.json()) as { messages: UIMessage[] };
  const result = streamText({
    model: wrapLanguageModel({ model: chatModel(messages), middleware: gate.middleware }),
    // The tools, wrapped, and the repair step that makes a refused call's error text in the UI
    // exactly the gate's answer.
    ...gate.toolSettings(),
    messages: await convertToModelMessages(messages),
    stopWhen: isStepCount(5),
  });
  return result.toUIMessageStreamResponse();
}
