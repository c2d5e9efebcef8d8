/**
 * What a schema never seen before costs: strict conversion of it against the checker's own
 * preparation of it, on three realistic tool schemas and five MCP-like ones. Every run works on
 * schemas of new content (a numbered description), made outside the timed region, so no cache
 * answers. Measured side by side in one process (arms interleaved, medians of paired ratios, CPU
 * time). Goal: conversion / preparation <= 2x.
 * - `toStrictSchema`: the conversion alone;
 * - `storedStrictSchema`: what the gate runs: the content key, the conversion of the store's
 *   frozen copy, the result frozen and kept in the store;
 * - `seenBefore`: the same for a content the store holds already, found by its content;
 * - `prepareSchema`: the checker's preparation alone.
 *
 * Usage: `node --expose-gc schema-preparation.bench.ts [--rounds=30]`. With
 * `--run=<arm>|setup --runs=N` it makes N sets of new schemas and runs one arm over each (`setup`:
 * none), untimed, and prints nothing: what `instruction-ratios.ts` counts under valgrind.
 */
import { openaiProfile } from '../src/decode/provider-profiles.ts';
import { storedStrictSchema, strictScopeOf } from '../src/decode/stored-strict-schema.ts';
import { toStrictSchema } from '../src/decode/to-strict-schema.ts';
import { prepareSchema } from '../src/schema/prepare-schema.ts';
import { PreparedStore } from '../src/store/prepared-store.ts';
import { mcpListing } from './mcp-tools.ts';
import { formatRatio, measurePairedRatios } from './paired-ratios.ts';
import { tools } from './realistic-tools.ts';

const argument = (name: string): string | undefined =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const rounds = Number(argument('rounds') ?? 30);
const schemasPerRun = 200;

const mcpSchemas = (
  JSON.parse(mcpListing({ count: 5 })) as { tools: Array<{ inputSchema: object }> }
).tools.map(({ inputSchema }) => inputSchema);
const schemas = [...tools.map(({ schema }) => schema), ...mcpSchemas];

let serial = 0;
/** Schemas of content no cache has seen: the same shapes, each with its own description. */
function freshSchemas(): object[] {
  return Array.from({ length: schemasPerRun }, (_, index) => ({
    ...structuredClone(schemas[index % schemas.length] as object),
    description: `variant ${serial++}`,
  }));
}

const store = new PreparedStore();
// The gate reads the profile's scope once per request.
const scope = strictScopeOf(openaiProfile);
const stored = (schema: object) =>
  storedStrictSchema(schema, { profile: openaiProfile, store, scope });

const each =
  (work: (schema: object) => unknown) =>
  (input: never): void => {
    for (const schema of input as object[]) work(schema);
  };
/** The arms `--run` takes: each works on new schemas, as `setup` makes them. */
const countedArms = {
  prepareSchema: { setup: freshSchemas, run: each(prepareSchema) },
  toStrictSchema: { setup: freshSchemas, run: each((schema) => toStrictSchema(schema)) },
  storedStrictSchema: { setup: freshSchemas, run: each(stored) },
};
const arms = {
  ...countedArms,
  seenBefore: {
    setup: () => {
      const schemas = freshSchemas();
      for (const schema of schemas) stored(structuredClone(schema));
      return schemas;
    },
    run: each(stored),
  },
};

const runArgument = argument('run');
if (runArgument !== undefined) {
  const runs = Number(argument('runs'));
  if (!Number.isInteger(runs) || runs < 0) throw new Error('--run needs --runs=N, N >= 0');
  const arm =
    runArgument === 'setup' ? undefined : countedArms[runArgument as keyof typeof countedArms];
  if (runArgument !== 'setup' && arm === undefined) {
    throw new Error(
      `--run=${runArgument}: expected setup or one of ${Object.keys(countedArms).join(', ')}`,
    );
  }
  for (let run = 0; run < runs; run++) {
    const input = freshSchemas();
    arm?.run(input as never);
  }
  process.exit(0);
}

const result = await measurePairedRatios({ arms, reference: 'prepareSchema', rounds });
const perSchema = (arm: string) => `${((result.ms(arm) * 1000) / schemasPerRun).toFixed(1)} us`;
console.log(
  `A new schema (${schemas.length} shapes, ${schemasPerRun} new schemas per run, ${rounds} rounds, CPU time):`,
);
console.log(`  prepareSchema           ${perSchema('prepareSchema')}`);
for (const arm of ['toStrictSchema', 'storedStrictSchema']) {
  console.log(
    `  ${arm.padEnd(22)}  ${perSchema(arm)}  / prepareSchema ${formatRatio(result.ratio(arm), { atMost: 2 })}  (goal <= 2x)`,
  );
}
console.log(
  `  the same content seen again (found in the store by content)  ${perSchema('seenBefore')}  / prepareSchema ${formatRatio(result.ratio('seenBefore'))}  (no goal)`,
);
