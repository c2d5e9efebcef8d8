/**
 * The MCP turn of `gate.bench.ts` through the real parts an app has: a tool listing served by an
 * MCP server from `@modelcontextprotocol/sdk`, fetched anew every turn by an `@ai-sdk/mcp` client
 * (in memory), and the real OpenAI Responses provider, which builds each request (every tool's
 * schema normalized and serialized) and parses each answer; only `fetch` is answered in-process.
 */
import { readFileSync } from 'node:fs';
import { createMCPClient, type MCPClient } from '@ai-sdk/mcp';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js';

/** A connected client of a server that lists the tools of `listing` (see `mcp-tools.ts`). */
export async function connectMcpClient(
  listing: string,
): Promise<{ client: MCPClient; close: () => Promise<void> }> {
  const { tools } = JSON.parse(listing) as { tools: McpTool[] };
  const server = new Server({ name: 'bench', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async () => ({
    content: [{ type: 'text', text: 'ok' }],
  }));
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = await createMCPClient({ transport: clientTransport });
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

type ResponsesBody = { output: unknown[]; tools: unknown[] };

/**
 * `gpt-5-mini` on the Responses API, answered as the recorded exchange of
 * `recordings/openai-responses-refused-then-corrected-json.json` answers (its bodies, with the
 * output replaced): a call of `toolName` first, text once a tool result is in the request.
 */
export function responsesModel(toolName: string, input: unknown): LanguageModelV4 {
  const recording = JSON.parse(
    readFileSync(
      new URL('../recordings/openai-responses-refused-then-corrected-json.json', import.meta.url),
      'utf8',
    ),
  ) as { exchanges: Array<{ response: { body: ResponsesBody } }> };
  const [first] = recording.exchanges;
  const last = recording.exchanges.at(-1);
  if (first === undefined || last === undefined) throw new Error('the recording has no exchange');
  const callAnswer = JSON.stringify({
    ...first.response.body,
    tools: [],
    output: [
      {
        id: 'fc_1',
        type: 'function_call',
        status: 'completed',
        arguments: JSON.stringify(input),
        call_id: 'call_1',
        name: toolName,
      },
    ],
  });
  const textAnswer = JSON.stringify({ ...last.response.body, tools: [] });
  const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
    const answered = String(init?.body).includes('"function_call_output"');
    return new Response(answered ? textAnswer : callAnswer, {
      headers: { 'content-type': 'application/json' },
    });
  };
  return createOpenAI({ apiKey: 'bench', fetch }).responses('gpt-5-mini');
}
