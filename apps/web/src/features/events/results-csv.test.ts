import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/i18n.ts';
import { csvCells } from '../../test/csv-formulas.ts';
import { resultsCsv, resultsFileName } from './results-csv.ts';
import { buildTeam } from './test-data.ts';

describe('the results CSV', () => {
  it('has a row per team with its counts and each question’s status in the interface’s words', async () => {
    const { i18n } = await createTestI18n('en');
    const teams = [
      buildTeam('t1', { name: 'Owls', score: 190, answered: 2, skipped: 1, hints: 1, startTime: '2026-05-01T07:05:00.000Z', statuses: ['DONE', 'SOLUTION', 'STARTED', null] }),
      buildTeam('t2', { disqualified: true, statuses: [null, null, null, null] }),
    ];
    const cells = csvCells(resultsCsv(i18n.getFixedT('en', 'studio'), teams));
    expect(cells[0]).toEqual(['Team', 'Code', 'Score', 'Answered', 'Gave up', 'Hints', 'Started', 'Finished', 'Disqualified', 'Question 1', 'Question 2', 'Question 3', 'Question 4']);
    expect(cells[1]).toEqual(['Owls', 'CODET1', '190', '2', '1', '1', '2026-05-01T07:05:00.000Z', '', '', 'answered', 'gave up', 'begun', 'not begun']);
    expect(cells[2].slice(0, 2)).toEqual(['', 'CODET2']);
    expect(cells[2][8]).toBe('yes');
    expect(resultsFileName('Class 7B', new Date(2026, 4, 1))).toBe('Class-7B-results-2026-05-01.csv');
  });
});
