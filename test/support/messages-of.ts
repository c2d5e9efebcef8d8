import { checkArguments } from '../../src/checker/check-arguments.ts';
import type { Leniency } from '../../src/checker/check-state.ts';

/** The sentences `checkArguments` writes for the arguments; exact mode unless told. */
export function messagesOf(schema: unknown, args: unknown, leniency: Leniency = 'exact'): string[] {
  return checkArguments(schema, args, { leniency }).map(({ message }) => message);
}
