/**
 * How fast strict conversion and null decoding are, on three realistic tool schemas.
 *
 * Usage: `node decode.bench.ts`; `--mitata` also prints mitata's own report.
 *
 * Measured per schema:
 * - convert/uncached: `toStrictSchema` on a schema object it has not seen (fresh structuredClones,
 *   made outside the timed region, 200 per run, median of 30 runs of CPU time), which is the cost
 *   of a tool list rebuilt with new objects every turn. Timed in batches rather than by mitata:
 *   mitata makes the clones of all its iterations ahead, and collecting that heap (thousands of
 *   live schemas and their results) cost several times the conversion itself;
 * - convert/cached: the same content again, found in a store (`storedStrictSchema`) by the
 *   store's own copy of it;
 * - decode/nulls: `decodeWithPlan` on what a strict model typically sends, with `null` at the
 *   placeholders of the arguments it left out (the readings of union branches kept in a store, as
 *   the gate keeps them);
 * - decode/values: the same call with every placeholder given a value, so nothing is decoded and
 *   the arguments come back as they are.
 */
import { bench, do_not_optimize } from 'mitata';
import { decodeArguments, decodeWithPlan } from '../src/decode/decode-arguments.ts';
import { openaiProfile } from '../src/decode/provider-profiles.ts';
import { storedStrictSchema, strictScopeOf } from '../src/decode/stored-strict-schema.ts';
import { toStrictSchema } from '../src/decode/to-strict-schema.ts';
import { PreparedStore } from '../src/store/prepared-store.ts';
import { measurePairedRatios } from './paired-ratios.ts';
import { runBenchmarks } from './run-benchmarks.ts';

type Tool = {
  readonly name: string;
  readonly schema: Record<string, unknown>;
  readonly defaults: Readonly<Record<string, unknown>>;
  /** What a strict model sends: every argument, `null` for those it leaves out. */
  readonly withNulls: unknown;
  /** What decoding `withNulls` must give. */
  readonly decoded: unknown;
  /** A call with a value at every placeholder. */
  readonly withValues: unknown;
};

const weather: Tool = {
  name: 'weather',
  schema: {
    type: 'object',
    properties: {
      location: { type: 'string', description: 'City name, e.g. "Berlin" or "San Francisco, CA".' },
      unit: { type: 'string', enum: ['celsius', 'fahrenheit'], description: 'Temperature unit.' },
      days: { type: 'integer', minimum: 1, maximum: 14, default: 3 },
      includeHourly: { type: 'boolean', description: 'Whether to add an hourly breakdown.' },
    },
    required: ['location'],
    additionalProperties: false,
  },
  defaults: { unit: 'celsius' },
  withNulls: { location: 'Berlin', unit: null, days: null, includeHourly: null },
  decoded: { location: 'Berlin', unit: 'celsius', days: 3 },
  withValues: { location: 'Berlin', unit: 'fahrenheit', days: 5, includeHourly: true },
};

const search: Tool = {
  name: 'search',
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      query: { type: 'string', description: 'What to search for.', minLength: 1 },
      filters: {
        type: 'object',
        properties: {
          category: { type: 'string', enum: ['news', 'docs', 'code', 'images', 'videos'] },
          language: { type: 'string', enum: ['en', 'de', 'fr', 'es', 'ja', 'zh'] },
          freshness: { type: 'string', enum: ['day', 'week', 'month', 'year', 'any'] },
          sites: { type: 'array', items: { type: 'string' }, description: 'Only these domains.' },
          excludeTerms: { type: 'array', items: { type: 'string' } },
          safeSearch: { type: 'boolean', default: true },
        },
        required: ['category'],
        additionalProperties: false,
      },
      limit: { type: 'integer', description: 'Results to return, 1 to 50.' },
      cursor: { type: ['string', 'null'], description: 'Where the last page ended.' },
    },
    required: ['query'],
    additionalProperties: false,
  },
  defaults: { limit: 10, 'filters.language': 'en' },
  withNulls: {
    query: 'json schema validator benchmarks',
    filters: {
      category: 'code',
      language: null,
      freshness: 'year',
      sites: ['github.com', 'npmjs.com'],
      excludeTerms: null,
      safeSearch: null,
    },
    limit: null,
    cursor: null,
  },
  decoded: {
    query: 'json schema validator benchmarks',
    filters: {
      category: 'code',
      language: 'en',
      freshness: 'year',
      sites: ['github.com', 'npmjs.com'],
      safeSearch: true,
    },
    limit: 10,
    cursor: null,
  },
  withValues: {
    query: 'json schema validator benchmarks',
    filters: {
      category: 'code',
      language: 'de',
      freshness: 'year',
      sites: ['github.com'],
      excludeTerms: ['python'],
      safeSearch: false,
    },
    limit: 20,
    cursor: 'abc',
  },
};

/** Written the way zod writes it: discriminated union as oneOf, a reused schema in definitions. */
const calendar: Tool = {
  name: 'calendar',
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      title: { type: 'string' },
      start: { type: 'string', format: 'date-time' },
      end: { type: 'string', format: 'date-time' },
      location: { type: 'string' },
      attendees: { type: 'array', items: { $ref: '#/definitions/attendee' } },
      organizer: { allOf: [{ $ref: '#/definitions/attendee' }], description: 'Who sends it.' },
      reminders: {
        type: 'array',
        items: {
          oneOf: [
            {
              type: 'object',
              properties: {
                method: { type: 'string', const: 'email' },
                minutesBefore: { type: 'integer' },
                subject: { type: 'string' },
              },
              required: ['method', 'minutesBefore'],
              additionalProperties: false,
            },
            {
              type: 'object',
              properties: {
                method: { type: 'string', const: 'popup' },
                minutesBefore: { type: 'integer' },
                sound: { type: 'boolean', default: false },
              },
              required: ['method', 'minutesBefore'],
              additionalProperties: false,
            },
          ],
        },
      },
      visibility: { type: 'string', enum: ['default', 'public', 'private'] },
    },
    required: ['title', 'start', 'end', 'attendees'],
    definitions: {
      attendee: {
        type: 'object',
        properties: {
          email: { type: 'string', format: 'email' },
          name: { type: 'string' },
          role: { type: 'string', enum: ['organizer', 'required', 'optional'] },
        },
        required: ['email'],
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  },
  defaults: { 'attendees[].role': 'required', visibility: 'default' },
  withNulls: {
    title: 'Quarterly planning',
    start: '2025-04-02T09:00:00+02:00',
    end: '2025-04-02T10:30:00+02:00',
    location: null,
    attendees: [
      { email: 'ana@example.com', name: 'Ana', role: 'organizer' },
      { email: 'ben@example.com', name: null, role: null },
      { email: 'chloe@example.com', name: 'Chloé', role: null },
    ],
    organizer: null,
    reminders: [
      { method: 'popup', minutesBefore: 10, sound: null },
      { method: 'email', minutesBefore: 1440, subject: null },
    ],
    visibility: null,
  },
  decoded: {
    title: 'Quarterly planning',
    start: '2025-04-02T09:00:00+02:00',
    end: '2025-04-02T10:30:00+02:00',
    attendees: [
      { email: 'ana@example.com', name: 'Ana', role: 'organizer' },
      { email: 'ben@example.com', role: 'required' },
      { email: 'chloe@example.com', name: 'Chloé', role: 'required' },
    ],
    reminders: [
      { method: 'popup', minutesBefore: 10, sound: false },
      { method: 'email', minutesBefore: 1440 },
    ],
    visibility: 'default',
  },
  withValues: {
    title: 'Quarterly planning',
    start: '2025-04-02T09:00:00+02:00',
    end: '2025-04-02T10:30:00+02:00',
    location: 'Room 4.12',
    attendees: [
      { email: 'ana@example.com', name: 'Ana', role: 'organizer' },
      { email: 'ben@example.com', name: 'Ben', role: 'required' },
      { email: 'chloe@example.com', name: 'Chloé', role: 'optional' },
    ],
    organizer: { email: 'ana@example.com', name: 'Ana', role: 'organizer' },
    reminders: [
      { method: 'popup', minutesBefore: 10, sound: true },
      { method: 'email', minutesBefore: 1440, subject: 'Planning' },
    ],
    visibility: 'private',
  },
};

const tools = [weather, search, calendar];

/** A benchmark of wrong results means nothing: check each tool converts and decodes as expected. */
function assertCorrect(tool: Tool): void {
  const result = toStrictSchema(tool.schema, { defaults: tool.defaults });
  if (!result.strict) throw new Error(`${tool.name}: not strict: ${result.reason}`);
  const decoded = decodeArguments(tool.withNulls, result.plan);
  if (JSON.stringify(decoded) !== JSON.stringify(tool.decoded)) {
    throw new Error(`${tool.name}: decoded ${JSON.stringify(decoded)}`);
  }
  if (decodeArguments(tool.withValues, result.plan) !== tool.withValues) {
    throw new Error(`${tool.name}: a call without placeholders was copied`);
  }
}

for (const tool of tools) {
  assertCorrect(tool);
  const options = { defaults: tool.defaults };
  const store = new PreparedStore();
  const kept = store.keep(tool.schema);
  const stored = {
    profile: openaiProfile,
    ...options,
    store,
    scope: strictScopeOf(openaiProfile, options.defaults),
  };
  bench(`convert/${tool.name}/cached`, () => do_not_optimize(storedStrictSchema(kept, stored)));
  // Decoded as the gate decodes: with the plan the store keeps, union branches judged through it.
  const { plan } = storedStrictSchema(kept, stored);
  bench(`decode/${tool.name}/nulls`, () =>
    do_not_optimize(decodeWithPlan(tool.withNulls, plan, { store })),
  );
  bench(`decode/${tool.name}/values`, () =>
    do_not_optimize(decodeWithPlan(tool.withValues, plan, { store })),
  );
}

/**
 * Mean ns of `toStrictSchema` on a schema object it has not seen: fresh structuredClones, made
 * outside the timed region.
 */
async function uncachedConversionNs(tool: Tool): Promise<number> {
  const options = { defaults: tool.defaults };
  const result = await measurePairedRatios({
    arms: {
      convert: {
        setup: () => Array.from({ length: uncachedBatch }, () => structuredClone(tool.schema)),
        run: (schemas: never) => {
          for (const schema of schemas as unknown[]) toStrictSchema(schema, options);
        },
      },
    },
    reference: 'convert',
    rounds: 30,
  });
  return (result.ms('convert') * 1e6) / uncachedBatch;
}
const uncachedBatch = 200;

const { ns } = await runBenchmarks();
const uncachedNs = new Map<string, number>();
for (const tool of tools) uncachedNs.set(tool.name, await uncachedConversionNs(tool));
const formatNs = (value: number) => value.toFixed(0).padStart(10);
console.log(
  'ns per operation (mean; convert-uncached: median of 30 runs of 200 new schemas, CPU time):',
);
console.log('tool        convert-uncached  convert-cached  decode-nulls  decode-values');
for (const tool of tools) {
  console.log(
    `${tool.name.padEnd(10)} ${formatNs(uncachedNs.get(tool.name) ?? Number.NaN)}        ${formatNs(ns(`convert/${tool.name}/cached`)).padStart(10)}  ${formatNs(ns(`decode/${tool.name}/nulls`)).padStart(12)}  ${formatNs(ns(`decode/${tool.name}/values`)).padStart(13)}`,
  );
}
