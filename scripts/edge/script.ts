// The Deno and Bun entry: prints the gate loop's result as one JSON line.
import { runGateLoop } from './gate-loop.ts';

try {
  console.log(JSON.stringify({ ok: true, result: await runGateLoop() }));
} catch (error) {
  console.log(JSON.stringify({ ok: false, error: String(error) }));
}
