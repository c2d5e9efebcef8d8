import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCheckerDifferential, schemaArbitrary } from './support/checker-differential.ts';

describe('checkArguments against ajv (seeded differential)', () => {
  it('should never refuse what JSON Schema accepts, and lenient should pass all exact passes', () => {
    const report = runCheckerDifferential({
      seed: 20_261_201,
      schemaCount: 400,
      valuesPerSchema: 5,
    });
    expect(report.cases).toBe(2_000);
    expect(report.falseRefusals).toEqual([]);
    expect(report.lenientNarrower).toEqual([]);
    expect(report.missedInJudged).toEqual([]);
    // A false refusal can only be found among values ajv accepts: both families must offer many.
    expect(report.claimed.accepted).toBeGreaterThan(report.claimed.cases / 4);
    expect(report.mixed.accepted).toBeGreaterThan(report.mixed.cases / 4);
    expect(report.mixed.invalid).toBe(report.mixed.cases - report.mixed.accepted);
  });

  it('should generate every keyword a tool schema can carry, and references that recurse', () => {
    const used = new Set<string>();
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (typeof node === 'object' && node !== null) {
        for (const [keyword, inner] of Object.entries(node)) {
          if (keyword === '$defs' || keyword === 'enum' || keyword === 'const') used.add(keyword);
          else {
            used.add(keyword === '$ref' ? `$ref ${String(inner)}` : keyword);
            collect(inner);
          }
        }
      }
    };
    for (const schema of fc.sample(schemaArbitrary(true), { seed: 1, numRuns: 500 })) {
      collect(schema);
    }
    const expected = [
      ...['$ref #/$defs/tree', '$ref #/$defs/choice', '$ref #/$defs/generated', '$defs'],
      ...['anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else'],
      ...['prefixItems', 'contains', 'dependentRequired', 'dependentSchemas'],
      ...['patternProperties', 'propertyNames', 'minimum', 'maximum'],
      ...['exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength'],
      ...['pattern', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties'],
      ...['const', 'enum', 'type', 'properties', 'required', 'additionalProperties', 'items'],
    ];
    expect(expected.filter((keyword) => !used.has(keyword))).toEqual([]);
  });
});
