import { createMCPClient as createRealClient } from '@ai-sdk/mcp';

/** MCP clients a snippet opened and has not closed yet. */
export const openClients = new Set<object>();

/** `@ai-sdk/mcp`'s `createMCPClient`, counting the clients a snippet leaves open. */
export async function createMCPClient(config: Parameters<typeof createRealClient>[0]) {
  const client = await createRealClient(config);
  openClients.add(client);
  const close = client.close.bind(client);
  client.close = async () => {
    openClients.delete(client);
    await close();
  };
  return client;
}
