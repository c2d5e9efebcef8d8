import { RE2JS } from 're2js';
import { re2UnicodeProperty } from './re2-unicode-property.ts';

/** A schema's `pattern` (or a `patternProperties` name) as the checker runs it. */
export type Pattern = {
  readonly source: string;
  /**
   * Whether a text holds a match, in time linear in the text; `undefined` when the pattern is not
   * judged (not a valid ECMAScript pattern, or written with what the linear-time engine does not
   * run the same way: lookarounds, back references, `Script_Extensions` and the Unicode properties
   * RE2 does not know).
   */
  readonly test: ((text: string) => boolean) | undefined;
  /** Set when the pattern is not a valid ECMAScript regular expression. */
  readonly invalid: boolean;
};

/** Longer patterns are not judged: what they cost to compile grows with them. */
const maxPatternLength = 2_000;

/**
 * Compiled programs larger than this (long counted repeats, say) are not judged: matching costs at
 * most the text's length times the program's size.
 */
const maxProgramSize = 1_000;

// What ECMAScript's `\s` matches (RE2's is ASCII only): WhiteSpace and LineTerminator, that is the
// controls from tab to carriage return, U+2028, U+2029, U+FEFF and the Space_Separator category.
const whiteSpace = '\\t-\\r\\x{2028}\\x{2029}\\x{feff}\\p{Zs}';
// What ECMAScript's `.` matches without the `s` flag (RE2's `.` matches `\r`, U+2028 and U+2029).
const anyButLineTerminator = '[^\\n\\r\\x{2028}\\x{2029}]';
const anyCodePoint = '\\x{0}-\\x{10ffff}';

/**
 * Reads a pattern the way JSON Schema means it (an ECMAScript regular expression, with the `u`
 * flag so it reads code points) and compiles it for RE2's linear-time engine, so a pattern from an
 * untrusted server cannot make a check backtrack for hours. The pattern is translated token by
 * token where the two dialects differ (`\s`, `.`, escapes such as `\cJ` and `\p{Letter}`, empty
 * classes); what RE2 cannot run the same way is left unjudged rather than guessed at.
 */
export function readPattern(source: string): Pattern {
  if (source.length > maxPatternLength) return { source, test: undefined, invalid: false };
  try {
    new RegExp(source, 'u');
  } catch {
    return { source, test: undefined, invalid: true };
  }
  const translated = toRe2Syntax(source);
  if (translated === undefined) return { source, test: undefined, invalid: false };
  try {
    const compiled = RE2JS.compile(translated);
    if (compiled.programSize() > maxProgramSize) return { source, test: undefined, invalid: false };
    return { source, test: (text) => compiled.test(text), invalid: false };
  } catch {
    return { source, test: undefined, invalid: false };
  }
}

/**
 * The same pattern in RE2's syntax, or `undefined` when it uses what RE2 does not run the same
 * way. `source` is a valid ECMAScript pattern with the `u` flag, so every escape is well formed.
 */
function toRe2Syntax(source: string): string | undefined {
  let out = '';
  let inClass = false;
  let classStart = false;
  for (let at = 0; at < source.length; at++) {
    const char = source[at] as string;
    if (char === '\\') {
      const escaped = readEscape(source, at + 1, inClass);
      if (escaped === undefined) return undefined;
      out += escaped.text;
      at = escaped.end - 1;
      classStart = false;
      continue;
    }
    if (inClass) {
      if (char === ']') {
        // ECMAScript's `[]` matches nothing and `[^]` anything; RE2 reads `]` there as a member.
        if (!classStart) out += ']';
        else if (out.endsWith('^')) out = `${out.slice(0, -1)}${anyCodePoint}]`;
        else out += `^${anyCodePoint}]`;
        inClass = false;
      } else if (char === '[') {
        out += '\\['; // RE2 reads `[:alpha:]` inside a class as a POSIX class.
      } else if (char === '^' && classStart && out.endsWith('[')) {
        out += '^';
        continue;
      } else {
        out += char;
      }
      classStart = false;
      continue;
    }
    switch (char) {
      case '[':
        out += '[';
        inClass = true;
        classStart = true;
        break;
      case '.':
        out += anyButLineTerminator;
        break;
      case '(':
        if (source[at + 1] !== '?') {
          out += '(?:';
          break;
        }
        if (source[at + 2] === ':') {
          out += '(?:';
          at += 2;
          break;
        }
        if (source[at + 2] === '<' && source[at + 3] !== '=' && source[at + 3] !== '!') {
          // A named group: captures do not matter to a test.
          const close = source.indexOf('>', at);
          out += '(?:';
          at = close;
          break;
        }
        return undefined; // lookarounds and modifiers
      default:
        out += char;
    }
  }
  return out;
}

/** One escape from `at` (just after the backslash): its RE2 form and where it ends. */
function readEscape(
  source: string,
  at: number,
  inClass: boolean,
): { text: string; end: number } | undefined {
  const char = source[at] as string;
  switch (char) {
    case 's':
      return { text: inClass ? whiteSpace : `[${whiteSpace}]`, end: at + 1 };
    case 'S':
      // The complement of a set cannot be written inside a class in RE2.
      return inClass ? undefined : { text: `[^${whiteSpace}]`, end: at + 1 };
    case 'd':
    case 'D':
    case 'w':
    case 'W':
    case 't':
    case 'n':
    case 'r':
    case 'f':
    case 'v':
      return { text: `\\${char}`, end: at + 1 };
    case 'b':
    case 'B':
      // In a class `\b` is the backspace; outside, both dialects read ASCII word boundaries.
      return { text: inClass ? '\\x{8}' : `\\${char}`, end: at + 1 };
    case '0':
      return { text: '\\x{0}', end: at + 1 };
    case 'x':
      return { text: `\\x{${source.slice(at + 1, at + 3)}}`, end: at + 3 };
    case 'c':
      // A control letter stands for the letter's code point modulo 32.
      return { text: `\\x{${(source.charCodeAt(at + 1) % 32).toString(16)}}`, end: at + 2 };
    case 'p':
    case 'P': {
      // A property RE2 does not know makes the compile fail, which leaves the pattern unjudged.
      const close = source.indexOf('}', at);
      const name = re2UnicodeProperty(source.slice(at + 2, close));
      return name === undefined ? undefined : { text: `\\${char}{${name}}`, end: close + 1 };
    }
    case 'u': {
      if (source[at + 1] === '{') {
        const close = source.indexOf('}', at);
        return { text: `\\x{${source.slice(at + 2, close)}}`, end: close + 1 };
      }
      const hex = source.slice(at + 1, at + 5);
      // A surrogate written as an escape pairs with the next one into one code point.
      if (/^d[89a-f]/i.test(hex)) return undefined;
      return { text: `\\x{${hex}}`, end: at + 5 };
    }
    default:
      // Back references (`\1`, `\k<name>`) are not judged.
      if (/[1-9k]/.test(char)) return undefined;
      // What is left is a syntax character escaped to stand for itself.
      return { text: `\\${char}`, end: at + 1 };
  }
}
