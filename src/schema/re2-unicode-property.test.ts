import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { re2UnicodeProperty } from './re2-unicode-property.ts';

// ECMA-262's names for Unicode properties, each checked below to be one the running engine reads.
const generalCategoryNames =
  'C Other Cc Control cntrl Cf Format Cn Unassigned Co Private_Use Cs Surrogate L Letter LC Cased_Letter Ll Lowercase_Letter Lm Modifier_Letter Lo Other_Letter Lt Titlecase_Letter Lu Uppercase_Letter M Mark Combining_Mark Mc Spacing_Mark Me Enclosing_Mark Mn Nonspacing_Mark N Number Nd Decimal_Number digit Nl Letter_Number No Other_Number P Punctuation punct Pc Connector_Punctuation Pd Dash_Punctuation Pe Close_Punctuation Pf Final_Punctuation Pi Initial_Punctuation Po Other_Punctuation Ps Open_Punctuation S Symbol Sc Currency_Symbol Sk Modifier_Symbol Sm Math_Symbol So Other_Symbol Z Separator Zl Line_Separator Zp Paragraph_Separator Zs Space_Separator'.split(
    ' ',
  );
const binaryPropertyNames =
  'ASCII ASCII_Hex_Digit AHex Alphabetic Alpha Any Assigned Bidi_Control Bidi_C Bidi_Mirrored Bidi_M Case_Ignorable CI Cased Changes_When_Casefolded CWCF Changes_When_Casemapped CWCM Changes_When_Lowercased CWL Changes_When_NFKC_Casefolded CWKCF Changes_When_Titlecased CWT Changes_When_Uppercased CWU Dash Default_Ignorable_Code_Point DI Deprecated Dep Diacritic Dia Emoji Emoji_Component EComp Emoji_Modifier EMod Emoji_Modifier_Base EBase Emoji_Presentation EPres Extended_Pictographic ExtPict Extender Ext Grapheme_Base Gr_Base Grapheme_Extend Gr_Ext Hex_Digit Hex IDS_Binary_Operator IDSB IDS_Trinary_Operator IDST ID_Continue IDC ID_Start IDS Ideographic Ideo Join_Control Join_C Logical_Order_Exception LOE Lowercase Lower Math Noncharacter_Code_Point NChar Pattern_Syntax Pat_Syn Pattern_White_Space Pat_WS Quotation_Mark QMark Radical Regional_Indicator RI Sentence_Terminal STerm Soft_Dotted SD Terminal_Punctuation Term Unified_Ideograph UIdeo Uppercase Upper Variation_Selector VS White_Space space XID_Continue XIDC XID_Start XIDS'.split(
    ' ',
  );
// The long names of Unicode 17's scripts; that they cover every code point is checked below.
const scriptNames =
  'Adlam Ahom Anatolian_Hieroglyphs Arabic Armenian Avestan Balinese Bamum Bassa_Vah Batak Bengali Beria_Erfe Bhaiksuki Bopomofo Brahmi Braille Buginese Buhid Canadian_Aboriginal Carian Caucasian_Albanian Chakma Cham Cherokee Chorasmian Common Coptic Cuneiform Cypriot Cypro_Minoan Cyrillic Deseret Devanagari Dives_Akuru Dogra Duployan Egyptian_Hieroglyphs Elbasan Elymaic Ethiopic Garay Georgian Glagolitic Gothic Grantha Greek Gujarati Gunjala_Gondi Gurmukhi Gurung_Khema Han Hangul Hanifi_Rohingya Hanunoo Hatran Hebrew Hiragana Imperial_Aramaic Inherited Inscriptional_Pahlavi Inscriptional_Parthian Javanese Kaithi Kannada Katakana Kawi Kayah_Li Kharoshthi Khitan_Small_Script Khmer Khojki Khudawadi Kirat_Rai Lao Latin Lepcha Limbu Linear_A Linear_B Lisu Lycian Lydian Mahajani Makasar Malayalam Mandaic Manichaean Marchen Masaram_Gondi Medefaidrin Meetei_Mayek Mende_Kikakui Meroitic_Cursive Meroitic_Hieroglyphs Miao Modi Mongolian Mro Multani Myanmar Nabataean Nag_Mundari Nandinagari New_Tai_Lue Newa Nko Nushu Nyiakeng_Puachue_Hmong Ogham Ol_Chiki Ol_Onal Old_Hungarian Old_Italic Old_North_Arabian Old_Permic Old_Persian Old_Sogdian Old_South_Arabian Old_Turkic Old_Uyghur Oriya Osage Osmanya Pahawh_Hmong Palmyrene Pau_Cin_Hau Phags_Pa Phoenician Psalter_Pahlavi Rejang Runic Samaritan Saurashtra Sharada Shavian Siddham Sidetic SignWriting Sinhala Sogdian Sora_Sompeng Soyombo Sundanese Sunuwar Syloti_Nagri Syriac Tagalog Tagbanwa Tai_Le Tai_Tham Tai_Viet Tai_Yo Takri Tamil Tangsa Tangut Telugu Thaana Thai Tibetan Tifinagh Tirhuta Todhri Tolong_Siki Toto Tulu_Tigalari Ugaritic Unknown Vai Vithkuqi Wancho Warang_Citi Yezidi Yi Zanabazar_Square'.split(
    ' ',
  );

// Every code point once, surrogates included, read one by one by a `v` regular expression: the
// low surrogates come before the high ones, so no two of them pair up.
const everyCodePoint = [
  [0, 0xd7ff],
  [0xdc00, 0xdfff],
  [0xd800, 0xdbff],
  [0xe000, 0x10ffff],
]
  .flatMap(([from = 0, to = 0]) =>
    Array.from({ length: to - from + 1 }, (_, offset) => String.fromCodePoint(from + offset)),
  )
  .join('');

/**
 * The code points that RE2 compiles a class to, written as a class of a `v` regular expression,
 * or `undefined` when RE2 does not compile it. re2js offers no public way to list them, and
 * matching every code point through it, property by property, would take minutes.
 */
function re2CodePoints(re2Class: string): string | undefined {
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(re2Class);
  } catch {
    return undefined;
  }
  const program = compiled as unknown as {
    re2Input: { prog: { inst: { runes: readonly number[] | null }[] } };
  };
  const [runes, ...more] = program.re2Input.prog.inst.flatMap(({ runes }) =>
    runes === null || runes.length === 0 ? [] : [runes],
  );
  expect(runes, re2Class).toBeDefined();
  expect(more, re2Class).toEqual([]);
  const bounds = runes?.length === 1 ? [runes[0], runes[0]] : (runes ?? []);
  let written = '';
  for (let at = 0; at < bounds.length; at += 2) {
    written += `\\u{${bounds[at]?.toString(16)}}-\\u{${bounds[at + 1]?.toString(16)}}`;
  }
  return `[${written}]`;
}

/** Whether ECMAScript's `\p{expression}` and the class `re2` hold the same code points. */
function sameCodePoints(expression: string, re2: string): boolean {
  const property = `\\p{${expression}}`;
  return !new RegExp(`[${re2}--${property}]|[${property}--${re2}]`, 'v').test(everyCodePoint);
}

/** Whether the name the translation gives an expression means, in RE2, what it means in ECMAScript. */
function translatesExactly(expression: string): boolean | 'not translated' {
  const name = re2UnicodeProperty(expression);
  const re2 = name === undefined ? undefined : re2CodePoints(`[\\p{${name}}]`);
  return re2 === undefined ? 'not translated' : sameCodePoints(expression, re2);
}

describe('re2UnicodeProperty', () => {
  it('should tell apart classes that differ in one code point', () => {
    expect(sameCodePoints('Lu', re2CodePoints('[\\p{Lu}]') ?? '')).toBe(true);
    expect(sameCodePoints('Lu', re2CodePoints('[\\p{Lu}a]') ?? '')).toBe(false);
    expect(sameCodePoints('Lu', re2CodePoints('[\\p{Lu}\\x{10ffff}]') ?? '')).toBe(false);
    expect(sameCodePoints('Cs', re2CodePoints('[\\x{d800}-\\x{dffe}]') ?? '')).toBe(false);
  });

  it('should name every General_Category value, long name and alias as RE2 means it', () => {
    for (const name of generalCategoryNames) {
      expect(() => new RegExp(`\\p{${name}}`, 'u'), name).not.toThrow();
      expect(translatesExactly(name), name).toBe(true);
      for (const key of ['General_Category', 'gc']) {
        expect(re2UnicodeProperty(`${key}=${name}`), name).toBe(re2UnicodeProperty(name));
      }
    }
    expect(['digit', 'punct', 'cntrl', 'Combining_Mark', 'Letter'].map(re2UnicodeProperty)).toEqual(
      ['Nd', 'P', 'Cc', 'M', 'L'],
    );
  });

  it('should keep the name of each binary property that RE2 knows, meaning the same code points', () => {
    const translated = binaryPropertyNames.filter((name) => {
      expect(() => new RegExp(`\\p{${name}}`, 'u'), name).not.toThrow();
      const verdict = translatesExactly(name);
      if (verdict !== 'not translated') expect(verdict, name).toBe(true);
      return verdict === true;
    });
    expect(translated).toEqual(expect.arrayContaining(['Alphabetic', 'Any', 'White_Space']));
  });

  it('should name every script as RE2 means it, and no script by a name RE2 gives to something else', () => {
    const everyScript = `[^${scriptNames.map((name) => `\\p{Script=${name}}`).join('')}]`;
    expect(new RegExp(everyScript, 'v').test(everyCodePoint)).toBe(false);
    for (const name of scriptNames) {
      expect(translatesExactly(`Script=${name}`), name).toBe(true);
      expect(re2UnicodeProperty(`sc=${name}`)).toBe(re2UnicodeProperty(`Script=${name}`));
    }
    for (const name of [...generalCategoryNames, ...binaryPropertyNames]) {
      expect(() => new RegExp(`\\p{Script=${name}}`, 'u'), name).toThrow();
    }
  });

  it('should leave Script_Extensions, which RE2 lacks, untranslated', () => {
    expect(re2UnicodeProperty('Script_Extensions=Greek')).toBeUndefined();
    expect(re2UnicodeProperty('scx=Grek')).toBeUndefined();
  });
});
