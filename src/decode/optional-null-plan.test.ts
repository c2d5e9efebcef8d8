import { describe, expect, it } from 'vitest';
import { assignSchema as assign } from '../../test/support/assign-schema.ts';
import { planData } from '../../test/support/plan-data.ts';
import { PreparedStore } from '../store/prepared-store.ts';
import { decodeArguments } from './decode-arguments.ts';
import { optionalNullPlan, storedOptionalNullPlan } from './optional-null-plan.ts';

const omission = { decodeTo: 'omission' } as const;

describe('optionalNullPlan', () => {
  it('should decode null for an optional argument behind a $ref to omission, keeping a null the schema admits', () => {
    const plan = optionalNullPlan(assign);
    expect(
      decodeArguments(
        { title: 't', assignee: { name: 'a', team: null, email: null }, reviewer: null },
        plan,
      ),
    ).toEqual({ title: 't', assignee: { name: 'a', email: null }, reviewer: null });
    expect(
      decodeArguments(
        { title: 't', assignee: { name: 'a' }, reviewer: { name: 'r', team: null } },
        plan,
      ),
    ).toEqual({ title: 't', assignee: { name: 'a' }, reviewer: { name: 'r' } });
  });

  it('should decode null in the branch of a oneOf the value fits, and no other', () => {
    const plan = optionalNullPlan(assign);
    expect(
      decodeArguments(
        { title: 't', assignee: { name: 'a' }, target: { kind: 'pull', number: 2, draft: null } },
        plan,
      ),
    ).toEqual({ title: 't', assignee: { name: 'a' }, target: { kind: 'pull', number: 2 } });
    expect(
      decodeArguments(
        { title: 't', assignee: { name: 'a' }, target: { kind: 'issue', number: 1, label: null } },
        plan,
      ),
    ).toEqual({ title: 't', assignee: { name: 'a' }, target: { kind: 'issue', number: 1 } });
    // A null no branch takes once decoded is left for the check to describe.
    const stray = { title: 't', assignee: { name: 'a' }, target: { kind: 'other', label: null } };
    expect(decodeArguments(stray, plan)).toEqual(stray);
  });

  it('should decode the properties of an object beside its oneOf, and of each branch', () => {
    const schema = {
      type: 'object',
      properties: { id: { type: 'string' }, note: { type: 'string' }, email: { type: 'string' } },
      oneOf: [{ required: ['id'] }, { required: ['email'] }],
    };
    const plan = optionalNullPlan(schema);
    expect(decodeArguments({ id: 'a', note: null, email: null }, plan)).toEqual({ id: 'a' });
    expect(decodeArguments({ email: 'e', note: null, id: null }, plan)).toEqual({ email: 'e' });
  });

  it('should take the configured default, else a schema default that fits, else omission', () => {
    const schema = {
      type: 'object',
      properties: {
        filters: { $ref: '#/$defs/Filters' },
        events: { type: 'array', items: { $ref: '#/$defs/Event' } },
      },
      $defs: {
        Filters: {
          type: 'object',
          properties: {
            limit: { type: 'integer', default: 10 },
            sort: { type: 'string', default: 3 },
            tag: { type: 'string', default: null },
          },
        },
        Event: { type: 'object', properties: { when: { type: 'string' } } },
      },
    };
    const plan = optionalNullPlan(schema, { defaults: { 'events[].when': 'now' } });
    expect(planData(plan)).toEqual({
      properties: {
        filters: {
          placeholders: {
            limit: { decodeTo: 'default', value: 10 },
            sort: omission,
            tag: omission,
          },
        },
        events: { items: { placeholders: { when: { decodeTo: 'default', value: 'now' } } } },
      },
      placeholders: { filters: omission, events: omission },
    });
    expect(
      decodeArguments({ filters: { limit: null, sort: null }, events: [{ when: null }] }, plan),
    ).toEqual({ filters: { limit: 10 }, events: [{ when: 'now' }] });
  });

  it('should follow a recursive reference as deep as the value goes', () => {
    const tree = {
      type: 'object',
      properties: { root: { $ref: '#/$defs/Node' } },
      $defs: {
        Node: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/$defs/Node' } },
          },
          required: ['name'],
        },
      },
    };
    let sent: Record<string, unknown> = { name: 'leaf', children: null };
    let expected: Record<string, unknown> = { name: 'leaf' };
    for (let depth = 0; depth < 30; depth++) {
      sent = { name: `n${depth}`, children: [sent] };
      expected = { name: `n${depth}`, children: [expected] };
    }
    expect(decodeArguments({ root: sent }, optionalNullPlan(tree))).toEqual({ root: expected });
  });

  it('should merge the members of an allOf: a name one of them requires is no placeholder', () => {
    const schema = {
      type: 'object',
      properties: {
        item: {
          allOf: [
            { $ref: '#/$defs/Base' },
            { type: 'object', properties: { size: { type: 'integer' } }, required: ['id'] },
          ],
        },
      },
      $defs: {
        Base: { type: 'object', properties: { id: { type: 'string' }, tag: { type: 'string' } } },
      },
    };
    expect(
      decodeArguments({ item: { id: null, tag: null, size: null } }, optionalNullPlan(schema)),
    ).toEqual({ item: { id: null } });
  });

  it('should stay within its budget on definitions that double at each level', () => {
    const $defs: Record<string, unknown> = {
      d0: { type: 'object', properties: { x: { type: 'string' } } },
    };
    for (let level = 1; level <= 40; level++) {
      $defs[`d${level}`] = {
        type: 'object',
        properties: { l: { $ref: `#/$defs/d${level - 1}` }, r: { $ref: `#/$defs/d${level - 1}` } },
      };
    }
    // Without the budget the walk would visit 2^40 nodes: the test would time out.
    const plan = optionalNullPlan({
      type: 'object',
      properties: { a: { $ref: '#/$defs/d40' } },
      $defs,
    });
    expect(decodeArguments({ a: null }, plan)).toEqual({});
  });

  it('should keep a null that JSON Schema admits, as a property of no type', () => {
    const schema = {
      type: 'object',
      properties: { meta: { properties: { a: { type: 'string' } } }, tag: { type: 'string' } },
    };
    expect(decodeArguments({ meta: null, tag: null }, optionalNullPlan(schema))).toEqual({
      meta: null,
    });
  });

  it('should decode nothing for a schema that is no object, or a reference that points nowhere', () => {
    expect(optionalNullPlan(true)).toEqual({ kind: 'none' });
    expect(optionalNullPlan({ $ref: '#/nowhere' })).toEqual({ kind: 'none' });
  });
});

describe('storedOptionalNullPlan', () => {
  it("should keep the store's copy of the defaults, and leave the app's own object as it was", () => {
    const store = new PreparedStore();
    const schema = {
      type: 'object',
      properties: { filters: { type: 'object', properties: { limit: { type: 'integer' } } } },
    };
    const defaults = { filters: { limit: 10 } };
    const plan = storedOptionalNullPlan(schema, { defaults, store });
    expect(storedOptionalNullPlan(structuredClone(schema), { defaults, store })).toBe(plan);
    expect(Object.isFrozen(defaults) || Object.isFrozen(defaults.filters)).toBe(false);
    defaults.filters.limit = 20;
    expect(decodeArguments({ filters: null }, plan)).toEqual({ filters: { limit: 10 } });
  });
});
