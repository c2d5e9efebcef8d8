import { describe, expect, it } from 'vitest';
import { checkTurn } from '../../checker/check-turn.ts';
import { forbiddenKeyPaths } from './forbidden-keys.ts';

describe('forbiddenKeyPaths', () => {
  it('should find nothing in ordinary arguments', () => {
    expect(forbiddenKeyPaths({ a: [1, { b: 'constructor' }], constructor: 'text' })).toEqual([]);
    expect(forbiddenKeyPaths(null)).toEqual([]);
    expect(forbiddenKeyPaths('__proto__')).toEqual([]);
  });

  it('should find own __proto__ keys at any depth, as JSON.parse makes them', () => {
    const parsed = JSON.parse('{"__proto__":{"x":1},"list":[{"__proto__":null}]}');
    expect(forbiddenKeyPaths(parsed)).toEqual([['__proto__'], ['list', 0, '__proto__']]);
  });

  it('should find a constructor object with its own prototype, as the SDK refuses it', () => {
    const parsed = JSON.parse('{"m":{"constructor":{"prototype":{"p":1}}},"n":{"constructor":{}}}');
    expect(forbiddenKeyPaths(parsed)).toEqual([['m', 'constructor', 'prototype']]);
  });

  it('should find keys written with unicode escapes', () => {
    expect(forbiddenKeyPaths(JSON.parse('{"\\u005f_proto__":1}'))).toEqual([['__proto__']]);
  });

  it('should walk very deep input without overflowing the stack', () => {
    const depth = 100_000;
    const text = `${'{"a":'.repeat(depth)}{"__proto__":1}${'}'.repeat(depth)}`;
    const paths = forbiddenKeyPaths(JSON.parse(text));
    expect(paths).toHaveLength(1);
    expect(paths[0]?.length).toBe(depth + 1);
  });
});

describe('checkTurn with forbidden paths', () => {
  const schema = { type: 'object', properties: { a: { type: 'string' } } };

  it('should refuse the turn, the call first and its siblings not run', () => {
    const verdict = checkTurn(
      [
        { toolCallId: 'c1', toolName: 't', input: { a: 'x' }, forbiddenPaths: [['__proto__']] },
        { toolCallId: 'c2', toolName: 't', input: { a: 'y' } },
      ],
      () => schema,
    );
    expect(verdict.refused).toBe(true);
    const [first, second] = verdict.calls;
    expect(first?.outcome === 'refused' && first.answer.split('\n')[1]).toBe(
      '"__proto__" must not be sent.',
    );
    expect(second?.outcome === 'refused' && second.code).toBe('turn');
  });

  it('should not tell a schema mismatch at the same path twice', () => {
    const closed = { ...schema, additionalProperties: false };
    const input = JSON.parse('{"a":[],"__proto__":{}}');
    const verdict = checkTurn(
      [{ toolCallId: 'c1', toolName: 't', input, forbiddenPaths: forbiddenKeyPaths(input) }],
      () => closed,
    );
    // Without the forbidden path, "__proto__" is an unknown argument here.
    const plain = checkTurn([{ toolCallId: 'c1', toolName: 't', input }], () => closed).calls[0];
    expect(plain?.outcome === 'refused' && plain.mismatches.map((m) => m.code)).toEqual([
      'type',
      'unknown',
    ]);
    const [call] = verdict.calls;
    expect(call?.outcome === 'refused' && call.mismatches.map((m) => [m.code, m.path])).toEqual([
      ['forbidden', ['__proto__']],
      ['type', ['a']],
    ]);
  });
});
