/**
 * A tool schema as pydantic writes it for an MCP server: a model behind a `$ref`, `Optional[…]` as
 * an anyOf with null, a discriminated union.
 */
export const assignSchema = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    assignee: { $ref: '#/$defs/Person' },
    reviewer: { anyOf: [{ $ref: '#/$defs/Person' }, { type: 'null' }] },
    target: {
      oneOf: [
        {
          type: 'object',
          properties: {
            kind: { const: 'issue' },
            number: { type: 'integer' },
            label: { type: 'string' },
          },
          required: ['kind', 'number'],
        },
        {
          type: 'object',
          properties: {
            kind: { const: 'pull' },
            number: { type: 'integer' },
            draft: { type: 'boolean' },
          },
          required: ['kind', 'number'],
        },
      ],
    },
  },
  required: ['title', 'assignee'],
  $defs: {
    Person: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        team: { type: 'string' },
        email: { type: ['string', 'null'] },
      },
      required: ['name'],
    },
  },
};
