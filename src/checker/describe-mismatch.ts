import { excerpt, joinAlternatives } from './describe-value.ts';
import { formatPath } from './format-path.ts';
import type { ArgumentPath, Mismatch, MismatchCode } from './mismatch.ts';

/** What a check site knows about a mismatch; {@link describeMismatch} turns it into a sentence. */
export type MismatchDraft = {
  readonly code: MismatchCode;
  readonly path: ArgumentPath;
  readonly expected: string;
  readonly received: string;
  /** `null` was sent for an argument that may be left out. */
  readonly optional?: boolean;
  /** Text holding JSON was sent where a list or an object belongs. */
  readonly jsonText?: boolean;
  /** For `unknown`: the names the object accepts, and the likely intended one. */
  readonly acceptedNames?: readonly string[];
  readonly suggestion?: string;
  /** For `duplicate-key`: the key also names a property the object lists on its own. */
  readonly namedProperty?: boolean;
  /** For `missing`: the argument whose presence requires this one (`dependentRequired`). */
  readonly requiredBy?: string;
  /** For `pattern`: the pattern, as shown. */
  readonly pattern?: string;
};

/** How many accepted names an `unknown` sentence lists. */
const maxListedNames = 12;

/**
 * Writes the one sentence for a mismatch. Every sentence a model reads is written here.
 */
export function describeMismatch(draft: MismatchDraft): Mismatch {
  return {
    code: draft.code,
    path: draft.path,
    expected: draft.expected,
    received: draft.received,
    message: sentenceFor(draft),
  };
}

function sentenceFor(draft: MismatchDraft): string {
  const subject = subjectOf(draft.path);
  switch (draft.code) {
    case 'missing':
      return draft.requiredBy === undefined
        ? `${subject} is required but was not sent.`
        : `${subject} is required when "${draft.requiredBy}" is sent, but was not sent.`;
    case 'null':
      return draft.optional
        ? `${subject} must be ${draft.expected}, not null; leave it out instead of sending null.`
        : `${subject} must be ${draft.expected}, not null.`;
    case 'type':
      return draft.jsonText
        ? `${subject} must be ${draft.expected}, not ${draft.received}; send the ${structureNoun(draft.expected)} itself, not a string.`
        : `${subject} must be ${draft.expected}, not ${draft.received}.`;
    case 'enum':
    case 'range':
    case 'multiple-of':
    case 'union':
      return `${subject} must be ${draft.expected}, not ${draft.received}.`;
    case 'length':
      return `${subject} must be ${draft.expected}.`;
    case 'pattern':
      return `${subject} must match ${draft.pattern}, not ${draft.received}.`;
    case 'size':
    case 'contains':
      return `${subject} must hold ${draft.expected}, not ${draft.received}.`;
    case 'unique':
      return `${subject} must not hold the same item twice; ${draft.received}.`;
    case 'property-name':
      return `${subject} ${draft.path.length === 0 ? 'hold' : 'holds'} the name ${draft.received}, but a name there must be ${draft.expected}.`;
    case 'ambiguous':
      return `${subject} must fit exactly one of ${draft.path.length === 0 ? 'their' : 'its'} alternatives, not ${draft.received}.`;
    case 'excluded':
      return `${subject} must not be ${draft.expected}.`;
    case 'unknown':
      return `${subject} is not ${unknownPlace(draft.path)}; ${unknownAdvice(draft)}`;
    case 'forbidden':
      // At the root: the tool's schema admits no arguments at all (`false`, `{ not: {} }`).
      return draft.path.length === 0
        ? 'The arguments can never fit: this tool accepts no call, so do not call it.'
        : `${subject} must not be sent.`;
    case 'rejected':
      return `${subject} ${draft.path.length === 0 ? 'were' : 'was'} rejected by the tool's own validation: ${draft.received}`;
    case 'tool':
      return draft.suggestion !== undefined
        ? `Did you mean ${excerpt(draft.suggestion)}?`
        : `The tools are ${listNames(draft.acceptedNames ?? [])}.`;
    case 'unparsable':
      return `The arguments are not valid JSON (${draft.received}); send one JSON object.`;
    case 'unreadable':
      return `${subject} could not be read (reading it threw an error); send plain JSON.`;
    case 'too-large':
      return `The arguments are too large to check (${draft.received}); send fewer values.`;
    case 'duplicate-key': {
      const lists = draft.path.length === 0 ? 'The arguments list' : `${subject} lists`;
      return draft.namedProperty
        ? `${lists} the key ${draft.received} among its other entries, but it is a property of its own; send it there, once.`
        : `${lists} the key ${draft.received} more than once; send each key once.`;
    }
    case 'json-text':
      return `${draft.path.length === 0 ? 'The value' : subject} must be JSON text (a value written as JSON, e.g. "\\"abc\\"" or "{\\"a\\":1}"), not ${draft.received}.`;
  }
}

function structureNoun(expected: string): string {
  if (expected === 'a list') return 'list';
  return expected === 'an object' ? 'object' : 'value';
}

function subjectOf(path: ArgumentPath): string {
  return path.length === 0 ? 'The arguments' : `"${formatPath(path)}"`;
}

function unknownPlace(path: ArgumentPath): string {
  if (path.length <= 1) return 'an argument of this tool';
  return `accepted in "${formatPath(path.slice(0, -1))}"`;
}

function unknownAdvice({ acceptedNames = [], suggestion }: MismatchDraft): string {
  if (suggestion !== undefined) return `did you mean ${excerpt(suggestion)}?`;
  if (acceptedNames.length === 0) return 'no names are accepted there.';
  return `the accepted names are ${listNames(acceptedNames)}.`;
}

function listNames(names: readonly string[]): string {
  if (names.length === 0) return 'none';
  const listed = names.slice(0, maxListedNames).map(excerpt);
  const more = names.length - listed.length;
  return `${listed.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** Allowed values as a phrase: `"celsius" or "fahrenheit"`, capped with how many more. */
export function describeAllowedValues(
  members: readonly unknown[],
  describe: (value: unknown) => string,
  maxListed = 10,
): string {
  if (members.length === 0) return 'nothing (no value is allowed)';
  const listed = members.slice(0, maxListed).map(describe);
  if (members.length === 1) return listed[0] ?? '';
  const more = members.length - listed.length;
  if (more > 0) return `one of ${listed.join(', ')} (or ${more} more)`;
  return `one of ${joinAlternatives(listed)}`;
}
