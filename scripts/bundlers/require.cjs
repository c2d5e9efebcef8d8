// CommonJS consumers on Node 22 load toolgate through require(esm), as they load `ai`: each entry
// is required and used once. Prints one JSON line that run.ts checks.
const { toolGate } = require('toolgate');
const { checkArguments } = require('toolgate/checker');
const { toStrictSchema } = require('toolgate/decode');

const schema = {
  type: 'object',
  properties: { unit: { enum: ['celsius', 'fahrenheit'] } },
  required: ['unit'],
};
const gate = toolGate({ tools: {} });
console.log(
  JSON.stringify({
    toolGate: typeof gate.middleware,
    checker: checkArguments(schema, { unit: 'kelvin' }).map((mismatch) => mismatch.code),
    decode: toStrictSchema(schema).strict,
  }),
);
