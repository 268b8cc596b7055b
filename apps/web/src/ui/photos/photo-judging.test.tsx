import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlayPhoto } from '@streethunt/shared';
import { mockRoutes } from '../../test/fetch-routes.ts';
import { renderUi } from '../../test/render-ui.tsx';
import { PhotoJudging } from './photo-judging.tsx';

const photo = (overrides: Partial<PlayPhoto> = {}): PlayPhoto => ({
  id: 'p1',
  gameId: 'g1',
  questionId: 'q1',
  questionNumber: 2,
  questionTitle: 'A selfie with the fountain',
  teamId: 't1',
  teamName: 'השועלים',
  code: 'TLVABC234',
  status: 'pending',
  points: null,
  comment: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  judgedAt: null,
  url: '/api/play-photos/p1/image?expires=1&sig=x',
  ...overrides,
});

describe('judging photos', () => {
  afterEach(cleanup);

  it.each(['he', 'en'] as const)('(%s) accepts with the points and comment given, rejects without points', async (language) => {
    const accepted = photo({ status: 'accepted', points: 70, comment: 'Great' });
    const fetchMock = mockRoutes({
      'POST /api/play-photos/p1/judge': { body: { data: accepted } },
      'POST /api/play-photos/p2/judge': { body: { data: photo({ id: 'p2', status: 'rejected', comment: 'No' }) } },
    });
    const judged: PlayPhoto[] = [];
    const { t, missing } = await renderUi(
      <PhotoJudging photos={[photo(), photo({ id: 'p2', teamId: null, teamName: null })]} onJudged={(p) => judged.push(p)} onUnauthorized={() => undefined} />,
      language,
    );
    const [first, second] = screen.getAllByTestId('photo-card');
    expect(within(first).getByRole('img').getAttribute('src')).toBe('/api/play-photos/p1/image?expires=1&sig=x');
    expect(within(first).getByText('השועלים')).toBeTruthy();
    // Outside events the photo is named by its play's code.
    expect(within(second).getByText(t('studio:photos.code', { code: 'TLVABC234' }))).toBeTruthy();
    expect((within(first).getByTestId('photo-points') as HTMLInputElement).value).toBe('100');

    fireEvent.change(within(first).getByTestId('photo-points'), { target: { value: '70' } });
    fireEvent.change(within(first).getByTestId('photo-comment-input'), { target: { value: ' Great ' } });
    fireEvent.click(within(first).getByTestId('photo-accept'));
    await waitFor(() => expect(judged).toEqual([accepted]));
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ status: 'accepted', points: 70, comment: 'Great' });

    fireEvent.change(within(second).getByTestId('photo-comment-input'), { target: { value: 'No' } });
    fireEvent.click(within(second).getByTestId('photo-reject'));
    await waitFor(() => expect(judged).toHaveLength(2));
    expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toEqual({ status: 'rejected', comment: 'No' });
    expect(missing).toEqual([]);
  });
});
