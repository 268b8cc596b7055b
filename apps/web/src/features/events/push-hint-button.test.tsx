import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { autoLoginReply, bodiesSent, freshBrowserEachTest, mockRoutes, renderPage } from '../../test/render-page.tsx';
import { PushHintButton } from './push-hint-button.tsx';
import { buildTeam } from './test-data.ts';

const setup = { path: '/events/:eventId', url: '/events/e1', language: 'en' as const };

describe('a hint for a team', () => {
  freshBrowserEachTest('user');

  it('starts at the team’s current question and its next hint not opened yet', async () => {
    // Questions 1 and 2 done, question 3 begun with its first hint opened; question 4 has no hints.
    const team = buildTeam('t2', {
      name: 'Lions',
      startTime: '2026-05-01T07:06:00.000Z',
      statuses: ['DONE', 'DONE', 'STARTED', null, null],
      openHints: [[0], [], [0], [], []],
    });
    const fetchMock = mockRoutes({ 'POST /api/auto-login': autoLoginReply, 'POST /api/events/e1/teams/t2/hint': { body: { data: team } } });
    const { t, missing } = await renderPage(<PushHintButton eventId="e1" team={team} hintCounts={[2, 2, 3, 0, 1]} onPushed={vi.fn()} onUnauthorized={vi.fn()} />, setup);
    fireEvent.click(await screen.findByRole('button', { name: t('events.pushHint.buttonFor', { team: 'Lions' }) }));
    const dialog = await screen.findByRole('dialog', { name: t('events.pushHint.title', { team: 'Lions' }) });
    expect((within(dialog).getByRole('textbox', { name: t('events.pushHint.question') }) as HTMLInputElement).value).toBe(t('events.results.question', { n: 3 }));
    expect((within(dialog).getByRole('textbox', { name: t('events.pushHint.hint') }) as HTMLInputElement).value).toBe(t('events.pushHint.hintN', { n: 2 }));
    fireEvent.click(within(dialog).getByRole('button', { name: t('events.pushHint.send') }));
    await waitFor(() => expect(bodiesSent(fetchMock, 'POST /api/events/e1/teams/t2/hint')).toEqual([{ questionIndex: 2, hintIndex: 1 }]));
    expect(missing).toEqual([]);
  });

  it('past a question without hints, starts at the next one that has some', async () => {
    const team = buildTeam('t2', { name: 'Lions', startTime: '2026-05-01T07:06:00.000Z', statuses: ['DONE', 'DONE', 'DONE', null, null], openHints: [[], [], [], [], []] });
    const fetchMock = mockRoutes({ 'POST /api/auto-login': autoLoginReply, 'POST /api/events/e1/teams/t2/hint': { body: { data: team } } });
    const { t } = await renderPage(<PushHintButton eventId="e1" team={team} hintCounts={[2, 2, 3, 0, 1]} onPushed={vi.fn()} onUnauthorized={vi.fn()} />, setup);
    fireEvent.click(await screen.findByRole('button', { name: t('events.pushHint.buttonFor', { team: 'Lions' }) }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: t('events.pushHint.send') }));
    await waitFor(() => expect(bodiesSent(fetchMock, 'POST /api/events/e1/teams/t2/hint')).toEqual([{ questionIndex: 4, hintIndex: 0 }]));
  });
  it('in a game that branches, starts at the question the flow suggests, not at one a branch passed over', async () => {
    // Question 1 chose a side; question 2 (the other side) was passed over and stays unbegun; the flow suggests question 3.
    const team = buildTeam('t2', { name: 'Lions', startTime: '2026-05-01T07:06:00.000Z', statuses: ['DONE', null, null, null, null], openHints: [[], [], [], [], []], next: 'q3' });
    const fetchMock = mockRoutes({ 'POST /api/auto-login': autoLoginReply, 'POST /api/events/e1/teams/t2/hint': { body: { data: team } } });
    const { t } = await renderPage(
      <PushHintButton eventId="e1" team={team} hintCounts={[2, 2, 3, 0, 1]} questionIds={['q1', 'q2', 'q3', 'q4', 'q5']} onPushed={vi.fn()} onUnauthorized={vi.fn()} />,
      setup,
    );
    fireEvent.click(await screen.findByRole('button', { name: t('events.pushHint.buttonFor', { team: 'Lions' }) }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('textbox', { name: t('events.pushHint.question') }) as HTMLInputElement).value).toBe(t('events.results.question', { n: 3 }));
    fireEvent.click(within(dialog).getByRole('button', { name: t('events.pushHint.send') }));
    await waitFor(() => expect(bodiesSent(fetchMock, 'POST /api/events/e1/teams/t2/hint')).toEqual([{ questionIndex: 2, hintIndex: 0 }]));
  });
});
