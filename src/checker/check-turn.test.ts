import { describe, expect, it, vi } from 'vitest';
import { type CallToCheck, checkTurn } from './check-turn.ts';

const weatherSchema = {
  type: 'object',
  properties: {
    city: { type: 'string' },
    unit: { enum: ['celsius', 'fahrenheit'] },
    days: { type: 'integer' },
  },
  required: ['city'],
  additionalProperties: false,
};
const searchSchema = {
  type: 'object',
  properties: { query: { type: 'string' } },
  required: ['query'],
};
const schemas: Record<string, unknown> = { weather: weatherSchema, search: searchSchema };
const schemaOf = (toolName: string): unknown => schemas[toolName];

const headline = (toolName: string): string =>
  `Refused: the arguments do not match the schema of tool "${toolName}", so nothing was run.`;

function call(toolCallId: string, toolName: string, input: unknown): CallToCheck {
  return { toolCallId, toolName, input };
}

describe('checkTurn', () => {
  describe('a clean turn', () => {
    it('should pass every call', () => {
      const verdict = checkTurn(
        [
          call('1', 'weather', { city: 'Paris', unit: 'celsius' }),
          call('2', 'search', { query: 'x' }),
        ],
        schemaOf,
      );
      expect(verdict).toEqual({
        refused: false,
        calls: [
          {
            toolCallId: '1',
            toolName: 'weather',
            outcome: 'pass',
            value: { city: 'Paris', unit: 'celsius' },
          },
          { toolCallId: '2', toolName: 'search', outcome: 'pass', value: { query: 'x' } },
        ],
      });
    });

    it('should pass an empty turn', () => {
      expect(checkTurn([], schemaOf)).toEqual({ refused: false, calls: [] });
    });

    it('should pass a call to a tool it has no schema for', () => {
      expect(checkTurn([call('1', 'unknown-tool', { anything: [1] })], schemaOf)).toEqual({
        refused: false,
        calls: [
          {
            toolCallId: '1',
            toolName: 'unknown-tool',
            outcome: 'pass',
            value: { anything: [1] },
          },
        ],
      });
    });

    it('should pass values read leniently by default', () => {
      const verdict = checkTurn([call('1', 'weather', { city: 'Paris', days: '3' })], schemaOf);
      expect(verdict.refused).toBe(false);
    });
  });

  describe('a turn with one mismatch', () => {
    const verdict = checkTurn(
      [
        call('a', 'search', { query: 'news' }),
        call('b', 'weather', { city: 'Paris', unit: 'kelvin' }),
        call('c', 'unknown-tool', {}),
      ],
      schemaOf,
    );

    it('should refuse the whole turn', () => {
      expect(verdict.refused).toBe(true);
      expect(verdict.calls.map((verdictOfCall) => verdictOfCall.outcome)).toEqual([
        'refused',
        'refused',
        'refused',
      ]);
    });

    it('should answer the mismatching call with the headline and its sentences', () => {
      expect(verdict.calls[1]).toEqual({
        toolCallId: 'b',
        toolName: 'weather',
        outcome: 'refused',
        code: 'arguments',
        mismatches: [
          {
            code: 'enum',
            path: ['unit'],
            expected: 'one of "celsius" or "fahrenheit"',
            received: '"kelvin"',
            message: '"unit" must be one of "celsius" or "fahrenheit", not "kelvin".',
          },
        ],
        answer: `${headline('weather')}\n"unit" must be one of "celsius" or "fahrenheit", not "kelvin".`,
      });
    });

    it('should answer every other call with Not run', () => {
      const notRun =
        'Not run: a call to tool "weather" in the same turn was refused, so no call of this turn was run. Send this call again together with the corrected call.';
      for (const index of [0, 2]) {
        expect(verdict.calls[index]).toMatchObject({
          outcome: 'refused',
          code: 'turn',
          mismatches: [],
          answer: notRun,
        });
      }
      expect(verdict.calls.map(({ toolCallId, toolName }) => [toolCallId, toolName])).toEqual([
        ['a', 'search'],
        ['b', 'weather'],
        ['c', 'unknown-tool'],
      ]);
    });
  });

  describe('every call is checked', () => {
    it('should refuse each mismatching call with its own sentences', () => {
      const verdict = checkTurn(
        [
          call('1', 'weather', {}),
          call('2', 'search', { query: 'ok' }),
          call('3', 'search', { query: ['a'] }),
        ],
        schemaOf,
      );
      expect(
        verdict.calls.map(
          (verdictOfCall) => verdictOfCall.outcome === 'refused' && verdictOfCall.answer,
        ),
      ).toEqual([
        `${headline('weather')}\n"city" is required but was not sent.`,
        'Not run: calls to tools "weather" and "search" in the same turn were refused, so no call of this turn was run. Send this call again together with the corrected call.',
        `${headline('search')}\n"query" must be text, not a list of 1 item.`,
      ]);
    });

    it('should ask schemaOf for the schema of every call', () => {
      const lookUp = vi.fn(schemaOf);
      checkTurn([call('1', 'weather', {}), call('2', 'search', {}), call('3', 'x', {})], lookUp);
      expect(lookUp.mock.calls).toEqual([['weather'], ['search'], ['x']]);
    });
  });

  describe('the cap on sentences', () => {
    const manySchema = {
      type: 'object',
      additionalProperties: { type: 'integer' },
    };
    const input = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, index) => [`n${index}`, 'x']));

    it('should list at most ten sentences, then say how many more', () => {
      const verdict = checkTurn([call('1', 'many', input(15))], () => manySchema);
      const refusal = verdict.calls[0];
      expect(refusal?.outcome).toBe('refused');
      if (refusal?.outcome !== 'refused') return;
      const lines = refusal.answer.split('\n');
      expect(lines).toHaveLength(12);
      expect(lines[0]).toBe(headline('many'));
      expect(lines.slice(1, 11)).toEqual(
        Array.from({ length: 10 }, (_, index) => `"n${index}" must be an integer, not text ("x").`),
      );
      expect(lines[11]).toBe('…and 5 more mismatches not listed.');
      expect(refusal.mismatches).toHaveLength(10);
    });

    it('should say "1 more mismatch" for one more', () => {
      const verdict = checkTurn([call('1', 'many', input(11))], () => manySchema);
      const refusal = verdict.calls[0];
      if (refusal?.outcome !== 'refused') throw new Error('expected a refusal');
      expect(refusal.answer.split('\n').at(-1)).toBe('…and 1 more mismatch not listed.');
    });

    it('should add no count line at exactly ten mismatches', () => {
      const verdict = checkTurn([call('1', 'many', input(10))], () => manySchema);
      const refusal = verdict.calls[0];
      if (refusal?.outcome !== 'refused') throw new Error('expected a refusal');
      expect(refusal.answer.split('\n')).toHaveLength(11);
      expect(refusal.answer).not.toContain('more');
    });

    it('should pass the options on to the check', () => {
      const verdict = checkTurn([call('1', 'many', input(15))], () => manySchema, {
        maxMismatches: 2,
      });
      const refusal = verdict.calls[0];
      if (refusal?.outcome !== 'refused') throw new Error('expected a refusal');
      expect(refusal.answer.split('\n')).toHaveLength(4);
      expect(refusal.answer.split('\n')[3]).toBe('…and 13 more mismatches not listed.');

      const lenient = checkTurn([call('1', 'weather', { city: 'x', days: '3' })], schemaOf);
      const exact = checkTurn([call('1', 'weather', { city: 'x', days: '3' })], schemaOf, {
        leniency: 'exact',
      });
      expect(lenient.refused).toBe(false);
      expect(exact.refused).toBe(true);
    });
  });

  describe('unparsable input', () => {
    it('should refuse a call whose arguments could not be parsed', () => {
      const verdict = checkTurn(
        [
          { toolCallId: '1', toolName: 'search', unparsableInput: '{"query": "news"' },
          call('2', 'weather', { city: 'Paris' }),
        ],
        schemaOf,
      );
      expect(verdict).toEqual({
        refused: true,
        calls: [
          {
            toolCallId: '1',
            toolName: 'search',
            outcome: 'refused',
            code: 'arguments',
            mismatches: [
              {
                code: 'unparsable',
                path: [],
                expected: 'a JSON object',
                received: '"{\\"query\\": \\"news\\""',
                message:
                  'The arguments are not valid JSON ("{\\"query\\": \\"news\\""); send one JSON object.',
              },
            ],
            answer: `${headline('search')}\nThe arguments are not valid JSON ("{\\"query\\": \\"news\\""); send one JSON object.`,
          },
          {
            toolCallId: '2',
            toolName: 'weather',
            outcome: 'refused',
            code: 'turn',
            mismatches: [],
            answer:
              'Not run: a call to tool "search" in the same turn was refused, so no call of this turn was run. Send this call again together with the corrected call.',
            value: { city: 'Paris' },
          },
        ],
      });
    });

    it('should refuse unparsable input even for a tool it has no schema for', () => {
      const verdict = checkTurn(
        [{ toolCallId: '1', toolName: 'x', unparsableInput: '' }],
        schemaOf,
      );
      expect(verdict.refused).toBe(true);
    });

    it('should repeat only a short excerpt of a huge unparsable text', () => {
      const verdict = checkTurn(
        [{ toolCallId: '1', toolName: 'search', unparsableInput: `{${'x'.repeat(10_000_000)}` }],
        schemaOf,
      );
      const refusal = verdict.calls[0];
      if (refusal?.outcome !== 'refused') throw new Error('expected a refusal');
      expect(refusal.answer.length).toBeLessThan(300);
      expect(refusal.mismatches[0]?.received.length).toBeLessThan(100);
    });
  });

  describe('validator issues', () => {
    const schema = { type: 'object', properties: { a: { type: 'integer' } } };

    it("should refuse with the issues of the tool's own validator when the schema check passes", () => {
      const verdict = checkTurn(
        [
          {
            toolCallId: '1',
            toolName: 't',
            input: { a: 0 },
            validatorIssues: [
              { path: ['a'], message: 'Too small:\n   expected number to be >=1' },
              { path: [], message: 'Unrecognized key: "b"!' },
            ],
          },
        ],
        () => schema,
      );
      expect(verdict.calls[0]).toMatchObject({
        outcome: 'refused',
        code: 'arguments',
        mismatches: [
          {
            code: 'rejected',
            path: ['a'],
            expected: 'what the tool accepts',
            received: 'Too small: expected number to be >=1.',
          },
          { code: 'rejected', path: [] },
        ],
        answer: `${headline('t')}\n"a" was rejected by the tool's own validation: Too small: expected number to be >=1.\nThe arguments were rejected by the tool's own validation: Unrecognized key: "b"!`,
      });
    });

    it('should tell only the schema mismatches when there are any', () => {
      const verdict = checkTurn(
        [
          {
            toolCallId: '1',
            toolName: 't',
            input: { a: 'x' },
            validatorIssues: [{ path: ['a'], message: 'Expected number' }],
          },
        ],
        () => schema,
      );
      const refusal = verdict.calls[0];
      if (refusal?.outcome !== 'refused') throw new Error('expected a refusal');
      expect(refusal.answer).toBe(`${headline('t')}\n"a" must be an integer, not text ("x").`);
    });

    it('should pass a call with an empty list of issues', () => {
      const verdict = checkTurn(
        [{ toolCallId: '1', toolName: 't', input: { a: 1 }, validatorIssues: [] }],
        () => schema,
      );
      expect(verdict.refused).toBe(false);
    });

    it('should cut a long issue message and cap the issues told', () => {
      const issues = Array.from({ length: 12 }, (_, index) => ({
        path: ['a'],
        message: `${index} ${'x'.repeat(10_000)}`,
      }));
      const verdict = checkTurn(
        [{ toolCallId: '1', toolName: 't', input: {}, validatorIssues: issues }],
        () => undefined,
      );
      const refusal = verdict.calls[0];
      if (refusal?.outcome !== 'refused') throw new Error('expected a refusal');
      expect(refusal.mismatches).toHaveLength(10);
      expect(refusal.mismatches[0]?.received).toBe(`0 ${'x'.repeat(158)}….`);
      const lines = refusal.answer.split('\n');
      expect(lines).toHaveLength(12);
      expect(lines[11]).toBe('…and 2 more mismatches not listed.');
    });
  });

  describe('tool names', () => {
    it('should quote a tool name as JSON in the answers', () => {
      const verdict = checkTurn([call('1', 'say "hi"', {}), call('2', 'other', {})], (toolName) =>
        toolName === 'other' ? undefined : { type: 'object', required: ['a'] },
      );
      const [refusal, notRun] = verdict.calls;
      if (refusal?.outcome !== 'refused' || notRun?.outcome !== 'refused') {
        throw new Error('expected refusals');
      }
      expect(refusal.answer.split('\n')[0]).toBe(
        'Refused: the arguments do not match the schema of tool "say \\"hi\\"", so nothing was run.',
      );
      expect(notRun.answer).toContain('a call to tool "say \\"hi\\""');
    });
  });

  describe('calls to tools that were not offered (toolNames)', () => {
    const toolNames = ['weather', 'search'];

    it('should refuse the turn and suggest the likely tool', () => {
      const verdict = checkTurn(
        [call('1', 'serch', { query: 'x' }), call('2', 'weather', { city: 'Paris' })],
        schemaOf,
        { toolNames },
      );
      expect(verdict.refused).toBe(true);
      const [unknown, sibling] = verdict.calls;
      expect(unknown).toMatchObject({ outcome: 'refused', code: 'arguments' });
      expect(unknown?.outcome === 'refused' && unknown.answer).toBe(
        'Refused: there is no tool "serch", so nothing was run.\nDid you mean "search"?',
      );
      expect(sibling?.outcome === 'refused' && sibling.answer).toMatch(
        /^Not run: a call to tool "serch"/,
      );
    });

    it('should list the tools when no name is close', () => {
      const verdict = checkTurn([call('1', 'launch_rocket', {})], schemaOf, { toolNames });
      const [unknown] = verdict.calls;
      expect(unknown?.outcome === 'refused' && unknown.answer).toBe(
        'Refused: there is no tool "launch_rocket", so nothing was run.\nThe tools are "weather", "search".',
      );
    });

    it('should tell offered names from others the same way in a turn of many calls among many tools', () => {
      // Past 1,024 comparisons of calls and names, names are looked up in a set instead of the list.
      const manyNames = [
        ...toolNames,
        ...Array.from({ length: 600 }, (_, index) => `tool_${index}`),
      ];
      const calls = [
        call('1', 'weather', { city: 'Paris' }),
        call('2', 'tool_599', {}),
        call('3', 'search', { query: 'x' }),
      ];
      expect(checkTurn(calls, schemaOf, { toolNames: manyNames }).refused).toBe(false);
      const verdict = checkTurn([...calls, call('4', 'tool_600', {})], schemaOf, {
        toolNames: manyNames,
      });
      expect(verdict.refused).toBe(true);
      expect(verdict.calls[3]).toMatchObject({ outcome: 'refused', code: 'arguments' });
      expect(verdict.calls[3]?.outcome === 'refused' && verdict.calls[3].answer).toMatch(
        /^Refused: there is no tool "tool_600"/,
      );
    });

    it('should not judge tool names without the option', () => {
      expect(checkTurn([call('1', 'serch', {})], schemaOf).refused).toBe(false);
    });
  });

  describe('a huge turn of unknown names', () => {
    // 1,000 accepted names, and a turn of about 263 KB: 900 calls of 10 names each close to one.
    const names = Array.from({ length: 1000 }, (_, index) => `parameter_${index}`);
    const schema = {
      type: 'object',
      properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
      additionalProperties: false,
    };
    const calls = Array.from({ length: 900 }, (_, index) =>
      call(
        `c${index}`,
        'wide',
        Object.fromEntries(
          Array.from({ length: 10 }, (_, key) => [`paramter_${(index * 10 + key) % 1000}`, 'x']),
        ),
      ),
    );

    it('should suggest as before while the turn has budget, then leave suggestions out', () => {
      const verdict = checkTurn(calls, () => schema);
      const messages = (index: number) => {
        const judged = verdict.calls[index];
        return judged?.outcome === 'refused' ? judged.mismatches.map((m) => m.message) : [];
      };
      // The first call reads as it does alone, suggestions and all.
      const alone = checkTurn([calls[0] as CallToCheck], () => schema).calls[0];
      expect(messages(0)).toEqual(
        alone?.outcome === 'refused' ? alone.mismatches.map((m) => m.message) : [],
      );
      expect(messages(0)[0]).toBe(
        '"paramter_0" is not an argument of this tool; did you mean "parameter_0"?',
      );
      // The last ones list accepted names instead: the turn's suggestion budget was spent.
      expect(messages(899)[0]).toMatch(
        /^"paramter_990" is not an argument of this tool; the accepted names are "parameter_0", /,
      );
      expect(messages(899).some((message) => message.includes('did you mean'))).toBe(false);
    });

    it('should stop suggesting tools past the same budget', () => {
      const toolCalls = Array.from({ length: 5000 }, (_, index) =>
        call(`t${index}`, `paramter_${index % 1000}`, {}),
      );
      const verdict = checkTurn(toolCalls, schemaOf, { toolNames: names });
      const answer = (index: number) => {
        const judged = verdict.calls[index];
        return judged?.outcome === 'refused' ? judged.answer : '';
      };
      expect(answer(0)).toBe(
        'Refused: there is no tool "paramter_0", so nothing was run.\nDid you mean "parameter_0"?',
      );
      expect(answer(4999)).toMatch(
        /^Refused: there is no tool "paramter_999", so nothing was run.\nThe tools are "parameter_0", /,
      );
    });
  });
});
