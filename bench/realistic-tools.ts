/**
 * Three realistic tool schemas (weather, search, a calendar event with nested lists of objects),
 * with arguments that fit and arguments that do not, and the same shapes written for TypeBox and
 * valibot, so every validator judges the same thing. The schemas use only keywords toolgate judges.
 */
import { Type } from '@sinclair/typebox';
import * as v from 'valibot';

export type Tool = {
  readonly name: string;
  readonly schema: Record<string, unknown>;
  readonly valid: unknown;
  readonly invalid: unknown;
};

export const weather: Tool = {
  name: 'weather',
  schema: {
    type: 'object',
    properties: {
      location: { type: 'string', description: 'City name, e.g. "Berlin" or "San Francisco, CA".' },
      unit: { type: 'string', enum: ['celsius', 'fahrenheit'], description: 'Temperature unit.' },
      days: { type: 'integer', description: 'How many days to forecast, 1 to 14.' },
      includeHourly: { type: 'boolean', description: 'Whether to add an hourly breakdown.' },
    },
    required: ['location', 'unit', 'days'],
    additionalProperties: false,
  },
  valid: { location: 'Berlin', unit: 'celsius', days: 3, includeHourly: true },
  // An enum miss, a fraction for an integer, and an unknown name.
  invalid: { location: 'Berlin', unit: 'kelvin', days: 2.5, hourly: true },
};

export const search: Tool = {
  name: 'search',
  schema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'What to search for.' },
      filters: {
        type: 'object',
        properties: {
          category: { type: 'string', enum: ['news', 'docs', 'code', 'images', 'videos'] },
          language: { type: 'string', enum: ['en', 'de', 'fr', 'es', 'ja', 'zh'] },
          freshness: { type: 'string', enum: ['day', 'week', 'month', 'year', 'any'] },
          sites: {
            type: 'array',
            items: { type: 'string' },
            description: 'Only results from these domains.',
          },
          excludeTerms: { type: 'array', items: { type: 'string' } },
          safeSearch: { type: 'boolean' },
        },
        required: ['category'],
        additionalProperties: false,
      },
      limit: { type: 'integer', description: 'Results to return, 1 to 50.' },
    },
    required: ['query'],
    additionalProperties: false,
  },
  valid: {
    query: 'json schema validator benchmarks',
    filters: {
      category: 'code',
      language: 'en',
      freshness: 'year',
      sites: ['github.com', 'npmjs.com', 'stackoverflow.com'],
      excludeTerms: ['python', 'java'],
      safeSearch: true,
    },
    limit: 10,
  },
  // An enum miss in a nested object, a number in a list of texts, a list for a boolean, text
  // for an integer.
  invalid: {
    query: 'json schema validator benchmarks',
    filters: {
      category: 'code',
      language: 'english',
      sites: ['github.com', 42, 'stackoverflow.com'],
      excludeTerms: ['python'],
      safeSearch: [true],
    },
    limit: 'ten',
  },
};

const attendee = {
  type: 'object',
  properties: {
    email: { type: 'string', description: 'Email address.' },
    name: { type: 'string' },
    role: { type: 'string', enum: ['organizer', 'required', 'optional'] },
  },
  required: ['email', 'name'],
  additionalProperties: false,
};

export const calendarEvent: Tool = {
  name: 'calendar',
  schema: {
    type: 'object',
    properties: {
      title: { type: 'string' },
      start: { type: 'string', description: 'ISO 8601 date-time.' },
      end: { type: 'string', description: 'ISO 8601 date-time.' },
      location: { type: 'string' },
      attendees: { type: 'array', items: attendee },
      reminders: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            method: { type: 'string', enum: ['email', 'popup'] },
            minutesBefore: { type: 'integer' },
          },
          required: ['method', 'minutesBefore'],
          additionalProperties: false,
        },
      },
      visibility: { type: 'string', enum: ['default', 'public', 'private'] },
    },
    required: ['title', 'start', 'end', 'attendees'],
    additionalProperties: false,
  },
  valid: {
    title: 'Quarterly planning',
    start: '2025-04-02T09:00:00+02:00',
    end: '2025-04-02T10:30:00+02:00',
    location: 'Room 4.12',
    attendees: [
      { email: 'ana@example.com', name: 'Ana', role: 'organizer' },
      { email: 'ben@example.com', name: 'Ben', role: 'required' },
      { email: 'chloe@example.com', name: 'Chloé' },
      { email: 'dev@example.com', name: 'Dev', role: 'optional' },
    ],
    reminders: [
      { method: 'popup', minutesBefore: 10 },
      { method: 'email', minutesBefore: 1440 },
    ],
    visibility: 'private',
  },
  // A missing `end`, an attendee without `name` and with a misspelt name, an enum miss, a reminder
  // with text for an integer.
  invalid: {
    title: 'Quarterly planning',
    start: '2025-04-02T09:00:00+02:00',
    location: 'Room 4.12',
    attendees: [
      { email: 'ana@example.com', name: 'Ana', role: 'organizer' },
      { email: 'ben@example.com', nmae: 'Ben', role: 'required' },
      { email: 'chloe@example.com', name: 'Chloé', role: 'guest' },
    ],
    reminders: [{ method: 'popup', minutesBefore: 'ten' }],
    visibility: 'private',
  },
};

export const tools = [weather, search, calendarEvent];

const picklist = <const T extends readonly [string, ...string[]]>(values: T) =>
  Type.Union(values.map((value) => Type.Literal(value)));

/** The same shapes for TypeBox (`Value.Check`), by tool name. */
export const typeboxSchemas = {
  weather: Type.Object(
    {
      location: Type.String(),
      unit: picklist(['celsius', 'fahrenheit']),
      days: Type.Integer(),
      includeHourly: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false },
  ),
  search: Type.Object(
    {
      query: Type.String(),
      filters: Type.Optional(
        Type.Object(
          {
            category: picklist(['news', 'docs', 'code', 'images', 'videos']),
            language: Type.Optional(picklist(['en', 'de', 'fr', 'es', 'ja', 'zh'])),
            freshness: Type.Optional(picklist(['day', 'week', 'month', 'year', 'any'])),
            sites: Type.Optional(Type.Array(Type.String())),
            excludeTerms: Type.Optional(Type.Array(Type.String())),
            safeSearch: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
      ),
      limit: Type.Optional(Type.Integer()),
    },
    { additionalProperties: false },
  ),
  calendar: Type.Object(
    {
      title: Type.String(),
      start: Type.String(),
      end: Type.String(),
      location: Type.Optional(Type.String()),
      attendees: Type.Array(
        Type.Object(
          {
            email: Type.String(),
            name: Type.String(),
            role: Type.Optional(picklist(['organizer', 'required', 'optional'])),
          },
          { additionalProperties: false },
        ),
      ),
      reminders: Type.Optional(
        Type.Array(
          Type.Object(
            { method: picklist(['email', 'popup']), minutesBefore: Type.Integer() },
            { additionalProperties: false },
          ),
        ),
      ),
      visibility: Type.Optional(picklist(['default', 'public', 'private'])),
    },
    { additionalProperties: false },
  ),
};

const integer = v.pipe(v.number(), v.integer());

/** The same shapes for valibot (`safeParse`), by tool name. */
export const valibotSchemas = {
  weather: v.strictObject({
    location: v.string(),
    unit: v.picklist(['celsius', 'fahrenheit']),
    days: integer,
    includeHourly: v.optional(v.boolean()),
  }),
  search: v.strictObject({
    query: v.string(),
    filters: v.optional(
      v.strictObject({
        category: v.picklist(['news', 'docs', 'code', 'images', 'videos']),
        language: v.optional(v.picklist(['en', 'de', 'fr', 'es', 'ja', 'zh'])),
        freshness: v.optional(v.picklist(['day', 'week', 'month', 'year', 'any'])),
        sites: v.optional(v.array(v.string())),
        excludeTerms: v.optional(v.array(v.string())),
        safeSearch: v.optional(v.boolean()),
      }),
    ),
    limit: v.optional(integer),
  }),
  calendar: v.strictObject({
    title: v.string(),
    start: v.string(),
    end: v.string(),
    location: v.optional(v.string()),
    attendees: v.array(
      v.strictObject({
        email: v.string(),
        name: v.string(),
        role: v.optional(v.picklist(['organizer', 'required', 'optional'])),
      }),
    ),
    reminders: v.optional(
      v.array(v.strictObject({ method: v.picklist(['email', 'popup']), minutesBefore: integer })),
    ),
    visibility: v.optional(v.picklist(['default', 'public', 'private'])),
  }),
};
