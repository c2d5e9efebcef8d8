// The benches import the library's source, which takes `ai` from the root install; the benches
// must load that same copy, as an app does, or the gate and the app would run separate copies of
// the SDK's code. Fails when this package resolves an `ai` of its own (brought by one of its
// dependencies) or none.

import { createRequire } from 'node:module';

const fromBench = createRequire(import.meta.url);
const fromLibrary = createRequire(new URL('../src/index.ts', import.meta.url));
let bench: string;
let library: string;
try {
  bench = fromBench.resolve('ai/package.json');
  library = fromLibrary.resolve('ai/package.json');
} catch {
  console.error('`ai` is not installed: run `npm ci` at the root first, then here.');
  process.exit(1);
}
if (bench !== library) {
  console.error(`The benches load ${bench}, the library's source ${library}: one copy is needed.`);
  process.exit(1);
}
