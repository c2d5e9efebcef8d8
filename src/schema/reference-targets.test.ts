import { describe, expect, it } from 'vitest';
import { draftOf } from './draft-of.ts';
import { documentUri, referenceTargetsOf, resolveReference } from './reference-targets.ts';

describe('draftOf', () => {
  it('should read the draft from the root $schema, unknown for anything else', () => {
    expect(draftOf({ $schema: 'http://json-schema.org/draft-07/schema#' })).toBe('draft7');
    expect(draftOf({ $schema: 'http://json-schema.org/draft-04/schema#' })).toBe('draft7');
    expect(draftOf({ $schema: 'https://json-schema.org/draft/2020-12/schema' })).toBe('2020-12');
    expect(draftOf({ $schema: 'https://json-schema.org/draft/2019-09/schema' })).toBe('2020-12');
    expect(draftOf({ $schema: 'https://example.com/my-meta' })).toBe('unknown');
    expect(draftOf({})).toBe('unknown');
    const hostile = Object.defineProperty({}, '$schema', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
    expect(draftOf(hostile)).toBe('unknown');
  });
});

describe('resolveReference', () => {
  const nested = { $anchor: 'leaf', type: 'integer' };
  const part = { $id: 'parts/part.json', $defs: { nested } };
  const root = {
    $id: 'https://example.com/root.json',
    $defs: { part, 'a/b': { type: 'string' } },
    items: { $id: '#old-style', type: 'null' },
  };
  const targets = referenceTargetsOf(root);
  const base = 'https://example.com/root.json';
  const schemaAt = (reference: string, from = base) =>
    resolveReference(targets, reference, from)?.schema;

  it('should find the document, JSON pointers and embedded resources', () => {
    expect(schemaAt('#')).toBe(root);
    expect(schemaAt('#/$defs/a~1b')).toBe(root.$defs['a/b']);
    expect(schemaAt('parts/part.json')).toBe(part);
    expect(schemaAt('parts/part.json#/$defs/nested')).toBe(nested);
    expect(schemaAt(documentUri, base)).toBe(root);
  });

  it('should find anchors in the resource that declares them, and draft 7 anchors', () => {
    expect(schemaAt('parts/part.json#leaf')).toBe(nested);
    expect(schemaAt('#leaf')).toBeUndefined();
    expect(schemaAt('#old-style')).toBe(root.items);
  });

  it('should give the base URI around the target, and nothing for what leaves the document', () => {
    expect(resolveReference(targets, 'parts/part.json#leaf', base)?.base).toBe(
      'https://example.com/parts/part.json',
    );
    expect(schemaAt('https://example.com/other.json')).toBeUndefined();
    expect(schemaAt('#/$defs/missing')).toBeUndefined();
    expect(schemaAt('#/$defs/100%')).toBeUndefined();
  });

  it('should not read an $id inside an unknown keyword as an identifier', () => {
    const hidden = { 'x-extra': { $id: 'https://example.com/hidden.json', type: 'string' } };
    expect(
      resolveReference(referenceTargetsOf(hidden), 'https://example.com/hidden.json', documentUri),
    ).toBeUndefined();
  });
});
