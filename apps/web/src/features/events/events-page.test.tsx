import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { autoLoginReply, freshBrowserEachTest, mockRoutes, renderPage, routesCalled } from '../../test/render-page.tsx';
import { Component as EventsPage } from './events-page.tsx';
import { buildEvent } from './test-data.ts';

const setup = { path: '/events' };
const HOUR = 60 * 60_000;

describe('events page', () => {
  freshBrowserEachTest('user');

  it('lists my events, each leading to its control room, with its game, times, teams and where it stands', async () => {
    const now = Date.now();
    const events = [
      buildEvent({ id: 'e3', name: 'Summer camp', gameName: 'Jaffa Port Hunt', startsAt: new Date(now + 24 * HOUR).toISOString(), endsAt: new Date(now + 26 * HOUR).toISOString(), teamCount: 40 }),
      buildEvent({ id: 'e2', name: 'יום גיבוש', startsAt: new Date(now - HOUR).toISOString(), endsAt: new Date(now + HOUR).toISOString() }),
      buildEvent({ id: 'e1', name: 'Old one', startsAt: new Date(now - 5 * HOUR).toISOString(), endsAt: new Date(now - 2 * HOUR).toISOString(), endedAt: new Date(now - 3 * HOUR).toISOString() }),
    ];
    const fetchMock = mockRoutes({ 'POST /api/auto-login': autoLoginReply, 'GET /api/events': { body: { data: events } } });
    const { t, missing } = await renderPage(<EventsPage />, setup);
    expect(screen.getByRole('status', { name: t('events.loading') })).toBeTruthy();
    const table = await screen.findByRole('table', { name: t('events.list.label') });

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('אירועים');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['Summer camp', 'יום גיבוש', 'Old one']);
    expect(within(rows[1]).getByRole('link').getAttribute('href')).toBe('/events/e2');
    expect(rows.map((row) => row.querySelector('[data-phase]')?.textContent)).toEqual(['טרם התחיל', 'מתקיים עכשיו', 'הסתיים']);
    expect(within(rows[0]).getByText('Jaffa Port Hunt')).toBeTruthy();
    expect(within(rows[0]).getByText('40')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'אירוע חדש' }).getAttribute('href')).toBe('/events/new');
    expect(routesCalled(fetchMock)).toEqual(['POST /api/auto-login', 'GET /api/events']);
    expect(missing).toEqual([]);
  });

  it('explains what an event is when there is none yet, and leads to making one', async () => {
    mockRoutes({ 'POST /api/auto-login': autoLoginReply, 'GET /api/events': { body: { data: [] } } });
    const { t, missing } = await renderPage(<EventsPage />, { ...setup, language: 'en' });
    const empty = await screen.findByTestId('events-empty');
    expect(within(empty).getByText(t('events.empty.title'))).toBeTruthy();
    expect(within(empty).getByText(t('events.empty.text'))).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'New event' }).getAttribute('href')).toBe('/events/new');
    // One way to make one, not two.
    expect(screen.getAllByRole('link', { name: 'New event' })).toHaveLength(1);
    expect(screen.queryByRole('table')).toBeNull();
    expect(missing).toEqual([]);
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    const fetchMock = mockRoutes({
      'POST /api/auto-login': autoLoginReply,
      'GET /api/events': [{ status: 500, body: { message: 'boom', code: 'internal' } }, { body: { data: [buildEvent()] } }],
    });
    const { t } = await renderPage(<EventsPage />, { ...setup, language: 'en' });
    const error = await screen.findByTestId('load-error');
    expect(within(error).getByText(t('events.loadFailed'))).toBeTruthy();
    fireEvent.click(within(error).getByRole('button', { name: t('studio.retry') }));
    await screen.findByRole('table');
    await waitFor(() => expect(routesCalled(fetchMock).filter((route) => route === 'GET /api/events')).toHaveLength(2));
  });
});
