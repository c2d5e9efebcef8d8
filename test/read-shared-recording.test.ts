import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSharedRecording } from '../scripts/replay/read-shared-recording.ts';

/** Writes `files` (path → text) under a fresh folder and returns it. */
function folderWith(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'recordings-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const jpTool = { type: 'object', properties: { bar: { type: 'string' } }, required: ['bar'] };

describe('readSharedRecording', () => {
  it('should read a jp httpmock file: one answer per document, run_me as declared', () => {
    const request = JSON.stringify({
      model: 'gpt-oss-120b',
      tools: [
        { type: 'function', function: { name: 'run_me', parameters: { type: 'object' } } },
        {
          type: 'function',
          function: { name: 'other', parameters: { type: 'object', properties: {} } },
        },
      ],
    });
    const document = (body: string) =>
      `when:\n  path: /v1/chat/completions\n  json_body_str: '${request}'\nthen:\n  status: 200\n  header:\n    - name: content-type\n      value: text/event-stream\n  body: |+\n    ${body}\n\n`;
    const root = folderWith({
      'cerebras/jp/a.yml': `${document('data: {"a":1}')}---\n${document('data: [DONE]')}`,
    });
    const recording = readSharedRecording(root, 'cerebras/jp/a.yml', { jpTool });
    expect(recording.model).toBe('gpt-oss-120b');
    expect(recording.stream).toBe(true);
    expect(recording.endpoint).toBe('/v1/chat/completions');
    expect(recording.answers.map((answer) => answer.body.trim())).toEqual([
      'data: {"a":1}',
      'data: [DONE]',
    ]);
    expect(recording.tools).toEqual({
      run_me: jpTool,
      other: { type: 'object', properties: {} },
    });
  });

  it('should read a VCR cassette: statuses, parsed and raw bodies, tools of every wire format', () => {
    const cassette = `interactions:
- request:
    uri: https://bedrock-runtime.us-east-1.amazonaws.com/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse
    body: '{"toolConfig": {"tools": [{"toolSpec": {"name": "get_weather", "inputSchema": {"json": {"type": "object"}}}}]}}'
  response:
    headers:
      Content-Type:
      - application/json
    parsed_body:
      stopReason: tool_use
    status:
      code: 400
- request:
    uri: https://generativelanguage.googleapis.com/v1beta/models/gemini-3-flash-preview:streamGenerateContent
    parsed_body:
      tools:
      - functionDeclarations:
        - name: get_file
          parameters_json_schema:
            type: object
  response:
    headers:
      content-type:
      - text/event-stream
    body:
      string: "data: {}\\n\\n"
    status:
      code: 200
`;
    const root = folderWith({ 'bedrock/pydantic-ai/b.yaml': cassette });
    const recording = readSharedRecording(root, 'bedrock/pydantic-ai/b.yaml', { jpTool });
    expect(recording.model).toBe('us.anthropic.claude-sonnet-4-5-20250929-v1:0');
    expect(recording.stream).toBe(true);
    expect(recording.answers).toEqual([
      { status: 400, contentType: 'application/json', body: '{"stopReason":"tool_use"}' },
      { status: 200, contentType: 'text/event-stream', body: 'data: {}\n\n' },
    ]);
    expect(recording.tools).toEqual({
      get_weather: { type: 'object' },
      get_file: { type: 'object' },
    });
  });

  it('should frame chunk lines as SSE, split concatenated responses, and keep lines that are not JSON', () => {
    const chunk = (id: string, content: string) =>
      JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        model: 'm',
        choices: [{ delta: { content } }],
      });
    const root = folderWith({
      'cerebras/vercel-ai/c.chunks.txt': [
        chunk('a', 'x'),
        chunk('a', 'y'),
        chunk('b', 'z'),
        '{"broken":',
      ].join('\n'),
      'bedrock/vercel-ai/d-error.json': '{"message":"no"}',
    });
    const streamed = readSharedRecording(root, 'cerebras/vercel-ai/c.chunks.txt', { jpTool });
    expect(streamed.model).toBe('m');
    expect(streamed.answers).toHaveLength(2);
    expect(streamed.answers[0]?.body).toBe(
      `data: ${chunk('a', 'x')}\n\ndata: ${chunk('a', 'y')}\n\ndata: [DONE]\n\n`,
    );
    expect(streamed.answers[1]?.body).toContain('data: {"broken":\n\n');
    const error = readSharedRecording(root, 'bedrock/vercel-ai/d-error.json', { jpTool });
    expect(error.answers).toEqual([
      { status: 400, contentType: 'application/json', body: '{"message":"no"}' },
    ]);
    expect(error.stream).toBe(false);
  });
});
