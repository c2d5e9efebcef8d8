/**
 * Finds the TypeScript code blocks of a Markdown page, with the hidden prelude each may declare.
 * Why: every ```ts and ```tsx block of the README and of docs/ is compiled against the built package,
 * so a block that no longer compiles fails CI instead of misleading a reader.
 */

/** One ```ts or ```tsx block of a page. */
export type CodeBlock = {
  /** The page, relative to the repository root. */
  file: string;
  /** `ts` or `tsx`. */
  language: 'ts' | 'tsx';
  /** The 1-based line of the page that holds the block's first line of code. */
  line: number;
  /** The block's code, without its fences. */
  code: string;
  /** The hidden prelude (an HTML comment right above the block), or '' when there is none. */
  prelude: string;
  /** The 1-based line of the page that holds the prelude's first line of code. */
  preludeLine: number;
};

/** A block marked `<!-- not compiled: reason -->` on the line above its fence: counted, never silent. */
export type UncompiledBlock = { file: string; line: number; reason: string };

/** A fence the check does not know what to do with: never skipped silently. */
export type BlockProblem = { file: string; line: number; message: string };

/** The fence languages that are compiled. */
const checkedLanguages = new Set(['ts', 'tsx']);

/** Fence languages that look like code to compile but are not `ts`/`tsx`: each is a problem. */
const scriptLanguages = new Set([
  'typescript',
  'js',
  'javascript',
  'jsx',
  'mjs',
  'mts',
  'cjs',
  'cts',
]);

const preludeStart = '<!-- prelude';

/**
 * Reads every fenced block of `markdown`: returns the `ts`/`tsx` blocks and a problem for each fence
 * written in another script language (so nothing looks checked that is not).
 */
export function extractCodeBlocks(
  markdown: string,
  file: string,
): { blocks: CodeBlock[]; problems: BlockProblem[]; uncompiled: UncompiledBlock[] } {
  const lines = markdown.split('\n');
  const blocks: CodeBlock[] = [];
  const uncompiled: UncompiledBlock[] = [];
  const problems: BlockProblem[] = [];
  let index = 0;
  while (index < lines.length) {
    const opening = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)(.*)$/.exec(lines[index] ?? '');
    if (opening === null) {
      index += 1;
      continue;
    }
    const [, indent = '', fence = '```', language = ''] = opening;
    const closing = new RegExp(`^\\s*${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    let end = index + 1;
    while (end < lines.length && !closing.test(lines[end] ?? '')) end += 1;
    const body = lines.slice(index + 1, end).map((text) => text.slice(indent.length));
    const marker = /^<!-- not compiled: (.+?) -->$/.exec((lines[index - 1] ?? '').trim());
    if (checkedLanguages.has(language) && marker !== null) {
      uncompiled.push({ file, line: index + 2, reason: marker[1] ?? '' });
    } else if (checkedLanguages.has(language)) {
      const { prelude, preludeLine } = findPrelude(lines, index);
      blocks.push({
        file,
        language: language as 'ts' | 'tsx',
        line: index + 2,
        code: body.join('\n'),
        prelude,
        preludeLine,
      });
    } else if (scriptLanguages.has(language.toLowerCase())) {
      problems.push({
        file,
        line: index + 1,
        message: `a \`\`\`${language} block is not compiled: write it as \`\`\`ts or \`\`\`tsx`,
      });
    }
    index = end + 1;
  }
  return { blocks, problems, uncompiled };
}

/** The `<!-- prelude … -->` comment that ends on the line right above the fence at `fenceIndex`. */
function findPrelude(
  lines: string[],
  fenceIndex: number,
): { prelude: string; preludeLine: number } {
  const above = (lines[fenceIndex - 1] ?? '').trim();
  if (above !== '-->') return { prelude: '', preludeLine: 0 };
  let start = fenceIndex - 2;
  while (start >= 0 && !(lines[start] ?? '').trim().startsWith(preludeStart)) {
    if ((lines[start] ?? '').includes('-->')) return { prelude: '', preludeLine: 0 };
    start -= 1;
  }
  if (start < 0) return { prelude: '', preludeLine: 0 };
  return {
    prelude: lines.slice(start + 1, fenceIndex - 1).join('\n'),
    preludeLine: start + 2,
  };
}

/** The text of the module a block is compiled as: its prelude, its code, and `export {}`. */
export function moduleText(block: CodeBlock): string {
  // `export {}` makes every block a module of its own, so two blocks may declare the same names.
  return `${block.prelude === '' ? '' : `${block.prelude}\n`}${block.code}\nexport {};\n`;
}

/** The page line that a 1-based line of a block's module comes from. */
export function pageLine(block: CodeBlock, moduleLine: number): number {
  const preludeLines = block.prelude === '' ? 0 : block.prelude.split('\n').length;
  if (moduleLine <= preludeLines) return block.preludeLine + moduleLine - 1;
  return block.line + moduleLine - preludeLines - 1;
}
