import { dynamicTool, jsonSchema, type Tool, type ToolSet, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { toolGate } from '../tool-gate.ts';

const schema = () =>
  jsonSchema<{ path: string }>({
    type: 'object',
    properties: { path: { type: 'string' } },
    required: ['path'],
    additionalProperties: false,
  });

const readFile = () => dynamicTool({ inputSchema: schema(), execute: async () => 'contents' });

// An object literal, as an app writes its tools, and a set without a prototype, as `@ai-sdk/mcp`
// makes one: the gate builds its copy of each differently.
describe.each([
  ['an object literal', (): ToolSet => ({})],
  ['a set without a prototype', (): ToolSet => Object.create(null)],
])('wrapTools of %s', (_kind, emptySet) => {
  it('should wrap every tool under its name, in order, keeping the rest of each tool', () => {
    const tools = emptySet();
    for (let index = 0; index < 100; index++) tools[`tool_${index}`] = readFile();
    tools.weather = tool({
      description: 'Weather.',
      inputSchema: schema(),
      execute: async () => 1,
    });

    const wrapped = toolGate().wrapTools(tools);

    expect(Object.getPrototypeOf(wrapped)).toBe(Object.prototype);
    expect(Object.keys(wrapped)).toEqual(Object.keys(tools));
    for (const name of Object.keys(tools)) {
      const original = tools[name] as Tool;
      const gated = wrapped[name] as Tool;
      expect(gated).not.toBe(original);
      expect(gated.inputSchema).not.toBe(original.inputSchema);
      expect(gated.execute).not.toBe(original.execute);
      expect(gated.type).toBe(original.type);
      expect(gated.description).toBe(original.description);
    }
  });

  it('should keep a tool named __proto__ as a tool of the set, not its prototype', () => {
    // As `JSON.parse` or a computed key makes it: an own property.
    const protoTool = readFile();
    const tools = emptySet();
    Object.defineProperty(tools, '__proto__', {
      value: protoTool,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    tools.other = readFile();

    const wrapped = toolGate().wrapTools(tools);

    expect(Object.getPrototypeOf(wrapped)).toBe(Object.prototype);
    expect(Object.keys(wrapped)).toEqual(['__proto__', 'other']);
    const gated = Object.getOwnPropertyDescriptor(wrapped, '__proto__')?.value as Tool;
    expect(gated.inputSchema).not.toBe(protoTool.inputSchema);
  });

  it('should read each tool of the set once', () => {
    let reads = 0;
    const tools = Object.defineProperty(emptySet(), 'read_file', {
      enumerable: true,
      get: () => {
        reads++;
        return readFile();
      },
    }) as ToolSet;

    const wrapped = toolGate().wrapTools(tools);

    expect(reads).toBe(1);
    expect(Object.keys(wrapped)).toEqual(['read_file']);
    expect(Object.getOwnPropertyDescriptor(wrapped, 'read_file')).toHaveProperty('value');
  });
});
