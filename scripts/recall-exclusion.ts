/**
 * Which JSON-Schema-Test-Suite cases the conformance run leaves out of recall: those whose invalid
 * instances the checker cannot refuse by design, because judging them needs what the checker
 * promises to pass: a document it does not have, a format it does not claim, or a vocabulary it
 * does not know. Valid instances are never left out: a false refusal counts
 * everywhere.
 *
 * The rule is read from the case's schema alone, so anyone can check it by reading the schema. A
 * case is left out when a schema object of it (as `mapSubschemas` reaches them) has:
 *
 * - `$ref`, `$dynamicRef` or `$recursiveRef` whose URI, resolved against the base URI that the
 *   enclosing `$id`s set, names a document that no `$id` of the schema declares (`remote-ref`);
 * - `format` with a name outside the claimed formats (`format`);
 * - `$schema` other than the draft 2020-12 and draft 7 meta-schemas, whose vocabularies are
 *   unknown (`meta-schema`);
 * - `contentMediaType`, `contentEncoding` or `contentSchema`: the content vocabulary, which
 *   draft 7 lets a validator assert and which only annotates in 2020-12 (`content`).
 */

import { isRecord } from '../src/schema/is-record.ts';
import {
  mapSubschemas,
  type SchemaLocation,
  type SchemaObject,
} from '../src/schema/map-subschemas.ts';
import { subschemaMapKeywordSet } from '../src/schema/subschema-keywords.ts';

export type SuiteDraft = 'draft2020-12' | 'draft7';

export type RecallExclusion =
  | { readonly kind: 'remote-ref'; readonly ref: string }
  | { readonly kind: 'format'; readonly format: string }
  | { readonly kind: 'meta-schema'; readonly metaSchema: string }
  | { readonly kind: 'content'; readonly keyword: string };

const standardMetaSchemas: ReadonlySet<string> = new Set([
  'https://json-schema.org/draft/2020-12/schema',
  'http://json-schema.org/draft-07/schema#',
  'http://json-schema.org/draft-07/schema',
]);

const referenceKeywords = ['$ref', '$dynamicRef', '$recursiveRef'] as const;
const contentKeywords = ['contentMediaType', 'contentEncoding', 'contentSchema'] as const;

/**
 * The base of a document without an `$id`: a URI no reference of the suite names, so a relative
 * reference that is not a fragment resolves to a document the schema does not declare.
 */
const anonymousBase = 'https://anonymous.invalid/schema.json';

/**
 * Why the invalid instances of a case with this schema are left out of recall, or `undefined`
 * when they count. The first reason found, in the order of the list above.
 */
export function recallExclusionOf(
  schema: unknown,
  { draft, claimedFormats }: { draft: SuiteDraft; claimedFormats: ReadonlySet<string> },
): RecallExclusion | undefined {
  const nodes: Array<{ node: SchemaObject; base: string | undefined }> = [];
  mapSubschemas(schema, (node, location) => {
    nodes.push({ node, base: baseAt(schema, location, draft) });
    return node;
  });
  const documents = new Set(nodes.map(({ base }) => base));
  for (const { node, base } of nodes) {
    for (const keyword of referenceKeywords) {
      const ref = node[keyword];
      if (typeof ref !== 'string') continue;
      const target = resolve(ref, base);
      if (target === undefined || !documents.has(target)) return { kind: 'remote-ref', ref };
    }
  }
  for (const { node } of nodes) {
    if (typeof node.format === 'string' && !claimedFormats.has(node.format)) {
      return { kind: 'format', format: node.format };
    }
  }
  for (const { node } of nodes) {
    if (typeof node.$schema === 'string' && !standardMetaSchemas.has(node.$schema)) {
      return { kind: 'meta-schema', metaSchema: node.$schema };
    }
  }
  for (const { node } of nodes) {
    const keyword = contentKeywords.find((name) => Object.hasOwn(node, name));
    if (keyword !== undefined) return { kind: 'content', keyword };
  }
  return undefined;
}

/** What each kind of exclusion is, as a short phrase for the conformance report. */
export const recallExclusionTitles: Readonly<Record<RecallExclusion['kind'], string>> = {
  'remote-ref': '$ref outside the document',
  format: 'format not claimed',
  'meta-schema': 'unknown meta-schema',
  content: 'content vocabulary',
};

/** What the case uses that the checker cannot judge: the reference, format, meta-schema or keyword. */
export function recallExclusionSubject(exclusion: RecallExclusion): string {
  switch (exclusion.kind) {
    case 'remote-ref':
      return exclusion.ref;
    case 'format':
      return exclusion.format;
    case 'meta-schema':
      return exclusion.metaSchema;
    case 'content':
      return exclusion.keyword;
  }
}

/**
 * The base URI (without fragment) of the schema object at `location`: each `$id` on the way down
 * resolved against the one above. In draft 7 an `$id` beside `$ref` is ignored, as every keyword
 * beside `$ref` is.
 */
function baseAt(root: unknown, location: SchemaLocation, draft: SuiteDraft): string | undefined {
  let base = withId(root, anonymousBase, draft);
  let node: unknown = root;
  for (let index = 0; index < location.length; index++) {
    const keyword = location[index] as string;
    node = isRecord(node) ? node[keyword] : undefined;
    // A list keyword and a map keyword take one more step: the index or the name.
    if (Array.isArray(node) || subschemaMapKeywordSet.has(keyword)) {
      const key = location[++index] as string | number;
      node = (node as Record<string | number, unknown>)[key];
    }
    base = withId(node, base, draft);
  }
  return base;
}

function withId(node: unknown, base: string | undefined, draft: SuiteDraft): string | undefined {
  if (!isRecord(node) || typeof node.$id !== 'string') return base;
  if (draft === 'draft7' && Object.hasOwn(node, '$ref')) return base;
  return resolve(node.$id, base);
}

/** `reference` resolved against `base`, without its fragment; `undefined` when it cannot be. */
function resolve(reference: string, base: string | undefined): string | undefined {
  if (base === undefined) return undefined;
  try {
    const url = new URL(reference, base);
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}
