import type { LanguageModelV4ToolCall } from '@ai-sdk/provider';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallLedger, callReferenceKey, type LedgerEntry } from './call-ledger.ts';

function handedCall(modelInput: string): LanguageModelV4ToolCall {
  return { type: 'tool-call', toolCallId: 'call_0', toolName: 'weather', input: modelInput };
}

const pass = (value: unknown, modelInput = JSON.stringify({ value })): LedgerEntry => ({
  outcome: 'pass',
  input: value,
  value,
  call: handedCall(modelInput),
  modelInput,
});

const refused = (modelInput = '{}'): LedgerEntry => ({
  outcome: 'refused',
  code: 'turn',
  answer: 'Not run: …',
  call: handedCall(modelInput),
  modelInput,
});

/** Holds one turn and returns its references; fails the test when it is not held. */
function hold(ledger: CallLedger, entries: readonly LedgerEntry[]): string[] {
  const texts = ledger.holdTurn(entries);
  if (typeof texts === 'string') throw new Error(`not held: ${texts}`);
  return texts.map((text) => {
    const reference = ledger.referenceIn(JSON.parse(text));
    if (reference === undefined) throw new Error(`not a reference: ${text}`);
    return reference;
  });
}

describe('CallLedger', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('holdTurn', () => {
    it('should hand out one-key input objects naming 128 random bits per call, no shared prefix', () => {
      const ledger = new CallLedger();
      const texts = ledger.holdTurn(Array.from({ length: 100 }, () => pass(1)));
      if (typeof texts === 'string') throw new Error(texts);
      const references = texts.map((text) => {
        expect(Object.keys(JSON.parse(text))).toEqual([callReferenceKey]);
        return ledger.referenceIn(JSON.parse(text)) as string;
      });

      expect(new Set(references).size).toBe(100);
      for (const reference of references) expect(reference).toMatch(/^[0-9a-f]{32}$/);
      // No prefix of any length is common to all references beyond chance.
      const firstChars = new Set(references.map((reference) => reference.slice(0, 2)));
      expect(firstChars.size).toBeGreaterThan(1);
    });

    it('should hold a turn whole, or refuse it whole when it has too many calls', () => {
      const ledger = new CallLedger({ maxCallsPerTurn: 10 });

      expect(ledger.holdTurn(Array.from({ length: 11 }, () => pass(1)))).toBe('turn-too-large');
      expect(ledger.size).toBe(0);
      expect(
        hold(
          ledger,
          Array.from({ length: 10 }, () => pass(1)),
        ),
      ).toHaveLength(10);
    });

    it('should hold a turn of refusals whatever its size, so a turn too large is refused whole', () => {
      const ledger = new CallLedger({ maxCallsPerTurn: 10 });

      expect(
        hold(
          ledger,
          Array.from({ length: 10_001 }, () => refused()),
        ),
      ).toHaveLength(10_001);
    });

    it('should refuse a turn that does not fit beside waiting turns, and keep those', () => {
      const entry = pass(1, 'x'.repeat(1000));
      const ledger = new CallLedger({ maxBytes: 100_000 });
      const waiting = hold(
        ledger,
        Array.from({ length: 10 }, () => entry),
      );
      const bytes = ledger.bytes;

      expect(ledger.holdTurn(Array.from({ length: 10 }, () => entry))).toBe('ledger-full');
      expect(ledger.bytes).toBe(bytes);
      for (const reference of waiting) expect(ledger.take(reference)).toBe(entry);
      expect(ledger.bytes).toBe(0);
    });

    it('should refuse a turn whose arguments are larger than one turn may hold', () => {
      const ledger = new CallLedger({ maxTurnBytes: 10_000 });

      expect(ledger.holdTurn([pass(1, 'x'.repeat(10_000))])).toBe('turn-too-large');
    });
  });

  describe('take', () => {
    it('should give an entry once: the second take is undefined', () => {
      const ledger = new CallLedger();
      const entry = pass({ city: 'Rome' });
      const [reference = ''] = hold(ledger, [entry]);

      expect(ledger.take(reference)).toBe(entry);
      expect(ledger.take(reference)).toBeUndefined();
      expect(ledger.size).toBe(0);
      expect(ledger.bytes).toBe(0);
    });

    it('should give each call its own entry, also for identical values', () => {
      const ledger = new CallLedger();
      const first = pass({ n: -0 });
      const second = pass({ n: 0 });
      const [firstReference = '', secondReference = ''] = hold(ledger, [first, second]);

      expect(ledger.take(secondReference)).toBe(second);
      expect(ledger.take(firstReference)).toBe(first);
    });
  });

  describe('expiry', () => {
    it('should free an expired turn by itself, without another turn being held', () => {
      vi.useFakeTimers();
      const ledger = new CallLedger({ keepForMs: 60_000 });
      const references = hold(ledger, [pass(1), pass(2)]);

      vi.advanceTimersByTime(59_000);
      expect(ledger.size).toBe(2);
      vi.advanceTimersByTime(1_001);

      expect(ledger.size).toBe(0);
      expect(ledger.bytes).toBe(0);
      for (const reference of references) expect(ledger.take(reference)).toBeUndefined();
    });

    it('should give the calls of an expired turn the model input back', () => {
      vi.useFakeTimers();
      const ledger = new CallLedger({ keepForMs: 1_000 });
      const entries = [pass(1, '{"city":"Rome"}'), refused('{"city":42}')];
      hold(ledger, entries);

      vi.advanceTimersByTime(1_001);

      expect(entries.map((entry) => entry.call.input)).toEqual(['{"city":"Rome"}', '{"city":42}']);
    });

    it('should expire turns in the order they were held, each whole', () => {
      vi.useFakeTimers();
      const ledger = new CallLedger({ keepForMs: 1_000 });
      const older = hold(ledger, [pass(1), pass(2)]);
      vi.advanceTimersByTime(500);
      const newer = hold(ledger, [pass(3)]);
      ledger.take(older[0] ?? '');

      vi.advanceTimersByTime(501);

      expect(ledger.take(older[1] ?? '')).toBeUndefined();
      expect(ledger.take(newer[0] ?? '')).toBeDefined();
    });
  });

  describe('referenceIn', () => {
    it('should not read an input with extra keys as a reference', () => {
      const ledger = new CallLedger();
      const [text = ''] = ledger.holdTurn([pass('x')]) as string[];
      const input = JSON.parse(text) as Record<string, unknown>;

      expect(ledger.referenceIn({ ...input, city: 'Rome' })).toBeUndefined();
      expect(ledger.referenceIn({ city: 'Rome', ...input })).toBeUndefined();
      expect(ledger.referenceIn(input)).toBeDefined();
    });

    it('should not read look-alikes as references, and give nothing for an unknown one', () => {
      const ledger = new CallLedger();
      const [reference = ''] = hold(ledger, [pass('x')]);

      for (const input of [
        null,
        'toolgate:call',
        [{ [callReferenceKey]: reference }],
        { [callReferenceKey]: 42 },
        { [callReferenceKey]: { reference } },
        { [callReferenceKey]: 'forged.0' },
        { [callReferenceKey]: reference.toUpperCase() },
        Object.assign(Object.create({ [callReferenceKey]: reference }), {}),
      ]) {
        expect(ledger.referenceIn(input)).toBeUndefined();
      }
      const another = `${reference.slice(0, -1)}${reference.endsWith('0') ? '1' : '0'}`;
      expect(ledger.take(another)).toBeUndefined();
      expect(ledger.take('forged.0')).toBeUndefined();
    });
  });
});
