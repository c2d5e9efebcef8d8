import { describe, expect, it } from 'vitest';
import { runCheckerDifferential } from './support/checker-differential.ts';

describe('checkArguments against ajv (seeded differential)', () => {
  describe('judged and unjudged keywords mixed', () => {
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
    });
  });
});
