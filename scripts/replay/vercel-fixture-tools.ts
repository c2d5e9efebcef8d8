/**
 * The tools the vercel/ai tests declare for their fixtures, which store only the answers (the
 * schemas live in the test code). Written from those tests and from SOURCES.md; a fixture not
 * listed here and echoing no tools cannot be replayed, and its row says so.
 */
const object = (properties: Record<string, unknown>, required = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});
const text = { type: 'string' };
const noParameters = object({});

const weather = { weather: object({ location: text }) };

export const vercelFixtureTools: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  'issue-15789-step-1.chunks.txt': { weather: noParameters },
  'parallel-tool-call-wrapper.1.json': {
    weather: object({ location: text }),
    cityAttractions: object({ city: text }),
  },
  'parallel-tool-call-wrapper.1.chunks.txt': {
    weather: object({ location: text }),
    cityAttractions: object({ city: text }),
  },
  'xai-tool-call.json': weather,
  'xai-tool-call.chunks.txt': weather,
  'anthropic-fallback-tool-call.sse': { read_file: object({ path: text }) },
  'groq-tool-call.json': weather,
  'groq-tool-call.chunks.txt': weather,
  'mistral-incremental-tool-call.chunks.txt': { webSearchTool: object({ query: text }) },
  'mistral-tool-call.json': weather,
  'mistral-tool-call.chunks.txt': weather,
  'deepseek-tool-call.json': weather,
  'deepseek-tool-call.chunks.txt': weather,
  'cerebras-structured-output-tools.1.json': { nonUsefulTool: noParameters },
  'cerebras-structured-output-tools.2.json': { nonUsefulTool: noParameters },
  'cererebras-structured-output-tools.1.chunks.txt': { nonUsefulTool: noParameters },
  'google-tool-call.json': weather,
  'google-tool-call.chunks.txt': weather,
  'google-stream-tool-call-arguments.chunks.txt': { getWeather: object({ location: text }) },
  'google-stream-tool-call-array-arguments-missing-terminal-function-call.chunks.txt': {
    writeItems: object({ operations: { type: 'array', items: { type: 'object' } } }),
  },
  'google-vertex-stream-tool-call-arguments-nested.1.chunks.txt': {
    cookRecipe: object({ recipe: { type: 'object' } }),
  },
  'google-stream-no-args-tool-call.chunks.txt': {
    read_theme: noParameters,
    read_screen: { type: 'object' },
  },
  'google-strict-forced-tool-choice-any.json': {
    createMeeting: object({ title: text, startTime: text }),
  },
  'amazon-bedrock-strict-open-schema-error.json': weather,
  'issue-18199-sonnet-5-strict-error.json': weather,
  'issue-17197-max-items-error.json': weather,
  'bedrock-opus-4-7-strict-tool-live.json': { report_result: object({ value: text }) },
  'anthropic-root-union-tool-schema-error.json': {
    lookup: {
      oneOf: [object({ id: text }), object({ name: text })],
    },
  },
  'anthropic-issue-11719-quoted-tool-input.json': {
    website_update: object({
      website_path: text,
      tasks: {
        type: 'array',
        items: object({ description: text, type: text, passes: { type: 'boolean' } }),
      },
    }),
  },
  'anthropic-issue-11719-quoted-tool-input.chunks.txt': {
    website_update: object({
      website_path: text,
      tasks: {
        type: 'array',
        items: object({ description: text, type: text, passes: { type: 'boolean' } }),
      },
    }),
  },
  'cohere-null-args.json': { currentTime: noParameters },
  'cohere-empty-tool-call.chunks.txt': { currentTime: noParameters },
};

/**
 * Models for fixtures that record none, chosen as the fixture's test does; for the Bedrock error
 * bodies, a model the SDK sends `strict` to, so the gate's answer to the error shows.
 */
export const vercelFixtureModels: Readonly<Record<string, string>> = {
  'amazon-bedrock-strict-open-schema-error.json': 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
  'issue-18199-sonnet-5-strict-error.json': 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
  'issue-17197-max-items-error.json': 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
  'bedrock-opus-4-7-strict-tool-live.json': 'us.anthropic.claude-opus-4-7',
  'anthropic-root-union-tool-schema-error.json': 'claude-sonnet-4-6',
  'anthropic-fallback-tool-call.sse': 'claude-haiku-4-5',
  'mistral-incremental-tool-call.chunks.txt': 'zai-glm-5-2',
  'cohere-null-args.json': 'command-a-03-2025',
  'parallel-tool-call-wrapper.1.chunks.txt': 'gpt-5.4',
  'cohere-empty-tool-call.chunks.txt': 'command-a-03-2025',
};
