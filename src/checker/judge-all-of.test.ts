import { describe, expect, it } from 'vitest';
import { type CheckArgumentsOptions, checkArguments, judgeArguments } from './check-arguments.ts';

const exact: CheckArgumentsOptions = { leniency: 'exact' };

function messagesOf(schema: unknown, args: unknown, options: CheckArgumentsOptions = exact) {
  return checkArguments(schema, args, options).map(({ message }) => message);
}

describe('allOf', () => {
  const schema = {
    type: 'object',
    allOf: [
      { properties: { name: { type: 'string' } }, required: ['name'] },
      { properties: { age: { type: 'integer' } }, required: ['age'] },
    ],
  };

  it('should pass a value that fits every member', () => {
    expect(checkArguments(schema, { name: 'Ada', age: 36 }, exact)).toEqual([]);
  });

  it('should tell the mismatches of every member', () => {
    expect(messagesOf(schema, { age: 'old' })).toEqual([
      '"name" is required but was not sent.',
      '"age" must be an integer, not text ("old").',
    ]);
  });

  it('should hand a lenient cast one member makes on to the next', () => {
    const cast = { allOf: [{ type: 'integer' }, { enum: [5] }] };
    expect(judgeArguments(cast, '5')).toMatchObject({ mismatches: [], value: 5 });
  });

  it('should let additionalProperties see only its own properties, as JSON Schema does', () => {
    const closed = {
      allOf: [{ properties: { name: { type: 'string' } } }],
      properties: { age: { type: 'integer' } },
      additionalProperties: false,
    };
    expect(messagesOf(closed, { name: 'x', age: 1 })).toEqual([
      '"name" is not an argument of this tool; the accepted names are "age".',
    ]);
    // `unevaluatedProperties` sees the members' properties; it is not judged, and passes.
    const unevaluated = {
      allOf: [{ properties: { a: { type: 'string' } } }],
      properties: { b: { type: 'string' } },
      unevaluatedProperties: false,
    };
    expect(checkArguments(unevaluated, { a: 'x', b: 'y' }, exact)).toEqual([]);
    expect(messagesOf(unevaluated, { a: 1, b: 'y' })).toEqual([
      '"a" must be text, not the number 1.',
    ]);
  });
});

describe('$ref', () => {
  const defs = {
    unit: { enum: ['celsius', 'fahrenheit'] },
    point: {
      type: 'object',
      properties: { x: { type: 'number' }, y: { type: 'number' } },
      required: ['x', 'y'],
    },
  };

  it('should judge the schema a reference names, in $defs and in definitions', () => {
    const schema = {
      type: 'object',
      properties: { unit: { $ref: '#/$defs/unit' }, at: { $ref: '#/definitions/point' } },
      $defs: defs,
      definitions: defs,
    };
    expect(messagesOf(schema, { unit: 'kelvin', at: { x: 1 } })).toEqual([
      '"unit" must be one of "celsius" or "fahrenheit", not "kelvin".',
      '"at.y" is required but was not sent.',
    ]);
    expect(judgeArguments(schema, { unit: 'Celsius', at: { x: '1', y: 2 } }).value).toEqual({
      unit: 'celsius',
      at: { x: 1, y: 2 },
    });
  });

  it('should follow JSON pointers with escapes, anchors and $id', () => {
    const schema = {
      $id: 'https://example.com/tool.json',
      type: 'object',
      properties: {
        a: { $ref: '#/$defs/a~1b' },
        b: { $ref: '#/$defs/percent%25' },
        c: { $ref: '#count' },
        d: { $ref: 'parts/part.json' },
      },
      $defs: {
        'a/b': { type: 'integer' },
        'percent%': { type: 'boolean' },
        count: { $anchor: 'count', type: 'integer' },
        part: { $id: 'parts/part.json', type: 'string' },
      },
    };
    expect(messagesOf(schema, { a: 'x', b: 1, c: 1.5, d: 2 })).toEqual([
      '"a" must be an integer, not text ("x").',
      '"b" must be true or false, not the number 1.',
      '"c" must be an integer, not the number 1.5.',
      '"d" must be text, not the number 2.',
    ]);
  });

  it('should judge a schema that contains itself, at every depth of the value', () => {
    const tree = {
      $defs: {
        node: {
          type: 'object',
          properties: { name: { type: 'string' }, children: { items: { $ref: '#/$defs/node' } } },
          required: ['name'],
          additionalProperties: false,
        },
      },
      $ref: '#/$defs/node',
    };
    const fine = { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] };
    expect(checkArguments(tree, fine, exact)).toEqual([]);
    expect(
      messagesOf(tree, { name: 'a', children: [{ name: 'b', children: [{ nam: 'c' }] }] }),
    ).toEqual([
      '"children[0].children[0].name" is required but was not sent.',
      '"children[0].children[0].nam" is not accepted in "children[0].children[0]"; did you mean "name"?',
    ]);
  });

  it('should judge the keywords beside a $ref as the declared draft says', () => {
    const schema = (draft: string | undefined) => ({
      ...(draft === undefined ? {} : { $schema: draft }),
      $defs: { list: { type: 'array' } },
      properties: { a: { $ref: '#/$defs/list', maxItems: 1, items: { type: 'string' } } },
    });
    const args = { a: [1, 2] };
    expect(messagesOf(schema('https://json-schema.org/draft/2020-12/schema'), args)).toEqual([
      '"a[0]" must be text, not the number 1.',
      '"a[1]" must be text, not the number 2.',
      '"a" must hold at most 1 item, not 2.',
    ]);
    // Draft 7 ignores them; without a declared draft, only what both drafts agree on is judged.
    for (const draft of ['http://json-schema.org/draft-07/schema#', undefined]) {
      expect(checkArguments(schema(draft), args, exact)).toEqual([]);
      expect(messagesOf(schema(draft), { a: 'x' })).toEqual([
        '"a" must be a list, not text ("x").',
      ]);
    }
  });
});
