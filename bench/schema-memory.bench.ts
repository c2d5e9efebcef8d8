/**
 * Does the gates' store of prepared schemas stay bounded? Sends 100,000 schemas of distinct
 * content (MCP-like shapes, each with its own description) through the checker's preparation and
 * the strict conversion, both kept in the store every gate shares, as a server with many per-user
 * tool sets would, holding none of them, and prints the heap after a full GC at 0, 25%, 50%, 75%
 * and 100%.
 *
 * Usage: `node --expose-gc schema-memory.bench.ts [--schemas=100000]`.
 *
 * The store keeps about 32 MiB, so the heap should stop growing once it is full (well within the
 * first quarter). Exits 1 if it grows by more than 10 MB between 25% and 100%.
 */
import { checkArguments } from '../src/checker/check-arguments.ts';
import { openaiProfile } from '../src/decode/provider-profiles.ts';
import { storedStrictSchema } from '../src/decode/stored-strict-schema.ts';
import { gateStore as store } from '../src/middleware/gate-store.ts';
import { mcpListing } from './mcp-tools.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) {
  console.error('Run with --expose-gc: node --expose-gc schema-memory.bench.ts');
  process.exit(2);
}
const count = Number(
  process.argv.find((arg) => arg.startsWith('--schemas='))?.slice('--schemas='.length) ?? 100_000,
);
const MB = 1024 * 1024;
const growthLimit = 10 * MB;

const shapes = (
  JSON.parse(mcpListing({ count: 5 })) as { tools: Array<{ inputSchema: object }> }
).tools.map(({ inputSchema }) => JSON.stringify(inputSchema));

const heapAfterGc = (): number => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const checkpoints = [0, 0.25, 0.5, 0.75, 1].map((share) => Math.round(share * count));
const heap = new Map<number, number>([[0, heapAfterGc()]]);
let converted = 0;
for (let index = 1; index <= count; index++) {
  const schema = JSON.parse(shapes[index % shapes.length] as string) as Record<string, unknown>;
  schema.description = `schema ${index}`;
  checkArguments(schema, {}, { store });
  if (storedStrictSchema(schema, { profile: openaiProfile, store }).strict) converted++;
  if (checkpoints.includes(index)) heap.set(index, heapAfterGc());
}

console.log(
  `${count} schemas of distinct content through the checker and strict conversion, kept in the gates' store:`,
);
for (const [index, bytes] of heap) {
  console.log(`  after ${String(index).padStart(7)}: heap ${(bytes / MB).toFixed(1)} MB`);
}
const quarter = heap.get(checkpoints[1] as number) as number;
const end = heap.get(count) as number;
const growth = end - quarter;
console.log(
  `  growth from 25% to 100%: ${(growth / MB).toFixed(1)} MB (limit ${growthLimit / MB} MB)`,
);
if (converted !== count) {
  console.error(`only ${converted} of ${count} schemas were converted to strict`);
  process.exit(1);
}
if (growth > growthLimit) {
  console.error('the heap keeps growing: the store is not bounded');
  process.exit(1);
}
