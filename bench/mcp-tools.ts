import { dynamicTool, jsonSchema, type ToolSet } from 'ai';

/** 100 tool listings in the shapes MCP servers publish: files, issues, queries, charts, browsers. */
export function mcpListing({ count = 100 }: { count?: number } = {}): string {
  const shapes: Array<(index: number) => Record<string, unknown>> = [
    (index) => ({
      type: 'object',
      properties: {
        path: { type: 'string', description: `Path of the file to read (${index}).` },
        head: { type: 'number', description: 'Only the first N lines.' },
        tail: { type: 'number', description: 'Only the last N lines.' },
      },
      required: ['path'],
      additionalProperties: false,
      $schema: 'http://json-schema.org/draft-07/schema#',
    }),
    (index) => ({
      type: 'object',
      properties: {
        owner: { type: 'string', description: 'Repository owner.' },
        repo: { type: 'string', description: 'Repository name.' },
        title: { type: 'string', description: `Issue title (${index}).` },
        body: { type: 'string' },
        assignees: { type: 'array', items: { type: 'string' } },
        labels: { type: 'array', items: { type: 'string' } },
        milestone: { type: 'number' },
      },
      required: ['owner', 'repo', 'title'],
      additionalProperties: false,
      $schema: 'http://json-schema.org/draft-07/schema#',
    }),
    (index) => ({
      type: 'object',
      properties: {
        sql: { type: 'string', description: `The query to run (${index}).` },
        params: { type: 'array', items: { type: ['string', 'number', 'boolean', 'null'] } },
        limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
        readOnly: { type: 'boolean', default: true },
      },
      required: ['sql'],
      additionalProperties: false,
    }),
    (index) => ({
      type: 'object',
      properties: {
        data: {
          type: 'array',
          description: `Rows to chart (${index}).`,
          items: {
            type: 'object',
            properties: {
              category: { type: 'string' },
              value: { type: 'number' },
              group: { type: 'string' },
            },
            required: ['category', 'value'],
            additionalProperties: false,
          },
          minItems: 1,
        },
        title: { type: 'string', default: '' },
        theme: { type: 'string', enum: ['default', 'academy', 'dark'], default: 'default' },
        width: { type: 'number', default: 600 },
        height: { type: 'number', default: 400 },
      },
      required: ['data'],
      additionalProperties: false,
    }),
    (index) => ({
      type: 'object',
      properties: {
        url: { type: 'string', format: 'uri', description: `Page to open (${index}).` },
        waitFor: { type: 'string', enum: ['load', 'domcontentloaded', 'networkidle'] },
        timeout: { type: 'integer', minimum: 0 },
        viewport: {
          type: 'object',
          properties: { width: { type: 'integer' }, height: { type: 'integer' } },
          required: ['width', 'height'],
          additionalProperties: false,
        },
      },
      required: ['url'],
      additionalProperties: false,
    }),
  ];
  const tools = Array.from({ length: count }, (_, index) => ({
    name: `tool_${index}`,
    description: `MCP tool number ${index}.`,
    inputSchema: (shapes[index % shapes.length] as (index: number) => Record<string, unknown>)(
      index,
    ),
  }));
  return JSON.stringify({ tools });
}

/** What `await mcp.tools()` gives each turn: new objects of the same content. */
export function toolsOfListing(listing: string): ToolSet {
  const { tools } = JSON.parse(listing) as {
    tools: Array<{ name: string; description: string; inputSchema: Record<string, unknown> }>;
  };
  const set: ToolSet = {};
  for (const { name, description, inputSchema } of tools) {
    set[name] = dynamicTool({
      description,
      inputSchema: jsonSchema(inputSchema),
      execute: async () => ({ content: [{ type: 'text', text: 'ok' }] }),
    });
  }
  return set;
}
