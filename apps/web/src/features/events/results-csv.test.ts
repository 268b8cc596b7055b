import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/i18n.ts';
import { csvCells } from '../../test/csv-formulas.ts';
import { resultsCsv, resultsFileName } from './results-csv.ts';
import { buildTeam } from './test-data.ts';

describe('the results CSV', () => {
  it('has a row per team in rank order with its rank, counts, wrong attempts and what became of each question', async () => {
    const { i18n } = await createTestI18n('en');
    const teams = [
      buildTeam('t2', { disqualified: true, name: 'Out', score: 500, statuses: [null, null, null, null] }),
      buildTeam('t1', {
        name: 'Owls',
        score: 190,
        answered: 2,
        skipped: 1,
        hints: 1,
        wrongAttempts: 3,
        startTime: '2026-05-01T07:05:00.000Z',
        statuses: ['DONE', 'SOLUTION', 'STARTED', null],
        photos: [null, null, null, null],
      }),
      buildTeam('t3', {
        name: 'Lions',
        score: 280,
        answered: 2,
        statuses: ['DONE', 'DONE', 'DONE', 'DONE'],
        photos: [null, null, { status: 'rejected' }, { status: 'accepted', points: 80 }],
      }),
      buildTeam('t4', { name: 'Foxes', score: 100, statuses: ['DONE', 'DONE', 'DONE', 'DONE'], photos: [null, null, { status: 'pending' }, { status: 'accepted' }] }),
    ];
    const cells = csvCells(resultsCsv(i18n.getFixedT('en', 'studio'), teams));
    expect(cells[0]).toEqual([
      'Rank', 'Team', 'Code', 'Score', 'Answered', 'Gave up', 'Hints', 'Wrong attempts', 'Started', 'Finished', 'Disqualified',
      'Question 1', 'Question 2', 'Question 3', 'Question 4', 'Question 3: photo points', 'Question 4: photo points',
    ]);
    expect(cells.slice(1).map((row) => row.slice(0, 2))).toEqual([['1', 'Lions'], ['2', 'Owls'], ['3', 'Foxes'], ['', 'Out']]);
    expect(cells[1].slice(11)).toEqual(['answered', 'answered', 'photo rejected', 'answered', '0', '80']);
    expect(cells[2]).toEqual(['2', 'Owls', 'CODET1', '190', '2', '1', '1', '3', '2026-05-01T07:05:00.000Z', '', '', 'answered', 'gave up', 'begun', 'not begun', '', '']);
    expect(cells[3].slice(11)).toEqual(['answered', 'answered', 'photo waiting for a verdict', 'answered', '', '100']);
    expect(cells[4][10]).toBe('yes');
    expect(resultsFileName('Class 7B', new Date(2026, 4, 1))).toBe('Class-7B-results-2026-05-01.csv');
  });
});
