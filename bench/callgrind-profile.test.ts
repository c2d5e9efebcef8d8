import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readCallgrindProfile } from './callgrind-profile.ts';

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true });
});

function profileOf(out: string, map: string) {
  const directory = mkdtempSync(join(tmpdir(), 'callgrind-profile-'));
  directories.push(directory);
  const outFile = join(directory, 'callgrind.out');
  const codeMap = join(directory, 'perf.map');
  writeFileSync(outFile, out);
  writeFileSync(codeMap, map);
  return readCallgrindProfile({ outFile, codeMap });
}

const costs = (profile: ReturnType<typeof profileOf>, name: string) =>
  Object.fromEntries(profile.byFunction.get(name) ?? []);

describe('readCallgrindProfile', () => {
  it('adds up self costs per named function, with compressed names and relative positions', () => {
    const profile = profileOf(
      [
        'positions: instr line',
        'events: Ir DLmr',
        'fn=(1) main',
        '0x100 3 10 1',
        '+4 * 5',
        'fn=(2) helper',
        '0x200 7 2 2',
        'fn=(1)',
        '* * 1 1',
      ].join('\n'),
      '',
    );
    expect(profile.events).toEqual(['Ir', 'DLmr']);
    expect(costs(profile, 'main')).toEqual({ Ir: 16, DLmr: 2 });
    expect(costs(profile, 'helper')).toEqual({ Ir: 2, DLmr: 2 });
  });

  it('leaves out the inclusive cost of a call, but follows its position', () => {
    const profile = profileOf(
      [
        'positions: instr line',
        'events: Ir',
        'fn=(1) caller',
        '0x100 1 4',
        'cfn=(2) callee',
        'calls=1 0x900 1',
        '+8 2 1000',
        '+2 3 6',
      ].join('\n'),
      '',
    );
    expect(costs(profile, 'caller')).toEqual({ Ir: 10 });
    expect(profile.byFunction.has('callee')).toBe(false);
  });

  it('names generated code by the code map, the piece listed last winning at a reused address', () => {
    const profile = profileOf(
      [
        'positions: instr',
        'events: Ir',
        'fn=(1) ???',
        '0x1010 5',
        '0x2004 7',
        '0x3000 1',
        'fn=(2) 0x0000000000004000',
        '0x4008 2',
      ].join('\n'),
      [
        '1000 40 JS:*old file:///a.ts:1:1',
        '2000 10 JS:^second file:///a.ts:9:1',
        '1000 20 JS:*new file:///a.ts:5:1',
        '4000 10 JS:~lazy file:///b.ts:2:1',
      ].join('\n'),
    );
    expect(costs(profile, 'JS:*new file:///a.ts:5:1')).toEqual({ Ir: 5 });
    expect(costs(profile, 'JS:^second file:///a.ts:9:1')).toEqual({ Ir: 7 });
    expect(costs(profile, 'generated code (unnamed)')).toEqual({ Ir: 1 });
    expect(costs(profile, 'JS:~lazy file:///b.ts:2:1')).toEqual({ Ir: 2 });
    expect(profile.byFunction.has('JS:*old file:///a.ts:1:1')).toBe(false);
  });
});
