import { describe, expect, it } from 'vitest';
import { schemaDefaultOf } from './schema-default-of.ts';

describe('schemaDefaultOf', () => {
  it('should tell a default that fits from one that is absent, null or does not fit', () => {
    expect(schemaDefaultOf({ type: 'integer', default: 3 })).toEqual({ kind: 'fits', value: 3 });
    expect(schemaDefaultOf({ type: 'integer' })).toEqual({ kind: 'absent' });
    expect(schemaDefaultOf(true)).toEqual({ kind: 'absent' });
    expect(schemaDefaultOf({ type: 'integer', default: null })).toEqual({ kind: 'null' });
    expect(schemaDefaultOf({ type: 'integer', default: '3' })).toEqual({ kind: 'unfit' });
    expect(schemaDefaultOf({ type: 'array', default: [1n] })).toEqual({ kind: 'unfit' });
    expect(schemaDefaultOf({ type: 'string', maxLength: 2, default: 'abc' })).toEqual({
      kind: 'unfit',
    });
  });
});
