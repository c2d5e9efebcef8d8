/**
 * What a schema never seen before costs: strict conversion of it against the checker's own
 * preparation of it, on three realistic tool schemas and five MCP-like ones. Every run works on
 * schemas of new content (a numbered description), made outside the timed region, so no cache
 * answers. Measured side by side in one process (arms interleaved, medians of paired ratios, CPU
 * time). Goal: conversion / preparation <= 2x.
 * - `toStrictSchema`: the conversion alone (cached per object only);
 * - `toStrictSchemaCached`: what the gate runs, with the content key and the frozen copy;
 * - `prepareSchema`: the checker's preparation, with its content key.
 *
 * Usage: `node --expose-gc bench/schema-preparation.bench.ts [--rounds=30]`.
 */
import { toStrictSchemaCached } from '../src/decode/strict-schema-cache.ts';
import { toStrictSchema } from '../src/decode/to-strict-schema.ts';
import { prepareSchema } from '../src/schema/prepare-schema.ts';
import { mcpListing } from './mcp-tools.ts';
import { formatRatio, measurePairedRatios } from './paired-ratios.ts';
import { tools } from './realistic-tools.ts';

const rounds = Number(
  process.argv.find((arg) => arg.startsWith('--rounds='))?.slice('--rounds='.length) ?? 30,
);
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

const each =
  (work: (schema: object) => unknown) =>
  (input: never): void => {
    for (const schema of input as object[]) work(schema);
  };
const result = await measurePairedRatios({
  arms: {
    prepareSchema: { setup: freshSchemas, run: each(prepareSchema) },
    toStrictSchema: { setup: freshSchemas, run: each((schema) => toStrictSchema(schema)) },
    toStrictSchemaCached: {
      setup: freshSchemas,
      run: each((schema) => toStrictSchemaCached(schema)),
    },
  },
  reference: 'prepareSchema',
  rounds,
});
const perSchema = (arm: string) => `${((result.ms(arm) * 1000) / schemasPerRun).toFixed(1)} us`;
console.log(
  `A new schema (${schemas.length} shapes, ${schemasPerRun} new schemas per run, ${rounds} rounds, CPU time):`,
);
console.log(`  prepareSchema           ${perSchema('prepareSchema')}`);
for (const arm of ['toStrictSchema', 'toStrictSchemaCached']) {
  console.log(
    `  ${arm.padEnd(22)}  ${perSchema(arm)}  / prepareSchema ${formatRatio(result.ratio(arm), { atMost: 2 })}  (goal <= 2x)`,
  );
}
