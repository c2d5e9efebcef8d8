import type { LanguageModelV4 } from '@ai-sdk/provider';
import {
  generateText,
  isStepCount,
  type StepResult,
  streamText,
  type ToolSet,
  wrapLanguageModel,
} from 'ai';
import { type RefusalEvent, toolGate } from '../../src/index.ts';
import { type Recording, type Replay, replayRecording } from './replay-recording.ts';

/** What a recorded session through the gate left behind, for the assertions of an e2e test. */
export type RecordedSession = {
  readonly replay: Replay;
  readonly steps: ReadonlyArray<StepResult<ToolSet>>;
  readonly text: string;
  readonly errors: unknown[];
  readonly refusals: RefusalEvent[];
  /** How many tool executions had happened when each step ended. */
  readonly executedAtStepEnd: number[];
};

/**
 * Replays a recording with msw and runs the real loop through the gate over it: the provider
 * model is built on the replay's origin, wrapped with the gate's middleware, and given the gated
 * tools. `executed` is the list the tools push to, read at the end of every step.
 */
export async function runRecordedSession({
  recording,
  model,
  tools,
  executed,
  prompt,
  stream = true,
}: {
  recording: string | Recording;
  model: (origin: string) => LanguageModelV4;
  tools: ToolSet;
  executed: readonly unknown[];
  prompt: string;
  stream?: boolean;
}): Promise<RecordedSession> {
  const replay = replayRecording(recording);
  const errors: unknown[] = [];
  const refusals: RefusalEvent[] = [];
  const executedAtStepEnd: number[] = [];
  try {
    const gate = toolGate({ tools, onRefusal: (event) => refusals.push(event) });
    const options = {
      model: wrapLanguageModel({ model: model(replay.origin), middleware: gate.middleware }),
      tools: gate.tools,
      prompt,
      stopWhen: isStepCount(5),
      maxRetries: 0,
      onStepFinish: () => {
        executedAtStepEnd.push(executed.length);
      },
    };
    if (stream) {
      const result = streamText({ ...options, onError: ({ error }) => errors.push(error) });
      const text = await result.text;
      const steps = (await result.steps) as ReadonlyArray<StepResult<ToolSet>>;
      return { replay, steps, text, errors, refusals, executedAtStepEnd };
    }
    const result = await generateText(options);
    const steps = result.steps as ReadonlyArray<StepResult<ToolSet>>;
    return { replay, steps, text: result.text, errors, refusals, executedAtStepEnd };
  } catch (error) {
    replay.close();
    throw error;
  }
}
