import { describe, expect, it } from 'vitest';
import { prepareSchema } from '../schema/prepare-schema.ts';
import { createCheckState } from './check-state.ts';
import { checkValue, refusesNull, reportNull } from './check-value.ts';

const nodeOf = (schema: unknown) => prepareSchema(schema).root;

describe('refusesNull', () => {
  describe('nodes that refuse null', () => {
    it('should refuse null for a declared type without null, an enum without null, or false', () => {
      for (const schema of [
        false,
        { type: 'string' },
        { type: ['integer', 'boolean'] },
        { enum: ['a', 'b'] },
        { const: 'a' },
        { type: 'object', properties: {} },
      ]) {
        expect(refusesNull(nodeOf(schema))).toBe(true);
      }
    });
  });

  describe('nodes that admit null', () => {
    it('should admit null when declared, undeclared, nullable, an enum member, or not judged', () => {
      for (const schema of [
        true,
        {},
        { type: 'null' },
        { type: ['string', 'null'] },
        { type: 'string', nullable: true },
        { enum: ['a', null] },
        { const: null },
        { anyOf: [{ type: 'string' }] },
        { type: 'date' },
        { items: { type: 'string' } },
      ]) {
        expect(refusesNull(nodeOf(schema))).toBe(false);
      }
    });
  });
});

describe('reportNull', () => {
  describe('expected', () => {
    it('should say what the node allows instead', () => {
      const state = createCheckState({ leniency: 'exact', maxMismatches: 10 });
      reportNull(nodeOf({ type: 'integer' }), state, false, 'a');
      reportNull(nodeOf({ enum: [1, 2] }), state, true, 'b');
      expect(state.mismatches.map((mismatch) => [mismatch.expected, mismatch.message])).toEqual([
        ['an integer', '"a" must be an integer, not null.'],
        [
          'one of 1 or 2',
          '"b" must be one of 1 or 2, not null; leave it out instead of sending null.',
        ],
      ]);
    });
  });
});

describe('checkValue', () => {
  describe('depth', () => {
    it('should stop judging past the schema depth limit', () => {
      const state = createCheckState({ leniency: 'exact', maxMismatches: 10 });
      checkValue(nodeOf({ type: 'string' }), 5, state, 257);
      expect(state.mismatchCount).toBe(0);
      checkValue(nodeOf({ type: 'string' }), 5, state, 256);
      expect(state.mismatchCount).toBe(1);
    });
  });

  describe('values that are not JSON', () => {
    it('should refuse them where a type is declared, and pass them where none is', () => {
      const state = createCheckState({ leniency: 'lenient', maxMismatches: 10 });
      checkValue(nodeOf({ type: 'string' }), () => 1, state, 0);
      checkValue(nodeOf({}), Symbol('s'), state, 0);
      expect(state.mismatches.map((mismatch) => mismatch.message)).toEqual([
        'The arguments must be text, not a value that is not JSON.',
      ]);
    });
  });
});
