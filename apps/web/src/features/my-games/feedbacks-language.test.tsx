import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CreatorFeedback, Language } from '@streethunt/shared';
import { Component as FeedbacksPage } from './feedbacks-page.tsx';
import { autoLoginReply, freshBrowserEachTest, mockRoutes, renderPage } from '../../test/render-page.tsx';
import { myGame } from './test-data.ts';

// A game may be played in either of its languages (DESIGN.md section 13): each feedback says which, in the visitor's own language.
const feedback = (id: string, update: string, language: Language | null): CreatorFeedback => ({
  _id: id,
  gameId: 'g1',
  general: 5,
  questions: 4,
  path: 3,
  openAnswer: `comment ${id}`,
  language,
  update,
});
const routes = {
  'POST /api/auto-login': autoLoginReply,
  'GET /api/games/my-games': { body: { data: [myGame('g1', { name: 'סודות נווה צדק', status: 'APPROVED' })] } },
  'GET /api/games/my-games/feedbacks?gameId=g1': {
    body: {
      data: [
        {
          _id: 'g1',
          name: 'סודות נווה צדק',
          // The newest first: in English, in Hebrew, and one sent before the language was kept.
          feedbacks: [feedback('f1', '2026-11-20T09:00:00.000Z', 'en'), feedback('f2', '2026-11-10T09:00:00.000Z', 'he'), feedback('f3', '2025-01-01T09:00:00.000Z', null)],
        },
      ],
    },
  },
};

async function languageColumn(language: Language) {
  mockRoutes(routes);
  const { missing } = await renderPage(<FeedbacksPage />, { path: '/my-games/feedbacks', url: '/my-games/feedbacks?gameId=g1', language });
  const table = await screen.findByRole('table');
  const [head, ...rows] = within(table).getAllByRole('row');
  const titles = within(head)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  const at = titles.indexOf(language === 'he' ? 'שפת המשחק' : 'Played in');
  expect(at).toBeGreaterThan(-1);
  expect(missing).toEqual([]);
  return rows.map((row) => within(row).getAllByRole('cell')[at].textContent);
}

describe('feedbacks page: the language each team played in', () => {
  freshBrowserEachTest('user');

  it('names it in Hebrew for a Hebrew visitor, a dash for feedback from before', async () => {
    expect(await languageColumn('he')).toEqual(['אנגלית', 'עברית', '—']);
  });

  it('names it in English for an English visitor', async () => {
    expect(await languageColumn('en')).toEqual(['English', 'Hebrew', '—']);
  });
});
