import { describe, expect, it } from 'vitest';
import { type CheckArgumentsOptions, checkArguments, judgeArguments } from './check-arguments.ts';

const exact: CheckArgumentsOptions = { leniency: 'exact' };

function messagesOf(schema: unknown, args: unknown, options: CheckArgumentsOptions = exact) {
  return checkArguments(schema, args, options).map(({ code, message }) => `[${code}] ${message}`);
}

/** A schema with one property `a` of the given schema. */
function withA(schema: unknown): Record<string, unknown> {
  return { type: 'object', properties: { a: schema } };
}

const textOrInteger = withA({ anyOf: [{ type: 'string' }, { type: 'integer' }] });

const shape = withA({
  oneOf: [
    {
      type: 'object',
      properties: { kind: { const: 'circle' }, radius: { type: 'number' } },
      required: ['kind', 'radius'],
    },
    {
      type: 'object',
      properties: { kind: { const: 'square' }, side: { type: 'number' } },
      required: ['kind', 'side'],
    },
  ],
});

describe('anyOf', () => {
  it('should pass a value that fits one branch', () => {
    for (const a of ['x', 5]) expect(checkArguments(textOrInteger, { a }, exact)).toEqual([]);
  });

  it('should name every branch when the value is of a kind none admits', () => {
    expect(messagesOf(textOrInteger, { a: true })).toEqual([
      '[type] "a" must be text or an integer, not true.',
    ]);
    expect(messagesOf(textOrInteger, { a: null })).toEqual([
      '[null] "a" must be text or an integer, not null; leave it out instead of sending null.',
    ]);
    expect(messagesOf({ ...textOrInteger, required: ['a'] }, { a: null })).toEqual([
      '[null] "a" must be text or an integer, not null.',
    ]);
  });

  it('should say what the value must be when each branch refuses it as a whole', () => {
    const schema = withA({ anyOf: [{ enum: ['x', 'y'] }, { type: 'integer' }] });
    expect(messagesOf(schema, { a: 'z' })).toEqual([
      '[union] "a" must be one of "x" or "y" or an integer, not "z".',
    ]);
  });

  it('should tell the mismatches of the branch the value comes closest to', () => {
    const nullableList = withA({
      anyOf: [{ type: 'array', items: { type: 'integer' } }, { type: 'null' }],
    });
    expect(messagesOf(nullableList, { a: [1, 'x'] })).toEqual([
      '[type] "a[1]" must be an integer, not text ("x").',
    ]);
    const objects = withA({
      anyOf: [
        { type: 'object', properties: { x: { type: 'string' } }, required: ['x', 'y', 'z'] },
        { type: 'object', properties: { x: { type: 'integer' } }, required: ['x'] },
      ],
    });
    expect(messagesOf(objects, { a: { x: 'text' } })).toEqual([
      '[type] "a.x" must be an integer, not text ("text").',
    ]);
  });

  it('should hand on the value as a branch it fits exactly has it, before any cast', () => {
    const castable = withA({ anyOf: [{ type: 'integer' }, { type: 'string' }] });
    expect(judgeArguments(castable, { a: '5' }).value).toEqual({ a: '5' });
    const integerOrBoolean = withA({ anyOf: [{ type: 'integer' }, { type: 'boolean' }] });
    expect(judgeArguments(integerOrBoolean, { a: '5' }).value).toEqual({ a: 5 });
    expect(judgeArguments(integerOrBoolean, { a: 'true' }).value).toEqual({ a: true });
    expect(messagesOf(integerOrBoolean, { a: '5' })).toEqual([
      '[type] "a" must be an integer or true or false, not text ("5").',
    ]);
  });

  it('should cast inside a branch, and hand the cast value on', () => {
    const schema = withA({
      anyOf: [
        { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
        { type: 'null' },
      ],
    });
    expect(judgeArguments(schema, { a: { n: '7' } })).toMatchObject({
      mismatches: [],
      value: { a: { n: 7 } },
    });
  });
});

describe('oneOf', () => {
  it('should pass a value that fits exactly one branch', () => {
    expect(checkArguments(shape, { a: { kind: 'circle', radius: 2 } }, exact)).toEqual([]);
  });

  it('should judge the branch a discriminating property names', () => {
    expect(messagesOf(shape, { a: { kind: 'circle', radius: 'big' } })).toEqual([
      '[type] "a.radius" must be a number, not text ("big").',
    ]);
    expect(messagesOf(shape, { a: { kind: 'triangle', side: 1 } })).toEqual([
      '[enum] "a.kind" must be one of "circle" or "square", not "triangle".',
    ]);
    expect(messagesOf(shape, { a: 'circle' })).toEqual([
      '[type] "a" must be an object, not text ("circle").',
    ]);
  });

  it('should refuse a value that fits more than one branch, judged in full', () => {
    const exclusive = withA({
      oneOf: [
        { type: 'object', properties: { page: { type: 'string' } }, required: ['page'] },
        { type: 'object', properties: { database: { type: 'string' } }, required: ['database'] },
      ],
    });
    expect(messagesOf(exclusive, { a: { page: 'p', database: 'd' } })).toEqual([
      '[ambiguous] "a" must fit exactly one of its alternatives, not 2 of them.',
    ]);
    expect(messagesOf({ oneOf: [{ type: 'object' }, { required: ['x'] }] }, { x: 1 })).toEqual([
      '[ambiguous] The arguments must fit exactly one of their alternatives, not 2 of them.',
    ]);
  });

  it('should never count a branch it does not judge in full toward more than one', () => {
    const formats = withA({
      oneOf: [
        { type: 'string', format: 'email' },
        { type: 'string', format: 'uri' },
      ],
    });
    for (const options of [exact, {}]) {
      expect(checkArguments(formats, { a: 'x@example.com' }, options)).toEqual([]);
    }
    const remote = withA({ oneOf: [{ $ref: 'https://example.com/a.json' }, { type: 'string' }] });
    expect(checkArguments(remote, { a: 'x' }, exact)).toEqual([]);
  });

  it('should hand on a cast value only when it then fits a single branch', () => {
    const overlapping = withA({ oneOf: [{ type: 'integer' }, { type: 'number', enum: [5] }] });
    expect(messagesOf(overlapping, { a: '5' }, {})).toEqual([
      '[ambiguous] "a" must fit exactly one of its alternatives, not 2 of them.',
    ]);
    expect(judgeArguments(overlapping, { a: '6' }).value).toEqual({ a: 6 });
  });
});
