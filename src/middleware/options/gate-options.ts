import type { ToolSet } from 'ai';
import type { Leniency } from '../../checker/check-arguments.ts';
import type { RefusalCode } from '../../checker/check-turn.ts';
import type { ArgumentPath, MismatchCode } from '../../checker/mismatch.ts';
import type { ProfileName, StrictProfile } from '../../decode/provider-profiles.ts';
import type { ToolOverrides } from './tool-overrides.ts';

/** What the app hears of each refused call: codes and where, never argument values. */
export type RefusalEvent = {
  readonly toolCallId: string;
  readonly toolName: string;
  /** `'arguments'`: this call mismatched; `'turn'`: it was not run because a sibling mismatched. */
  readonly code: RefusalCode;
  /** This call's mismatches without values (empty for `'turn'`). */
  readonly mismatches: ReadonlyArray<{
    readonly code: MismatchCode;
    readonly path: ArgumentPath;
    readonly expected: string;
  }>;
};

export type ToolGateOptions<TOOLS extends ToolSet> = {
  /**
   * Tools known when the gate is built; `gate.tools` holds the same keys, wrapped. Tools chosen
   * per request (MCP tools fetched per request, per-user tools) are wrapped with
   * `gate.wrapTools(tools)` instead, on the same gate.
   */
  tools?: TOOLS;
  /**
   * Strict conversion: `'auto'` (default) picks the profile from the model's provider id
   * (`openai.responses`, `cerebras.chat`, …); `true` uses the OpenAI profile for any provider;
   * `false` never converts; a {@link StrictProfile} (or a built-in profile's name, `'openai'`, …)
   * is used as given. Names are typed, so a misspelt one fails to compile.
   */
  strict?: 'auto' | boolean | StrictProfile | ProfileName;
  /**
   * Profiles by provider id, added to or replacing the built-in table (for `strict: 'auto'`); a
   * profile object or a built-in profile's name.
   */
  profiles?: Readonly<Record<string, StrictProfile | ProfileName>>;
  /**
   * Defaults for optional arguments, by tool and argument path (`{ weather: { unit: 'celsius' } }`):
   * a `null` the model sends there reaches the tool as this value. Each path must name an optional
   * argument the tool's schema declares, and the value must fit it.
   */
  defaults?: Readonly<{ [toolName in keyof TOOLS]?: Readonly<Record<string, unknown>> }>;
  /**
   * Narrowed enums and fixed values, by tool and parameter. Each parameter must be one the tool's
   * schema declares, unless its override sets `newParameter: true`.
   */
  overrides?: Readonly<{ [toolName in keyof TOOLS]?: ToolOverrides }>;
  /** `'lenient'` (default) passes values a tool reads after a cast; `'exact'` only JSON Schema's. */
  leniency?: Leniency;
  /** How many mismatch sentences a refused call's answer lists. Default 10. */
  maxMismatches?: number;
  /**
   * Told of every refused call, after the turn is judged. What it throws, or a promise it returns
   * that rejects, is contained: a listener never fails the request.
   */
  onRefusal?: (event: RefusalEvent) => unknown;
};
