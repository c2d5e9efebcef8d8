import type { Tool } from 'ai';

/**
 * What the middleware learns from an object a gate's wrapped tool puts into a request: a function
 * tool's schema, or a provider-defined tool's `args`.
 */
export type OwnedTool = {
  /**
   * The app's tool, whose validator judges its calls too; none for a schema without a validator
   * that a gate hands out again (see `ReusedInputSchemas`), which holds nothing of any one tool.
   */
  readonly tool: Tool | undefined;
  /**
   * What the gate reads of the schema (options checked, calls judged, strict conversion): a frozen
   * copy of its content, taken when the owned object was made (the gate store's, see `gateStore`,
   * for plain JSON data). The owned object itself is only ever sent, so a middleware after the
   * gate or a provider that edits the schema it was sent changes nothing the gate judges by.
   * `undefined` for a provider-defined tool, whose schema a request reads from the tool itself.
   */
  readonly schema: unknown;
};

/** The schema objects a gate's wrapped tools put into requests, each tied to its tool. */
export type OwnedSchemas = WeakMap<object, OwnedTool>;
