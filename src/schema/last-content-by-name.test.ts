import { describe, expect, it } from 'vitest';
import { contentKeyOf } from './content-key.ts';
import { LastContentByName } from './last-content-by-name.ts';

const keyOf = (value: unknown) => contentKeyOf(value) as string;

describe('LastContentByName', () => {
  it('should find what a name kept for a new object of the same content only', () => {
    const kept = new LastContentByName<string>({ maxNames: 10, maxKeyLength: 1000 });
    kept.keep('weather', keyOf({ type: 'object', required: ['city'] }), 'value');
    expect(kept.find('weather', { type: 'object', required: ['city'] })).toMatchObject({
      key: '{"type":"object","required":["city"]}',
      value: 'value',
    });
    expect(kept.find('weather', { type: 'object', required: [] })).toBeUndefined();
    expect(kept.find('search', { type: 'object', required: ['city'] })).toBeUndefined();
    expect(kept.holds('weather', keyOf({ type: 'object', required: ['city'] }))).toBe(true);
  });

  it('should keep at most maxNames names and maxKeyLength characters, the oldest going first', () => {
    const byNames = new LastContentByName<number>({ maxNames: 2, maxKeyLength: 1000 });
    for (const index of [0, 1, 2]) byNames.keep(`tool ${index}`, keyOf({ const: index }), index);
    expect(byNames.find('tool 0', { const: 0 })).toBeUndefined();
    expect(byNames.find('tool 2', { const: 2 })?.value).toBe(2);

    const byLength = new LastContentByName<number>({ maxNames: 100, maxKeyLength: 40 });
    byLength.keep('a', keyOf({ description: 'x'.repeat(15) }), 1);
    byLength.keep('b', keyOf({ description: 'y'.repeat(15) }), 2);
    expect(byLength.find('a', { description: 'x'.repeat(15) })).toBeUndefined();
    expect(byLength.find('b', { description: 'y'.repeat(15) })?.value).toBe(2);
    // A content longer than the whole budget is not kept, and the name's old one is gone.
    byLength.keep('b', keyOf({ description: 'z'.repeat(60) }), 3);
    expect(byLength.find('b', { description: 'y'.repeat(15) })).toBeUndefined();
    expect(byLength.find('b', { description: 'z'.repeat(60) })).toBeUndefined();
  });
});
