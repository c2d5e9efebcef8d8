import type { ToolSet } from 'ai';
import { checkArguments } from '../../checker/check-arguments.ts';
import { nearestName } from '../../checker/nearest-name.ts';
import { isRecord } from '../../schema/is-record.ts';
import {
  type DeclaredArgument,
  declaredArguments,
  joinArgumentPath,
  missingStep,
} from './declared-argument.ts';
import type { ToolGateOptions } from './gate-options.ts';
import { guarded, InvalidGateOptionError, type OptionPlace } from './invalid-gate-option-error.ts';
import { perToolOption } from './per-tool-option.ts';
import type { ParameterOverride } from './tool-overrides.ts';

/**
 * Keywords at a root that let other schemas than its own `properties` decide what a parameter may
 * be: an override, which edits those properties, would not be sure to hold (beside a `$ref`,
 * draft 7 ignores them).
 */
const rootApplicatorKeywords = [
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
];

/**
 * Checks a tool's `defaults` and `overrides` against its JSON Schema, so none of them silently does
 * nothing. Every default names an optional argument the schema declares (through properties, list
 * items, references and the branches of `allOf`/`anyOf`/`oneOf`) and fits its schema. Every
 * override names a parameter of the root's own `properties`, also on a schema open to other names,
 * so a typo never leaves the real parameter unconstrained (`newParameter: true` adds one on purpose
 * where the schema admits it), and the root says alone what its parameters may be (no `$ref`,
 * `allOf`, `anyOf`, … there), so the override holds. A fixed value fits its parameter's schema,
 * and an override `enum` narrows: each member is allowed by the schema.
 */
export function validateToolOptions<TOOLS extends ToolSet>({
  options,
  toolName,
  schema,
}: {
  options: ToolGateOptions<TOOLS>;
  toolName: string;
  schema: unknown;
}): void {
  const defaults = perToolOption(options.defaults, toolName);
  const overrides = perToolOption(options.overrides, toolName);
  if ((defaults === undefined && overrides === undefined) || !isRecord(schema)) return;
  // Each is read where a throw (a getter, a proxy) names it: the app's options, then the schema.
  const defaultEntries = guarded({ option: 'defaults', toolName }, () =>
    Object.entries(defaults ?? {}),
  );
  const overrideEntries = guarded({ option: 'overrides', toolName }, () =>
    Object.entries(overrides ?? {}),
  );
  guarded({ option: 'tools', toolName, path: 'inputSchema' }, () => {
    const declared = defaults === undefined ? [] : declaredArguments(schema);
    for (const [path, value] of defaultEntries) {
      checkDefault({ place: { option: 'defaults', toolName, path }, declared, value });
    }
    for (const [parameter, override] of overrideEntries) {
      checkOverride({
        place: { option: 'overrides', toolName, path: parameter },
        schema,
        override,
      });
    }
  });
}

type Place = OptionPlace & { readonly path: string };

function checkDefault({
  place,
  declared,
  value,
}: {
  place: Place;
  declared: readonly DeclaredArgument[];
  value: unknown;
}): void {
  const { path } = place;
  const found = declared.filter((argument) => argument.path === path);
  const [first] = found;
  if (first === undefined) {
    throw new InvalidGateOptionError({ ...place, message: undeclared(declared, path) });
  }
  if (found.every((argument) => argument.required)) {
    throw new InvalidGateOptionError({
      ...place,
      message: `"${path}" is a required argument, so the model must send it and a default never applies; give defaults only for optional arguments.`,
    });
  }
  const schemas = found.map((argument) => argument.schema);
  assertFitsOne({ place, name: first.name, what: 'default', schemas, value });
}

function undeclared(declared: readonly DeclaredArgument[], path: string): string {
  const { parentPath, name, names } = missingStep(declared, path);
  const nearest = nearestName(name, names);
  return `the tool's schema declares no argument "${path}"${
    nearest === undefined
      ? declaredList(parentPath, names)
      : `; did you mean "${joinArgumentPath(parentPath, nearest)}"?`
  }`;
}

function checkOverride({
  place,
  schema,
  override,
}: {
  place: Place;
  schema: Record<string, unknown>;
  override: ParameterOverride;
}): void {
  const { path: parameter } = place;
  const mistake = (message: string) => new InvalidGateOptionError({ ...place, message });
  const applicator = rootApplicatorKeywords.find((keyword) => Object.hasOwn(schema, keyword));
  if (applicator !== undefined) {
    throw mistake(
      `the tool's schema holds ${applicator} at its root, so other schemas than its properties decide what a parameter may be and an override would not be sure to hold; only a schema that lists its parameters in its own properties can be overridden.`,
    );
  }
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const closed = schema.additionalProperties === false || schema.unevaluatedProperties === false;
  let parameterSchema: unknown;
  if (Object.hasOwn(properties, parameter)) {
    parameterSchema = properties[parameter];
  } else if (override.newParameter !== true) {
    const names = Object.keys(properties);
    const nearest = nearestName(parameter, names);
    throw mistake(
      `the tool's schema declares no parameter "${parameter}"${nearest === undefined ? declaredList('', names) : `; did you mean "${nearest}"?`} An override of an undeclared name leaves the real parameter unconstrained; ${closed ? 'and this schema admits no other parameters (additionalProperties: false), so none can be added.' : `to add "${parameter}" as a new parameter on purpose, set newParameter: true.`}`,
    );
  } else if (closed) {
    throw mistake(
      `newParameter cannot add "${parameter}": the schema admits no other parameters (additionalProperties: false), so the tool's own validation would refuse it.`,
    );
  } else {
    parameterSchema = isRecord(schema.additionalProperties) ? schema.additionalProperties : true;
  }
  const schemas = [parameterSchema];
  if (Object.hasOwn(override, 'value')) {
    assertFitsOne({ place, name: parameter, what: 'fixed value', schemas, value: override.value });
  }
  for (const member of override.enum ?? []) {
    assertFitsOne({ place, name: parameter, what: 'enum member', schemas, value: member });
  }
}

/**
 * Throws unless the value fits one of the schemas the argument has (one, unless branches differ).
 * Judged as the argument of that name, so the sentence names it.
 */
function assertFitsOne({
  place,
  name,
  what,
  schemas,
  value,
}: {
  place: Place;
  /** The argument's own name, the last of its path. */
  name: string;
  what: 'default' | 'fixed value' | 'enum member';
  schemas: readonly unknown[];
  value: unknown;
}): void {
  let first: string | undefined;
  for (const schema of schemas) {
    const holder = { type: 'object', properties: { [name]: schema } };
    const [mismatch] = checkArguments(holder, Object.fromEntries([[name, value]]), {
      leniency: 'exact',
      maxMismatches: 1,
    });
    if (mismatch === undefined) return;
    first ??= mismatch.message;
  }
  if (first === undefined) return;
  throw new InvalidGateOptionError({
    ...place,
    message: `the ${what} does not fit the tool's schema: ${first}`,
  });
}

/** `; it declares "a", "b"` (the first ten), or `; it declares none` for a did-you-mean miss. */
function declaredList(parentPath: string, names: readonly string[]): string {
  if (names.length === 0) return `; ${parentPath === '' ? 'it' : `"${parentPath}"`} declares none.`;
  const listed = names.slice(0, 10).map((name) => `"${joinArgumentPath(parentPath, name)}"`);
  return `; it declares ${listed.join(', ')}${names.length > 10 ? ', …' : ''}.`;
}
