/**
 * The strict-conversion census over the tool schemas of real MCP servers (`../shared/mcp-schemas`,
 * one folder per server, one `<tool>.json` per tool, as the servers list them). For each profile
 * that converts (OpenAI, Cerebras) it prints how many tools are strict, per server and in all, and
 * fails on any of:
 *
 * - a strict result that breaks the provider's written rules (`test/support/openai-strict-rules.ts`,
 *   written from the documentation, independently of the conversion);
 * - sampled valid arguments whose strict encoding (what a strict model sends) does not fit the
 *   strict schema, or does not decode back to the arguments exactly (defaults aside), or decodes
 *   with problems;
 * - a server not fully strict under a profile where one non-strict tool makes the whole request
 *   non-strict (Cerebras).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Validator } from '@cfworker/json-schema';
import { checkArguments } from '../src/checker/index.ts';
import { decodeWithPlan } from '../src/decode/decode-arguments.ts';
import {
  cerebrasProfile,
  openaiProfile,
  type StrictProfile,
} from '../src/decode/provider-profiles.ts';
import { toStrictSchema } from '../src/decode/to-strict-schema.ts';
import { deepEqual } from '../src/schema/deep-equal.ts';
import { encodeForStrict, withDefaults } from '../test/support/encode-for-strict.ts';
import { strictRuleViolations } from '../test/support/openai-strict-rules.ts';
import { sampleArguments, seededRandom } from '../test/support/sample-arguments.ts';

const samplesPerTool = 8;
const attemptsPerTool = 60;

type Tool = { server: string; name: string; schema: Record<string, unknown> };

function readTools(folder: string): Tool[] {
  const tools: Tool[] = [];
  for (const server of readdirSync(folder, { withFileTypes: true })) {
    if (!server.isDirectory()) continue;
    for (const file of readdirSync(path.join(folder, server.name)).sort()) {
      if (!file.endsWith('.json')) continue;
      const schema = JSON.parse(readFileSync(path.join(folder, server.name, file), 'utf8'));
      tools.push({ server: server.name, name: file.slice(0, -'.json'.length), schema });
    }
  }
  return tools.sort((a, b) => `${a.server}/${a.name}`.localeCompare(`${b.server}/${b.name}`));
}

/** JSON Schema draft of a schema, for the validator. */
function draftOf(schema: Record<string, unknown>): '7' | '2020-12' {
  return typeof schema.$schema === 'string' && schema.$schema.includes('draft-07')
    ? '7'
    : '2020-12';
}

/** Runs the census and prints it; `true` when nothing failed. */
export function runMcpCensus(folder: string): boolean {
  if (!existsSync(folder)) {
    console.log(`MCP census: ${folder} not found, skipped.`);
    return true;
  }
  const tools = readTools(folder);
  const servers = [...new Set(tools.map((tool) => tool.server))];
  const failures: string[] = [];
  let roundTrips = 0;
  console.log(`MCP census: ${tools.length} tools of ${servers.length} servers (${folder})`);

  for (const profile of [openaiProfile, cerebrasProfile]) {
    let strictCount = 0;
    const notStrict: string[] = [];
    const perServer = new Map<string, { strict: number; all: number }>();
    for (const tool of tools) {
      const counts = perServer.get(tool.server) ?? { strict: 0, all: 0 };
      counts.all++;
      perServer.set(tool.server, counts);
      const result = toStrictSchema(tool.schema, { profile });
      const label = `${profile.name} ${tool.server}/${tool.name}`;
      if (!result.strict) {
        notStrict.push(`  ${tool.server}/${tool.name}: ${result.reason}`);
        continue;
      }
      strictCount++;
      counts.strict++;
      const violations = strictRuleViolations(result.schema, rulesFor(profile));
      for (const violation of violations) failures.push(`${label}: rule: ${violation}`);
      roundTrips += checkRoundTrips(tool, result.schema, result.plan, label, failures);
    }
    console.log(
      `  ${profile.name}: ${strictCount}/${tools.length} strict; per server: ${[...perServer]
        .map(([server, { strict, all }]) => `${server} ${strict}/${all}`)
        .join(', ')}`,
    );
    for (const line of notStrict) console.log(line);
    if (!profile.mixedStrict) {
      for (const [server, { strict, all }] of perServer) {
        if (strict < all) failures.push(`${profile.name}: server ${server} is not fully strict`);
      }
    }
  }
  console.log(`  round trips: ${roundTrips} sampled valid arguments encoded, checked and decoded`);
  for (const failure of failures.slice(0, 50)) console.log(`  FAIL ${failure}`);
  console.log(`MCP census: ${failures.length === 0 ? 'passed' : `${failures.length} failures`}`);
  return failures.length === 0;
}

function rulesFor(profile: StrictProfile) {
  return {
    allowTypeLists: profile.nullable === 'type-list',
    ...(profile.maxAnyOfBranches === undefined
      ? {}
      : { maxAnyOfBranches: profile.maxAnyOfBranches }),
  };
}

function checkRoundTrips(
  tool: Tool,
  strictSchema: Record<string, unknown>,
  plan: Parameters<typeof decodeWithPlan>[1],
  label: string,
  failures: string[],
): number {
  const source = new Validator(tool.schema as object, draftOf(tool.schema), false);
  const strict = new Validator(strictSchema as object, '2020-12', false);
  const random = seededRandom(tool.name.length * 7919 + tool.server.length);
  let checked = 0;
  for (let attempt = 0; attempt < attemptsPerTool && checked < samplesPerTool; attempt++) {
    const args = sampleArguments(tool.schema, random);
    if (!source.validate(args).valid) continue;
    checked++;
    const sent = encodeForStrict(args, plan);
    const fits = strict.validate(sent);
    if (!fits.valid) {
      failures.push(
        `${label}: the strict encoding of ${excerpt(args)} does not fit the strict schema: ${excerpt(sent)} (${fits.errors[0]?.error})`,
      );
      continue;
    }
    const { value, problems } = decodeWithPlan(sent, plan);
    if (problems.length > 0) {
      failures.push(`${label}: decoding ${excerpt(sent)} had problems: ${problems[0]?.message}`);
      continue;
    }
    const expected = withDefaults(args, plan);
    if (!deepEqual(value, expected)) {
      failures.push(
        `${label}: ${excerpt(sent)} decoded to ${excerpt(value)}, not ${excerpt(expected)}`,
      );
      continue;
    }
    const mismatches = checkArguments(tool.schema, value, { leniency: 'exact' });
    if (mismatches.length > 0 && deepEqual(value, args)) {
      failures.push(
        `${label}: the checker refuses valid ${excerpt(value)}: ${mismatches[0]?.message}`,
      );
    }
  }
  return checked;
}

function excerpt(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
