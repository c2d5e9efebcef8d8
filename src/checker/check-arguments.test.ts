import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { typeKeyword } from '../../test/support/checker-differential.ts';
import { PreparedStore } from '../store/prepared-store.ts';
import {
  type CheckArgumentsOptions,
  checkArguments,
  fitArguments,
  type JudgeArgumentsOptions,
  judgeArguments,
} from './check-arguments.ts';
import { checkTurn } from './check-turn.ts';
import { CheckerError } from './checker-error.ts';

const exact: CheckArgumentsOptions = { leniency: 'exact' };
const bothModes: ReadonlyArray<CheckArgumentsOptions> = [{ leniency: 'lenient' }, exact];

function messagesOf(schema: unknown, args: unknown, options?: CheckArgumentsOptions): string[] {
  return checkArguments(schema, args, options).map((mismatch) => mismatch.message);
}

/** An object schema with the given properties. */
function objectSchema(
  properties: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { type: 'object', properties, ...extra };
}

/** A schema with one property `a` of the given schema. */
function withA(schema: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return objectSchema({ a: schema }, extra);
}

describe('checkArguments', () => {
  describe('arguments that fit', () => {
    it('should return an empty list when every argument fits', () => {
      const schema = objectSchema(
        {
          city: { type: 'string' },
          days: { type: 'integer' },
          unit: { enum: ['celsius', 'fahrenheit'] },
          tags: { type: 'array', items: { type: 'string' } },
          options: objectSchema({ verbose: { type: 'boolean' } }, { additionalProperties: false }),
        },
        { required: ['city'], additionalProperties: false },
      );
      const args = {
        city: 'Paris',
        days: 3,
        unit: 'celsius',
        tags: ['a', 'b'],
        options: { verbose: true },
      };
      for (const options of bothModes) expect(checkArguments(schema, args, options)).toEqual([]);
    });

    it('should return the mismatch as data with its sentence', () => {
      expect(
        checkArguments(withA({ enum: ['celsius', 'fahrenheit'] }), { a: 'kelvin' }),
      ).toMatchInlineSnapshot(`
        [
          {
            "code": "enum",
            "expected": "one of "celsius" or "fahrenheit"",
            "message": ""a" must be one of "celsius" or "fahrenheit", not "kelvin".",
            "path": [
              "a",
            ],
            "received": ""kelvin"",
          },
        ]
      `);
    });
  });

  describe('missing required arguments', () => {
    it('should refuse a missing required argument', () => {
      const schema = withA({ type: 'string' }, { required: ['a'] });
      for (const options of bothModes) {
        expect(checkArguments(schema, {}, options)).toEqual([
          {
            code: 'missing',
            path: ['a'],
            expected: 'a value',
            received: '',
            message: '"a" is required but was not sent.',
          },
        ]);
      }
    });

    it('should count an undefined value as missing', () => {
      expect(messagesOf(withA({}, { required: ['a'] }), { a: undefined })).toEqual([
        '"a" is required but was not sent.',
      ]);
    });

    it('should refuse a required name the schema does not describe', () => {
      expect(messagesOf({ type: 'object', required: ['a', 'b'] }, { a: 1 })).toEqual([
        '"b" is required but was not sent.',
      ]);
    });

    it('should refuse each missing name once, even when listed twice', () => {
      expect(messagesOf({ type: 'object', required: ['a', 'a'] }, {})).toEqual([
        '"a" is required but was not sent.',
      ]);
    });

    it('should refuse a missing argument inside a nested object with its path', () => {
      const schema = objectSchema({ options: objectSchema({}, { required: ['level'] }) });
      expect(messagesOf(schema, { options: {} })).toEqual([
        '"options.level" is required but was not sent.',
      ]);
    });

    it('should refuse a missing argument inside each item of a list', () => {
      const schema = objectSchema({
        people: { type: 'array', items: objectSchema({}, { required: ['name'] }) },
      });
      expect(messagesOf(schema, { people: [{ name: 'a' }, {}, { name: 'c' }, {}] })).toEqual([
        '"people[1].name" is required but was not sent.',
        '"people[3].name" is required but was not sent.',
      ]);
    });

    it('should only look at own properties', () => {
      expect(messagesOf({ type: 'object', required: ['toString'] }, {})).toEqual([
        '"toString" is required but was not sent.',
      ]);
      const base = Object.create(null) as Record<string, unknown>;
      base.a = 1;
      const inherited = Object.create(base) as object;
      expect(messagesOf({ type: 'object', required: ['a'] }, inherited)).toEqual([
        '"a" is required but was not sent.',
      ]);
    });

    it('should not ask for required names when the value is not an object', () => {
      expect(messagesOf({ required: ['a'] }, 'text')).toEqual([]);
      expect(messagesOf({ required: ['a'] }, [1, 2])).toEqual([]);
    });
  });

  describe('null', () => {
    it('should refuse null for a required argument whose schema declares types without null', () => {
      const schema = withA({ type: 'string' }, { required: ['a'] });
      for (const options of bothModes) {
        expect(messagesOf(schema, { a: null }, options)).toEqual(['"a" must be text, not null.']);
      }
    });

    it('should pass null for an optional argument in lenient mode', () => {
      expect(checkArguments(withA({ type: 'string' }), { a: null })).toEqual([]);
      expect(checkArguments(withA({ enum: ['x', 'y'] }), { a: null })).toEqual([]);
      expect(checkArguments(withA(objectSchema({}, { required: ['b'] })), { a: null })).toEqual([]);
    });

    it('should refuse null for an optional argument in exact mode, advising to leave it out', () => {
      expect(checkArguments(withA({ type: 'integer' }), { a: null }, exact)).toEqual([
        {
          code: 'null',
          path: ['a'],
          expected: 'an integer',
          received: 'null',
          message: '"a" must be an integer, not null; leave it out instead of sending null.',
        },
      ]);
    });

    it('should refuse null for an optional argument limited to an enum in exact mode', () => {
      expect(messagesOf(withA({ enum: ['c', 'f'] }), { a: null }, exact)).toEqual([
        '"a" must be one of "c" or "f", not null; leave it out instead of sending null.',
      ]);
      expect(messagesOf(withA({ const: 'c' }), { a: null }, exact)).toEqual([
        '"a" must be "c", not null; leave it out instead of sending null.',
      ]);
    });

    it('should pass null in exact mode when the schema admits it', () => {
      const admitting = [
        {},
        true,
        { type: ['string', 'null'] },
        { type: 'null' },
        { type: 'string', nullable: true },
        { enum: ['c', null] },
        { const: null },
      ];
      for (const schema of admitting) {
        expect(checkArguments(withA(schema), { a: null }, exact)).toEqual([]);
        expect(checkArguments(withA(schema, { required: ['a'] }), { a: null }, exact)).toEqual([]);
      }
    });

    it('should pass null for a required argument whose schema admits null', () => {
      for (const options of bothModes) {
        expect(
          checkArguments(
            withA({ type: ['integer', 'null'] }, { required: ['a'] }),
            { a: null },
            options,
          ),
        ).toEqual([]);
        expect(
          checkArguments(
            withA({ type: 'integer', nullable: true }, { required: ['a'] }),
            { a: null },
            options,
          ),
        ).toEqual([]);
      }
    });

    it('should refuse null where a list item is declared without null', () => {
      const schema = withA({ type: 'array', items: { type: 'number' } });
      for (const options of bothModes) {
        expect(messagesOf(schema, { a: [1, null, 3] }, options)).toEqual([
          '"a[1]" must be a number, not null.',
        ]);
      }
    });

    it('should refuse null for the arguments themselves when an object is declared', () => {
      expect(messagesOf({ type: 'object' }, null)).toEqual([
        'The arguments must be an object, not null.',
      ]);
    });

    it('should refuse null for a property whose schema is false', () => {
      for (const options of bothModes) {
        expect(messagesOf(withA(false), { a: null }, options)).toEqual(['"a" must not be sent.']);
      }
    });
  });

  describe('values of the wrong kind', () => {
    it('should refuse a list or an object where text, a number or a boolean is declared', () => {
      const cases: Array<[string, unknown, string]> = [
        ['string', [1, 2], '"a" must be text, not a list of 2 items.'],
        ['string', { x: 1 }, '"a" must be text, not an object.'],
        ['number', [], '"a" must be a number, not an empty list.'],
        ['number', {}, '"a" must be a number, not an object.'],
        ['integer', [7], '"a" must be an integer, not a list of 1 item.'],
        ['integer', { x: 1 }, '"a" must be an integer, not an object.'],
        ['boolean', [true], '"a" must be true or false, not a list of 1 item.'],
        ['boolean', { x: true }, '"a" must be true or false, not an object.'],
      ];
      for (const [type, value, message] of cases) {
        for (const options of bothModes) {
          expect(messagesOf(withA({ type }), { a: value }, options)).toEqual([message]);
        }
      }
    });

    it('should refuse an object where a list is declared', () => {
      for (const options of bothModes) {
        expect(checkArguments(withA({ type: 'array' }), { a: { x: 1 } }, options)).toEqual([
          {
            code: 'type',
            path: ['a'],
            expected: 'a list',
            received: 'an object',
            message: '"a" must be a list, not an object.',
          },
        ]);
      }
    });

    it('should refuse a list where an object is declared', () => {
      expect(messagesOf(withA({ type: 'object' }), { a: [1, 2, 3] })).toEqual([
        '"a" must be an object, not a list of 3 items.',
      ]);
      expect(messagesOf({ type: 'object' }, [])).toEqual([
        'The arguments must be an object, not an empty list.',
      ]);
    });

    it('should refuse plain text where a list or an object is declared', () => {
      expect(messagesOf(withA({ type: 'array' }), { a: 'a, b' })).toEqual([
        '"a" must be a list, not text ("a, b").',
      ]);
      expect(messagesOf(withA({ type: 'object' }), { a: 'hello' })).toEqual([
        '"a" must be an object, not text ("hello").',
      ]);
    });

    it('should say that text holding JSON is not the list itself (as llama.cpp sends it)', () => {
      for (const options of bothModes) {
        expect(checkArguments(withA({ type: 'array' }), { a: '["a","b"]' }, options)).toEqual([
          {
            code: 'type',
            path: ['a'],
            expected: 'a list',
            received: 'text holding JSON ("[\\"a\\",\\"b\\"]")',
            message:
              '"a" must be a list, not text holding JSON ("[\\"a\\",\\"b\\"]"); send the list itself, not a string.',
          },
        ]);
      }
    });

    it('should say that text holding JSON is not the object itself', () => {
      expect(messagesOf(withA({ type: 'object' }), { a: ' {"x": 1} ' })).toEqual([
        '"a" must be an object, not text holding JSON (" {\\"x\\": 1} "); send the object itself, not a string.',
      ]);
    });

    it('should say "the value itself" when more than a list or an object is declared', () => {
      expect(messagesOf(withA({ type: ['array', 'null'] }), { a: '[1]' })).toEqual([
        '"a" must be a list or null, not text holding JSON ("[1]"); send the value itself, not a string.',
      ]);
    });

    it('should not call text JSON when it only starts like JSON', () => {
      expect(messagesOf(withA({ type: 'array' }), { a: '[a, b' })).toEqual([
        '"a" must be a list, not text ("[a, b").',
      ]);
    });

    it('should report a value of the wrong kind once, without looking inside it', () => {
      const schema = withA({ type: 'array', items: { type: 'string' } });
      expect(messagesOf(schema, { a: { 0: 1, 1: 2 } })).toEqual([
        '"a" must be a list, not an object.',
      ]);
      const objectInstead = withA(objectSchema({ b: { type: 'string' } }, { required: ['c'] }));
      expect(messagesOf(objectInstead, { a: [{ b: 1 }] })).toEqual([
        '"a" must be an object, not a list of 1 item.',
      ]);
    });

    it('should name every declared type', () => {
      expect(messagesOf(withA({ type: ['string', 'integer', 'null'] }), { a: [] })).toEqual([
        '"a" must be text, an integer or null, not an empty list.',
      ]);
      expect(messagesOf(withA({ type: ['number', 'integer'] }), { a: {} })).toEqual([
        '"a" must be a number, not an object.',
      ]);
    });

    it('should judge properties and items when no type is declared', () => {
      expect(messagesOf({ properties: { a: { type: 'string' } } }, { a: 1 }, exact)).toEqual([
        '"a" must be text, not the number 1.',
      ]);
      expect(messagesOf({ items: { type: 'string' } }, [1], exact)).toEqual([
        '"[0]" must be text, not the number 1.',
      ]);
    });
  });

  describe('enum', () => {
    it('should refuse a value outside the enum, listing the allowed values', () => {
      for (const options of bothModes) {
        expect(
          messagesOf(withA({ enum: ['celsius', 'fahrenheit'] }), { a: 'kelvin' }, options),
        ).toEqual(['"a" must be one of "celsius" or "fahrenheit", not "kelvin".']);
      }
      expect(messagesOf(withA({ enum: ['x', 'y', 'z'] }), { a: 'w' })).toEqual([
        '"a" must be one of "x", "y" or "z", not "w".',
      ]);
    });

    it('should say the only allowed value of a single-member enum or a const', () => {
      expect(messagesOf(withA({ enum: ['on'] }), { a: 'off' })).toEqual([
        '"a" must be "on", not "off".',
      ]);
      expect(messagesOf(withA({ const: 3 }), { a: 4 })).toEqual(['"a" must be 3, not 4.']);
    });

    it('should cap the listed values and say how many more there are', () => {
      const members = Array.from({ length: 25 }, (_, index) => index + 1);
      expect(messagesOf(withA({ enum: members }), { a: 99 })).toEqual([
        '"a" must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 (or 15 more), not 99.',
      ]);
    });

    it('should compare list and object members deeply, key order aside', () => {
      const schema = withA({ enum: [[1, 2], { x: 1, y: { z: [true] } }] });
      for (const options of bothModes) {
        expect(checkArguments(schema, { a: [1, 2] }, options)).toEqual([]);
        expect(checkArguments(schema, { a: { y: { z: [true] }, x: 1 } }, options)).toEqual([]);
        expect(messagesOf(schema, { a: [2, 1] }, options)).toEqual([
          '"a" must be one of [1,2] or {"x":1,"y":{"z":[true]}}, not [2,1].',
        ]);
        expect(messagesOf(schema, { a: { x: 1, y: { z: [false] } } }, options)).toEqual([
          '"a" must be one of [1,2] or {"x":1,"y":{"z":[true]}}, not {"x":1,"y":{"z":[false]}}.',
        ]);
        expect(messagesOf(schema, { a: { x: 1 } }, options)).toHaveLength(1);
        expect(messagesOf(schema, { a: { x: 1, y: { z: [true] }, w: 0 } }, options)).toHaveLength(
          1,
        );
      }
    });

    it('should not take a list for an object member or the reverse', () => {
      expect(messagesOf(withA({ enum: [{ 0: 'a' }] }), { a: ['a'] })).toHaveLength(1);
      expect(messagesOf(withA({ enum: [['a']] }), { a: { 0: 'a' } })).toHaveLength(1);
    });

    it('should refuse a scalar where only lists are allowed, and a list where only scalars are', () => {
      expect(messagesOf(withA({ enum: [['a']] }), { a: 'a' })).toEqual([
        '"a" must be ["a"], not "a".',
      ]);
      expect(messagesOf(withA({ enum: ['a'] }), { a: ['a'] })).toEqual([
        '"a" must be "a", not ["a"].',
      ]);
    });

    it('should cut a long member or value to a short excerpt', () => {
      const long = { text: 'x'.repeat(200) };
      const [message] = messagesOf(withA({ enum: [long] }), { a: { text: 'y'.repeat(5000) } });
      expect(message).toBe(
        `"a" must be {"text":"${'x'.repeat(51)}…, not {"text":"${'y'.repeat(51)}….`,
      );
    });

    it('should refuse every value when the enum is empty', () => {
      expect(messagesOf(withA({ enum: [] }), { a: 1 })).toEqual([
        '"a" must be nothing (no value is allowed), not 1.',
      ]);
    });

    it('should allow only the constant when const and enum are both given', () => {
      const schema = withA({ enum: ['a', 'b'], const: 'b' });
      expect(checkArguments(schema, { a: 'b' })).toEqual([]);
      expect(messagesOf(schema, { a: 'a' })).toEqual(['"a" must be "b", not "a".']);
      const disjoint = withA({ enum: ['a'], const: 'b' });
      expect(messagesOf(disjoint, { a: 'b' })).toEqual([
        '"a" must be nothing (no value is allowed), not "b".',
      ]);
    });

    it('should check the enum after a lenient cast of the type', () => {
      const schema = withA({ type: 'integer', enum: [1, 2, 3] });
      expect(checkArguments(schema, { a: '2' })).toEqual([]);
      expect(messagesOf(schema, { a: '7' })).toEqual(['"a" must be one of 1, 2 or 3, not "7".']);
    });

    it('should refuse a value of the wrong kind before looking at the enum', () => {
      expect(messagesOf(withA({ type: 'string', enum: ['a'] }), { a: [] })).toEqual([
        '"a" must be text, not an empty list.',
      ]);
    });
  });

  describe('names the schema does not accept', () => {
    const closed = objectSchema(
      { query: { type: 'string' }, limit: { type: 'integer' } },
      { additionalProperties: false },
    );

    it('should refuse an argument excluded by additionalProperties: false, listing accepted names', () => {
      expect(checkArguments(closed, { query: 'x', zzzzzz: 1 })).toEqual([
        {
          code: 'unknown',
          path: ['zzzzzz'],
          expected: 'an accepted name',
          received: '"zzzzzz"',
          message:
            '"zzzzzz" is not an argument of this tool; the accepted names are "query", "limit".',
        },
      ]);
    });

    it('should suggest the nearest accepted name on a likely typo', () => {
      expect(messagesOf(closed, { qurey: 'x' })).toEqual([
        '"qurey" is not an argument of this tool; did you mean "query"?',
      ]);
      expect(messagesOf(closed, { limt: 1 })).toEqual([
        '"limt" is not an argument of this tool; did you mean "limit"?',
      ]);
    });

    it('should suggest the accepted name spelt in another letter case', () => {
      expect(messagesOf(closed, { Query: 'x' })).toEqual([
        '"Query" is not an argument of this tool; did you mean "query"?',
      ]);
    });

    it('should refuse unknown names in both modes', () => {
      expect(messagesOf(closed, { extra: null }, exact)).toHaveLength(1);
      expect(messagesOf(closed, { extra: null })).toHaveLength(1);
    });

    it('should say where an unknown name inside a nested object is not accepted', () => {
      const schema = objectSchema({
        style: objectSchema({ color: {}, size: {} }, { additionalProperties: false }),
      });
      expect(messagesOf(schema, { style: { colr: 'red', weight: 3 } })).toEqual([
        '"style.colr" is not accepted in "style"; did you mean "color"?',
        '"style.weight" is not accepted in "style"; the accepted names are "color", "size".',
      ]);
    });

    it('should say that no names are accepted when the schema names none', () => {
      expect(messagesOf({ type: 'object', additionalProperties: false }, { x: 1 })).toEqual([
        '"x" is not an argument of this tool; no names are accepted there.',
      ]);
      expect(checkArguments({ type: 'object', additionalProperties: false }, {})).toEqual([]);
    });

    it('should list at most twelve accepted names', () => {
      const properties = Object.fromEntries(
        Array.from({ length: 15 }, (_, index) => [`name${index}`, {}]),
      );
      expect(
        messagesOf(objectSchema(properties, { additionalProperties: false }), { zzzzzzzzz: 1 }),
      ).toEqual([
        '"zzzzzzzzz" is not an argument of this tool; the accepted names are "name0", "name1", "name2", "name3", "name4", "name5", "name6", "name7", "name8", "name9", "name10", "name11" and 3 more.',
      ]);
    });

    it('should judge other names against an additionalProperties schema', () => {
      const schema = objectSchema({ a: {} }, { additionalProperties: { type: 'integer' } });
      expect(messagesOf(schema, { a: 'x', b: 2, c: 'no' })).toEqual([
        '"c" must be an integer, not text ("no").',
      ]);
    });

    it('should accept any other name with additionalProperties: true or absent', () => {
      expect(checkArguments(withA({}, { additionalProperties: true }), { b: 1 })).toEqual([]);
      expect(checkArguments(withA({}), { b: 1 })).toEqual([]);
    });

    it('should say a named property with the schema false must not be sent', () => {
      expect(checkArguments(objectSchema({ a: false, b: {} }), { a: 1 })).toEqual([
        {
          code: 'forbidden',
          path: ['a'],
          expected: 'nothing',
          received: 'the number 1',
          message: '"a" must not be sent.',
        },
      ]);
    });

    it('should refuse any arguments for a root that admits nothing, with one sentence', () => {
      for (const schema of [false, { not: {} }, { type: 'object', not: {} }]) {
        expect(checkArguments(schema, {})).toMatchInlineSnapshot(`
          [
            {
              "code": "forbidden",
              "expected": "nothing",
              "message": "The arguments can never fit: this tool accepts no call, so do not call it.",
              "path": [],
              "received": "an object",
            },
          ]
        `);
      }
      expect(checkArguments(objectSchema({ a: { not: {} } }), { a: 1 })[0]?.message).toBe(
        '"a" must not be sent.',
      );
    });

    it('should ignore names whose value is undefined', () => {
      expect(checkArguments(closed, { extra: undefined })).toEqual([]);
    });
  });

  describe('lenient mode (the default)', () => {
    const passes: Array<[string, unknown, unknown]> = [
      ['"5" for an integer', { type: 'integer' }, '5'],
      ['" 5 " for an integer', { type: 'integer' }, ' 5 '],
      ['"5.0" for an integer', { type: 'integer' }, '5.0'],
      ['"-12" for an integer', { type: 'integer' }, '-12'],
      ['5.0 for an integer', { type: 'integer' }, 5.0],
      ['"2.5" for a number', { type: 'number' }, '2.5'],
      ['"1e3" for a number', { type: 'number' }, '1e3'],
      ['a number for text', { type: 'string' }, 42],
      ['a fraction for text', { type: 'string' }, 4.2],
      ['"true" for a boolean', { type: 'boolean' }, 'true'],
      ['"false" for a boolean', { type: 'boolean' }, 'false'],
      ['"TRUE" for a boolean', { type: 'boolean' }, 'TRUE'],
      ['1 for a boolean', { type: 'boolean' }, 1],
      ['0 for a boolean', { type: 'boolean' }, 0],
      ['2 for the enum member "2"', { enum: ['1', '2'] }, 2],
      ['"2" for the enum member 2', { enum: [1, 2] }, '2'],
      ['"2.0" for the enum member 2', { enum: [1, 2] }, '2.0'],
      ['an enum member in another letter case', { enum: ['celsius', 'fahrenheit'] }, 'Celsius'],
      ['an enum member in capitals', { enum: ['celsius'] }, 'CELSIUS'],
      ['"2" for a string enum after a number-for-text cast', { type: 'string', enum: ['2'] }, 2],
    ];
    for (const [what, schema, value] of passes) {
      it(`should pass ${what}`, () => {
        expect(checkArguments(withA(schema), { a: value })).toEqual([]);
      });
    }

    it('should pass null for an optional argument', () => {
      expect(checkArguments(withA({ type: 'string' }), { a: null })).toEqual([]);
    });

    it('should be the default', () => {
      expect(checkArguments(withA({ type: 'integer' }), { a: '5' }, {})).toEqual([]);
      expect(
        checkArguments(withA({ type: 'integer' }), { a: '5' }, { leniency: 'lenient' }),
      ).toEqual([]);
    });
  });

  describe('refused in both modes', () => {
    const refusals: Array<[string, unknown, unknown, string]> = [
      [
        '"abc" for an integer',
        { type: 'integer' },
        'abc',
        '"a" must be an integer, not text ("abc").',
      ],
      [
        '5.5 for an integer',
        { type: 'integer' },
        5.5,
        '"a" must be an integer, not the number 5.5.',
      ],
      [
        '"5.5" for an integer',
        { type: 'integer' },
        '5.5',
        '"a" must be an integer, not text ("5.5").',
      ],
      ['"" for an integer', { type: 'integer' }, '', '"a" must be an integer, not text ("").'],
      ['"abc" for a number', { type: 'number' }, 'abc', '"a" must be a number, not text ("abc").'],
      [
        '"maybe" for a boolean',
        { type: 'boolean' },
        'maybe',
        '"a" must be true or false, not text ("maybe").',
      ],
      ['2 for a boolean', { type: 'boolean' }, 2, '"a" must be true or false, not the number 2.'],
      [
        '"yes" for a boolean',
        { type: 'boolean' },
        'yes',
        '"a" must be true or false, not text ("yes").',
      ],
      ['true for text', { type: 'string' }, true, '"a" must be text, not true.'],
      ['false for a number', { type: 'number' }, false, '"a" must be a number, not false.'],
      ['"3" for the enum member 2', { enum: [1, 2] }, '3', '"a" must be one of 1 or 2, not "3".'],
      [
        '"celsiuss" for "celsius"',
        { enum: ['celsius'] },
        'celsiuss',
        '"a" must be "celsius", not "celsiuss".',
      ],
    ];
    for (const [what, schema, value, message] of refusals) {
      it(`should refuse ${what}`, () => {
        for (const options of bothModes) {
          expect(messagesOf(withA(schema), { a: value }, options)).toEqual([message]);
        }
      });
    }

    it('should not cast a number held in very long text', () => {
      expect(messagesOf(withA({ type: 'integer' }), { a: `${'0'.repeat(100)}5` })).toHaveLength(1);
    });
  });

  describe('exact mode', () => {
    it('should take 1.0 as an integer', () => {
      expect(checkArguments(withA({ type: 'integer' }), { a: 1.0 }, exact)).toEqual([]);
      expect(checkArguments(withA({ enum: [1] }), { a: 1.0 }, exact)).toEqual([]);
    });

    it('should not take false for 0, or 0 for false', () => {
      expect(messagesOf(withA({ type: 'integer' }), { a: false }, exact)).toEqual([
        '"a" must be an integer, not false.',
      ]);
      expect(messagesOf(withA({ enum: [0] }), { a: false }, exact)).toEqual([
        '"a" must be 0, not false.',
      ]);
      expect(messagesOf(withA({ type: 'boolean' }), { a: 0 }, exact)).toEqual([
        '"a" must be true or false, not the number 0.',
      ]);
      expect(messagesOf(withA({ enum: [false] }), { a: 0 }, exact)).toEqual([
        '"a" must be false, not 0.',
      ]);
    });

    const refusals: Array<[string, unknown, unknown, string]> = [
      ['"5" for an integer', { type: 'integer' }, '5', '"a" must be an integer, not text ("5").'],
      ['"2.5" for a number', { type: 'number' }, '2.5', '"a" must be a number, not text ("2.5").'],
      ['a number for text', { type: 'string' }, 42, '"a" must be text, not the number 42.'],
      [
        '"true" for a boolean',
        { type: 'boolean' },
        'true',
        '"a" must be true or false, not text ("true").',
      ],
      ['1 for a boolean', { type: 'boolean' }, 1, '"a" must be true or false, not the number 1.'],
      ['2 for the enum member "2"', { enum: ['2'] }, 2, '"a" must be "2", not 2.'],
      ['"2" for the enum member 2', { enum: [2] }, '2', '"a" must be 2, not "2".'],
      [
        'an enum member in another letter case',
        { enum: ['celsius'] },
        'Celsius',
        '"a" must be "celsius", not "Celsius".',
      ],
    ];
    for (const [what, schema, value, message] of refusals) {
      it(`should refuse ${what}`, () => {
        expect(messagesOf(withA(schema), { a: value }, exact)).toEqual([message]);
      });
    }
  });

  describe('what it cannot judge', () => {
    const unjudged: Record<string, Record<string, unknown>> = {
      'a remote $ref': { $ref: 'https://example.com/schemas/x.json' },
      'a $ref that names nothing': { $ref: '#/$defs/missing' },
      'a $dynamicRef to an anchor two schemas declare': {
        $dynamicRef: '#node',
        $defs: { a: { $dynamicAnchor: 'node' }, b: { $dynamicAnchor: 'node', type: 'string' } },
      },
      'a cycle of references alone': { $ref: '#/$defs/a', $defs: { a: { $ref: '#' } } },
    };
    for (const [what, node] of Object.entries(unjudged)) {
      it(`should pass what ${what} alone would refuse`, () => {
        for (const options of bothModes) {
          expect(checkArguments(withA(node), { a: { b: 5 } }, options)).toEqual([]);
          expect(checkArguments(node, [1, 2], options)).toEqual([]);
        }
        expect(fitArguments(node, 1)).toEqual({ fits: true, complete: false });
      });
    }

    it('should still judge the siblings of a skipped node', () => {
      const schema = objectSchema({ a: { $ref: 'https://example.com/x' }, b: { type: 'integer' } });
      expect(messagesOf(schema, { a: 5, b: 'x' })).toEqual([
        '"b" must be an integer, not text ("x").',
      ]);
    });

    it('should skip a node whose type names an unknown type', () => {
      for (const type of ['int', 'float', 'any', 'toString', ['string', 'date']]) {
        expect(checkArguments(withA({ type, enum: ['x'] }), { a: [1, 2] }, exact)).toEqual([]);
      }
    });

    it('should judge patternProperties, and additionalProperties beside them', () => {
      const schema = objectSchema(
        { a: { type: 'string' } },
        { patternProperties: { '^x-': { type: 'string' } }, additionalProperties: false },
      );
      expect(checkArguments(schema, { a: 'b', 'x-trace': 'id' }, exact)).toEqual([]);
      expect(messagesOf(schema, { 'x-trace': 'id', other: 1, 'x-n': 2 }, exact)).toEqual([
        '"other" is not an argument of this tool; the accepted names are "a".',
        '"x-n" must be text, not the number 2.',
      ]);
    });

    it('should hand on lenient casts and omissions under patternProperties', () => {
      const schema = objectSchema(
        { n1: { minimum: 0 } },
        { patternProperties: { '^n': { type: 'integer' } } },
      );
      expect(judgeArguments(schema, { n2: '5', n3: null, other: null }).value).toEqual({
        n2: 5,
        other: null,
      });
      // Judged by two schemas, a property is judged exactly: a cast by one could break the other.
      expect(messagesOf(schema, { n1: '-5' })).toEqual([
        '"n1" must be an integer, not text ("-5").',
      ]);
      expect(messagesOf(schema, { n1: -5 })).toEqual(['"n1" must be at least 0, not -5.']);
    });

    it('should leave other names unjudged beside a pattern it does not judge', () => {
      const schema = objectSchema(
        {},
        { patternProperties: { '^(?=x)': { type: 'string' } }, additionalProperties: false },
      );
      for (const options of bothModes) {
        expect(checkArguments(schema, { x: 1, other: 2 }, options)).toEqual([]);
        expect(fitArguments(schema, { other: 2 }, options)).toEqual({
          fits: true,
          complete: false,
        });
      }
    });

    it('should judge the items of tuples (prefixItems, items as a list)', () => {
      const rest = [
        '"a[1]" must be an integer, not text ("x").',
        '"a[3]" must be an integer, not an object.',
      ];
      const none = [
        '"a[1]" must not be sent.',
        '"a[2]" must not be sent.',
        '"a[3]" must not be sent.',
      ];
      const tuples = [
        [{ type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'integer' } }, rest],
        [{ type: 'array', prefixItems: [{ type: 'string' }], items: false }, none],
        [{ type: 'array', items: [{ type: 'string' }, { type: 'integer' }] }, rest.slice(0, 1)],
        [{ type: 'array', items: [{ type: 'string' }], additionalItems: false }, none],
      ] as const;
      for (const [tuple, messages] of tuples) {
        expect(messagesOf(withA(tuple), { a: [1, 'x', 3, {}] }, exact)).toEqual([
          '"a[0]" must be text, not the number 1.',
          ...messages,
        ]);
        expect(checkArguments(withA(tuple), { a: ['x'] }, exact)).toEqual([]);
      }
    });

    it('should judge dependentRequired and the lists of dependencies, not unevaluated*, and judge their siblings', () => {
      for (const keywords of [
        { dependentRequired: { a: ['b'] } },
        { dependencies: { a: ['b'] } },
      ]) {
        expect(messagesOf(objectSchema({ a: {} }, keywords), { a: 1, c: 2 }, exact)).toEqual([
          '"b" is required when "a" is sent, but was not sent.',
        ]);
      }
      const unjudgedSchemas = [
        objectSchema({ a: {} }, { unevaluatedProperties: false }),
        objectSchema({ a: {} }, { unevaluatedProperties: { type: 'string' } }),
      ];
      for (const schema of unjudgedSchemas) {
        expect(checkArguments(schema, { a: 1, c: 2 }, exact)).toEqual([]);
      }
      for (const unevaluatedItems of [false, { type: 'string' }]) {
        expect(checkArguments({ type: 'array', unevaluatedItems }, [1, 2], exact)).toEqual([]);
      }
      expect(
        messagesOf(objectSchema({ a: { type: 'integer' } }, { unevaluatedProperties: false }), {
          a: 'x',
        }),
      ).toEqual(['"a" must be an integer, not text ("x").']);
    });

    it('should judge keywords about size, range and pattern, not format', () => {
      const schema = objectSchema({
        n: { type: 'integer', minimum: 10, maximum: 20, multipleOf: 3 },
        s: { type: 'string', minLength: 5, maxLength: 6, pattern: '^a', format: 'email' },
        l: { type: 'array', minItems: 3, uniqueItems: true, contains: { type: 'string' } },
        o: { type: 'object', minProperties: 2, propertyNames: { pattern: '^z' } },
      });
      expect(messagesOf(schema, { n: 1, s: 'b', l: [1, 1], o: { a: 1 } }, exact)).toEqual([
        '"n" must be at least 10, not 1.',
        '"n" must be a multiple of 3, not 1.',
        '"s" must be at least 5 characters long.',
        '"s" must match ^a, not "b".',
        '"l" must hold at least 3 items, not 2.',
        '"l" must not hold the same item twice; items 0 and 1 are equal.',
        '"l" must hold at least 1 item that fits its "contains" schema, not 0.',
        '"o" holds the name "a", but a name there must be text matching ^z.',
        '"o" must hold at least 2 properties, not 1.',
      ]);
      const args = { n: 12, s: 'abcde', l: [1, 'x', 2], o: { za: 1, zb: 2 } };
      expect(checkArguments(schema, args, exact)).toEqual([]);
      expect(checkArguments(schema, { ...args, s: 'a@b.c' }, exact)).toEqual([]);
    });

    it('should understand the boolean schemas true and false', () => {
      for (const options of bothModes) {
        expect(checkArguments(true, { anything: [1, { x: null }] }, options)).toEqual([]);
        expect(messagesOf(false, {}, options)).toEqual([
          'The arguments can never fit: this tool accepts no call, so do not call it.',
        ]);
        expect(checkArguments(withA(true), { a: [1] }, options)).toEqual([]);
        expect(messagesOf(withA({ type: 'array', items: false }), { a: [1, 2] }, options)).toEqual([
          '"a[0]" must not be sent.',
          '"a[1]" must not be sent.',
        ]);
        expect(checkArguments(withA({ type: 'array', items: false }), { a: [] }, options)).toEqual(
          [],
        );
        expect(
          checkArguments(withA({ type: 'array', items: true }), { a: [1, 'x'] }, options),
        ).toEqual([]);
      }
    });

    it('should pass anything for an empty schema or no schema', () => {
      for (const schema of [{}, undefined, null]) {
        expect(checkArguments(schema, { a: 1 })).toEqual([]);
        expect(checkArguments(schema, null)).toEqual([]);
      }
    });
  });

  describe('paths', () => {
    it('should name a list item inside a list of objects as items[2].name', () => {
      const schema = objectSchema({
        items: { type: 'array', items: objectSchema({ name: { type: 'string' } }) },
      });
      expect(
        checkArguments(schema, { items: [{ name: 'a' }, { name: 'b' }, { name: ['c'] }] }),
      ).toMatchObject([
        {
          path: ['items', 2, 'name'],
          message: '"items[2].name" must be text, not a list of 1 item.',
        },
      ]);
    });

    it('should report the right path 50 levels of properties down', () => {
      let schema: Record<string, unknown> = { type: 'integer' };
      let args: unknown = 'x';
      for (let level = 49; level >= 0; level--) {
        schema = objectSchema({ [`p${level}`]: schema });
        args = { [`p${level}`]: args };
      }
      const [mismatch] = checkArguments(schema, args);
      const path = Array.from({ length: 50 }, (_, level) => `p${level}`);
      expect(mismatch?.path).toEqual(path);
      expect(mismatch?.message).toBe(`"${path.join('.')}" must be an integer, not text ("x").`);
    });

    it('should report the right path through nested lists of objects', () => {
      let schema: Record<string, unknown> = { type: 'boolean' };
      let args: unknown = 'maybe';
      for (let level = 9; level >= 0; level--) {
        schema = objectSchema({ rows: { type: 'array', items: schema } });
        args = { rows: [true, args] };
      }
      // The innermost list holds `true` and `"maybe"`; every outer list holds `true` and an object.
      const mismatches = checkArguments(schema, args);
      expect(mismatches.map((mismatch) => mismatch.message)).toEqual([
        '"rows[0]" must be an object, not true.',
        '"rows[1].rows[0]" must be an object, not true.',
        '"rows[1].rows[1].rows[0]" must be an object, not true.',
        '"rows[1].rows[1].rows[1].rows[0]" must be an object, not true.',
        '"rows[1].rows[1].rows[1].rows[1].rows[0]" must be an object, not true.',
        '"rows[1].rows[1].rows[1].rows[1].rows[1].rows[0]" must be an object, not true.',
        '"rows[1].rows[1].rows[1].rows[1].rows[1].rows[1].rows[0]" must be an object, not true.',
        '"rows[1].rows[1].rows[1].rows[1].rows[1].rows[1].rows[1].rows[0]" must be an object, not true.',
        '"rows[1].rows[1].rows[1].rows[1].rows[1].rows[1].rows[1].rows[1].rows[0]" must be an object, not true.',
        '"rows[1].rows[1].rows[1].rows[1].rows[1].rows[1].rows[1].rows[1].rows[1].rows[1]" must be true or false, not text ("maybe").',
      ]);
      expect(mismatches[9]?.path).toEqual([
        ...Array.from({ length: 9 }, () => ['rows', 1]).flat(),
        'rows',
        1,
      ]);
    });

    it('should quote names that are not identifiers', () => {
      const schema = objectSchema({
        'first name': { type: 'string' },
        tags: objectSchema({ 'a.b': { type: 'string' } }),
      });
      expect(messagesOf(schema, { 'first name': [], tags: { 'a.b': [] } })).toEqual([
        '"first name" must be text, not an empty list.',
        '"tags["a.b"]" must be text, not an empty list.',
      ]);
    });

    it('should keep the path of one check from leaking into the next', () => {
      const schema = objectSchema({
        a: objectSchema({ b: { type: 'string' } }),
        c: { type: 'string' },
      });
      expect(messagesOf(schema, { a: { b: 1 }, c: [] }, exact)).toEqual([
        '"a.b" must be text, not the number 1.',
        '"c" must be text, not an empty list.',
      ]);
    });
  });

  describe('sentences', () => {
    const gallery: Array<[unknown, unknown]> = [
      [withA({ type: 'string' }, { required: ['a'] }), {}],
      [withA({ type: 'string' }, { required: ['a'] }), { a: null }],
      [withA({ type: 'array' }), { a: '["a"]' }],
      [withA({ type: 'integer' }), { a: 5.5 }],
      [withA({ enum: ['x', 'y'] }), { a: 'z' }],
      [withA({ const: { k: 1 } }), { a: { k: 2 } }],
      [withA({}, { additionalProperties: false }), { b: 1 }],
      [withA({}, { additionalProperties: false }), { zzzzzzzz: 1 }],
      [withA(false), { a: 1 }],
      [false, {}],
    ];

    it('should write one sentence per mismatch, ending with a full stop or question mark', () => {
      for (const [schema, args] of gallery) {
        const mismatches = checkArguments(schema, args);
        expect(mismatches).toHaveLength(1);
        expect(mismatches[0]?.message).toMatch(/^(?:"[^\n]*"|The arguments) [^\n]*[.?]$/);
      }
    });

    it('should use no validator jargon', () => {
      const jargon =
        /\b(?:enum|const|instance|schema|additionalProperties|required property|must NOT|type|oneOf|anyOf|allOf|ref|keyword|pointer|validation)\b/;
      for (const [schema, args] of gallery) {
        for (const { message } of checkArguments(schema, args)) expect(message).not.toMatch(jargon);
      }
    });

    it('should write one sentence for each of several mismatches, in the order of the arguments', () => {
      const schema = objectSchema(
        { alpha: { type: 'string' }, beta: { type: 'integer' }, gamma: { enum: [1] } },
        { required: ['z'], additionalProperties: false },
      );
      expect(messagesOf(schema, { gamma: 2, alpha: [], beta: 'x', delta: 1 })).toEqual([
        '"z" is required but was not sent.',
        '"gamma" must be 1, not 2.',
        '"alpha" must be text, not an empty list.',
        '"beta" must be an integer, not text ("x").',
        '"delta" is not an argument of this tool; the accepted names are "alpha", "beta", "gamma".',
      ]);
    });

    it('should echo only a short excerpt of a 10 MB string', () => {
      const huge = 'x'.repeat(10_000_000);
      const hugeJson = `[${'1,'.repeat(5_000_000)}1]`;
      const cases: Array<[unknown, unknown]> = [
        [withA({ type: 'integer' }), { a: huge }],
        [withA({ type: 'array' }), { a: hugeJson }],
        [withA({ enum: ['a', 1] }), { a: huge }],
        [withA({ enum: [1, 2] }), { a: `${'1'.repeat(10_000_000)}x` }],
        [withA(false), { a: huge }],
        [withA({}, { additionalProperties: false }), { [huge]: 1 }],
        [objectSchema({ [huge]: { type: 'string' } }), { [huge]: [] }],
        [withA({ enum: [huge] }), { a: 'y' }],
        [objectSchema({ [huge]: {} }, { additionalProperties: false }), { b: 1 }],
      ];
      for (const [schema, args] of cases) {
        const mismatches = checkArguments(schema, args);
        expect(mismatches).toHaveLength(1);
        const [mismatch] = mismatches;
        expect(mismatch?.message.length).toBeLessThan(300);
        expect(mismatch?.expected.length).toBeLessThan(200);
        expect(mismatch?.received.length).toBeLessThan(100);
      }
    });

    it('should cut a long text to 40 characters with an ellipsis', () => {
      expect(messagesOf(withA({ type: 'integer' }), { a: 'y'.repeat(10_000) })).toEqual([
        `"a" must be an integer, not text ("${'y'.repeat(40)}…").`,
      ]);
    });
  });

  describe('maxMismatches', () => {
    const schema = objectSchema({}, { additionalProperties: { type: 'integer' } });
    const args = Object.fromEntries(Array.from({ length: 25 }, (_, index) => [`n${index}`, 'x']));

    it('should describe at most 10 mismatches by default', () => {
      const mismatches = checkArguments(schema, args);
      expect(mismatches).toHaveLength(10);
      expect(mismatches.map((mismatch) => mismatch.path[0])).toEqual(
        Array.from({ length: 10 }, (_, index) => `n${index}`),
      );
    });

    it('should describe as many as asked', () => {
      expect(checkArguments(schema, args, { maxMismatches: 3 })).toHaveLength(3);
      expect(checkArguments(schema, args, { maxMismatches: 100 })).toHaveLength(25);
      // Arguments that do not fit always get at least one sentence.
      expect(checkArguments(schema, args, { maxMismatches: 0 })).toHaveLength(1);
      expect(
        checkArguments(schema, args, { maxMismatches: Number.POSITIVE_INFINITY }),
      ).toHaveLength(25);
    });

    it('should read NaN as the default and a cap below 1 as 1', () => {
      expect(checkArguments(schema, args, { maxMismatches: Number.NaN })).toHaveLength(10);
      expect(checkArguments(schema, args, { maxMismatches: -1 })).toHaveLength(1);
      expect(judgeArguments(schema, args, { maxMismatches: 0 })).toMatchObject({
        mismatches: [{ path: ['n0'] }],
        mismatchCount: 25,
      });
    });

    it('should return a fresh list each time', () => {
      const first = checkArguments(schema, args);
      first.pop();
      expect(checkArguments(schema, args)).toHaveLength(10);
    });
  });
});

describe('a schema edited in place after first use', () => {
  const unitSchema = () => withA({ enum: ['celsius', 'fahrenheit'] }, { required: ['a'] });

  for (const [label, options] of [
    ['without a store', {}],
    ['with a store', { store: new PreparedStore() }],
  ] as const) {
    it(`should be judged by its new content, ${label}`, () => {
      const schema = unitSchema();
      expect(checkArguments(schema, { a: 'kelvin' }, options)).toHaveLength(1);
      expect(judgeArguments(schema, { a: 'kelvin' }, options).mismatchCount).toBe(1);
      (schema.properties as { a: { enum: string[] } }).a.enum.push('kelvin');
      expect(checkArguments(schema, { a: 'kelvin' }, options)).toEqual([]);
      expect(judgeArguments(schema, { a: 'kelvin' }, options).mismatchCount).toBe(0);
      expect(fitArguments(schema, { a: 'kelvin' }, options).fits).toBe(true);
      schema.required = ['a', 'b'];
      expect(messagesOf(schema, { a: 'kelvin' }, options)).toEqual([
        '"b" is required but was not sent.',
      ]);
      expect(
        checkTurn(
          [{ toolCallId: '1', toolName: 't', input: { a: 'kelvin' } }],
          () => schema,
          options,
        ).refused,
      ).toBe(true);
    });
  }

  it('should be judged alike through a store by any object of that content, its frozen copy too', () => {
    const store = new PreparedStore();
    const kept = store.keep(unitSchema());
    expect(Object.isFrozen(kept)).toBe(true);
    for (const schema of [kept, unitSchema(), kept]) {
      expect(messagesOf(schema, { a: 'kelvin' }, { store })).toEqual(
        messagesOf(unitSchema(), { a: 'kelvin' }),
      );
      expect(checkArguments(schema, { a: 'celsius' }, { store })).toEqual([]);
    }
  });
});

describe('judgeArguments', () => {
  describe('mismatchCount', () => {
    it('should count every mismatch beyond the cap', () => {
      const schema = { type: 'array', items: { type: 'integer' } };
      const judgement = judgeArguments(
        schema,
        Array.from({ length: 10_000 }, () => 'x'),
      );
      expect(judgement.mismatches).toHaveLength(10);
      expect(judgement.mismatchCount).toBe(10_000);
      expect(judgement.mismatches[9]?.path).toEqual([9]);
    });

    it('should count with the cap given', () => {
      const judgement = judgeArguments({ type: 'array', items: false }, [1, 2, 3], {
        maxMismatches: 1,
      });
      expect(judgement).toEqual({
        mismatches: [
          {
            code: 'forbidden',
            path: [0],
            expected: 'nothing',
            received: 'the number 1',
            message: '"[0]" must not be sent.',
          },
        ],
        mismatchCount: 3,
        value: [1, 2, 3],
      });
    });

    it('should count nothing for arguments that fit', () => {
      const args = {};
      expect(judgeArguments({ type: 'object' }, args)).toEqual({
        mismatches: [],
        mismatchCount: 0,
        value: args,
      });
    });

    it('should count lenient casts as fitting and exact mode as not', () => {
      const schema = { type: 'array', items: { type: 'integer' } };
      expect(judgeArguments(schema, ['1', '2']).mismatchCount).toBe(0);
      expect(judgeArguments(schema, ['1', '2'], exact).mismatchCount).toBe(2);
    });
  });

  describe('what cannot be read', () => {
    it('should refuse arguments whose getters throw, naming where', () => {
      const hostile = {};
      Object.defineProperty(hostile, 'a', {
        enumerable: true,
        get() {
          throw new Error('no');
        },
      });
      const nested = objectSchema({ b: objectSchema({ c: withA({ type: 'string' }) }) });
      expect(judgeArguments(nested, { b: { c: hostile } })).toMatchObject({
        mismatches: [
          {
            code: 'unreadable',
            path: ['b', 'c', 'a'],
            message: '"b.c.a" could not be read (reading it threw an error); send plain JSON.',
          },
        ],
        mismatchCount: 1,
      });
      expect(checkArguments(withA({ type: 'string' }), hostile)).toMatchObject([
        { code: 'unreadable', path: ['a'] },
      ]);
    });

    it('should refuse a revoked proxy and a proxy whose traps throw', () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      const trapped = new Proxy(
        {},
        {
          ownKeys() {
            throw new Error('no keys');
          },
        },
      );
      for (const args of [proxy, trapped]) {
        for (const options of bothModes) {
          expect(
            checkArguments({ type: 'object', additionalProperties: false }, args, options),
          ).toMatchObject([{ code: 'unreadable', path: [] }]);
        }
      }
    });

    it('should judge a proxy that cannot list its names by the declared names, where others pass', () => {
      const unlisted = new Proxy(
        { a: 'x' },
        {
          ownKeys() {
            throw new Error('no keys');
          },
        },
      );
      const schema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] };
      for (const options of bothModes) {
        expect(checkArguments(schema, unlisted, options)).toEqual([]);
        expect(fitArguments(schema, unlisted, options)).toEqual({ fits: true, complete: true });
      }
    });

    it('should read a throwing getter under nested open objects once, not once per level', () => {
      let reads = 0;
      let value: Record<string, unknown> = {};
      Object.defineProperty(value, 'leaf', {
        enumerable: true,
        get() {
          reads++;
          throw new Error('no value');
        },
      });
      let schema: Record<string, unknown> = {
        type: 'object',
        properties: { leaf: { type: 'string' } },
      };
      for (let depth = 0; depth < 15; depth++) {
        value = { next: value };
        schema = { type: 'object', properties: { next: schema } };
      }
      expect(fitArguments(schema, value)).toEqual({ fits: false, complete: false });
      expect(reads).toBe(1);
    });

    it('should pass a schema whose getters throw, as a part it cannot judge', () => {
      const hostile = { type: 'object' };
      Object.defineProperty(hostile, 'properties', {
        enumerable: true,
        get() {
          throw new Error('no');
        },
      });
      const args = { a: 1 };
      expect(judgeArguments(hostile, args)).toEqual({
        mismatches: [],
        mismatchCount: 0,
        value: args,
      });
      expect(fitArguments(hostile, args)).toEqual({ fits: true, complete: false });
    });
  });
});

describe('judgeArguments (the value the tool receives)', () => {
  const handedOn = (schema: unknown, args: unknown, options?: JudgeArgumentsOptions) => {
    const judgement = judgeArguments(schema, args, options);
    expect(judgement.mismatchCount).toBe(0);
    return judgement.value;
  };

  describe('lenient casts', () => {
    const casts: Array<[string, unknown, unknown, unknown]> = [
      ['"5" to 5 for an integer', { type: 'integer' }, '5', 5],
      ['" 5 " to 5 for an integer', { type: 'integer' }, ' 5 ', 5],
      ['"5.0" to 5 for an integer', { type: 'integer' }, '5.0', 5],
      ['"-12" to -12 for an integer', { type: 'integer' }, '-12', -12],
      ['"2.5" to 2.5 for a number', { type: 'number' }, '2.5', 2.5],
      ['"1e3" to 1000 for a number', { type: 'number' }, '1e3', 1000],
      ['42 to "42" for text', { type: 'string' }, 42, '42'],
      ['4.2 to "4.2" for text', { type: 'string' }, 4.2, '4.2'],
      ['"true" to true', { type: 'boolean' }, 'true', true],
      ['"FALSE" to false', { type: 'boolean' }, 'FALSE', false],
      ['1 to true', { type: 'boolean' }, 1, true],
      ['0 to false', { type: 'boolean' }, 0, false],
      ['2 to the member "2"', { enum: ['1', '2'] }, 2, '2'],
      ['"2" to the member 2', { enum: [1, 2] }, '2', 2],
      ['"2.0" to the member 2', { enum: [1, 2] }, '2.0', 2],
      ['"Celsius" to "celsius"', { enum: ['celsius', 'fahrenheit'] }, 'Celsius', 'celsius'],
      ['"CELSIUS" to "Celsius"', { type: 'string', enum: ['Celsius'] }, 'CELSIUS', 'Celsius'],
      ['"true" to the const true', { const: true }, 'true', true],
      ['0 to the const false', { const: false }, 0, false],
      ['"2" to 2 for an integer enum', { type: 'integer', enum: [1, 2] }, '2', 2],
      ['2 to "2" for a text enum', { type: 'string', enum: ['2'] }, 2, '2'],
    ];
    for (const [what, schema, sent, received] of casts) {
      it(`should hand on ${what}, deep in objects and lists`, () => {
        expect(handedOn(withA(schema), { a: sent })).toEqual({ a: received });
        const deep = objectSchema({
          list: { type: 'array', items: objectSchema({ inner: { type: 'array', items: schema } }) },
        });
        expect(handedOn(deep, { list: [{ inner: [sent, received] }, { inner: [] }] })).toEqual({
          list: [{ inner: [received, received] }, { inner: [] }],
        });
      });
    }

    it('should hand on the cast in additionalProperties too, keeping the order of names', () => {
      const schema = objectSchema(
        { a: { type: 'string' } },
        { additionalProperties: { type: 'integer' } },
      );
      const value = handedOn(schema, { z: '1', a: 'x', y: 2 });
      expect(value).toEqual({ z: 1, a: 'x', y: 2 });
      expect(Object.keys(value as object)).toEqual(['z', 'a', 'y']);
    });

    it('should cast nothing in exact mode, and refuse what needs a cast', () => {
      expect(judgeArguments(withA({ type: 'integer' }), { a: '5' }, exact).mismatchCount).toBe(1);
      const args = { a: 5 };
      expect(judgeArguments(withA({ type: 'integer' }), args, exact).value).toBe(args);
    });

    it('should keep a __proto__ argument as data when it copies', () => {
      const schema = JSON.parse(
        '{"type":"object","properties":{"__proto__":{"type":"integer"},"b":{"type":"integer"}}}',
      );
      const value = handedOn(schema, JSON.parse('{"__proto__":"1","b":"2"}')) as object;
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toBe(1);
      expect((value as { b: number }).b).toBe(2);
    });
  });

  describe('identity', () => {
    it('should return the very same object when nothing changed, in both modes', () => {
      const schema = objectSchema({
        a: { type: 'integer' },
        list: { type: 'array', items: withA({ enum: ['x', 'y'] }) },
        open: { type: 'object', additionalProperties: { type: 'string' } },
      });
      const args = { a: 1, list: [{ a: 'x' }, { a: 'y' }], open: { k: 'v' } };
      for (const options of bothModes)
        expect(judgeArguments(schema, args, options).value).toBe(args);
    });

    it('should copy only the branches that changed', () => {
      const schema = objectSchema({
        a: { type: 'integer' },
        left: withA({ type: 'integer' }),
        right: withA({ type: 'integer' }),
      });
      const args = { a: 1, left: { a: '2' }, right: { a: 3 } };
      const value = handedOn(schema, args) as typeof args;
      expect(value).not.toBe(args);
      expect(value.left).toEqual({ a: 2 });
      expect(value.right).toBe(args.right);
      expect(args.left.a).toBe('2');
    });
  });

  describe('null for an argument that may be left out', () => {
    it('should become omission when the schema does not admit null', () => {
      expect(handedOn(withA({ type: 'string' }), { a: null })).toEqual({});
      expect(handedOn(withA({ enum: ['c', 'f'] }), { a: null, b: 1 })).toEqual({ b: 1 });
      const schema = objectSchema({}, { additionalProperties: { type: 'integer' } });
      expect(handedOn(schema, { x: null, y: 1 })).toEqual({ y: 1 });
    });

    it("should become the schema's default, a copy each time", () => {
      const schema = withA({ type: 'object', default: { k: [1] } });
      const first = handedOn(schema, { a: null }) as { a: { k: number[] } };
      expect(first).toEqual({ a: { k: [1] } });
      first.a.k.push(2);
      expect(handedOn(schema, { a: null })).toEqual({ a: { k: [1] } });
      expect(handedOn(withA({ type: 'integer', default: 10 }), { a: null })).toEqual({ a: 10 });
    });

    it('should not use a default that is null, not JSON, or does not fit', () => {
      for (const fallback of [null, 'ten', Number.NaN, { when: new Date(0) }]) {
        expect(handedOn(withA({ type: 'integer', default: fallback }), { a: null })).toEqual({});
      }
    });

    it('should take the configured value before the schema default, asked by path', () => {
      const paths: unknown[] = [];
      const schema = objectSchema({
        a: { type: 'integer', default: 1 },
        events: { type: 'array', items: objectSchema({ when: { type: 'string' } }) },
      });
      const value = handedOn(
        schema,
        { a: null, events: [{ when: 'now' }, { when: null }] },
        {
          defaultFor: (path) => {
            paths.push(path);
            return path[0] === 'events' ? { value: 'later' } : undefined;
          },
        },
      );
      expect(value).toEqual({ a: 1, events: [{ when: 'now' }, { when: 'later' }] });
      expect(paths).toEqual([['a'], ['events', 1, 'when']]);
    });

    it('should keep a null the schema admits, and refuse null where it is required', () => {
      const args = { a: null };
      expect(judgeArguments(withA({ type: ['string', 'null'] }), args).value).toBe(args);
      expect(judgeArguments(withA({}), args).value).toBe(args);
      expect(
        judgeArguments(withA({ type: 'string' }, { required: ['a'] }), args).mismatchCount,
      ).toBe(1);
    });

    it('should refuse it in exact mode when the type admits null but the enum does not', () => {
      for (const schema of [
        { type: ['string', 'null'], enum: ['celsius', 'fahrenheit'] },
        { type: 'string', nullable: true, enum: ['celsius', 'fahrenheit'] },
      ]) {
        expect(messagesOf(withA(schema), { a: null }, exact)).toEqual([
          '"a" must be one of "celsius" or "fahrenheit", not null; leave it out instead of sending null.',
        ]);
        expect(handedOn(withA(schema), { a: null })).toEqual({});
      }
    });
  });

  describe('checkTurn', () => {
    it('should hand each passed call its value', () => {
      const schema = withA({ type: 'integer' });
      const verdict = checkTurn(
        [
          { toolCallId: '1', toolName: 't', input: { a: '1' } },
          { toolCallId: '2', toolName: 't', input: { a: 2 } },
        ],
        () => schema,
      );
      expect(verdict.calls.map((call) => (call.outcome === 'pass' ? call.value : call))).toEqual([
        { a: 1 },
        { a: 2 },
      ]);
    });
  });

  describe('properties', () => {
    const scalar = fc.oneof(
      fc.constant(null),
      fc.boolean(),
      fc.integer({ min: -2, max: 3 }),
      fc.constantFrom(0.5, 2.0),
      fc.constantFrom('a', 'A', 'b', '1', '2', '2.0', ' 3 ', 'true', 'TRUE', 'false', ''),
    );
    const { judged } = fc.letrec<{ judged: unknown }>((tie) => ({
      judged: fc.oneof(
        { maxDepth: 3, depthSize: 'small', withCrossShrink: true },
        fc.boolean(),
        fc.record(
          {
            type: typeKeyword,
            enum: fc.uniqueArray(scalar, { minLength: 1, maxLength: 4 }),
            const: scalar,
            nullable: fc.constant(true),
            default: scalar,
            properties: fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('judged'), {
              maxKeys: 3,
              noNullPrototype: true,
            }),
            required: fc.uniqueArray(fc.constantFrom('a', 'b', 'd'), { maxLength: 2 }),
            additionalProperties: tie('judged'),
            items: tie('judged'),
          },
          { requiredKeys: [] },
        ),
      ),
    }));
    const { value } = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        scalar,
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), tie('value'), {
          maxKeys: 4,
          noNullPrototype: true,
        }),
      ),
    }));

    it('should hand on a value exact mode passes, and normalizing it again changes nothing', () => {
      fc.assert(
        fc.property(judged, value, (schema, args) => {
          const before = structuredClone(args);
          const lenient = judgeArguments(schema, args);
          expect(args).toEqual(before);
          if (lenient.mismatchCount > 0) return;
          const again = judgeArguments(schema, lenient.value, exact);
          expect(again.mismatches).toEqual([]);
          expect(again.value).toBe(lenient.value);
          expect(judgeArguments(schema, lenient.value).value).toBe(lenient.value);
        }),
        { numRuns: Number(process.env.TOOLGATE_PROPERTY_RUNS ?? 2000) },
      );
    });
  });
});

describe('fitArguments', () => {
  describe('fits and complete', () => {
    it('should answer yes/no without sentences, complete where everything is judged', () => {
      const schema = withA({ type: 'integer' }, { required: ['a'] });
      expect(fitArguments(schema, { a: 1 })).toEqual({ fits: true, complete: true });
      expect(fitArguments(schema, { a: '1' })).toEqual({ fits: true, complete: true });
      expect(fitArguments(schema, { a: '1' }, exact)).toEqual({ fits: false, complete: true });
      expect(fitArguments(schema, {})).toMatchObject({ fits: false });
    });

    it('should say incomplete when part of the value met a node it does not judge in full', () => {
      const schema = objectSchema({
        a: { anyOf: [{ type: 'string', format: 'email' }, { type: 'integer' }] },
        b: { $ref: '#/$defs/b' },
        c: { type: 'date' },
        d: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      });
      expect(fitArguments(schema, { a: 'x' })).toEqual({ fits: true, complete: false });
      expect(fitArguments(schema, { a: 1 })).toEqual({ fits: true, complete: true });
      expect(fitArguments(schema, { b: 1 })).toEqual({ fits: true, complete: false });
      expect(fitArguments(schema, { c: 1 })).toEqual({ fits: true, complete: false });
      expect(fitArguments(schema, { d: 1 })).toEqual({ fits: true, complete: true });
      // Nothing met the unjudged nodes: the answer is complete.
      expect(fitArguments(schema, {})).toEqual({ fits: true, complete: true });
      const open = objectSchema({}, { additionalProperties: { $ref: 'https://example.com/x' } });
      expect(fitArguments(open, { x: 1 })).toEqual({ fits: true, complete: false });
    });

    it('should judge arguments within the bound in full however many branches walk them', () => {
      // Each branch walks the 30,000 items: 1,230,000 walks in all, of 30,001 values.
      const branches = Array.from({ length: 41 }, (_, index) => ({
        type: 'array',
        items: { type: 'integer', minimum: 40 - index },
      }));
      const list = Array.from({ length: 30_000 }, () => 0);
      expect(fitArguments({ anyOf: branches }, list, exact)).toEqual({
        fits: true,
        complete: true,
      });
      expect(messagesOf({ anyOf: branches }, [...list, 'x'], exact)).toEqual([
        '"[30000]" must be an integer, not text ("x").',
      ]);
    });

    it('should not call arguments too large for the properties their schema declares', () => {
      // Each object is charged the 1,001 properties its schema declares: 1,001,000 for 2,000 values.
      const properties = Object.fromEntries(
        Array.from({ length: 1_000 }, (_, index) => [`p${index}`, { type: 'integer' }]),
      );
      const objects = Array.from({ length: 1_000 }, () => ({ p0: 1 }));
      const schema = { type: 'array', items: { type: 'object', properties } };
      expect(fitArguments(schema, objects, exact)).toEqual({ fits: true, complete: true });
    });

    it('should pass, not judged in full, small arguments a schema walks more than 8 times over', () => {
      // Each object fits the last of 9 branches, each charging the 10,001 properties it declares:
      // 9,000,900 walks for 200 values.
      const wide = {
        properties: Object.fromEntries(
          Array.from({ length: 10_000 }, (_, index) => [`p${index}`, {}]),
        ),
      };
      const branches = Array.from({ length: 9 }, (_, index) => ({
        allOf: [{ $ref: '#/$defs/wide' }, { required: [`k${index}`] }],
      }));
      const schema = { $defs: { wide }, type: 'array', items: { anyOf: branches } };
      const objects = Array.from({ length: 100 }, () => ({ k8: 1 }));
      expect(fitArguments(schema, objects, exact)).toEqual({ fits: true, complete: false });
      expect(judgeArguments(schema, objects, exact)).toEqual({
        mismatches: [],
        mismatchCount: 0,
        value: objects,
      });
      // Within the budget, the same schema is judged in full.
      expect(fitArguments(schema, objects.slice(0, 10), exact)).toEqual({
        fits: true,
        complete: true,
      });
      expect(fitArguments(schema, [{ k8: 1 }, {}], exact)).toEqual({
        fits: false,
        complete: true,
      });
    });

    it('should not fit arguments it cannot read', () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      expect(fitArguments({ type: 'object' }, proxy)).toEqual({ fits: false, complete: false });
    });
  });
});

describe('CheckerError', () => {
  describe('never a silent pass', () => {
    it('should throw a CheckerError, with the cause, when judging fails for a reason other than the arguments', () => {
      const cause = new Error('broken default');
      const judge = () =>
        judgeArguments(
          withA({ type: 'integer' }),
          { a: null },
          {
            defaultFor: () => {
              throw cause;
            },
          },
        );
      expect(judge).toThrow(CheckerError);
      try {
        judge();
      } catch (error) {
        expect(CheckerError.isInstance(error)).toBe(true);
        expect((error as Error).cause).toBe(cause);
        expect((error as Error).name).toBe('toolgate.error.CheckerError');
      }
      expect(() =>
        checkTurn(
          [{ toolCallId: '1', toolName: 't', input: { a: null } }],
          () => withA({ type: 'integer' }),
          {
            defaultFor: () => {
              throw cause;
            },
          },
        ),
      ).toThrow(CheckerError);
    });
  });
});
