import { draftOf, type SchemaDraft } from './draft-of.ts';
import { isRecord } from './is-record.ts';
import { resolveRef } from './resolve-ref.ts';
import { subschemaKeywords, subschemaMapKeywordSet } from './subschema-keywords.ts';

/**
 * The base URI around a document (its retrieval URI): only references within it are followed, so
 * any absolute URI serves.
 */
export const documentUri = 'https://toolgate.invalid/schema.json';

/** What a schema's references can name: its resources and anchors, and where each subschema is. */
export type ReferenceTargets = {
  /** The document and the resources embedded in it (`$id`), by URI without fragment. */
  readonly resources: ReadonlyMap<string, unknown>;
  /** `$anchor`, `$dynamicAnchor` and draft 7's `$id: "#name"`, by URI with fragment. */
  readonly anchors: ReadonlyMap<string, unknown>;
  /** The base URI around each subschema (its own `$id` not yet read). */
  readonly outerBases: ReadonlyMap<object, string>;
  /** How many schemas declare each `$dynamicAnchor` name. */
  readonly dynamicAnchors: ReadonlyMap<string, number>;
};

/** A schema a reference names, with the base URI around it. */
export type ReferenceTarget = { readonly schema: unknown; readonly base: string };

/**
 * Reads where the references of a document can lead, walking its subschemas as
 * `subschema-keywords.ts` lists them (an `$id` inside an unknown keyword identifies nothing).
 */
export function referenceTargetsOf(
  root: unknown,
  { maxDepth = 256, maxNodes = 100_000 } = {},
): ReferenceTargets {
  const draft = draftOf(root);
  const resources = new Map<string, unknown>([[documentUri, root]]);
  const anchors = new Map<string, unknown>();
  const outerBases = new Map<object, string>();
  const dynamicAnchors = new Map<string, number>();
  const visit = (schema: unknown, outer: string, depth: number): void => {
    if (!isRecord(schema) || outerBases.has(schema) || depth > maxDepth) return;
    if (outerBases.size >= maxNodes) return;
    outerBases.set(schema, outer);
    const base = baseUriOf(schema, outer, draft);
    const id = idOf(schema, draft);
    if (id !== undefined) {
      if (!resources.has(base)) resources.set(base, schema);
      const named = uriOf(id, outer);
      if (named !== undefined && named.hash.length > 1) anchors.set(named.href, schema);
    }
    for (const keyword of ['$anchor', '$dynamicAnchor']) {
      const name = schema[keyword];
      if (typeof name !== 'string') continue;
      anchors.set(`${base}#${name}`, schema);
      if (keyword === '$dynamicAnchor')
        dynamicAnchors.set(name, (dynamicAnchors.get(name) ?? 0) + 1);
    }
    for (const keyword of subschemaKeywords) {
      const value = schema[keyword];
      if (Array.isArray(value)) for (const entry of value) visit(entry, base, depth + 1);
      else if (subschemaMapKeywordSet.has(keyword) && isRecord(value)) {
        for (const name of Object.keys(value)) visit(value[name], base, depth + 1);
      } else visit(value, base, depth + 1);
    }
  };
  visit(root, documentUri, 0);
  return { resources, anchors, outerBases, dynamicAnchors };
}

/** The base URI inside a schema object: its `$id` read against the base around it. */
export function baseUriOf(
  schema: Record<string, unknown>,
  outer: string,
  draft: SchemaDraft,
): string {
  const id = idOf(schema, draft);
  if (id === undefined || id.startsWith('#')) return outer;
  const uri = uriOf(id, outer);
  if (uri === undefined) return outer;
  uri.hash = '';
  return uri.href;
}

/** Draft 7 ignores every keyword beside `$ref`, `$id` included. */
function idOf(schema: Record<string, unknown>, draft: SchemaDraft): string | undefined {
  const id = schema.$id;
  return typeof id !== 'string' || (draft === 'draft7' && schema.$ref !== undefined)
    ? undefined
    : id;
}

function uriOf(reference: string, base: string): URL | undefined {
  try {
    return new URL(reference, base);
  } catch {
    return undefined;
  }
}

/**
 * What a reference names, read against `base`; `undefined` for one that leaves the document or
 * names nothing in it.
 */
export function resolveReference(
  targets: ReferenceTargets,
  reference: string,
  base: string,
): ReferenceTarget | undefined {
  const uri = uriOf(reference, base);
  if (uri === undefined) return undefined;
  const fragment = uri.hash;
  uri.hash = '';
  const resource = targets.resources.get(uri.href);
  if (resource === undefined) return undefined;
  const schema =
    fragment === '' || fragment === '#'
      ? resource
      : fragment.startsWith('#/')
        ? resolveRef(resource, fragment)
        : targets.anchors.get(uri.href + fragment);
  if (schema === undefined) return undefined;
  return { schema, base: (isRecord(schema) && targets.outerBases.get(schema)) || uri.href };
}
