/**
 * ECMAScript's General_Category values (ECMA-262, table "Value aliases and canonical values for
 * the Unicode property General_Category"): each entry starts with the short name, which is the one
 * RE2 reads, then gives the long name and any other alias.
 */
const generalCategories =
  'C Other,Cc Control cntrl,Cf Format,Cn Unassigned,Co Private_Use,Cs Surrogate,L Letter,LC Cased_Letter,Ll Lowercase_Letter,Lm Modifier_Letter,Lo Other_Letter,Lt Titlecase_Letter,Lu Uppercase_Letter,M Mark Combining_Mark,Mc Spacing_Mark,Me Enclosing_Mark,Mn Nonspacing_Mark,N Number,Nd Decimal_Number digit,Nl Letter_Number,No Other_Number,P Punctuation punct,Pc Connector_Punctuation,Pd Dash_Punctuation,Pe Close_Punctuation,Pf Final_Punctuation,Pi Initial_Punctuation,Po Other_Punctuation,Ps Open_Punctuation,S Symbol,Sc Currency_Symbol,Sk Modifier_Symbol,Sm Math_Symbol,So Other_Symbol,Z Separator,Zl Line_Separator,Zp Paragraph_Separator,Zs Space_Separator';

/**
 * The name under which RE2 knows the property of an ECMAScript Unicode property escape (what
 * `\p{…}` holds: `Letter`, `gc=Lu`, `Script=Greek`, `White_Space`), or `undefined` for
 * `Script_Extensions`, which RE2 lacks. A General_Category value is read by its short name; a
 * binary property or a script keeps its own, and RE2 refuses to compile one it does not know (a
 * short alias such as `Grek`). That every name RE2 knows matches the same code points in both
 * engines is proved, code point by code point, by this module's test.
 */
export function re2UnicodeProperty(expression: string): string | undefined {
  const [name = '', value] = expression.split('=');
  if (value === undefined) return generalCategory(name) ?? name;
  if (name === 'General_Category' || name === 'gc') return generalCategory(value);
  return name === 'Script' || name === 'sc' ? value : undefined;
}

function generalCategory(name: string): string | undefined {
  return generalCategories
    .split(',')
    .find((names) => names.split(' ').includes(name))
    ?.split(' ')[0];
}
