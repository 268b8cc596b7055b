import { describe, expect, it } from 'vitest';
import { teamNameSchema } from '../schemas/events.ts';
import { TEAM_NAME_MAX, teamNameOf, teamNameProblem, teamNameSkeleton } from './team-name.ts';

describe('team name check without zod', () => {
  it.each([
    ['The Owls', null],
    ['  הינשופים  ', null],
    ['Team 7!', null],
    ["Rock & Roll's", null],
    ['Café-Noir.', null],
    ['فريق ١٢', null],
    ['כיתה ד׳', null],
    ['צה״ל', null],
    ['שָׁלוֹם', null],
    ['فريـــق', null],
    ['A', 'tooShort'],
    ['   A  ', 'tooShort'],
    ['', 'tooShort'],
    ['x'.repeat(TEAM_NAME_MAX), null],
    ['x'.repeat(TEAM_NAME_MAX + 1), 'tooLong'],
    ['<b>Owls</b>', 'chars'],
    ['Owls_1', 'chars'],
    ['Owls 🦉', 'chars'],
    ['\tOwls', 'chars'],
    ['Ow\u0000ls', 'chars'],
    ['Ow\u200bls', 'chars'],
    ['. ..', 'noLetter'],
    ['12', 'noLetter'],
    ['!?', 'noLetter'],
    ['\u0640\u0640\u0640', 'noLetter'],
    ['\u3164\u3164', 'invisible'],
    ['Owls \u3164', 'invisible'],
    ['\uFFA0\u115F\u1160', 'invisible'],
    [`O${'\u0301'.repeat(20)}wls`, 'marks'],
    [`O${'\u0301'.repeat(4)}wls`, null],
  ] as const)('%j: %s, as the server decides', (name, problem) => {
    expect(teamNameProblem(name)).toBe(problem);
    expect(teamNameSchema.safeParse(name).success).toBe(problem === null);
  });

  it('keeps a name tidy: one space between words, the plain form of full-width letters', () => {
    expect(teamNameOf('  Red   Team ')).toBe('Red Team');
    expect(teamNameOf('Ｒｅｄ Ｔｅａｍ')).toBe('Red Team');
    expect(teamNameSchema.parse('Red  Team')).toBe('Red Team');
  });

  it('names that look the same share a skeleton; names that differ do not', () => {
    const red = teamNameSkeleton('Red Team');
    for (const same of ['Red  Team', 'red team', 'RED TEAM', 'Ｒｅｄ Ｔｅａｍ', 'R\u0435d Team', 'R\u0415D T\u0415\u0410M', 'Red \u0422eam', 'Réd Team'])
      expect(teamNameSkeleton(same), same).toBe(red);
    expect(teamNameSkeleton('\u0391lpha')).toBe(teamNameSkeleton('Alpha'));
    expect(teamNameSkeleton('כיתה ד׳')).toBe(teamNameSkeleton("כיתה ד'"));
    expect(teamNameSkeleton('Red Team 2')).not.toBe(red);
    expect(teamNameSkeleton('הנמרים')).not.toBe(teamNameSkeleton('הנמרות'));
  });
});
