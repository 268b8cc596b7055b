import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ControlRoom } from '@streethunt/shared';
import { autoLoginReply, bodiesSent, freshBrowserEachTest, labelStartingWith, mockRoutes, renderPage, routesCalled } from '../../test/render-page.tsx';
import { Component as ControlRoomPage } from './control-room-page.tsx';
import { watchControlRoom, type WatchOptions } from './control-room-socket.ts';
import { buildEvent, buildFeedItem, buildRoom, buildTeam } from './test-data.ts';

// The socket is stubbed at its module: a test plays the server's part through the options it was given.
vi.mock('./control-room-socket.ts', () => ({ watchControlRoom: vi.fn(() => () => undefined) }));

const HOUR = 60 * 60_000;
const setup = { path: '/events/:eventId', url: '/events/e1' };
const config = { body: { appEnv: 'development', productionHosts: [], bareDomain: null, tileUrl: '', vatPercent: 18 } };

/** An event on right now, so that it can still be messaged and ended. */
function liveRoom(overrides: Partial<ControlRoom> = {}): ControlRoom {
  const now = Date.now();
  return buildRoom({ event: buildEvent({ startsAt: new Date(now - HOUR).toISOString(), endsAt: new Date(now + HOUR).toISOString() }), ...overrides });
}

function routes(overrides: Record<string, unknown> = {}) {
  return {
    'POST /api/auto-login': autoLoginReply,
    'GET /api/events/e1': { body: { data: liveRoom() } },
    'GET /api/public-config': config,
    ...overrides,
  };
}

const texts = (elements: HTMLElement[]) => elements.map((element) => element.textContent);
/** The feed's sentences, without the marks that isolate each team's name. */
const feedSentences = () => texts(screen.getAllByTestId('feed-sentence')).map((text) => text?.replace(/[\u2068\u2069]/g, ''));
const leaderboardRows = () => within(screen.getByTestId('leaderboard')).getAllByTestId('leaderboard-row').map((row) => texts(within(row).getAllByRole('cell')));
/** The options the page watched the event with. */
const watched = (): WatchOptions => vi.mocked(watchControlRoom).mock.calls.at(-1)![0];

// A whole control room (three paged tables, the feed, the map) renders for a second or more in happy-dom
// on a busy machine: more than the default 5 s per test is allowed.
describe('control room', { timeout: 20_000 }, () => {
  freshBrowserEachTest('user');
  beforeEach(() => vi.mocked(watchControlRoom).mockClear());

  it('shows the event, its teams, the leaderboard, the feed, the map and the codes', async () => {
    const fetchMock = mockRoutes(routes());
    const { t, missing } = await renderPage(<ControlRoomPage />, setup);
    expect(screen.getByRole('status', { name: t('events.room.loading') })).toBeTruthy();
    await screen.findByTestId('teams');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('יום גיבוש');
    expect(screen.getByTestId('event-game').textContent).toContain('סודות נווה צדק');
    expect(screen.getByTestId('event-teams').textContent).toContain('3');
    expect(screen.getByText('מתקיים עכשיו')).toBeTruthy();
    expect(screen.getByTestId('live-status').textContent).toBe(t('events.live.connecting'));

    const teamRows = within(screen.getByRole('table', { name: t('events.teams.label') })).getAllByRole('row').slice(1);
    expect(teamRows.map((row) => texts(within(row).getAllByRole('cell')).slice(0, 5))).toEqual([
      ['הנמרים', 'CODET1', '8 מתוך 8', '1', '120'],
      ['Lions', 'CODET2', '3 מתוך 8', '2', '45'],
      ['ללא שם', 'CODET3', '0 מתוך 8', '0', '0'],
    ]);
    expect(texts(within(screen.getByTestId('teams')).getAllByTestId('team-state'))).toEqual([
      expect.stringMatching(/^סיימה ב-/),
      expect.stringMatching(/^משחקת מאז /),
      'טרם התחילה',
    ]);
    expect(within(teamRows[2]).getByText('עדיין אין')).toBeTruthy();

    // The unnamed team is not ranked yet; the finished one is marked.
    expect(leaderboardRows()).toEqual([
      ['1', 'הנמרים', '120'],
      ['2', 'Lions', '45'],
    ]);
    expect(within(screen.getByTestId('leaderboard')).getByRole('img', { name: 'סיימה' })).toBeTruthy();

    expect(feedSentences()).toEqual(['Lions דיווחה על בעיה', 'הנמרים ענתה על שאלה 3', 'הנמרים התחילה לשחק']);
    const problem = screen.getAllByTestId('feed-item')[0];
    expect(within(problem).getByTestId('feed-text').textContent).toBe('The sign at stop 4 is gone');
    expect(within(problem).getByTestId('feed-text').getAttribute('dir')).toBe('auto');

    expect(texts(within(screen.getByTestId('team-codes')).getAllByTestId('team-code'))).toEqual(['CODET1', 'CODET2', 'CODET3']);
    const cards = within(screen.getByTestId('code-sheet')).getAllByTestId('code-card');
    expect(cards.map((card) => card.querySelector('[dir="ltr"]')?.textContent)).toEqual(['CODET1', 'CODET2', 'CODET3']);
    expect(await within(cards[0]).findByRole('img', { name: t('events.codes.qrAlt') })).toBeTruthy();

    // The map and its teams: teams-map.test.tsx.
    // The map comes in a chunk of its own: on a busy machine it may take a few seconds.
    expect(await screen.findByRole('region', { name: t('events.map.label') }, { timeout: 8000 })).toBeTruthy();

    expect(watched().eventId).toBe('e1');
    expect(watched().token()).toBe('token-123');
    expect(routesCalled(fetchMock).filter((route) => route === 'GET /api/events/e1')).toHaveLength(1);
    expect(missing).toEqual([]);
  });

  it('takes in what the socket brings: the room read again once watching, a team’s change, a feed item', async () => {
    const fetchMock = mockRoutes(routes());
    const { t } = await renderPage(<ControlRoomPage />, { ...setup, language: 'en' });
    await screen.findByTestId('teams');

    act(() => watched().onWatching());
    expect(screen.getByTestId('live-status').textContent).toBe(t('events.live.live'));
    await waitFor(() => expect(routesCalled(fetchMock).filter((route) => route === 'GET /api/events/e1')).toHaveLength(2));

    act(() => watched().onTeam(buildTeam('t3', { name: 'Eagles', startTime: new Date().toISOString(), answered: 8, score: 130 })));
    await waitFor(() => expect(leaderboardRows()[0]).toEqual(['1', 'Eagles', '130']));
    act(() => watched().onFeed(buildFeedItem('f9', { kind: 'named', teamId: 't3', at: new Date().toISOString() })));
    await waitFor(() => expect(feedSentences()[0]).toBe('Eagles chose its name'));

    act(() => watched().onDisconnect());
    expect(screen.getByTestId('live-status').textContent).toBe(t('events.live.offline'));
    act(() => watched().onRefused('forbidden'));
    expect(screen.getByTestId('live-status').textContent).toBe(t('events.live.refused'));
  });

  it('a thousand teams: the teams, the leaderboard and the codes show a page at a time, and the pages turn', async () => {
    const teams = Array.from({ length: 1000 }, (_, i) => buildTeam(`t${i}`, { name: `Team ${i + 1}`, score: 1000 - i, startTime: new Date().toISOString() }));
    mockRoutes(routes({ 'GET /api/events/e1': { body: { data: liveRoom({ teams }) } } }));
    const { t } = await renderPage(<ControlRoomPage />, { ...setup, language: 'en' });
    const table = await screen.findByRole('table', { name: t('events.teams.label') });
    const rowsOf = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(10);
    expect(leaderboardRows()).toHaveLength(10);
    expect(leaderboardRows()[0]).toEqual(['1', 'Team 1', '1000']);
    expect(rowsOf(t('events.codes.label'))).toHaveLength(10);
    // Every code is still on the printable sheet.
    expect(within(screen.getByTestId('code-sheet')).getAllByTestId('code-card')).toHaveLength(1000);

    const teamsPanel = within(screen.getByTestId('teams'));
    expect(teamsPanel.getByText('1–10 of 1000')).toBeTruthy();
    fireEvent.click(teamsPanel.getByRole('button', { name: t('studio.paging.page', { page: 2 }) }));
    await waitFor(() => expect(teamsPanel.getByText('11–20 of 1000')).toBeTruthy());
    expect(texts(within(rowsOf(t('events.teams.label'))[0]).getAllByRole('cell'))[0]).toBe('Team 11');
    const board = within(screen.getByTestId('leaderboard'));
    fireEvent.click(board.getByRole('button', { name: t('studio.paging.nextPage') }));
    await waitFor(() => expect(leaderboardRows()[0]).toEqual(['11', 'Team 11', '990']));
  });

  it('sends a message to one team, after checking it is not empty, and puts it in the feed', async () => {
    const sent = buildFeedItem('f10', { kind: 'message', teamId: 't2', text: 'Lunch at the port at 12', at: new Date().toISOString() });
    const fetchMock = mockRoutes(routes({ 'POST /api/events/e1/messages': { body: { data: sent } } }));
    const { t, missing } = await renderPage(<ControlRoomPage />, setup);
    const form = within(await screen.findByRole('form', { name: t('events.message.title') }));

    fireEvent.click(form.getByRole('button', { name: 'שליחה' }));
    expect(await form.findByText('יש לכתוב הודעה קודם')).toBeTruthy();
    expect(routesCalled(fetchMock)).not.toContain('POST /api/events/e1/messages');

    fireEvent.click(form.getByRole('textbox', { name: t('events.message.to') }));
    fireEvent.click(await screen.findByRole('option', { name: 'Lions' }));
    const text = form.getByRole('textbox', { name: labelStartingWith(t('events.message.text')) }) as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: 'Lunch at the port\nat 12' } });
    expect(text.value).toBe('Lunch at the port at 12');
    fireEvent.click(form.getByRole('button', { name: 'שליחה' }));

    await waitFor(() => expect(feedSentences()[0]).toBe('נשלחה הודעה אל Lions'));
    expect(bodiesSent(fetchMock, 'POST /api/events/e1/messages')).toEqual([{ text: 'Lunch at the port at 12', teamId: 't2' }]);
    expect(screen.getAllByTestId('feed-text')[0].textContent).toBe('Lunch at the port at 12');
    expect(text.value).toBe('');
    // The same message coming back on the socket is not listed twice.
    act(() => watched().onFeed(sent));
    expect(feedSentences().filter((sentence) => sentence === 'נשלחה הודעה אל Lions')).toHaveLength(1);
    expect(missing).toEqual([]);
  });

  it('sends a message to all teams by default', async () => {
    const fetchMock = mockRoutes(routes({ 'POST /api/events/e1/messages': { body: { data: buildFeedItem('f11', { kind: 'message', text: 'Ten minutes left' }) } } }));
    const { t } = await renderPage(<ControlRoomPage />, { ...setup, language: 'en' });
    const form = within(await screen.findByRole('form', { name: t('events.message.title') }));
    expect((form.getByRole('textbox', { name: t('events.message.to') }) as HTMLInputElement).value).toBe('All teams');
    fireEvent.change(form.getByRole('textbox', { name: labelStartingWith(t('events.message.text')) }), { target: { value: 'Ten minutes left' } });
    fireEvent.click(form.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(feedSentences()[0]).toBe('Message to all teams'));
    expect(bodiesSent(fetchMock, 'POST /api/events/e1/messages')).toEqual([{ text: 'Ten minutes left' }]);
  });

  it('ends the event only once the organiser confirms, and then shows it ended', async () => {
    const endedAt = new Date().toISOString();
    const room = liveRoom();
    const fetchMock = mockRoutes(routes({ 'POST /api/events/e1/end': { body: { data: { ...room.event, endedAt } } } }));
    const { t, missing } = await renderPage(<ControlRoomPage />, setup);
    await screen.findByTestId('teams');

    fireEvent.click(screen.getByRole('button', { name: 'סיום האירוע' }));
    let dialog = await screen.findByRole('dialog', { name: t('events.end.title') });
    expect(within(dialog).getByText(t('events.end.text'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: t('studio.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(routesCalled(fetchMock)).not.toContain('POST /api/events/e1/end');

    fireEvent.click(screen.getByRole('button', { name: 'סיום האירוע' }));
    dialog = await screen.findByRole('dialog', { name: t('events.end.title') });
    fireEvent.click(within(dialog).getByRole('button', { name: 'לסיים עכשיו' }));

    await waitFor(() => expect(screen.getByTestId('event-ended')).toBeTruthy());
    expect(bodiesSent(fetchMock, 'POST /api/events/e1/end')).toEqual([{}]);
    expect(screen.getByText('הסתיים', { selector: '[data-phase] *' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'סיום האירוע' })).toBeNull();
    expect(screen.queryByRole('form', { name: t('events.message.title') })).toBeNull();
    expect(missing).toEqual([]);
  });

  it('disqualifies a team once the organiser confirms, and adds time to every team at once', async () => {
    const room = liveRoom();
    const later = new Date(Date.parse(room.event.endsAt) + 15 * 60_000).toISOString();
    const fetchMock = mockRoutes(
      routes({
        'POST /api/events/e1/teams/t2/disqualify': { body: { data: { ...room.teams[1], disqualified: true } } },
        'POST /api/events/e1/extend': { body: { data: { ...room.event, endsAt: later } } },
      }),
    );
    const { t, missing } = await renderPage(<ControlRoomPage />, setup);
    await screen.findByTestId('teams');

    fireEvent.click(screen.getByRole('button', { name: t('events.disqualify.buttonFor', { team: 'Lions' }) }));
    const dialog = await screen.findByRole('dialog', { name: t('events.disqualify.title') });
    expect(routesCalled(fetchMock)).not.toContain('POST /api/events/e1/teams/t2/disqualify');
    fireEvent.click(within(dialog).getByRole('button', { name: t('events.disqualify.confirm') }));
    await waitFor(() => expect(screen.getAllByTestId('team-state').map((cell) => cell.textContent)).toContain(t('events.teams.disqualified')));
    expect(screen.queryByRole('button', { name: t('events.disqualify.buttonFor', { team: 'Lions' }) })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: t('events.extend.button', { minutes: 15 }) }));
    await waitFor(() => expect(bodiesSent(fetchMock, 'POST /api/events/e1/extend')).toEqual([{ minutes: 15 }]));
    expect(missing).toEqual([]);
  });

  it('pushes a hint to a team: the organiser picks the question and the hint', async () => {
    const room = liveRoom();
    const fetchMock = mockRoutes(routes({ 'POST /api/events/e1/teams/t2/hint': { body: { data: { ...room.teams[1], hints: 3 } } } }));
    const { t, missing } = await renderPage(<ControlRoomPage />, setup);
    await screen.findByTestId('teams');
    // Only a team that is playing can be helped: the one not started has no such button.
    expect(screen.getAllByRole('button', { name: /^שליחת רמז/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: t('events.pushHint.buttonFor', { team: 'Lions' }) }));
    const dialog = await screen.findByRole('dialog', { name: t('events.pushHint.title', { team: 'Lions' }) });
    fireEvent.click(within(dialog).getByRole('button', { name: t('events.pushHint.send') }));
    await waitFor(() => expect(bodiesSent(fetchMock, 'POST /api/events/e1/teams/t2/hint')).toEqual([{ questionIndex: 0, hintIndex: 0 }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(missing).toEqual([]);
  });

  for (const [status, key] of [
    [403, 'events.room.forbidden'],
    [404, 'events.room.notFound'],
  ] as const) {
    it(`says so in words when the server answers ${status}, and opens no socket`, async () => {
      const fetchMock = mockRoutes(routes({ 'GET /api/events/e1': { status, body: { message: 'no', code: status === 403 ? 'forbidden' : 'not_found' } } }));
      const { t } = await renderPage(<ControlRoomPage />, { ...setup, language: 'en' });
      const refused = await screen.findByTestId('room-refused');
      expect(within(refused).getByText(t(key))).toBeTruthy();
      expect(within(refused).getByRole('link', { name: t('events.room.toEvents') }).getAttribute('href')).toBe('/events');
      // Refused is final: not asked again.
      expect(routesCalled(fetchMock).filter((route) => route === 'GET /api/events/e1')).toHaveLength(1);
      expect(watchControlRoom).not.toHaveBeenCalled();
    });
  }
});
