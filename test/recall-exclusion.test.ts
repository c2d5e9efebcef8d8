import { describe, expect, it } from 'vitest';
import { recallExclusionOf } from '../scripts/recall-exclusion.ts';

const none = new Set<string>();
const in2020 = (schema: unknown, claimedFormats = none) =>
  recallExclusionOf(schema, { draft: 'draft2020-12', claimedFormats });
const in7 = (schema: unknown) =>
  recallExclusionOf(schema, { draft: 'draft7', claimedFormats: none });

describe('recallExclusionOf', () => {
  describe('references', () => {
    it('should count a case whose references stay in the document', () => {
      expect(
        in2020({
          $defs: { a: { type: 'string' } },
          properties: { a: { $ref: '#/$defs/a' }, self: { $ref: '#' } },
        }),
      ).toBeUndefined();
      expect(
        in2020({ $id: 'urn:uuid:deadbeef', $defs: { a: {} }, $ref: 'urn:uuid:deadbeef#/$defs/a' }),
      ).toBeUndefined();
    });

    it('should leave out a reference to a document the schema does not hold', () => {
      expect(in2020({ $ref: 'http://localhost:1234/draft2020-12/integer.json' })).toEqual({
        kind: 'remote-ref',
        ref: 'http://localhost:1234/draft2020-12/integer.json',
      });
      expect(in7({ items: { $ref: 'http://json-schema.org/draft-07/schema#' } })).toEqual({
        kind: 'remote-ref',
        ref: 'http://json-schema.org/draft-07/schema#',
      });
      // Without an `$id`, a relative reference names a document nothing declares.
      expect(in2020({ $ref: 'other.json' })?.kind).toBe('remote-ref');
    });

    it('should resolve a relative reference against the $id of the resource it is in', () => {
      const schema = {
        $id: 'http://localhost:1234/tree',
        properties: { nodes: { items: { $ref: 'node' } } },
        $defs: {
          node: { $id: 'http://localhost:1234/node', properties: { tree: { $ref: 'tree' } } },
        },
      };
      expect(in2020(schema)).toBeUndefined();
      expect(in2020({ ...schema, $defs: {} })).toEqual({ kind: 'remote-ref', ref: 'node' });
    });

    it('should ignore an $id beside $ref in draft 7 only', () => {
      const schema = {
        $id: 'http://localhost:1234/base/',
        definitions: { foo: { $id: 'foo.json', type: 'number' } },
        allOf: [{ $id: 'http://localhost:1234/other/', $ref: 'foo.json' }],
      };
      expect(in7(schema)).toBeUndefined();
      expect(in2020(schema)).toEqual({ kind: 'remote-ref', ref: 'foo.json' });
    });

    it('should not take an $id inside an unknown keyword or in data for a resource', () => {
      const target = 'https://localhost:1234/my_identifier.json';
      expect(in2020({ unknown: [{ $id: target }], $ref: target })?.kind).toBe('remote-ref');
      expect(in2020({ enum: [{ $id: target }], $ref: target })?.kind).toBe('remote-ref');
      expect(in2020({ $defs: { real: { $id: target } }, $ref: target })).toBeUndefined();
    });
  });

  it('should leave out a format unless it is claimed', () => {
    const schema = { properties: { when: { format: 'date' } } };
    expect(in2020(schema)).toEqual({ kind: 'format', format: 'date' });
    expect(in2020(schema, new Set(['date']))).toBeUndefined();
  });

  it('should leave out a meta-schema other than draft 2020-12 and draft 7', () => {
    expect(in2020({ $schema: 'https://json-schema.org/draft/2020-12/schema' })).toBeUndefined();
    expect(in7({ $schema: 'http://json-schema.org/draft-07/schema#' })).toBeUndefined();
    expect(
      in2020({ $schema: 'http://localhost:1234/draft2020-12/metaschema-no-validation.json' }),
    ).toEqual({
      kind: 'meta-schema',
      metaSchema: 'http://localhost:1234/draft2020-12/metaschema-no-validation.json',
    });
  });

  it('should leave out the content vocabulary', () => {
    expect(in7({ contentMediaType: 'application/json' })).toEqual({
      kind: 'content',
      keyword: 'contentMediaType',
    });
  });
});
