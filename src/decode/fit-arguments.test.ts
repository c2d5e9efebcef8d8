import { describe, expect, it } from 'vitest';
import { fitArguments } from './fit-arguments.ts';

describe('fitArguments', () => {
  const judged = {
    type: 'object',
    properties: { a: { type: 'string' }, n: { type: 'array', items: { type: 'integer' } } },
    required: ['a'],
    additionalProperties: false,
  };

  it('should say whether arguments fit, judged completely', () => {
    expect(fitArguments(judged, { a: 'x', n: [1] }, { leniency: 'exact' })).toEqual({
      fits: true,
      complete: true,
    });
    expect(fitArguments(judged, { a: 1 }, { leniency: 'exact' }).fits).toBe(false);
    expect(fitArguments(judged, { a: 'x', b: 1 }, { leniency: 'exact' }).fits).toBe(false);
  });

  it('should follow the leniency asked for', () => {
    expect(fitArguments(judged, { a: 'x', n: ['1'] }, { leniency: 'exact' }).fits).toBe(false);
    expect(fitArguments(judged, { a: 'x', n: ['1'] }, { leniency: 'lenient' }).fits).toBe(true);
  });

  it('should call a fit incomplete where the value meets a node the checker skips', () => {
    const schema = {
      type: 'object',
      properties: { u: { anyOf: [{ type: 'string' }, { type: 'number' }] }, s: { type: 'string' } },
    };
    expect(fitArguments(schema, { u: true, s: 'x' }, { leniency: 'exact' })).toEqual({
      fits: true,
      complete: false,
    });
    // A value that does not reach the skipped node is judged completely.
    expect(fitArguments(schema, { s: 'x' }, { leniency: 'exact' })).toEqual({
      fits: true,
      complete: true,
    });
    expect(fitArguments({ $ref: '#/x' }, {}, { leniency: 'exact' }).complete).toBe(false);
  });
});
