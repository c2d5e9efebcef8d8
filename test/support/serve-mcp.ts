import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** What an MCP server (the SDK's `McpServer` or its low-level `Server`) offers a transport. */
type ConnectableServer = {
  connect(transport: StreamableHTTPServerTransport): Promise<void>;
  close(): Promise<void>;
};

/**
 * A real MCP server over stateless Streamable HTTP on 127.0.0.1, as the SDK's stateless example
 * runs one: each HTTP request gets a fresh server from `build` (so a test may change what it lists
 * between requests).
 */
export async function serveMcp(build: () => ConnectableServer): Promise<{
  url: URL;
  close: () => Promise<void>;
}> {
  const server = createServer(async (request, response) => {
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    const mcp = build();
    response.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`),
    close: () => {
      // Clients a test left open would keep the server from closing.
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
