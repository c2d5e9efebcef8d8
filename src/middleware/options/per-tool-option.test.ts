import { describe, expect, it } from 'vitest';
import { perToolOption } from './per-tool-option.ts';

describe('perToolOption', () => {
  it("should read a tool's own entry", () => {
    expect(perToolOption({ weather: { unit: 'celsius' } }, 'weather')).toEqual({ unit: 'celsius' });
    expect(perToolOption({ weather: { unit: 'celsius' } }, 'search')).toBeUndefined();
    expect(perToolOption(undefined, 'weather')).toBeUndefined();
  });

  it('should find nothing for a tool named like a member of Object.prototype', () => {
    const table: Record<string, object> = {};
    expect(perToolOption(table, 'constructor')).toBeUndefined();
    expect(perToolOption(table, 'toString')).toBeUndefined();
    expect(perToolOption(table, '__proto__')).toBeUndefined();
  });

  it('should read an own entry named __proto__, as JSON text makes it', () => {
    const table = JSON.parse('{"__proto__": {"unit": "celsius"}}') as Record<string, object>;
    expect(perToolOption(table, '__proto__')).toEqual({ unit: 'celsius' });
  });
});
