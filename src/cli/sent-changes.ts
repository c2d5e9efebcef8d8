import { describeMember } from '../checker/describe-value.ts';
import { describeDroppedKeyword } from '../decode/describe-dropped-keyword.ts';
import type { DecodePlan, StrictSchemaNote } from '../decode/index.ts';
import { isRecord } from '../schema/is-record.ts';
import type { SchemaObject } from '../schema/map-subschemas.ts';
import { resolveRef } from '../schema/resolve-ref.ts';

/** A `null` placeholder the conversion added, by argument path, with what its `null` decodes to. */
export type AuditPlaceholder = {
  readonly path: string;
  readonly decodesTo: 'omission' | 'default';
  readonly value?: unknown;
};

/** A keyword the profile does not accept, left out of the schema sent, with the hint that replaces it. */
export type DroppedKeyword = {
  readonly pointer: string;
  readonly keyword: string;
  /** The text appended to the description in its place, when there is one. */
  readonly hint?: string;
};

/**
 * What kind of change: a `null` placeholder added, a property made required, an object closed, a
 * default left out, a keyword left out, references inlined or kept, or a part sent in another form
 * (a type list as `anyOf`, a map as entries, a value of no type as JSON).
 */
export type ChangeKind =
  | 'placeholder'
  | 'required'
  | 'closed'
  | 'default'
  | 'dropped'
  | 'references'
  | 'form';

/** One change to the schema sent, at an argument path (`''` for the arguments object itself). */
export type SchemaChange = {
  readonly path: string;
  readonly kind: ChangeKind;
  readonly text: string;
};

/** Every change a strict conversion made to one tool's schema, read from what is sent. */
export type SentChanges = {
  readonly placeholders: readonly AuditPlaceholder[];
  readonly droppedKeywords: readonly DroppedKeyword[];
  readonly changes: readonly SchemaChange[];
  /** `$ref`s replaced by what they point to, and definitions kept under `$defs` for recursion. */
  readonly references: { readonly inlined: number; readonly kept: readonly string[] };
};

type Walk = {
  readonly root: SchemaObject;
  readonly sentRoot: SchemaObject;
  readonly sentDefinitions: Readonly<Record<string, unknown>>;
  readonly changes: SchemaChange[];
  readonly placeholders: AuditPlaceholder[];
  /** Kept definitions by `$ref`, with the argument path where each is first used. */
  readonly kept: Map<string, string>;
  inlined: number;
};

/**
 * Reads what a strict conversion changed by walking the schema sent, its decode plan and the
 * source side by side: placeholders come from the plan (through recursive definitions too), and
 * each change is named once, by argument path. The conversion's own notes (keywords left out,
 * maps and untyped values sent in another form) are placed at their argument paths.
 */
export function sentChanges({
  source,
  sent,
  plan,
  notes,
}: {
  source: SchemaObject;
  sent: SchemaObject;
  plan: DecodePlan;
  notes: readonly StrictSchemaNote[];
}): SentChanges {
  const sentDefinitions = isRecord(sent.$defs) ? sent.$defs : {};
  const walk: Walk = {
    root: source,
    sentRoot: sent,
    sentDefinitions,
    changes: [],
    placeholders: [],
    kept: new Map(),
    inlined: 0,
  };
  if (source.type === undefined) {
    walk.changes.push({ path: '', kind: 'form', text: 'type "object" added' });
  }
  visit(walk, sent, source, plan, '');
  const definitionCount = [source.$defs, source.definitions]
    .filter(isRecord)
    .reduce((count, definitions) => count + Object.keys(definitions).length, 0);
  if (walk.inlined > 0 || walk.kept.size > 0 || definitionCount > 0) {
    const kept = [...walk.kept.keys()].map((ref) => ref.slice(ref.lastIndexOf('/') + 1) || '#');
    const facts = [
      ...(walk.inlined > 0 ? [`${plural(walk.inlined, '$ref')} inlined`] : []),
      ...(kept.length > 0 ? [`kept for recursion under $defs: ${kept.join(', ')}`] : []),
      ...(definitionCount > 0 && walk.inlined === 0 && kept.length === 0
        ? [`$defs left out: none of its ${plural(definitionCount, 'definition')} is used`]
        : definitionCount > 0
          ? ['$defs left out (what is used of it is inlined)']
          : []),
    ];
    walk.changes.push({ path: '', kind: 'references', text: facts.join('; ') });
  }
  const droppedKeywords: DroppedKeyword[] = [];
  for (const note of notes) {
    // A default is a change the walk names itself, with what its placeholder decodes to.
    if (note.pointer.endsWith('/default')) continue;
    const keyword = droppedNote.exec(note.message)?.[1];
    // A keyword's note points at the keyword, and the note on other names at additionalProperties:
    // both are about the object.
    const about = keyword !== undefined || otherNamesNote.test(note.message);
    const at = about ? parentPointer(note.pointer) : note.pointer;
    const path = pathOf(walk, at);
    if (keyword === undefined) {
      walk.changes.push({ path, kind: 'form', text: note.message });
      continue;
    }
    const value = nodeAt(source, note.pointer);
    const hint = describeDroppedKeyword(keyword, value);
    droppedKeywords.push({
      pointer: note.pointer,
      keyword,
      ...(hint !== undefined ? { hint } : {}),
    });
    walk.changes.push({
      path,
      kind: 'dropped',
      text: `${keyword} ${describeMember(value)} left out (strict mode does not take it)${hint !== undefined ? `; the description says "${hint}"` : ''}`,
    });
  }
  return {
    placeholders: walk.placeholders,
    droppedKeywords,
    changes: walk.changes,
    references: { inlined: walk.inlined, kept: [...walk.kept.keys()] },
  };
}

// Notes are sentences without a code; the one for a dropped keyword starts with the keyword's name.
const droppedNote = /^"([^"]+)" is not accepted in /;
const otherNamesNote = /^the object accepts names it does not list/;

function visit(
  walk: Walk,
  sent: unknown,
  sourceNode: unknown,
  plan: DecodePlan | undefined,
  path: string,
): void {
  if (!isRecord(sent)) return;
  // Sent in another form (JSON text, JSON kinds, entries): the conversion's notes say so.
  if (plan?.kind === 'json-text' || plan?.kind === 'json-kinds') return;
  if (typeof sent.$ref === 'string') {
    keptReference(walk, sent.$ref, sourceNode, plan, path);
    return;
  }
  const source = resolveSource(walk, sourceNode, !keepsReference(sent));
  if (source === undefined) return;
  if (plan?.kind === 'map') {
    const value =
      isRecord(sent.items) && isRecord(sent.items.properties)
        ? sent.items.properties.value
        : undefined;
    visit(walk, value, source.additionalProperties, plan.values, `${path}.*`);
    return;
  }
  if (Array.isArray(sent.anyOf)) {
    visitUnion(walk, sent, source, plan, path);
    return;
  }
  const [objectPlan, listPlan] =
    plan?.kind === 'object-or-list' ? [plan.object, plan.list] : [plan, plan];
  if (isRecord(sent.properties)) visitObject(walk, sent, source, objectPlan, path);
  if (isRecord(sent.items) && isRecord(source.items)) {
    visit(
      walk,
      sent.items,
      source.items,
      listPlan?.kind === 'list' ? listPlan.items : undefined,
      `${path}[]`,
    );
  }
}

function visitUnion(
  walk: Walk,
  sent: SchemaObject,
  source: SchemaObject,
  plan: DecodePlan | undefined,
  path: string,
): void {
  const branches = sent.anyOf as unknown[];
  const sourceBranches = Array.isArray(source.anyOf) ? source.anyOf : source.oneOf;
  if (Array.isArray(sourceBranches)) {
    if (source.oneOf !== undefined) {
      walk.changes.push({ path, kind: 'form', text: 'oneOf sent as anyOf' });
    }
    sourceBranches.forEach((branch, index) => {
      const branchPlan = plan?.kind === 'union' ? plan.variants[index]?.plan : plan;
      visit(walk, branches[index], branch, branchPlan, path);
    });
    return;
  }
  if (Array.isArray(source.type)) {
    walk.changes.push({
      path,
      kind: 'form',
      text: `type list ${JSON.stringify(source.type)} sent as anyOf`,
    });
  }
  // The source has no union: the branches are its nullable form, or its type list split.
  for (const branch of branches) {
    if (isNullBranch(branch)) continue;
    visit(walk, branch, source, plan, path);
  }
}

function visitObject(
  walk: Walk,
  sent: SchemaObject,
  source: SchemaObject,
  plan: DecodePlan | undefined,
  path: string,
): void {
  if (sent.additionalProperties === false && source.additionalProperties === undefined) {
    walk.changes.push({
      path,
      kind: 'closed',
      text: 'closed: names it does not list are refused (additionalProperties: false)',
    });
  }
  const sentProperties = sent.properties as SchemaObject;
  const sourceProperties = isRecord(source.properties) ? source.properties : {};
  const wasRequired = new Set(Array.isArray(source.required) ? source.required : []);
  const isRequired = new Set(Array.isArray(sent.required) ? sent.required : []);
  for (const name of Object.keys(sourceProperties)) {
    if (!Object.hasOwn(sentProperties, name)) continue;
    const childPath = path === '' ? name : `${path}.${name}`;
    const sourceProperty = resolveSource(walk, sourceProperties[name], false);
    const hasDefault = sourceProperty !== undefined && Object.hasOwn(sourceProperty, 'default');
    const defaultValue = sourceProperty?.default;
    const placeholder = plan?.kind === 'object' ? plan.placeholders.get(name) : undefined;
    if (placeholder !== undefined) {
      walk.placeholders.push(
        placeholder.decodeTo === 'default'
          ? { path: childPath, decodesTo: 'default', value: placeholder.value }
          : { path: childPath, decodesTo: 'omission' },
      );
      walk.changes.push({
        path: childPath,
        kind: 'placeholder',
        text:
          placeholder.decodeTo === 'default'
            ? `null added as a placeholder for its default ${describeMember(placeholder.value)}, which strict mode does not take`
            : `null added as a placeholder: a null means left out${hasDefault ? ` (its default ${describeMember(defaultValue)} is no value it takes)` : ''}`,
      });
    } else {
      if (isRequired.has(name) && !wasRequired.has(name)) {
        walk.changes.push({
          path: childPath,
          kind: 'required',
          text: 'made required: it admits null already, so the model sends null or a value',
        });
      }
      if (hasDefault) {
        const why = wasRequired.has(name)
          ? '; the argument is required anyway'
          : isRequired.has(name)
            ? '; not applied: a null is passed on as null'
            : '; the argument stays optional';
        walk.changes.push({
          path: childPath,
          kind: 'default',
          text: `default ${describeMember(defaultValue)} left out (strict mode does not take default)${why}`,
        });
      }
    }
    visit(
      walk,
      sentProperties[name],
      sourceProperties[name],
      plan?.kind === 'object' ? plan.properties.get(name) : undefined,
      childPath,
    );
  }
  const other = plan?.kind === 'object' ? plan.otherEntries : undefined;
  if (other !== undefined) {
    const list = sentProperties[other.name];
    const value =
      isRecord(list) && isRecord(list.items) && isRecord(list.items.properties)
        ? list.items.properties.value
        : undefined;
    visit(walk, value, source.additionalProperties, other.values, path === '' ? '*' : `${path}.*`);
  }
}

/** A `$ref` the schema sent keeps (recursion): its definition is walked once, where first used. */
function keptReference(
  walk: Walk,
  ref: string,
  sourceNode: unknown,
  plan: DecodePlan | undefined,
  path: string,
): void {
  if (walk.kept.has(ref)) return;
  const definition =
    ref === '#' ? walk.sentRoot : walk.sentDefinitions[ref.slice(ref.lastIndexOf('/') + 1)];
  walk.kept.set(ref, path);
  const target = plan?.kind === 'reference' ? plan.target.plan : undefined;
  visit(walk, definition, resolveSource(walk, sourceNode, false), target, path);
}

/** Whether a node sent is a reference kept: alone, beside its annotations, or made nullable. */
function keepsReference(sent: SchemaObject): boolean {
  if (typeof sent.$ref === 'string') return true;
  if (!Array.isArray(sent.anyOf)) return false;
  const branches = sent.anyOf.filter((branch) => !isNullBranch(branch));
  return branches.length === 1 && isRecord(branches[0]) && typeof branches[0].$ref === 'string';
}

function isNullBranch(branch: unknown): boolean {
  return isRecord(branch) && branch.type === 'null' && Object.keys(branch).length === 1;
}

/**
 * A source node as the conversion reads it: its `$ref`s followed (each counted as inlined when
 * `count` is set) with the keywords beside them kept, and a single `allOf` member merged in.
 */
function resolveSource(walk: Walk, node: unknown, count: boolean): SchemaObject | undefined {
  let current = node;
  for (let hops = 0; isRecord(current) && typeof current.$ref === 'string' && hops < 64; hops++) {
    const { $ref: ref, ...siblings } = current;
    const target = resolveRef(walk.root, ref);
    if (!isRecord(target)) return undefined;
    if (count) walk.inlined += 1;
    current = { ...target, ...siblings };
  }
  if (!isRecord(current)) return undefined;
  if (Array.isArray(current.allOf) && current.allOf.length === 1) {
    const { allOf, ...rest } = current;
    const member = resolveSource(walk, allOf[0], count);
    if (member !== undefined) return { ...member, ...rest };
  }
  return current;
}

/**
 * The argument path of a conversion note's pointer (`*` for the values of a map); inside a kept
 * definition, from where it is first used.
 */
function pathOf(walk: Walk, pointer: string): string {
  const location = pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
  let path = '';
  let index = 0;
  if (location[0] === '$defs' && location.length >= 2) {
    path = walk.kept.get(`#/$defs/${location[1]}`) ?? `$defs/${location[1]}`;
    index = 2;
  }
  const join = (name: string) => (path === '' ? name : `${path}.${name}`);
  for (; index < location.length; index++) {
    const keyword = location[index];
    if (keyword === 'properties' && index + 1 < location.length)
      path = join(location[++index] as string);
    else if (keyword === 'items') path += '[]';
    else if (keyword === 'additionalProperties') path = join('*');
    else if (keyword === 'anyOf' || keyword === 'oneOf' || keyword === 'allOf') index++;
  }
  return path;
}

/** The source value at a pointer of the conversion (references inlined), following `$ref`s. */
function nodeAt(root: SchemaObject, pointer: string): unknown {
  let node: unknown = root;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    for (let hops = 0; isRecord(node) && typeof node.$ref === 'string' && hops < 64; hops++) {
      const { $ref: ref, ...siblings } = node;
      const target = resolveRef(root, ref);
      node = isRecord(target) ? { ...target, ...siblings } : undefined;
    }
    if (!isRecord(node) && !Array.isArray(node)) return undefined;
    if (segment === 'anyOf' && isRecord(node) && node.anyOf === undefined) {
      node = node.oneOf;
      continue;
    }
    node = Object.hasOwn(node, segment) ? (node as Record<string, unknown>)[segment] : undefined;
  }
  return node;
}

function parentPointer(pointer: string): string {
  return pointer.slice(0, Math.max(0, pointer.lastIndexOf('/')));
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
