import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  SharedV4Warning,
} from '@ai-sdk/provider';
import { asSchema, type FlexibleSchema, type ToolSet } from 'ai';
import { type DecodePlan, emptyDecodePlan } from '../decode/decode-plan.ts';
import {
  nonStrictProfile,
  openaiProfile,
  profileForProvider,
  type StrictProfile,
} from '../decode/provider-profiles.ts';
import { toStrictSchemaCached } from '../decode/strict-schema-cache.ts';
import type { ToolGateOptions } from './gate-options.ts';
import { hideFixedValues } from './hide-fixed-values.ts';
import { restoreRefusals } from './restore-refusals.ts';
import { applyOverrides } from './tool-overrides.ts';

type SentTool = NonNullable<LanguageModelV4CallOptions['tools']>[number];

/** What the gate knows of one tool for one request. */
export type GatedToolPlan = {
  /** The schema calls are judged against: the one offered, with overrides applied. */
  readonly judged: unknown;
  /** Where strict conversion added null placeholders (empty when not converted). */
  readonly plan: DecodePlan;
  /** Parameters the app fixed, handed to the tool whatever the model sent. */
  readonly fixedValues: ReadonlyMap<string, unknown>;
  /** The app's own tool, for its validator. */
  readonly tool: ToolSet[string] | undefined;
};

/** Everything the gate needs between a request leaving and its answer coming back. */
export type GateRequest = {
  readonly tools: ReadonlyMap<string, GatedToolPlan>;
  readonly warnings: readonly SharedV4Warning[];
};

/**
 * Prepares one request: converts each function tool's schema for a strict provider, records the
 * plans, and restores earlier refused calls in the prompt. Returns the params to send and the
 * request's context, which lives only as long as those params.
 */
export async function prepareGateRequest<TOOLS extends ToolSet>({
  params,
  model,
  options,
}: {
  params: LanguageModelV4CallOptions;
  model: LanguageModelV4;
  options: ToolGateOptions<TOOLS>;
}): Promise<{ params: LanguageModelV4CallOptions; request: GateRequest }> {
  const profile = chooseProfile(options, model.provider);
  const warnings: SharedV4Warning[] = [];
  const tools = new Map<string, GatedToolPlan>();
  const appTools = options.tools as ToolSet;
  const sentTools: NonNullable<LanguageModelV4CallOptions['tools']> = [];
  let anyNotStrict = false;

  const converted: Array<{ tool: SentTool; strictSchema?: unknown }> = [];
  for (const tool of params.tools ?? []) {
    const appTool = Object.hasOwn(appTools, tool.name) ? appTools[tool.name] : undefined;
    const overrides = options.overrides?.[tool.name as keyof TOOLS];
    if (tool.type !== 'function') {
      // Provider-defined tools: the provider owns the schema; the app's tool object still has it.
      const schema =
        appTool === undefined
          ? undefined
          : await asSchema(appTool.inputSchema as FlexibleSchema<unknown>).jsonSchema;
      const { judged, fixedValues } = applyOverrides(schema, overrides);
      tools.set(tool.name, { judged, plan: emptyDecodePlan, fixedValues, tool: appTool });
      converted.push({ tool });
      continue;
    }
    const { offered, judged, fixedValues } = applyOverrides(tool.inputSchema, overrides);
    const offeredTool =
      offered === tool.inputSchema
        ? tool
        : { ...tool, inputSchema: offered as typeof tool.inputSchema };
    tools.set(tool.name, { judged, plan: emptyDecodePlan, fixedValues, tool: appTool });
    if (!profile.strictTools || tool.strict === false) {
      converted.push({ tool: offeredTool });
      continue;
    }
    const conversion = toStrictSchemaCached(offered, {
      profile,
      defaults: options.defaults?.[tool.name as keyof TOOLS],
    });
    if (!conversion.strict) {
      anyNotStrict = true;
      warnings.push({
        type: 'other',
        message: `toolgate: tool "${tool.name}" is sent without strict mode: ${conversion.reason}.`,
      });
      converted.push({ tool: offeredTool });
      continue;
    }
    tools.set(tool.name, { judged, plan: conversion.plan, fixedValues, tool: appTool });
    converted.push({ tool: offeredTool, strictSchema: conversion.schema });
  }

  // Some providers (Cerebras) refuse a request whose tools mix strict values.
  const allNonStrict = anyNotStrict && !profile.mixedStrict;
  if (allNonStrict) {
    warnings.push({
      type: 'other',
      message: `toolgate: ${profile.name} does not accept strict and non-strict tools together, so no tool is sent strict.`,
    });
  }
  for (const { tool, strictSchema } of converted) {
    if (tool.type !== 'function' || strictSchema === undefined || allNonStrict) {
      if (allNonStrict) {
        const gated = tools.get(tool.name);
        if (gated !== undefined) tools.set(tool.name, { ...gated, plan: emptyDecodePlan });
      }
      sentTools.push(tool);
    } else {
      sentTools.push({
        ...tool,
        inputSchema: strictSchema as typeof tool.inputSchema,
        strict: true,
      });
    }
  }

  const prompt = hideFixedValues(restoreRefusals(params.prompt), (toolName) => [
    ...(tools.get(toolName)?.fixedValues.keys() ?? []),
  ]);
  return {
    params: {
      ...params,
      prompt,
      ...(params.tools === undefined ? {} : { tools: sentTools }),
    },
    request: { tools, warnings },
  };
}

function chooseProfile<TOOLS extends ToolSet>(
  { strict = 'auto', profiles }: ToolGateOptions<TOOLS>,
  providerId: string,
): StrictProfile {
  if (strict === 'auto') return profileForProvider(providerId, profiles);
  if (strict === true) return openaiProfile;
  if (strict === false) return nonStrictProfile;
  return strict;
}
