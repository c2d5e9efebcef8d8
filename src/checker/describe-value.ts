import { isPlainObject, JsonKind, type JsonKindSet } from '../schema/json-kind.ts';

/** The most characters of a model's text that a sentence repeats. */
const maxExcerptLength = 40;

/** A string as a JSON literal, cut to a short excerpt: `"abc"`, `"a long text…"`. */
const plainText = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

export function excerpt(text: string): string {
  if (text.length <= maxExcerptLength) {
    // Printable ASCII without quotes or backslashes is its own JSON literal.
    return plainText.test(text) ? `"${text}"` : JSON.stringify(text);
  }
  return `${JSON.stringify(text.slice(0, maxExcerptLength)).slice(0, -1)}…"`;
}

/** A value as a short literal when it is a scalar, else as what it is: `"kelvin"`, `5.5`, `a list`. */
export function describeLiteral(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return excerpt(value);
    case 'number':
      return value - value === 0 ? String(value) : describeNonFinite(value);
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'object':
      if (value === null) return 'null';
      if (Array.isArray(value)) return describeList(value);
      return isPlainObject(value) ? 'an object' : notJson;
    default:
      return notJson;
  }
}

/** What came, as a phrase for "…, not PHRASE": `text ("abc")`, `the number 5.5`, `a list of 3 items`. */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return looksLikeJson(value)
        ? `text holding JSON (${excerpt(value)})`
        : `text (${excerpt(value)})`;
    case 'number':
      return value - value === 0 ? `the number ${String(value)}` : describeNonFinite(value);
    case 'bigint':
      return notJson;
    case 'boolean':
      return String(value);
    default:
      return describeLiteral(value);
  }
}

const notJson = 'a value that is not JSON';

/** `1e400` reads as `Infinity`, which JSON cannot carry (it would be sent on as `null`). */
function describeNonFinite(value: number): string {
  return Number.isNaN(value) ? 'NaN (not a number)' : 'a number too large to represent';
}

function describeList(list: readonly unknown[]): string {
  if (list.length === 0) return 'an empty list';
  return list.length === 1 ? 'a list of 1 item' : `a list of ${list.length} items`;
}

/** Texts longer than this are not parsed to see whether they hold JSON. */
const maxJsonProbeLength = 100_000;

/**
 * Whether a text holds a JSON list or object, as llama.cpp sends `"[\"a\",\"b\"]"` for a list.
 */
export function looksLikeJson(text: string): boolean {
  const trimmed = text.trim();
  const first = trimmed[0];
  if (first !== '[' && first !== '{') return false;
  if (trimmed.length > maxJsonProbeLength) return true;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return typeof parsed === 'object' && parsed !== null;
  } catch {
    return false;
  }
}

const kindPhrases: ReadonlyArray<readonly [JsonKindSet, string]> = [
  [JsonKind.string, 'text'],
  [JsonKind.number, 'a number'],
  [JsonKind.integer, 'an integer'],
  [JsonKind.boolean, 'true or false'],
  [JsonKind.array, 'a list'],
  [JsonKind.object, 'an object'],
  [JsonKind.null, 'null'],
];

/** Declared types as a phrase: `text`, `an integer or null`, `a list or an object`. */
export function describeKinds(kinds: JsonKindSet): string {
  const phrases: string[] = [];
  for (const [kind, phrase] of kindPhrases) {
    // `number` includes integers; name integers only when numbers are not allowed.
    if (kind === JsonKind.integer && (kinds & JsonKind.number) !== 0) continue;
    if ((kinds & kind) !== 0) phrases.push(phrase);
  }
  return joinAlternatives(phrases);
}

/** `a`, `a or b`, `a, b or c`. */
export function joinAlternatives(phrases: readonly string[]): string {
  if (phrases.length <= 1) return phrases[0] ?? '';
  return `${phrases.slice(0, -1).join(', ')} or ${phrases[phrases.length - 1]}`;
}

/** An allowed value as a literal: scalars as JSON, lists and objects as a short JSON excerpt. */
export function describeMember(member: unknown): string {
  if (typeof member !== 'object' || member === null) return describeLiteral(member);
  let json: string;
  try {
    json = JSON.stringify(member) ?? 'null';
  } catch {
    return describeLiteral(member);
  }
  return json.length <= 60 ? json : `${json.slice(0, 60)}…`;
}
