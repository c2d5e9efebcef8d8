import { asSchema, type FlexibleSchema } from 'ai';
import type { ValidatorIssue } from '../checker/check-turn.ts';

type StandardIssue = {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>;
};
type StandardValidate = (value: unknown) => unknown;

/**
 * What a tool's own validator says of an input: Standard Schema issues (zod 4, valibot, arktype)
 * with their paths, or the one message of an AI SDK `jsonSchema(…, { validate })`. Empty when it
 * accepts the input or the tool has no validator. A validator that throws counts as one issue.
 */
export async function validatorIssuesOf(
  inputSchema: unknown,
  value: unknown,
): Promise<ValidatorIssue[]> {
  try {
    const standard = standardValidate(inputSchema);
    if (standard !== undefined) {
      const result = (await standard(value)) as { issues?: readonly StandardIssue[] };
      return (result.issues ?? []).map((issue) => ({
        path: (issue.path ?? []).map(pathSegment),
        message: issue.message,
      }));
    }
    const schema = asSchema(inputSchema as FlexibleSchema<unknown>);
    if (schema.validate === undefined) return [];
    const result = await schema.validate(value);
    return result.success ? [] : [{ path: [], message: result.error.message }];
  } catch (error) {
    return [{ path: [], message: error instanceof Error ? error.message : String(error) }];
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
