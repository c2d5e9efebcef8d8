import { z } from 'zod';

export type NoteTree = { name: string; note?: string; children?: NoteTree[] };

/** A recursive zod schema (`z.lazy`) with an optional argument at every level. */
export const noteTree: z.ZodType<NoteTree> = z.lazy(() =>
  z.object({
    name: z.string(),
    note: z.string().optional(),
    children: z.array(noteTree).optional(),
  }),
);
