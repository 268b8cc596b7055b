import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlayPhoto } from '@streethunt/shared';
import { Component as ActiveGamesPage } from './active-games-page.tsx';
import { autoLoginReply, freshBrowserEachTest, mockRoutes, renderPage } from '../../test/render-page.tsx';
import { myGame } from './test-data.ts';

const pending: PlayPhoto = {
  id: 'ph1',
  gameId: 'g1',
  questionId: 'q2',
  questionNumber: 2,
  questionTitle: 'A selfie with the fountain',
  teamId: null,
  teamName: null,
  code: 'TLVABC234',
  status: 'pending',
  points: null,
  comment: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  judgedAt: null,
  url: '/api/play-photos/ph1/image?expires=1&sig=x',
};

describe('active games page: photos waiting for the creator', () => {
  freshBrowserEachTest('user');

  it.each(['he', 'en'] as const)('(%s) lists the photos of "judged later" questions and judges one there', async (language) => {
    mockRoutes({
      'POST /api/auto-login': autoLoginReply,
      'GET /api/games/my-games': { body: { data: [myGame('g1', { name: 'סודות נווה צדק', status: 'APPROVED' })] } },
      'GET /api/play-photos/pending': { body: { data: [pending] } },
      'POST /api/play-photos/ph1/judge': { body: { data: { ...pending, status: 'accepted', points: 100, judgedAt: '2026-11-27T10:05:00.000Z' } } },
    });
    const { t, missing } = await renderPage(<ActiveGamesPage />, { path: '/my-active-games', language });
    const section = await screen.findByTestId('pending-photos');
    expect(within(section).getByText(t('photos.pendingTitle'))).toBeTruthy();
    const card = within(section).getByTestId('photo-card');
    expect(within(card).getByText(t('photos.code', { code: 'TLVABC234' }))).toBeTruthy();
    fireEvent.click(within(card).getByTestId('photo-accept'));
    await waitFor(() => expect(within(section).getByTestId('photo-card').getAttribute('data-status')).toBe('accepted'));
    expect(missing).toEqual([]);
  });

  it('shows nothing when no photo waits', async () => {
    mockRoutes({
      'POST /api/auto-login': autoLoginReply,
      'GET /api/games/my-games': { body: { data: [] } },
      'GET /api/play-photos/pending': { body: { data: [] } },
    });
    await renderPage(<ActiveGamesPage />, { path: '/my-active-games' });
    await screen.findByTestId('active-games-page');
    expect(screen.queryByTestId('pending-photos')).toBeNull();
  });
});
