import { jsonSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { openaiProfile } from '../../decode/provider-profiles.ts';
import { toolGate } from '../tool-gate.ts';
import type { ToolGateOptions } from './gate-options.ts';
import { InvalidGateOptionError } from './invalid-gate-option-error.ts';
import type { ParameterOverride } from './tool-overrides.ts';

/**
 * The option types turn the commonest typos into compile errors (checked by `tsc --noEmit`, which
 * reads this file); each line that compiles only with `@ts-expect-error` is also refused at run
 * time, for apps without types.
 */

const search = tool({
  inputSchema: jsonSchema<{ query: string; scope?: string }>({
    type: 'object',
    properties: { query: { type: 'string' }, scope: { type: 'string' } },
    required: ['query'],
  }),
});
const tools = { search };

function refused(options: ToolGateOptions<typeof tools>): boolean {
  try {
    toolGate(options);
  } catch (error) {
    return InvalidGateOptionError.isInstance(error);
  }
  return false;
}

describe('ToolGateOptions', () => {
  it('should accept built-in profile names and profile objects', () => {
    const accepted: Array<ToolGateOptions<typeof tools>> = [
      { strict: 'anthropic' },
      { strict: 'auto' },
      { strict: false },
      { strict: { ...openaiProfile, maxProperties: 100 } },
      { profiles: { 'my.chat': 'openai', 'other.chat': openaiProfile } },
    ];
    for (const options of accepted) expect(refused(options)).toBe(false);
  });

  it('should refuse a misspelt profile name, at compile time and at run time', () => {
    // @ts-expect-error: not a built-in profile name
    expect(refused({ strict: 'antropic' })).toBe(true);
    // @ts-expect-error: not a built-in profile name
    expect(refused({ profiles: { 'my.chat': 'opneai' } })).toBe(true);
  });

  it('should refuse overrides that are not { enum } or { value }', () => {
    // @ts-expect-error: both enum and value
    const both: ParameterOverride = { enum: ['a'], value: 'a' };
    // @ts-expect-error: neither
    const neither: ParameterOverride = {};
    // @ts-expect-error: a misspelt key
    const misspelt: ParameterOverride = { enums: ['a'] };
    for (const override of [both, neither, misspelt]) {
      expect(refused({ tools, overrides: { search: { scope: override } } })).toBe(true);
    }
  });

  it('should take newParameter beside enum or value', () => {
    const added: ParameterOverride = { value: 'eu', newParameter: true };
    expect(refused({ tools, overrides: { search: { region: added } } })).toBe(false);
    expect(refused({ tools, overrides: { search: { region: { value: 'eu' } } } })).toBe(true);
  });
});
