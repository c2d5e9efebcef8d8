/**
 * The checker against the fastest validators that generate no code: TypeBox `Value.Check` and
 * valibot `safeParse`, on valid arguments of three realistic tool schemas (the gate's common
 * case). Measured side by side in one process (arms interleaved, medians of paired ratios, CPU
 * time); a ratio above 1 means the peer is slower than toolgate. Goal: toolgate stays the fastest.
 *
 * Then, with no goal yet, two MCP-like schemas with `$ref`/`$defs` (one recursive), unions,
 * bounds and patterns (`keyword-tools.ts`) against ajv's compiled validator and TypeBox. Each
 * line says whether toolgate refuses the invalid arguments: while it skips those keywords it
 * passes them, and its time is that of a check that judges less than its peers do.
 *
 * Usage: `node --expose-gc checker-peers.bench.ts [--rounds=30]`.
 */
import { Value } from '@sinclair/typebox/value';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as v from 'valibot';
import { checkArguments } from '../src/checker/index.ts';
import { keywordTools, typeboxKeywordSchemas } from './keyword-tools.ts';
import { formatRatio, measurePairedRatios } from './paired-ratios.ts';
import { type Tool, tools, typeboxSchemas, valibotSchemas } from './realistic-tools.ts';

const rounds = Number(
  process.argv.find((arg) => arg.startsWith('--rounds='))?.slice('--rounds='.length) ?? 30,
);
const callsPerRun = 2000;

type Accepts = (args: unknown) => boolean;

/**
 * Times `validators` on the tool's valid arguments and prints one line, each peer against
 * toolgate (against `atLeast` when given). Every validator must accept the valid arguments and
 * every peer refuse the invalid ones; toolgate too, unless `toolgateMayPass`.
 */
async function compareOnValid(
  tool: Tool,
  validators: { toolgate: Accepts } & Record<string, Accepts>,
  { atLeast, toolgateMayPass = false }: { atLeast?: number; toolgateMayPass?: boolean },
): Promise<void> {
  // A comparison means nothing unless every validator agrees on what fits.
  for (const [validator, accepts] of Object.entries(validators)) {
    if (!accepts(tool.valid))
      throw new Error(`${tool.name}: ${validator} refuses the valid arguments`);
    if (accepts(tool.invalid) && !(validator === 'toolgate' && toolgateMayPass))
      throw new Error(`${tool.name}: ${validator} passes the invalid ones`);
  }
  let accepted = 0;
  const arms = Object.fromEntries(
    Object.entries(validators).map(([validator, accepts]) => [
      validator,
      () => {
        for (let call = 0; call < callsPerRun; call++) if (accepts(tool.valid)) accepted++;
      },
    ]),
  );
  const result = await measurePairedRatios({ arms, reference: 'toolgate', rounds });
  const perCall = (arm: string) => `${((result.ms(arm) * 1e6) / callsPerRun).toFixed(0)} ns`;
  const peers = Object.keys(validators)
    .filter((validator) => validator !== 'toolgate')
    .map((peer) => `${peer} ${perCall(peer)} (${formatRatio(result.ratio(peer), { atLeast })})`);
  const judged = toolgateMayPass
    ? `; toolgate ${validators.toolgate(tool.invalid) ? 'passes' : 'refuses'} the invalid arguments`
    : '';
  console.log(
    `  ${tool.name.padEnd(9)} toolgate ${perCall('toolgate')}, ${peers.join(', ')}${judged}`,
  );
  if (accepted === 0) throw new Error('nothing was checked');
}

console.log(
  `Checking valid arguments, peer / toolgate (median of paired ratios, ${rounds} rounds of ${callsPerRun} calls, CPU time):`,
);
for (const tool of tools) {
  const name = tool.name as keyof typeof typeboxSchemas;
  await compareOnValid(
    tool,
    {
      toolgate: (args) => checkArguments(tool.schema, args).length === 0,
      typebox: (args) => Value.Check(typeboxSchemas[name], args),
      valibot: (args) => v.safeParse(valibotSchemas[name], args).success,
    },
    { atLeast: 1 },
  );
}

console.log('');
console.log(
  'Schemas with $ref/$defs, unions, bounds and patterns (no goal yet), peer / toolgate, the same way:',
);
const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true });
for (const tool of keywordTools) {
  const name = tool.name as keyof typeof typeboxKeywordSchemas;
  const validate = ajv.compile(tool.schema);
  await compareOnValid(
    tool,
    {
      toolgate: (args) => checkArguments(tool.schema, args).length === 0,
      ajv: (args) => validate(args) === true,
      typebox: (args) => Value.Check(typeboxKeywordSchemas[name], args),
    },
    { toolgateMayPass: true },
  );
}
