/**
 * Two MCP-like tool schemas that use the keywords `realistic-tools.ts` leaves out: `$ref` into
 * `$defs` (one definition recursive), `anyOf`/`oneOf`, numeric bounds and `multipleOf`, lengths,
 * `pattern`, item counts and `uniqueItems`. Each comes with arguments that fit and arguments that
 * do not, and with the same shape written for TypeBox, which composes by reusing schema values (a
 * `$ref` becomes the shared value, the recursion `Type.Recursive`).
 */
import { Type } from '@sinclair/typebox';
import type { Tool } from './realistic-tools.ts';

const loginPattern = '^[A-Za-z0-9-]{1,39}$';
const repoPattern = '^[A-Za-z0-9_.-]{1,100}$';
const datePattern = '^\\d{4}-\\d{2}-\\d{2}$';
const fieldPattern = '^[a-z_][a-z0-9_]*$';
const priorities = ['low', 'medium', 'high', 'urgent'] as const;
const operators = ['eq', 'ne', 'lt', 'gt', 'contains'] as const;

/** Creates an issue, as a GitHub-like MCP server offers it. */
export const createIssue: Tool = {
  name: 'issue',
  schema: {
    type: 'object',
    $defs: {
      login: { type: 'string', pattern: loginPattern, description: 'A user or organization.' },
      label: { type: 'string', minLength: 1, maxLength: 50 },
      user: {
        type: 'object',
        properties: { login: { $ref: '#/$defs/login' }, team: { type: 'string' } },
        required: ['login'],
        additionalProperties: false,
      },
    },
    properties: {
      owner: { $ref: '#/$defs/login' },
      repo: { type: 'string', pattern: repoPattern },
      title: { type: 'string', minLength: 1, maxLength: 256 },
      body: { type: 'string', maxLength: 65536 },
      assignees: {
        type: 'array',
        items: { $ref: '#/$defs/user' },
        maxItems: 10,
        uniqueItems: true,
      },
      labels: { type: 'array', items: { $ref: '#/$defs/label' }, maxItems: 20, uniqueItems: true },
      priority: {
        oneOf: [
          { type: 'integer', minimum: 1, maximum: 5 },
          { type: 'string', enum: [...priorities] },
        ],
      },
      due: { anyOf: [{ type: 'string', pattern: datePattern }, { type: 'null' }] },
      estimateHours: { type: 'number', exclusiveMinimum: 0, maximum: 1000, multipleOf: 0.25 },
    },
    required: ['owner', 'repo', 'title'],
    additionalProperties: false,
  },
  valid: {
    owner: 'toolgate',
    repo: 'toolgate',
    title: 'Refuse a limit above the maximum before any tool runs',
    body: 'A call with limit 500 where the schema says maximum 100 passes the gate today.',
    assignees: [{ login: 'ana-dev', team: 'core' }, { login: 'ben' }],
    labels: ['bug', 'checker'],
    priority: 2,
    due: '2026-03-12',
    estimateHours: 1.5,
  },
  // A login with a space, an empty title, the same assignee twice, a priority no branch takes, a
  // date in another form, hours that are no multiple of a quarter.
  invalid: {
    owner: 'tool gate',
    repo: 'toolgate',
    title: '',
    assignees: [{ login: 'ana-dev' }, { login: 'ana-dev' }],
    labels: ['bug'],
    priority: 9,
    due: '12/03/2026',
    estimateHours: 0.3,
  },
};

/** Queries records with a filter of nested `and`/`or` groups, as a database MCP server offers it. */
export const queryRecords: Tool = {
  name: 'query',
  schema: {
    type: 'object',
    $defs: {
      condition: {
        type: 'object',
        properties: {
          field: { type: 'string', pattern: fieldPattern },
          op: { enum: [...operators] },
          value: { type: ['string', 'number', 'boolean', 'null'] },
        },
        required: ['field', 'op', 'value'],
        additionalProperties: false,
      },
      filter: {
        anyOf: [
          { $ref: '#/$defs/condition' },
          {
            type: 'object',
            properties: {
              and: { type: 'array', items: { $ref: '#/$defs/filter' }, minItems: 1, maxItems: 10 },
            },
            required: ['and'],
            additionalProperties: false,
          },
          {
            type: 'object',
            properties: {
              or: { type: 'array', items: { $ref: '#/$defs/filter' }, minItems: 1, maxItems: 10 },
            },
            required: ['or'],
            additionalProperties: false,
          },
        ],
      },
    },
    properties: {
      table: { type: 'string', minLength: 1, maxLength: 64 },
      filter: { $ref: '#/$defs/filter' },
      sort: {
        type: 'array',
        items: {
          type: 'object',
          properties: { field: { type: 'string' }, direction: { enum: ['asc', 'desc'] } },
          required: ['field'],
          additionalProperties: false,
        },
        maxItems: 3,
      },
      limit: { type: 'integer', minimum: 1, maximum: 100 },
      offset: { type: 'integer', minimum: 0 },
    },
    required: ['table'],
    additionalProperties: false,
  },
  valid: {
    table: 'orders',
    filter: {
      and: [
        { field: 'status', op: 'eq', value: 'open' },
        {
          or: [
            { field: 'total', op: 'gt', value: 100 },
            { field: 'vip', op: 'eq', value: true },
          ],
        },
      ],
    },
    sort: [{ field: 'created_at', direction: 'desc' }],
    limit: 50,
  },
  // A field name in capitals and an unknown operator deep in the filter, a limit above the
  // maximum, a negative offset.
  invalid: {
    table: 'orders',
    filter: { and: [{ or: [{ field: 'Status', op: 'like', value: 'open' }] }] },
    limit: 500,
    offset: -1,
  },
};

export const keywordTools = [createIssue, queryRecords];

const picklist = <const T extends readonly [string, ...string[]]>(values: T) =>
  Type.Union(values.map((value) => Type.Literal(value)));

const login = Type.String({ pattern: loginPattern });
const condition = Type.Object(
  {
    field: Type.String({ pattern: fieldPattern }),
    op: picklist(operators),
    value: Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
  },
  { additionalProperties: false },
);

/** The same shapes for TypeBox (`Value.Check`), by tool name. */
export const typeboxKeywordSchemas = {
  issue: Type.Object(
    {
      owner: login,
      repo: Type.String({ pattern: repoPattern }),
      title: Type.String({ minLength: 1, maxLength: 256 }),
      body: Type.Optional(Type.String({ maxLength: 65536 })),
      assignees: Type.Optional(
        Type.Array(
          Type.Object(
            { login, team: Type.Optional(Type.String()) },
            { additionalProperties: false },
          ),
          { maxItems: 10, uniqueItems: true },
        ),
      ),
      labels: Type.Optional(
        Type.Array(Type.String({ minLength: 1, maxLength: 50 }), {
          maxItems: 20,
          uniqueItems: true,
        }),
      ),
      priority: Type.Optional(
        Type.Union([Type.Integer({ minimum: 1, maximum: 5 }), picklist(priorities)]),
      ),
      due: Type.Optional(Type.Union([Type.String({ pattern: datePattern }), Type.Null()])),
      estimateHours: Type.Optional(
        Type.Number({ exclusiveMinimum: 0, maximum: 1000, multipleOf: 0.25 }),
      ),
    },
    { additionalProperties: false },
  ),
  query: Type.Object(
    {
      table: Type.String({ minLength: 1, maxLength: 64 }),
      filter: Type.Optional(
        Type.Recursive((filter) =>
          Type.Union([
            condition,
            Type.Object(
              { and: Type.Array(filter, { minItems: 1, maxItems: 10 }) },
              { additionalProperties: false },
            ),
            Type.Object(
              { or: Type.Array(filter, { minItems: 1, maxItems: 10 }) },
              { additionalProperties: false },
            ),
          ]),
        ),
      ),
      sort: Type.Optional(
        Type.Array(
          Type.Object(
            { field: Type.String(), direction: Type.Optional(picklist(['asc', 'desc'])) },
            { additionalProperties: false },
          ),
          { maxItems: 3 },
        ),
      ),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
      offset: Type.Optional(Type.Integer({ minimum: 0 })),
    },
    { additionalProperties: false },
  ),
};
