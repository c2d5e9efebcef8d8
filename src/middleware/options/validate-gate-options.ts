import { asSchema, type FlexibleSchema, type ToolSet } from 'ai';
import { describeLiteral } from '../../checker/describe-value.ts';
import { profileNames } from '../../decode/provider-profiles.ts';
import { contentKeyOf } from '../../schema/content-key.ts';
import { isPromiseLike } from '../../schema/is-promise-like.ts';
import type { ToolGateOptions } from './gate-options.ts';
import { guarded, InvalidGateOptionError } from './invalid-gate-option-error.ts';
import { didYouMean, type FieldRule, isPlainRecord } from './option-rules.ts';
import { perToolOption } from './per-tool-option.ts';
import { findProfileProblem } from './profile-problem.ts';
import { validateToolOptions } from './validate-tool-options.ts';
import { validateToolSet } from './validate-tool-set.ts';

/** A check of one option's value, given: the mistake as a sentence, or `undefined`. */
type OptionCheck = (value: unknown, gate: { toolNames?: readonly string[] }) => string | undefined;

const expecting =
  ({ expected, fits }: FieldRule): OptionCheck =>
  (value) =>
    fits(value) ? undefined : `expected ${expected}; got ${describeLiteral(value)}.`;

/**
 * What each option `toolGate` reads must be, checked in this order (the tools first, which the
 * per-tool options name); any other key is a typo that would otherwise do nothing.
 */
const optionChecks: Readonly<Record<keyof ToolGateOptions<ToolSet>, OptionCheck>> = {
  tools: (tools, gate) => {
    validateToolSet(tools, { readGetters: true });
    gate.toolNames = Object.keys(tools);
    return undefined;
  },
  strict: (strict) => {
    if (strict === 'auto' || typeof strict === 'boolean') return undefined;
    const problem = findProfileProblem(strict, ['auto', ...profileNames]);
    return problem === undefined
      ? undefined
      : `expected 'auto', true, false, a profile name (${listedProfileNames()}) or a StrictProfile: ${problem}`;
  },
  profiles: (profiles) => {
    if (!isPlainRecord(profiles)) {
      return `expected an object of profiles by provider id; got ${describeLiteral(profiles)}.`;
    }
    for (const providerId of Object.keys(profiles)) {
      const problem = findProfileProblem(profiles[providerId]);
      if (problem === undefined) continue;
      throw new InvalidGateOptionError({
        option: 'profiles',
        path: providerId,
        message: `expected a StrictProfile or a profile name (${listedProfileNames()}): ${problem}`,
      });
    }
    return undefined;
  },
  leniency: expecting({
    expected: "'lenient' or 'exact'",
    fits: (value) => value === 'lenient' || value === 'exact',
  }),
  maxMismatches: expecting({
    expected: 'a whole number of at least 1 (or Infinity)',
    fits: (value) =>
      value === Number.POSITIVE_INFINITY || (Number.isInteger(value) && (value as number) >= 1),
  }),
  onRefusal: expecting({ expected: 'a function', fits: (value) => typeof value === 'function' }),
  defaults: (defaults, { toolNames }) => perToolProblem('defaults', defaults, toolNames),
  overrides: (overrides, { toolNames }) => perToolProblem('overrides', overrides, toolNames),
};

const optionNames = Object.keys(optionChecks);

const overrideKeys: readonly string[] = ['enum', 'value', 'newParameter'];

/** Names joined by `.`, each with `[]` after a list: `unit`, `filters.limit`, `events[].when`. */
const argumentPath = /^[^.[\]]+(?:\[\])*(?:\.[^.[\]]+(?:\[\])*)*$/;

/** Defaults and fixed values reach the tool as if the model had sent them, and a model sends JSON. */
const isJson = (value: unknown) => contentKeyOf(value) !== undefined;
const jsonKinds =
  'as a model sends it (no BigInt, NaN, Infinity, undefined, Date, function or cycle)';

/**
 * Checks `toolGate`'s options when the gate is built, so a mistake fails there, named, instead of
 * silently changing what the gate does or failing a request later. Every mistake, reading an
 * option that throws included (a revoked proxy, a throwing getter), is an
 * {@link InvalidGateOptionError}. Defaults and overrides of the tools given here are checked
 * against their schemas now; a schema given as a promise, and tools wrapped per request, are
 * checked by {@link validateToolOptions} once their schemas are known.
 */
export function validateGateOptions<TOOLS extends ToolSet>(options: ToolGateOptions<TOOLS>): void {
  const given: unknown = options;
  guarded({ option: 'options' }, () => {
    if (!isPlainRecord(given)) {
      throw new InvalidGateOptionError({
        option: 'options',
        message: `toolGate needs an options object, e.g. toolGate({ tools }); got ${describeLiteral(given)}.`,
      });
    }
    const unknown = Object.keys(given).find((key) => !optionNames.includes(key));
    if (unknown !== undefined) {
      throw new InvalidGateOptionError({
        option: unknown,
        message: `toolGate has no such option${didYouMean(unknown, optionNames)}`,
      });
    }
  });
  const gate: { toolNames?: readonly string[] } = {};
  // Each option is read once, as the gate reads it.
  const read: Partial<Record<string, unknown>> = {};
  for (const [option, check] of Object.entries(optionChecks)) {
    const value = guarded({ option }, () => options[option as keyof ToolGateOptions<TOOLS>]);
    read[option] = value;
    if (value === undefined) continue;
    const problem = guarded({ option }, () => check(value, gate));
    if (problem !== undefined) throw new InvalidGateOptionError({ option, message: problem });
  }
  const { tools, defaults, overrides } = read as ToolGateOptions<ToolSet>;
  for (const toolName of gate.toolNames ?? []) {
    if (
      perToolOption(defaults, toolName) === undefined &&
      perToolOption(overrides, toolName) === undefined
    ) {
      continue;
    }
    const schema = guarded(
      { option: 'tools', toolName, path: 'inputSchema' },
      () =>
        asSchema((tools as ToolSet)[toolName]?.inputSchema as FlexibleSchema<unknown>).jsonSchema,
    );
    // A schema given as a promise is checked when a request awaits it.
    if (!isPromiseLike(schema)) validateToolOptions({ options, toolName, schema });
  }
}

function perToolProblem(
  option: 'defaults' | 'overrides',
  value: unknown,
  toolNames: readonly string[] | undefined,
): string | undefined {
  if (!isPlainRecord(value))
    return `expected an object by tool name; got ${describeLiteral(value)}.`;
  for (const toolName of Object.keys(value)) {
    const perTool = value[toolName];
    // `{ weather: undefined }` is no entry, as the option's type allows.
    if (perTool === undefined) continue;
    if (!isPlainRecord(perTool)) {
      throw new InvalidGateOptionError({
        option,
        toolName,
        message: `expected an object by ${option === 'defaults' ? 'argument path' : 'parameter'}; got ${describeLiteral(perTool)}.`,
      });
    }
    // With tools given up front, a name that is not one of them is a typo; tools may also come
    // per request (gate.wrapTools), and those are checked when they do.
    if (toolNames !== undefined && !toolNames.includes(toolName)) {
      throw new InvalidGateOptionError({
        option,
        toolName,
        message: `there is no tool "${toolName}" among the gate's tools${didYouMean(toolName, toolNames)}`,
      });
    }
    for (const key of Object.keys(perTool)) {
      const place = { option, toolName, path: key };
      const problem = guarded(place, () =>
        option === 'defaults' ? defaultProblem(key, perTool[key]) : overrideProblem(perTool[key]),
      );
      if (problem !== undefined) throw new InvalidGateOptionError({ ...place, message: problem });
    }
  }
  return undefined;
}

function defaultProblem(path: string, value: unknown): string | undefined {
  if (!argumentPath.test(path)) {
    return 'expected an argument path: names joined by "." with "[]" after a list (unit, filters.limit, events[].when).';
  }
  if (path.endsWith('[]')) {
    return 'a default stands in for an optional argument the model sent as null, so its path ends in that argument\'s name (events[].when), not in "[]".';
  }
  return isJson(value) ? undefined : `a default must be JSON, ${jsonKinds}.`;
}

function overrideProblem(override: unknown): string | undefined {
  if (!isPlainRecord(override)) {
    return `expected { enum } or { value }; got ${describeLiteral(override)}.`;
  }
  const unknown = Object.keys(override).find((key) => !overrideKeys.includes(key));
  if (unknown !== undefined) {
    return `an override takes enum, value and newParameter, and no key "${unknown}"${didYouMean(unknown, overrideKeys)}`;
  }
  const hasValue = Object.hasOwn(override, 'value');
  if (hasValue && override.enum !== undefined) return 'give either `enum` or `value`, not both.';
  if (!hasValue && override.enum === undefined) {
    return 'an override needs `enum` (the values the model may send) or `value` (the one value the tool gets).';
  }
  if (override.newParameter !== undefined && typeof override.newParameter !== 'boolean') {
    return `newParameter must be true or false; got ${describeLiteral(override.newParameter)}.`;
  }
  if (hasValue && !isJson(override.value)) return `a fixed value must be JSON, ${jsonKinds}.`;
  if (override.enum === undefined) return undefined;
  if (!Array.isArray(override.enum) || override.enum.length === 0) {
    return '`enum` must be a list of at least one allowed value.';
  }
  return isJson(override.enum) ? undefined : `\`enum\` members must be JSON, ${jsonKinds}.`;
}

function listedProfileNames(): string {
  return profileNames.map((name) => `'${name}'`).join(', ');
}
