import { describe, expect, it } from 'vitest';
import { anthropicProfile, openaiProfile, profileNamed, profileNames } from '../../decode/index.ts';
import { findProfileProblem } from './profile-problem.ts';

describe('findProfileProblem', () => {
  it('should find nothing wrong with a built-in profile or one spread from it', () => {
    for (const name of profileNames) expect(findProfileProblem(profileNamed(name))).toBeUndefined();
    expect(findProfileProblem({ ...anthropicProfile, maxStrictTools: 5 })).toBeUndefined();
  });

  it.each([
    [null, 'a profile must be an object'],
    [{ ...openaiProfile, keywords: 'type' }, '"keywords" must be a list of strings'],
    [{ ...openaiProfile, maxObjectDepth: 1.5 }, '"maxObjectDepth" must be a whole number'],
    [{ ...openaiProfile, untypedValues: 'json' }, `"untypedValues" must be 'json-kinds' or`],
    [{ ...openaiProfile, recursion: undefined }, '"recursion" is missing'],
    [{ ...openaiProfile, stripKeyword: ['$id'] }, 'did you mean "stripKeywords"?'],
  ])('should say what is wrong with %j', (profile, problem) => {
    expect(findProfileProblem(profile)).toContain(problem);
  });
});
