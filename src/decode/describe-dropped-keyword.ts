/**
 * A short hint for the description when a keyword the provider rejects is dropped, so the model
 * still learns the constraint. `undefined` when the keyword tells the model nothing useful.
 */
export function describeDroppedKeyword(keyword: string, value: unknown): string | undefined {
  switch (keyword) {
    case 'minLength':
      return typeof value === 'number' ? `At least ${value} characters.` : undefined;
    case 'maxLength':
      return typeof value === 'number' ? `At most ${value} characters.` : undefined;
    case 'minProperties':
      return typeof value === 'number' ? `At least ${value} entries.` : undefined;
    case 'maxProperties':
      return typeof value === 'number' ? `At most ${value} entries.` : undefined;
    case 'uniqueItems':
      return value === true ? 'Items must be unique.' : undefined;
    case 'minimum':
      return typeof value === 'number' ? `At least ${value}.` : undefined;
    case 'maximum':
      return typeof value === 'number' ? `At most ${value}.` : undefined;
    case 'exclusiveMinimum':
      return typeof value === 'number' ? `More than ${value}.` : undefined;
    case 'exclusiveMaximum':
      return typeof value === 'number' ? `Less than ${value}.` : undefined;
    case 'multipleOf':
      return typeof value === 'number' ? `A multiple of ${value}.` : undefined;
    case 'minItems':
      return typeof value === 'number' ? `At least ${value} items.` : undefined;
    case 'maxItems':
      return typeof value === 'number' ? `At most ${value} items.` : undefined;
    case 'format':
      return typeof value === 'string' ? `Format: ${value}.` : undefined;
    default:
      return undefined;
  }
}
