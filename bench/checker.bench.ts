/**
 * How fast the checker judges tool arguments, against ajv and @cfworker/json-schema, on three
 * realistic tool schemas, and how fast it prepares a schema it has not seen.
 *
 * Usage: `npm run bench` (`node checker.bench.ts`); `--mitata` also prints mitata's own report;
 * `--floor` measures only the valid path against the floor (`--rounds=N`, default 60).
 *
 * Goals, each measured as a ratio within one run so the machine's speed cancels out:
 * - checking: toolgate at most 2x ajv's compiled validator (ajv's best case: code generated ahead);
 * - checking: @cfworker/json-schema (an interpreter, like toolgate) at least 10x toolgate;
 * - preparing a new schema: ajv.compile at least 40x toolgate's prepareSchema;
 * - valid arguments: toolgate's `checkArguments` at most 1.25x a minimal closure-compiled yes/no
 *   walker written for the benchmark (`closure-floor.ts`), on weather, search and a nested CMS page.
 *   This ratio is measured side by side (arms interleaved in rotating order, CPU time, the median
 *   of paired ratios; `paired-ratios.ts`): mitata's means of the two arms drift apart by more than
 *   the gap on a shared machine. The same schemas without `additionalProperties: false` are
 *   measured beside them, with no goal.
 *
 * The schemas use only the keywords toolgate judges (plus descriptions), so every validator does
 * the same work; every validator reports all mismatches (ajv `allErrors`, cfworker without
 * short-circuit, toolgate's default cap of 10).
 */
import { Validator } from '@cfworker/json-schema';
import { Ajv } from 'ajv';
import { bench, do_not_optimize } from 'mitata';
import { checkArguments, checkTurn, judgeArguments } from '../src/checker/index.ts';
import { prepareSchema } from '../src/schema/prepare-schema.ts';
import { PreparedStore } from '../src/store/prepared-store.ts';
import { compileFloor } from './closure-floor.ts';
import { measurePairedRatios } from './paired-ratios.ts';
import { calendarEvent, search, type Tool, weather } from './realistic-tools.ts';
import { runBenchmarks } from './run-benchmarks.ts';

const block = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: ['heading', 'paragraph', 'list', 'image', 'quote'] },
    text: { type: 'string' },
    level: { type: 'integer' },
    items: { type: 'array', items: { type: 'string' } },
    image: {
      type: 'object',
      properties: { url: { type: 'string' }, alt: { type: 'string' }, width: { type: 'integer' } },
      required: ['url', 'alt'],
      additionalProperties: false,
    },
  },
  required: ['kind'],
  additionalProperties: false,
};

const cmsPage: Tool = {
  name: 'cms-page',
  schema: {
    type: 'object',
    properties: {
      title: { type: 'string' },
      slug: { type: 'string' },
      status: { type: 'string', enum: ['draft', 'review', 'published', 'archived'] },
      author: {
        type: 'object',
        properties: { name: { type: 'string' }, email: { type: 'string' } },
        required: ['name'],
        additionalProperties: false,
      },
      sections: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            heading: { type: 'string' },
            blocks: { type: 'array', items: block },
          },
          required: ['blocks'],
          additionalProperties: false,
        },
      },
      seo: {
        type: 'object',
        properties: {
          title: { type: 'string' },
          description: { type: 'string' },
          keywords: { type: 'array', items: { type: 'string' } },
          noIndex: { type: 'boolean' },
        },
        additionalProperties: false,
      },
    },
    required: ['title', 'slug', 'status', 'sections'],
    additionalProperties: false,
  },
  valid: {
    title: 'Release notes 4.2',
    slug: 'release-notes-4-2',
    status: 'review',
    author: { name: 'Ana', email: 'ana@example.com' },
    sections: [
      {
        heading: 'Highlights',
        blocks: [
          { kind: 'heading', text: 'Faster checks', level: 2 },
          { kind: 'paragraph', text: 'The checker now hands on what it passed.' },
          { kind: 'list', items: ['casts', 'defaults', 'nulls'] },
        ],
      },
      {
        blocks: [
          { kind: 'image', image: { url: 'https://example.com/a.png', alt: 'Chart', width: 640 } },
          { kind: 'quote', text: 'Fewer retries.' },
        ],
      },
    ],
    seo: { title: 'Release notes', description: 'What changed in 4.2', keywords: ['release'] },
  },
  // A status outside the enum, a block without a kind, text for an integer, an unknown name.
  invalid: {
    title: 'Release notes 4.2',
    slug: 'release-notes-4-2',
    status: 'live',
    sections: [{ blocks: [{ text: 'x' }, { kind: 'heading', level: 'two' }] }],
    seo: { titel: 'Release notes' },
  },
};

const tools = [weather, search, calendarEvent, cmsPage];

/** The tools whose valid path is measured against the closure-walker floor. */
const floorTools = [weather, search, cmsPage];

const ajv = new Ajv({ allErrors: true, strict: false });

type Validators = {
  lenient: (args: unknown) => unknown;
  exact: (args: unknown) => unknown;
  ajv: (args: unknown) => unknown;
  cfworker: (args: unknown) => unknown;
};

/**
 * Where toolgate keeps what it prepares, as ajv keeps compiled schemas on its instance: a schema
 * the store has copied (`store.keep`) is found by identity, prepared once.
 */
const store = new PreparedStore();

/** Compiled or constructed once, outside the timed loops. */
function validatorsOf(tool: Tool): Validators {
  const ajvValidate = ajv.compile(tool.schema);
  const cfworker = new Validator(tool.schema, '7', false);
  const schema = store.keep(tool.schema);
  return {
    lenient: (args) => checkArguments(schema, args, { leniency: 'lenient', store }),
    exact: (args) => checkArguments(schema, args, { leniency: 'exact', store }),
    ajv: (args) => ajvValidate(args),
    cfworker: (args) => cfworker.validate(args),
  };
}

/** Every validator must agree on which arguments fit, or the comparison means nothing. */
function assertAgreement(tool: Tool, validators: Validators): void {
  const acceptors = {
    lenient: (args: unknown) => (validators.lenient(args) as unknown[]).length === 0,
    exact: (args: unknown) => (validators.exact(args) as unknown[]).length === 0,
    ajv: (args: unknown) => validators.ajv(args) === true,
    cfworker: (args: unknown) => (validators.cfworker(args) as { valid: boolean }).valid,
  };
  for (const [validator, accepts] of Object.entries(acceptors)) {
    if (!accepts(tool.valid))
      throw new Error(`${tool.name}: ${validator} refuses the valid arguments`);
    if (accepts(tool.invalid))
      throw new Error(`${tool.name}: ${validator} passes the invalid arguments`);
  }
}

const checkers = ['lenient', 'exact', 'ajv', 'cfworker'] as const;
let serial = 0;

/** A schema with every `additionalProperties: false` taken out, so other names pass. */
function withOtherNames(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withOtherNames);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([keyword, value]) => !(keyword === 'additionalProperties' && value === false))
      .map(([keyword, value]) => [keyword, keyword === 'enum' ? value : withOtherNames(value)]),
  );
}

/**
 * The same tools written without `additionalProperties: false` (as many MCP schemas are): shown
 * beside the goal rows, with no goal of their own.
 */
const openFloorTools: Tool[] = floorTools.map((tool) => ({
  ...tool,
  name: `${tool.name}/open`,
  schema: withOtherNames(tool.schema) as Record<string, unknown>,
}));
const measuredFloorTools = [...floorTools, ...openFloorTools];

const floors = measuredFloorTools.map((tool) => {
  const floor = compileFloor(tool.schema);
  if (!floor(tool.valid) || floor(tool.invalid)) {
    throw new Error(`${tool.name}: the floor walker disagrees on the arguments`);
  }
  return floor;
});

/**
 * toolgate's valid path over the floor's, per tool: both arms answer yes/no on the valid
 * arguments, `callsPerRun` calls per timed run, every tool's arms prepared (and so every call site
 * as polymorphic) before the first is timed. Returns the ratios of the goal rows (`floorTools`).
 */
async function measureFloorRatios(rounds: number): Promise<number[]> {
  const callsPerRun = 2000;
  let accepted = 0;
  const ratios: number[] = [];
  console.log(
    `Valid path against the floor (a closure-compiled yes/no walker, no code generation), side by side: median of paired ratios, ${rounds} rounds of ${callsPerRun} calls, CPU time:`,
  );
  console.log('tool            closure-walker  toolgate  toolgate/floor  (goal <= 1.25x)');
  const armsOf = (index: number) => {
    const tool = measuredFloorTools[index] as Tool;
    const floor = floors[index] as (value: unknown) => boolean;
    const schema = store.keep(tool.schema);
    return {
      floor: () => {
        for (let call = 0; call < callsPerRun; call++) if (floor(tool.valid)) accepted++;
      },
      toolgate: () => {
        for (let call = 0; call < callsPerRun; call++) {
          if (checkArguments(schema, tool.valid, { store }).length === 0) accepted++;
        }
      },
    };
  };
  // Every tool's arms run before any is timed, so no timing sees the code optimized for fewer
  // schemas than the rest (and then thrown away).
  for (let round = 0; round < 20; round++) {
    for (const index of measuredFloorTools.keys()) {
      for (const arm of Object.values(armsOf(index))) arm();
    }
  }
  for (const [index, tool] of measuredFloorTools.entries()) {
    const result = await measurePairedRatios({ arms: armsOf(index), reference: 'floor', rounds });
    const ratio = result.ratio('toolgate');
    const goal = index < floorTools.length;
    if (goal) ratios.push(ratio);
    const perCall = (arm: string) => formatNs((result.ms(arm) * 1e6) / callsPerRun);
    console.log(
      `${tool.name.padEnd(15)} ${perCall('floor')}      ${perCall('toolgate')}  ${formatRatio(ratio)}${goal ? mark(ratio <= 1.25) : '  (no goal)'}`,
    );
  }
  if (accepted === 0) throw new Error('nothing was checked');
  return ratios;
}

const formatNs = (value: number) => value.toFixed(0).padStart(9);
const formatRatio = (value: number) => `${value.toFixed(2)}x`.padStart(8);
const mark = (pass: boolean) => (pass ? ' ' : '!');
const roundsArgument = process.argv.find((arg) => arg.startsWith('--rounds='));
const floorRounds = Number(roundsArgument?.slice('--rounds='.length) ?? 60);

if (process.argv.includes('--floor')) {
  const ratios = await measureFloorRatios(floorRounds);
  console.log(
    `  toolgate/floor  ${Math.max(...ratios).toFixed(2)}x  (goal <= 1.25x on each) ${Math.max(...ratios) <= 1.25 ? 'met' : 'MISSED'}`,
  );
  process.exit(0);
}

for (const tool of tools) {
  const validators = validatorsOf(tool);
  assertAgreement(tool, validators);
  for (const which of ['valid', 'invalid'] as const) {
    const args = tool[which];
    for (const checker of checkers) {
      const validate = validators[checker];
      bench(`check/${tool.name}/${which}/${checker}`, () => do_not_optimize(validate(args)));
    }
  }

  // Preparing a schema never seen before. Each iteration gets a fresh structuredClone with its own
  // description, made outside the timed region (mitata's computed parameter `[0]`), so no cache
  // can answer:
  // - toolgate's prepareSchema keeps nothing: every schema is read anew.
  // - ajv 8 caches compiled schemas in a Map keyed by the schema object (not its serialization),
  //   so a fresh clone truly compiles (meta-schema validation, code generation, `new Function`).
  //   One long-lived Ajv instance is reused, as an application would; `removeSchema` drops each
  //   clone from that cache afterwards so it does not grow for the whole run. The schemas have no
  //   `$id`, so nothing is registered by id either.
  // - cfworker's constructor dereferences (indexes) the schema; validation itself stays lazy.
  const clone = () => ({ ...structuredClone(tool.schema), description: `variant ${serial++}` });
  bench(`prepare/${tool.name}/toolgate`, function* () {
    yield { 0: clone, bench: (schema: unknown) => do_not_optimize(prepareSchema(schema)) };
  });
  bench(`prepare/${tool.name}/ajv`, function* () {
    yield {
      0: clone,
      bench: (schema: Record<string, unknown>) => {
        do_not_optimize(ajv.compile(schema));
        ajv.removeSchema(schema);
      },
    };
  });
  bench(`prepare/${tool.name}/cfworker`, function* () {
    yield {
      0: clone,
      bench: (schema: Record<string, unknown>) =>
        do_not_optimize(new Validator(schema, '7', false)),
    };
  });
}

// Sanity check: a fresh clone really makes ajv compile again (a new function, not a cached one).
{
  const first = ajv.compile(structuredClone(weather.schema));
  const second = ajv.compile(structuredClone(weather.schema));
  if (first === second) throw new Error('ajv answered a fresh clone from its cache');
}

const { ns } = await runBenchmarks();
console.log('Checking arguments (ns per call, mean):');
console.log(
  'tool      args     toolgate-lenient  toolgate-exact    ajv  cfworker  toolgate/ajv  cfworker/toolgate',
);
const ratios = { toolgateOverAjv: [] as number[], cfworkerOverToolgate: [] as number[] };
for (const tool of tools) {
  for (const which of ['valid', 'invalid'] as const) {
    const prefix = `check/${tool.name}/${which}`;
    const lenient = ns(`${prefix}/lenient`);
    const exact = ns(`${prefix}/exact`);
    const ajvNs = ns(`${prefix}/ajv`);
    const cfworker = ns(`${prefix}/cfworker`);
    // The slower of toolgate's two modes, so the ratios hold for both.
    const toolgate = Math.max(lenient, exact);
    const toolgateOverAjv = toolgate / ajvNs;
    const cfworkerOverToolgate = cfworker / toolgate;
    ratios.toolgateOverAjv.push(toolgateOverAjv);
    ratios.cfworkerOverToolgate.push(cfworkerOverToolgate);
    console.log(
      `${tool.name.padEnd(9)} ${which.padEnd(7)} ${formatNs(lenient)}        ${formatNs(exact)} ${formatNs(ajvNs)} ${formatNs(cfworker)} ${formatRatio(toolgateOverAjv)}${mark(toolgateOverAjv <= 2)}     ${formatRatio(cfworkerOverToolgate)}${mark(cfworkerOverToolgate >= 10)}`,
    );
  }
}
console.log('');
console.log('Preparing a new schema (ns per schema, mean):');
console.log('tool      toolgate-prepare  ajv-compile  cfworker-new  ajvCompile/toolgatePrepare');
const prepareRatios: number[] = [];
for (const tool of tools) {
  const toolgate = ns(`prepare/${tool.name}/toolgate`);
  const ajvNs = ns(`prepare/${tool.name}/ajv`);
  const cfworker = ns(`prepare/${tool.name}/cfworker`);
  const ratio = ajvNs / toolgate;
  prepareRatios.push(ratio);
  console.log(
    `${tool.name.padEnd(9)} ${formatNs(toolgate)}        ${formatNs(ajvNs).padStart(11)}  ${formatNs(cfworker).padStart(12)}  ${formatRatio(ratio)}${mark(ratio >= 40)}`,
  );
}

console.log('');
const floorRatios = await measureFloorRatios(floorRounds);

// The inputs that made the checker stall before its work was bounded, each timed once per run
// (median of three), in milliseconds.
function medianMs(run: () => unknown): number {
  const times: number[] = [];
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    do_not_optimize(run());
    times.push(performance.now() - started);
  }
  return times.sort((left, right) => left - right)[1] as number;
}
const manyNames = Array.from({ length: 1_000 }, (_, index) => `field_${index}_${'p'.repeat(40)}`);
const wideSchema = {
  type: 'object',
  properties: Object.fromEntries(manyNames.map((name) => [name, { type: 'string' }])),
  additionalProperties: false,
};
const unknownNames = Object.fromEntries(
  Array.from({ length: 10 }, (_, index) => [`unknown_${index}_${'q'.repeat(50)}`, 'x']),
);
const toolNames = Array.from({ length: 1_000 }, (_, index) => `tool_${index}`);
const enumMembers = Array.from({ length: 5_000 }, (_, index) => `Member${index}`);
const enumItems = Array.from({ length: 20_000 }, (_, index) => `member${index % 5_000}`);
const sparse: unknown[] = [];
sparse.length = 2 ** 32 - 1;
let sharedPaths: unknown = {};
for (let level = 0; level < 40; level++) sharedPaths = { a: sharedPaths, b: sharedPaths };
const openSchema: Record<string, unknown> = { type: 'object' };
openSchema.additionalProperties = openSchema;
const pathological: Array<[string, () => unknown]> = [
  [
    '20 calls x 10 unknown 60-character names, 1,000 properties',
    () =>
      checkTurn(
        Array.from({ length: 20 }, (_, index) => ({
          toolCallId: String(index),
          toolName: 'wide',
          input: unknownNames,
        })),
        () => wideSchema,
        { maxMismatches: Number.POSITIVE_INFINITY },
      ),
  ],
  [
    '200 calls to unknown tools among 1,000 tools',
    () =>
      checkTurn(
        Array.from({ length: 200 }, (_, index) => ({
          toolCallId: String(index),
          toolName: `missing_tool_${index}`,
          input: {},
        })),
        () => ({}),
        { toolNames },
      ),
  ],
  [
    'lenient enum: 20,000 items against 5,000 members',
    () => judgeArguments({ type: 'array', items: { enum: enumMembers } }, enumItems),
  ],
  [
    'sparse list of length 2^32 - 1',
    () => checkArguments({ type: 'array', items: { type: 'integer' } }, sparse),
  ],
  [
    'typed array of 50,000,000 items',
    () => checkArguments({ type: 'object' }, new Uint8Array(5e7)),
  ],
  ['2^40 shared paths', () => checkArguments(openSchema, sharedPaths)],
];
console.log('');
console.log(
  'Pathological inputs (ms, median of 3; before the work was bounded these took seconds):',
);
for (const [what, run] of pathological) {
  console.log(`  ${what.padEnd(60)} ${medianMs(run).toFixed(1).padStart(8)}`);
}

const worst = {
  toolgateOverAjv: Math.max(...ratios.toolgateOverAjv),
  cfworkerOverToolgate: Math.min(...ratios.cfworkerOverToolgate),
  ajvCompileOverPrepare: Math.min(...prepareRatios),
};
console.log('');
console.log('Goals (worst case over the rows above; ! marks a row that misses its goal):');
console.log(
  `  toolgate/ajv               ${worst.toolgateOverAjv.toFixed(2)}x  (goal <= 2x)   ${worst.toolgateOverAjv <= 2 ? 'met' : 'MISSED'}`,
);
console.log(
  `  cfworker/toolgate          ${worst.cfworkerOverToolgate.toFixed(2)}x  (goal >= 10x)  ${worst.cfworkerOverToolgate >= 10 ? 'met' : 'MISSED'}`,
);
console.log(
  `  toolgate/floor             ${Math.max(...floorRatios).toFixed(2)}x  (goal <= 1.25x) ${Math.max(...floorRatios) <= 1.25 ? 'met' : 'MISSED'}`,
);
console.log(
  `  ajvCompile/toolgatePrepare ${worst.ajvCompileOverPrepare.toFixed(2)}x  (goal >= 40x)  ${worst.ajvCompileOverPrepare >= 40 ? 'met' : 'MISSED'}`,
);
