import { describe, expect, it, vi } from 'vitest';
import { PreparedStore } from '../store/prepared-store.ts';
import { decodeWithPlan } from './decode-arguments.ts';
import { cerebrasProfile, openaiProfile } from './provider-profiles.ts';
import { storedStrictSchema, strictScopeOf } from './stored-strict-schema.ts';
import { toStrictSchema } from './to-strict-schema.ts';

const weather = () => ({
  type: 'object',
  properties: {
    city: { type: 'string', description: 'City.' },
    unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
  },
  required: ['city'],
  additionalProperties: false,
});

describe('storedStrictSchema', () => {
  it('should convert once per content, profile and defaults, and hand every caller that frozen result', () => {
    const store = new PreparedStore();
    const first = storedStrictSchema(weather(), { profile: openaiProfile, store });
    expect(first).toEqual(toStrictSchema(weather()));
    expect(storedStrictSchema(weather(), { profile: openaiProfile, store })).toBe(first);
    expect(storedStrictSchema(weather(), { profile: { ...openaiProfile }, store })).toBe(first);
    expect(Object.isFrozen(first.schema)).toBe(true);
    expect(Object.isFrozen((first.schema as { required: unknown }).required)).toBe(true);
    const cerebras = storedStrictSchema(weather(), { profile: cerebrasProfile, store });
    expect(cerebras).not.toBe(first);
    expect(cerebras).toEqual(toStrictSchema(weather(), { profile: cerebrasProfile }));
    const defaults = { unit: 'celsius' };
    const withDefaults = storedStrictSchema(weather(), { profile: openaiProfile, defaults, store });
    expect(withDefaults).toEqual(toStrictSchema(weather(), { defaults }));
    expect(withDefaults).not.toBe(first);
  });

  it('should convert a schema, profile or defaults edited in place after first use by the new content', () => {
    const store = new PreparedStore();
    const schema = weather();
    const profile = { ...openaiProfile };
    const defaults: Record<string, unknown> = { unit: 'celsius' };
    storedStrictSchema(schema, { profile, defaults, store });
    schema.properties.unit.enum.push('kelvin');
    expect(storedStrictSchema(schema, { profile, defaults, store })).toEqual(
      toStrictSchema(structuredClone(schema), { defaults: { unit: 'celsius' } }),
    );
    defaults.unit = 'kelvin';
    expect(storedStrictSchema(schema, { profile, defaults, store })).toEqual(
      toStrictSchema(structuredClone(schema), { defaults: { unit: 'kelvin' } }),
    );
    profile.maxEnumValues = 2;
    expect(storedStrictSchema(schema, { profile, defaults, store })).toMatchObject({
      strict: false,
      reason: 'an enum at "/properties/unit" has more than 2 values',
    });
  });

  it('should keep nothing of the caller’s objects, nor freeze them', () => {
    const store = new PreparedStore();
    const defaults = { unit: { label: 'celsius' } };
    const schema = weather();
    const result = storedStrictSchema(schema, { profile: openaiProfile, defaults, store });
    expect(Object.isFrozen(defaults.unit)).toBe(false);
    expect(Object.isFrozen(schema.properties)).toBe(false);
    defaults.unit.label = 'kelvin';
    expect(
      storedStrictSchema(weather(), {
        profile: openaiProfile,
        defaults: { unit: { label: 'celsius' } },
        store,
      }),
    ).toBe(result);
  });

  it('should give a schema that cannot be strict back as the caller gave it', () => {
    const store = new PreparedStore();
    const tuple = () => ({
      type: 'object',
      properties: { pair: { type: 'array', prefixItems: [] } },
    });
    const mine = tuple();
    const result = storedStrictSchema(mine, { profile: openaiProfile, store });
    expect(result.strict).toBe(false);
    expect(result.schema).toBe(mine);
    const theirs = tuple();
    expect(storedStrictSchema(theirs, { profile: openaiProfile, store }).schema).toBe(theirs);
  });

  it('should convert on every call what is not plain JSON data, keeping nothing', () => {
    const store = new PreparedStore();
    const dated = { ...weather(), default: new Date(0) };
    const result = storedStrictSchema(dated, { profile: openaiProfile, store });
    expect(result).toEqual(toStrictSchema(dated));
    expect(storedStrictSchema(dated, { profile: openaiProfile, store })).not.toBe(result);
    expect(strictScopeOf(openaiProfile, { when: new Date(0) })).toBeUndefined();
  });

  it('should give a plan whose union branches its store judges without reading them again', () => {
    const store = new PreparedStore();
    const schema = {
      type: 'object',
      properties: {
        when: {
          anyOf: [
            { type: 'object', properties: { at: { type: 'string' } }, required: ['at'] },
            { type: 'object', properties: { day: { type: 'string' }, hour: { type: 'integer' } } },
          ],
        },
      },
      required: ['when'],
    };
    const { plan } = storedStrictSchema(schema, { profile: openaiProfile, store });
    const args = { when: { day: 'Monday', hour: null } };
    const expected = decodeWithPlan(args, plan);
    expect(expected.value).toEqual({ when: { day: 'Monday' } });
    expect(decodeWithPlan(args, plan, { store })).toEqual(expected);
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      expect(decodeWithPlan(args, plan, { store })).toEqual(expected);
      expect(stringify).not.toHaveBeenCalled();
    } finally {
      stringify.mockRestore();
    }
  });
});
