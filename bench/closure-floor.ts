/**
 * The floor for a checker without code generation: a minimal yes/no walker compiled into closures,
 * one per schema node, over `type`, `properties`, `required`, `additionalProperties: false`,
 * `items` and `enum` (scalar members). Written for the benchmark only: no sentences, no casts, no
 * guards against hostile values, no cycles.
 */
type Fit = (value: unknown) => boolean;

type FloorSchema = {
  type?: string;
  properties?: Record<string, FloorSchema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: FloorSchema;
  enum?: unknown[];
};

export function compileFloor(schema: FloorSchema): Fit {
  const members = schema.enum === undefined ? undefined : new Set(schema.enum);
  switch (schema.type) {
    case 'string':
      return members === undefined
        ? (value) => typeof value === 'string'
        : (value) => typeof value === 'string' && members.has(value);
    case 'integer':
      return (value) => Number.isInteger(value);
    case 'number':
      return (value) => typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'array': {
      const item = schema.items === undefined ? undefined : compileFloor(schema.items);
      return (value) => {
        if (!Array.isArray(value)) return false;
        if (item === undefined) return true;
        for (let index = 0; index < value.length; index++) {
          if (!item(value[index])) return false;
        }
        return true;
      };
    }
    case 'object': {
      const entries = Object.entries(schema.properties ?? {}).map(([name, child]) => ({
        name,
        fit: compileFloor(child),
        required: schema.required?.includes(name) === true,
      }));
      const closed = schema.additionalProperties === false;
      return (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
        const object = value as Record<string, unknown>;
        let present = 0;
        for (let index = 0; index < entries.length; index++) {
          const entry = entries[index] as (typeof entries)[number];
          const property = object[entry.name];
          if (property === undefined) {
            if (entry.required) return false;
            continue;
          }
          present++;
          if (!entry.fit(property)) return false;
        }
        if (!closed) return true;
        let count = 0;
        for (const _name in object) count++;
        return count === present;
      };
    }
    default:
      return () => true;
  }
}
