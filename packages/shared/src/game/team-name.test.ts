import { describe, expect, it } from 'vitest';
import { teamNameSchema } from '../schemas/events.ts';
import { TEAM_NAME_MAX, teamNameProblem } from './team-name.ts';

describe('team name check without zod', () => {
  it.each([
    ['The Owls', null],
    ['  הינשופים  ', null],
    ['Team 7!', null],
    ["Rock & Roll's", null],
    ['Café-Noir.', null],
    ['فريق ١٢', null],
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
  ] as const)('%j: %s, as the server decides', (name, problem) => {
    expect(teamNameProblem(name)).toBe(problem);
    expect(teamNameSchema.safeParse(name).success).toBe(problem === null);
  });
});
