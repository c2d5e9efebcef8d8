/**
 * The README is a landing page: short, with the commands people and CI run, and every section it
 * once held kept in a guide under docs/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

describe('README.md', () => {
  it('should be at most 250 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
  });

  it('should keep "Try it" with its two commands, and the five-line use', () => {
    expect(readme).toContain('## Try it');
    expect(readme).toContain('npm install && npm run demo');
    expect(readme).toContain('npm test ');
    expect(readme).toContain('...gate.toolSettings()');
  });

  it('should link the docs index and the API reference', () => {
    expect(readme).toContain('](docs/README.md)');
    expect(readme).toContain('](docs/reference/README.md)');
  });
});
