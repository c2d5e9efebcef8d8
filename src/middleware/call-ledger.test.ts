import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallLedger, callReferenceKey, type LedgerEntry } from './call-ledger.ts';

const pass = (value: unknown): LedgerEntry => ({ outcome: 'pass', input: value, value });

/** The reference inside the input text `issue` returns. */
function referenceOf(ledger: CallLedger, inputText: string): string {
  const reference = ledger.referenceIn(JSON.parse(inputText));
  if (reference === undefined) throw new Error(`not a reference: ${inputText}`);
  return reference;
}

describe('CallLedger', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('issue', () => {
    it('should hand out a one-key input object that names a reference unique to each call', () => {
      const ledger = new CallLedger();
      const texts = Array.from({ length: 100 }, () => ledger.issue(pass(1)));

      expect(new Set(texts).size).toBe(100);
      for (const text of texts) {
        expect(Object.keys(JSON.parse(text))).toEqual([callReferenceKey]);
      }
    });

    it('should keep at most 10,000 entries, dropping the oldest first', () => {
      const ledger = new CallLedger();
      const texts = Array.from({ length: 10_050 }, (_, index) => ledger.issue(pass(index)));

      expect(ledger.size).toBeLessThanOrEqual(10_000);
      expect(ledger.take(referenceOf(ledger, texts[0] ?? ''))).toBeUndefined();
      expect(ledger.take(referenceOf(ledger, texts.at(-1) ?? ''))).toEqual(pass(10_049));
    });

    it('should drop entries older than a minute when the next one is issued', () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const ledger = new CallLedger();
      for (let index = 0; index < 50; index++) ledger.issue(pass(index));
      expect(ledger.size).toBe(50);

      vi.advanceTimersByTime(60_001);
      ledger.issue(pass('fresh'));

      expect(ledger.size).toBe(1);
    });
  });

  describe('take', () => {
    it('should give an entry once: the second take is undefined', () => {
      const ledger = new CallLedger();
      const reference = referenceOf(ledger, ledger.issue(pass({ city: 'Rome' })));

      expect(ledger.take(reference)).toEqual(pass({ city: 'Rome' }));
      expect(ledger.take(reference)).toBeUndefined();
      expect(ledger.size).toBe(0);
    });

    it('should give each call its own entry, also for identical values', () => {
      const ledger = new CallLedger();
      const first = { n: -0 };
      const second = { n: 0 };
      const firstReference = referenceOf(ledger, ledger.issue(pass(first)));
      const secondReference = referenceOf(ledger, ledger.issue(pass(second)));

      const takenSecond = ledger.take(secondReference);
      const takenFirst = ledger.take(firstReference);

      expect(takenFirst?.outcome === 'pass' && takenFirst.value).toBe(first);
      expect(takenSecond?.outcome === 'pass' && takenSecond.value).toBe(second);
    });

    it('should not give an entry once it is older than a minute', () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const ledger = new CallLedger();
      const reference = referenceOf(ledger, ledger.issue(pass('late')));

      vi.advanceTimersByTime(60_001);

      expect(ledger.take(reference)).toBeUndefined();
      expect(ledger.size).toBe(0);
    });
  });

  describe('referenceIn', () => {
    it('should not recognise a reference of another ledger', () => {
      const mine = new CallLedger();
      const theirs = new CallLedger();
      const text = theirs.issue(pass('theirs'));

      expect(mine.referenceIn(JSON.parse(text))).toBeUndefined();
      expect(theirs.referenceIn(JSON.parse(text))).toBeDefined();
    });

    it('should not read an input with extra keys as a reference', () => {
      const ledger = new CallLedger();
      const input = JSON.parse(ledger.issue(pass('x'))) as Record<string, unknown>;

      expect(ledger.referenceIn({ ...input, city: 'Rome' })).toBeUndefined();
      expect(ledger.referenceIn({ city: 'Rome', ...input })).toBeUndefined();
      expect(ledger.referenceIn(input)).toBeDefined();
    });

    it('should not read look-alikes as references', () => {
      const ledger = new CallLedger();
      const reference = referenceOf(ledger, ledger.issue(pass('x')));
      const prefix = reference.slice(0, reference.indexOf('.') + 1);

      for (const input of [
        null,
        'toolgate:call',
        [{ [callReferenceKey]: reference }],
        { [callReferenceKey]: 42 },
        { [callReferenceKey]: { reference } },
        { [callReferenceKey]: `x${reference}` },
        { [callReferenceKey]: 'forged.0' },
        Object.assign(Object.create({ [callReferenceKey]: reference }), {}),
      ]) {
        expect(ledger.referenceIn(input)).toBeUndefined();
      }
      // A well-formed reference of this ledger that was never issued is recognised, never given.
      expect(ledger.take(`${prefix}zzzz`)).toBeUndefined();
    });
  });
});
