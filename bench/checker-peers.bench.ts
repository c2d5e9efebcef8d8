/**
 * The checker against the fastest validators that generate no code: TypeBox `Value.Check` and
 * valibot `safeParse`, on valid arguments of three realistic tool schemas (the gate's common
 * case). Measured side by side in one process (arms interleaved, medians of paired ratios, CPU
 * time); a ratio above 1 means the peer is slower than toolgate. Goal: toolgate stays the fastest.
 *
 * Usage: `node --expose-gc checker-peers.bench.ts [--rounds=30]`.
 */
import { Value } from '@sinclair/typebox/value';
import * as v from 'valibot';
import { checkArguments } from '../src/checker/index.ts';
import { formatRatio, measurePairedRatios } from './paired-ratios.ts';
import { tools, typeboxSchemas, valibotSchemas } from './realistic-tools.ts';

const rounds = Number(
  process.argv.find((arg) => arg.startsWith('--rounds='))?.slice('--rounds='.length) ?? 30,
);
const callsPerRun = 2000;

console.log(
  `Checking valid arguments, peer / toolgate (median of paired ratios, ${rounds} rounds of ${callsPerRun} calls, CPU time):`,
);
for (const tool of tools) {
  const name = tool.name as keyof typeof typeboxSchemas;
  const validators = {
    toolgate: (args: unknown) => checkArguments(tool.schema, args).length === 0,
    typebox: (args: unknown) => Value.Check(typeboxSchemas[name], args),
    valibot: (args: unknown) => v.safeParse(valibotSchemas[name], args).success,
  };
  // A comparison means nothing unless every validator agrees on what fits.
  for (const [validator, accepts] of Object.entries(validators)) {
    if (!accepts(tool.valid))
      throw new Error(`${tool.name}: ${validator} refuses the valid arguments`);
    if (accepts(tool.invalid))
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
  console.log(
    `  ${tool.name.padEnd(9)} toolgate ${perCall('toolgate')}, typebox ${perCall('typebox')} (${formatRatio(result.ratio('typebox'), { atLeast: 1 })}), valibot ${perCall('valibot')} (${formatRatio(result.ratio('valibot'), { atLeast: 1 })})`,
  );
  if (accepted === 0) throw new Error('nothing was checked');
}
