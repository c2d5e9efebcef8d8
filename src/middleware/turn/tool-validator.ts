import { asSchema, type FlexibleSchema } from 'ai';
import type { ValidatorIssue } from '../../checker/check-turn.ts';

type StandardIssue = {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>;
};
type StandardValidate = (value: unknown) => unknown;

/** What a tool's own validator said of one input. */
export type ValidatorVerdict = {
  /** Empty when it accepts the input or the tool has no validator. */
  readonly issues: ValidatorIssue[];
  /** What it turned an accepted input into (zod transforms and defaults applied). */
  readonly output?: { readonly value: unknown };
};

/**
 * What a tool's own validator says of an input: Standard Schema issues (zod 4, valibot, arktype)
 * with their paths, or the one message of an AI SDK `jsonSchema(…, { validate })`, and its output
 * when it accepts the input. A validator that throws counts as one issue.
 */
export async function validateWithTool(
  inputSchema: unknown,
  value: unknown,
): Promise<ValidatorVerdict> {
  try {
    const standard = standardValidate(inputSchema);
    if (standard !== undefined) {
      const result = (await standard(value)) as {
        issues?: readonly StandardIssue[];
        value?: unknown;
      };
      if (result.issues === undefined) return { issues: [], output: { value: result.value } };
      return {
        issues: result.issues.map((issue) => ({
          path: (issue.path ?? []).map(pathSegment),
          message: issue.message,
        })),
      };
    }
    const schema = asSchema(inputSchema as FlexibleSchema<unknown>);
    if (schema.validate === undefined) return { issues: [] };
    const result = await schema.validate(value);
    return result.success
      ? { issues: [], output: { value: result.value } }
      : { issues: [{ path: [], message: result.error.message }] };
  } catch (error) {
    return {
      issues: [{ path: [], message: error instanceof Error ? error.message : String(error) }],
    };
  }
}

function standardValidate(schema: unknown): StandardValidate | undefined {
  if (typeof schema !== 'object' || schema === null || !('~standard' in schema)) return undefined;
  const standard = (schema as { '~standard'?: { validate?: unknown } })['~standard'];
  return typeof standard?.validate === 'function'
    ? (standard.validate as StandardValidate)
    : undefined;
}

function pathSegment(segment: PropertyKey | { readonly key: PropertyKey }): string | number {
  const key = typeof segment === 'object' ? segment.key : segment;
  return typeof key === 'number' ? key : String(key);
}
