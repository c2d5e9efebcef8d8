import { describe, expect, it } from 'vitest';
import { cerebrasProfile, openaiProfile } from '../provider-profiles.ts';
import { strictLimitViolation } from './strict-limits.ts';

const closed = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

describe('strictLimitViolation', () => {
  it('should pass a schema within every limit, $defs and references included', () => {
    const schema = {
      ...closed({ tree: { $ref: '#/$defs/Node' } }),
      $defs: {
        Node: closed({
          name: { type: 'string' },
          kids: { type: 'array', items: { $ref: '#/$defs/Node' } },
        }),
      },
    };
    expect(strictLimitViolation(schema, openaiProfile)).toBeUndefined();
  });

  it('should name a keyword the profile does not take, and a reference with siblings', () => {
    expect(
      strictLimitViolation(closed({ a: { type: 'string', default: 'x' } }), openaiProfile),
    ).toBe('"/properties/a" has the keyword "default", which openai strict mode does not accept');
    expect(
      strictLimitViolation(closed({ a: { $ref: '#/$defs/A', description: 'A.' } }), openaiProfile),
    ).toBe('"/properties/a" has keywords beside $ref');
  });

  it('should refuse an anyOf that is no list', () => {
    expect(
      strictLimitViolation(
        { type: 'object', properties: { a: { anyOf: {} } }, required: ['a'] },
        openaiProfile,
      ),
    ).toBe('the anyOf at "/properties/a" is not a list of schemas');
  });

  it('should refuse a list without items and objects nested past the profile’s depth', () => {
    expect(strictLimitViolation(closed({ l: { type: ['array', 'null'] } }), openaiProfile)).toBe(
      'the list at "/properties/l" has no items schema',
    );
    let deep: Record<string, unknown> = closed({ leaf: { type: 'string' } });
    for (let level = 0; level < 10; level++) deep = closed({ next: deep });
    expect(strictLimitViolation(deep, openaiProfile)).toMatch(/^objects are nested more than 10/);
  });

  it('should write the place of a violation as a JSON pointer, names escaped', () => {
    const bad = { type: 'string', default: 'x' };
    expect(strictLimitViolation(closed({ 'a/b~c': bad }), openaiProfile)).toMatch(
      /^"\/properties\/a~1b~0c" has the keyword "default"/,
    );
    expect(
      strictLimitViolation(closed({ n: { anyOf: [{ type: 'null' }, bad] } }), openaiProfile),
    ).toMatch(/^"\/properties\/n\/anyOf\/1" has the keyword "default"/);
    const schema = { ...closed({ a: { $ref: '#/$defs/x~y' } }), $defs: { 'x~y': bad } };
    expect(strictLimitViolation(schema, openaiProfile)).toMatch(
      /^"\/\$defs\/x~0y" has the keyword "default"/,
    );
  });

  it('should count properties across the schema', () => {
    const properties: Record<string, unknown> = {};
    for (let index = 0; index <= 5000; index++) properties[`p${index}`] = { type: 'string' };
    expect(strictLimitViolation(closed(properties), openaiProfile)).toBe(
      'the schema has more than 5000 properties',
    );
  });

  it('should apply Cerebras’s limit of anyOf branches, and no such limit for OpenAI', () => {
    const schema = closed({ n: { anyOf: [1, 2, 3, 4, 5, 6].map((value) => ({ const: value })) } });
    expect(strictLimitViolation(schema, cerebrasProfile)).toBe(
      'the anyOf at "/properties/n" has more than 5 branches',
    );
    expect(strictLimitViolation(schema, openaiProfile)).toBeUndefined();
  });
});
