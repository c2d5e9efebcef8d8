// The Cloudflare Worker entry: answers every request with the gate loop's result.
import { runGateLoop } from './gate-loop.ts';

export default {
  async fetch(): Promise<Response> {
    try {
      return Response.json({ ok: true, result: await runGateLoop() });
    } catch (error) {
      return Response.json({ ok: false, error: String(error) }, { status: 500 });
    }
  },
};
