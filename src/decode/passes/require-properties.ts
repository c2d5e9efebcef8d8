import { defineOwn } from '../../schema/define-own.ts';
import { isRecord } from '../../schema/is-record.ts';
import { escapePointerSegment, type SchemaObject } from '../../schema/map-subschemas.ts';
import {
  type DecodePlan,
  emptyDecodePlan,
  type ObjectDecodePlan,
  objectPlan,
  type Placeholder,
} from '../decode-plan.ts';
import { schemaDefaultOf } from '../schema-default-of.ts';
import {
  type Conversion,
  type Converted,
  type Place,
  type Refused,
  resolveKept,
  uniqueName,
} from './conversion.ts';
import { admitsNull, makeNullable, nullableForm } from './nullable-forms.ts';
import { withoutKeyword } from './rewrite-keywords.ts';
import { entryListSchema, untypedValue } from './untyped-values.ts';

/**
 * An object in strict form: every property required and `additionalProperties: false`. A property
 * that was optional and does not admit `null` becomes nullable, its `null` a placeholder for
 * omission or a default (configured, else the schema's); one the profile lets stay optional
 * (`optionalStaysOptional`) stays so. Names the object does not list, where it takes them, are
 * sent as `{ key, value }` entries: beside its properties in an extra one, or, for a map that
 * names nothing, as the whole value. The properties and `additionalProperties` of `node` are
 * strict already, with their plans in `plans`; `source` is the node as the source has it.
 */
export function requireProperties(
  conversion: Conversion,
  node: SchemaObject,
  {
    place,
    source,
    plans,
  }: {
    place: Place;
    source: SchemaObject;
    /** The plans of the node's strict subschemas: `additionalProperties`, `properties/<name>`. */
    plans: ReadonlyMap<string, DecodePlan>;
  },
): Converted | Refused {
  const { profile, defaults, notes, usedDefaults } = conversion;
  const { pointer } = place;
  // An object that names nothing accepts any names (`{ type: "object" }` for "any object"), but
  // the root stays closed: there it is a tool without arguments.
  const namesNothing =
    node.properties === undefined &&
    node.additionalProperties === undefined &&
    place.role !== 'root';
  const additional = namesNothing ? true : node.additionalProperties;
  const open = additional !== undefined && additional !== false;
  const properties = (isRecord(node.properties) ? node.properties : {}) as Record<string, unknown>;
  const required = new Set<string>();
  if (Array.isArray(node.required)) {
    for (const name of node.required) if (typeof name === 'string') required.add(name);
  }
  if (!open) {
    for (const name of required) {
      if (!Object.hasOwn(properties, name)) {
        // Closed, the object could never hold it: every call would be refused as incomplete.
        return {
          reason: `the object at "${pointer || '/'}" requires "${name}", which is not among its properties`,
        };
      }
    }
  }
  const strictProperties: Record<string, unknown> = {};
  const placeholders = new Map<string, Placeholder>();
  const nested = new Map<string, DecodePlan>();
  for (const name of Object.keys(properties)) {
    const at = propertyPointer(place, name);
    let property = properties[name];
    let plan = plans.get(`properties/${name}`) ?? emptyDecodePlan;
    if (property === true) ({ schema: property, plan } = untypedValue(conversion, undefined, at));
    if (!isRecord(property)) {
      // `false` (never) cannot be required.
      return {
        reason: `the property at "${at}" is the schema ${String(property)}, which strict mode cannot express`,
      };
    }
    if (plan.kind !== 'none') nested.set(name, plan);
    const hasDefault = Object.hasOwn(property, 'default');
    const schemaDefault = property.default;
    const withoutDefault = withoutKeyword(property, 'default');
    const path = place.path === '' ? name : `${place.path}.${name}`;
    const isRequired = required.has(name);
    if (!isRequired && profile.optionalStaysOptional === true) {
      // The provider lets the model leave it out: nothing to decode.
    } else if (
      !isRequired &&
      !admitsNull(withoutDefault, { resolve: (ref) => resolveKept(conversion, ref) })
    ) {
      // The default is judged against the property as the source has it, keywords not sent included.
      const own = isRecord(source.properties) ? source.properties[name] : undefined;
      placeholders.set(name, placeholderFor(conversion, path, own ?? property, at));
      defineOwn(strictProperties, name, makeNullable(withoutDefault, profile));
      continue;
    } else if (Object.hasOwn(defaults, path)) {
      notes.push({
        pointer: at,
        message: isRequired
          ? `the default for "${path}" is not used: the argument is required`
          : `the default for "${path}" is not used: null is a value of its own there`,
      });
      usedDefaults.add(path);
    } else if (hasDefault) {
      notes.push({
        pointer: `${at}/default`,
        message: isRequired
          ? `the schema's default for "${path}" is left out of the schema sent: the argument is required`
          : schemaDefault === null
            ? `the schema's default for "${path}" is left out of the schema sent; null is a value of its own there`
            : `the schema's default for "${path}" is not applied: the argument admits null, so the model now sends null or a value for it`,
      });
    }
    defineOwn(strictProperties, name, withoutDefault);
  }
  let otherEntries: ObjectDecodePlan['otherEntries'];
  if (open) {
    const value =
      additional === true
        ? untypedValue(conversion, undefined, `${pointer}/additionalProperties`)
        : { schema: additional, plan: plans.get('additionalProperties') ?? emptyDecodePlan };
    const list = entryListSchema(value.schema, source);
    if (Object.keys(properties).length === 0 && place.role !== 'root') {
      return mapAsEntries(conversion, node, list, value.plan, pointer);
    }
    const name = uniqueName('entries', new Set(Object.keys(properties)));
    defineOwn(strictProperties, name, {
      ...list,
      description: 'The names not listed above, each as a { key, value } entry.',
    });
    otherEntries = { name, values: value.plan, names: Object.keys(properties) };
    notes.push({
      pointer: `${pointer}/additionalProperties`,
      message: `the object accepts names it does not list: they are sent as { key, value } entries in "${name}" and decoded back into the object`,
    });
  }
  const names = Object.keys(strictProperties);
  return {
    schema: {
      ...node,
      // Arguments are always an object; strict providers want exactly that type at the root.
      type: place.role === 'root' ? 'object' : (node.type ?? 'object'),
      properties: strictProperties,
      required: profile.optionalStaysOptional ? names.filter((name) => required.has(name)) : names,
      additionalProperties: false,
    },
    plan: objectPlan(placeholders, nested, otherEntries),
  };
}

/** The pointer of a named property of the object at `place`. */
function propertyPointer(place: Place, name: string): string {
  return `${place.pointer}/properties/${escapePointerSegment(name)}`;
}

/** A map with no named properties (`z.record`), sent as the list of its entries. */
function mapAsEntries(
  conversion: Conversion,
  node: SchemaObject,
  list: SchemaObject,
  values: DecodePlan,
  pointer: string,
): Converted {
  const hint = 'A map, as a list of { key, value } entries, one per key.';
  const description = typeof node.description === 'string' ? `${node.description} ${hint}` : hint;
  const schema: SchemaObject = {
    ...(node.title !== undefined ? { title: node.title } : {}),
    ...(Object.hasOwn(node, 'default') ? { default: node.default } : {}),
    description,
    ...list,
  };
  conversion.notes.push({
    pointer,
    message: `the object is a map: it is sent as a list of { key, value } entries and decoded back into the object${Array.isArray(node.required) && node.required.length > 0 ? ' (the keys it requires are checked after decoding)' : ''}`,
  });
  return {
    schema: admitsNull(node) ? nullableForm(schema, conversion.profile) : schema,
    plan: { kind: 'map', values },
  };
}

/**
 * What the `null` of an optional property decodes to: the configured default, else the schema's
 * where it fits the property (a `default: null` there means left out: `limit: int = None` in
 * pydantic), else omission.
 */
function placeholderFor(
  conversion: Conversion,
  path: string,
  property: unknown,
  pointer: string,
): Placeholder {
  const { defaults, notes, usedDefaults } = conversion;
  if (Object.hasOwn(defaults, path)) {
    usedDefaults.add(path);
    return { decodeTo: 'default', value: defaults[path] };
  }
  const found = schemaDefaultOf(property);
  if (found.kind === 'absent') return { decodeTo: 'omission' };
  if (found.kind === 'fits') {
    notes.push({
      pointer: `${pointer}/default`,
      message: `the schema's default for "${path}" is left out of the schema sent: a null there decodes to it`,
    });
    return { decodeTo: 'default', value: found.value };
  }
  const why =
    found.kind === 'null'
      ? 'is null, which the argument does not accept'
      : 'is not a value the argument accepts';
  notes.push({
    pointer: `${pointer}/default`,
    message: `the schema's default for "${path}" ${why}: its null decodes to leaving it out`,
  });
  return { decodeTo: 'omission' };
}
