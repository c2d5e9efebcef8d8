import { describe, expect, it } from 'vitest';
import { anthropicProfile, openaiProfile } from '../decode/index.ts';
import { type AuditedTool, auditTools } from './audit-tools.ts';
import { formatAudit } from './format-audit.ts';

const pages: AuditedTool = {
  name: 'pages',
  source: 'tools.json',
  inputSchema: {
    type: 'object',
    properties: {
      filters: {
        type: 'object',
        properties: { limit: { type: 'integer', format: 'int32', default: 10 } },
      },
      cursor: { type: ['string', 'null'] },
    },
    required: ['filters'],
    additionalProperties: false,
  },
};

const ping: AuditedTool = {
  name: 'ping',
  source: 'tools.json',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
};

// Nothing to change but its root, which strict mode closes.
const status: AuditedTool = {
  name: 'status',
  source: 'tools.json',
  inputSchema: { type: 'object', properties: {} },
};

describe('formatAudit', () => {
  it('should print a summary line per tool and profile, and no details unless asked', () => {
    const report = auditTools({
      tools: [pages, ping, status],
      profiles: [openaiProfile, anthropicProfile],
    });
    expect(formatAudit(report)).toMatchInlineSnapshot(`
      "openai
        strict       pages   1 placeholder, 1 made required, 1 object closed, dropped: format
        strict       ping    unchanged
        strict       status  arguments closed

      anthropic
        strict       pages   1 object closed, 1 default left out, dropped: format
        strict       ping    unchanged
        strict       status  arguments closed
        request budget: 3/20 strict tools, 2/24 optional parameters, 1/16 union parameters

      Add --details for every change by argument path.

      Every tool can be sent as each profile needs."
    `);
  });

  it('should name the argument path of every change, each fact once', () => {
    const report = auditTools({
      tools: [pages, ping],
      profiles: [openaiProfile, anthropicProfile],
    });
    expect(formatAudit(report, { details: true })).toMatchInlineSnapshot(`
      "openai
        strict       pages  1 placeholder, 1 made required, 1 object closed, dropped: format
        strict       ping   unchanged

      anthropic
        strict       pages  1 object closed, 1 default left out, dropped: format
        strict       ping   unchanged
        request budget: 2/20 strict tools, 2/24 optional parameters, 1/16 union parameters

      pages
        openai:
          cursor: made required: it admits null already, so the model sends null or a value
          filters: closed: names it does not list are refused (additionalProperties: false)
          filters.limit: null added as a placeholder for its default 10, which strict mode does not take; format "int32" left out (strict mode does not take it); the description says "Format: int32."
        anthropic:
          filters: closed: names it does not list are refused (additionalProperties: false)
          filters.limit: default 10 left out (strict mode does not take default); the argument stays optional; format "int32" left out (strict mode does not take it); the description says "Format: int32."

      Every tool can be sent as each profile needs."
    `);
  });
});
