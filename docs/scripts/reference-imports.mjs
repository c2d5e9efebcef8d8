// @ts-check
/**
 * A TypeDoc plugin that opens each reference page of an export with the line that imports it, as
 * the AI SDK's reference pages do.
 */
import { Converter, ReflectionKind } from 'typedoc';

/** The module names TypeDoc gives the entry points, and the import path of each. */
const importPaths = {
  index: 'toolgate',
  'checker/index': 'toolgate/checker',
  'decode/index': 'toolgate/decode',
  checker: 'toolgate/checker',
  decode: 'toolgate/decode',
};

/** @param {import('typedoc-plugin-markdown').MarkdownApplication} app */
export function load(app) {
  // Each module is named after the path it is imported from.
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const module of context.project.children ?? []) {
      module.name =
        importPaths[/** @type {keyof typeof importPaths} */ (module.name)] ?? module.name;
    }
  });
  app.renderer.markdownHooks.on('content.begin', (context) => {
    const model = context.page.model;
    if (
      !('kind' in model) ||
      model.kind === ReflectionKind.Project ||
      model.kind === ReflectionKind.Module
    )
      return '';
    const module = model.parent;
    if (module === undefined || module.kind !== ReflectionKind.Module) return '';
    const from = module.name;
    const typeOnly =
      model.kindOf(ReflectionKind.TypeAlias) || model.kindOf(ReflectionKind.Interface)
        ? 'type '
        : '';
    return `## Import\n\n\`\`\`ts\nimport { ${typeOnly}${model.name} } from '${from}';\n\`\`\`\n`;
  });
}
