import type { Tool } from 'ai';
import type { StrictSchemaResult } from '../../decode/to-strict-schema.ts';

/**
 * What the middleware learns from an object a gate's wrapped tool puts into a request: a function
 * tool's schema, or a provider-defined tool's `args`.
 */
export type OwnedTool = {
  /**
   * The tool whose validator judges its calls: the app's own, or, for a schema without a
   * validator that a gate hands out again (see `ReusedInputSchemas`), one holding the gate's
   * copy of that schema and nothing else.
   */
  readonly tool: Tool;
  /**
   * What the gate reads of the schema (options checked, calls judged, strict conversion): a private
   * copy of its content, taken when the owned object was made. The owned object itself is only
   * ever sent, so a middleware after the gate or a provider that edits the schema it was sent
   * changes nothing the gate judges by. `undefined` for a provider-defined tool, whose schema a
   * request reads from the tool itself.
   */
  readonly schema: unknown;
  /**
   * The schema's last strict conversion, and what it was converted for: the steps of a request
   * (and requests reusing the wrapped tools) send the same schema again.
   */
  lastConversion?: {
    readonly profile: object;
    readonly defaults: unknown;
    readonly result: StrictSchemaResult;
  };
};

/** The schema objects a gate's wrapped tools put into requests, each tied to its tool. */
export type OwnedSchemas = WeakMap<object, OwnedTool>;
