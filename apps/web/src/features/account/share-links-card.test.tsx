import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Language } from '@streethunt/shared';
import { Component as UpdateProfilePage } from './update-profile-page.tsx';
import { autoLoginReply, mockRoutes, renderPage, resetBrowserState, routesCalled, storeSession } from '../../test/render-page.tsx';
import { buildProfile } from '../../test/profile-factory.ts';

const CODE = 'ABCD2345';
const profile = buildProfile({ affiliateCode: CODE });
const game = (id: string, name: string, city: string, status = 'APPROVED') => ({ _id: id, userId: 'u9', status, metadata: { name, locationCity: city }, start: null });
const GAMES = [game('aaaaaaaaaaaaaaaaaaaaaaa1', 'מסע בזמן', 'תל אביב'), game('bbbbbbbbbbbbbbbbbbbbbbb2', 'Old City Secrets', 'Jerusalem'), game('ccccccccccccccccccccccc3', 'Draft', '', 'DRAFT')];
/** Not on the first page: found by asking the server. */
const HAIFA = game('ddddddddddddddddddddddd4', 'Carmel Stairs', 'Haifa');
/** One page of GET /api/games (the picker shows the first page of each search). */
const listPage = (data: unknown[]) => ({ body: { data, nextCursor: null } });

async function showPage(language: Language, games: unknown = listPage(GAMES), searches: Record<string, unknown> = {}) {
  storeSession();
  const fetchMock = mockRoutes({
    'POST /api/auto-login': autoLoginReply,
    'GET /api/user/profile': { body: { data: { user: { ...profile, language } } } },
    'GET /api/games': games as never,
    ...(searches as Record<string, never>),
  });
  const page = await renderPage(<UpdateProfilePage />, { path: '/update-profile', url: '/update-profile', language });
  const card = await screen.findByRole('region', { name: page.t('account.share.title') });
  return { ...page, card, fetchMock };
}

const linkOf = (group: HTMLElement) => (within(group).getByTestId('share-link-url') as HTMLInputElement).value;

describe.each(['he', 'en'] as const)('share and earn on /update-profile (%s)', (language) => {
  let writeText: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    resetBrowserState();
    writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(resetBrowserState);

  it('shows the code left to right and the link to every game, which copies', async () => {
    const { t, card, missing } = await showPage(language);
    const code = within(card).getByTestId('affiliate-code');
    expect(code.textContent).toBe(CODE);
    expect(code.getAttribute('dir')).toBe('ltr');

    const all = within(card).getByRole('group', { name: t('account.share.allGames') });
    expect(linkOf(all)).toBe(`${window.location.origin}/games?aff=${CODE}`);
    expect(within(all).getByTestId('share-link-url').getAttribute('dir')).toBe('ltr');
    expect((within(all).getByLabelText(t('account.share.allGames')) as HTMLInputElement).readOnly).toBe(true);

    fireEvent.click(within(all).getByRole('button', { name: t('account.share.copy') }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/games?aff=${CODE}`));
    expect(await within(all).findByRole('button', { name: t('account.share.copied') })).toBeTruthy();
    expect(within(all).getByRole('status').textContent).toBe(t('account.share.copied'));
    expect(missing).toEqual([]);
  });

  it('makes a link to one approved game picked from a searchable list', async () => {
    const { t, card, missing } = await showPage(language, listPage(GAMES), { 'GET /api/games?q=old+city': listPage([GAMES[1]]) });
    const select = within(card).getByRole('textbox', { name: t('account.share.pickGame') });
    // The input keeps the page's direction; each option runs its own way.
    expect(select.getAttribute('dir')).toBeNull();
    await waitFor(() => expect((select as HTMLInputElement).disabled).toBe(false));
    expect(within(card).queryByRole('group', { name: t('account.share.gameLink') })).toBeNull();

    fireEvent.click(select);
    const options = await screen.findAllByRole('option');
    // Drafts are never offered.
    expect(options.map((option) => option.textContent)).toEqual(['מסע בזמן · תל אביב', 'Old City Secrets · Jerusalem']);
    expect(options.every((option) => option.querySelector('[dir="auto"]'))).toBe(true);
    // Placed fixed: an absolutely placed list widened an English phone's page and scrolled it away (e2e/share-links).
    expect(screen.getByRole('listbox', { name: t('account.share.pickGame') }).closest('.mantine-Popover-dropdown')?.hasAttribute('data-fixed')).toBe(true);

    fireEvent.change(select, { target: { value: 'old city' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Old City Secrets · Jerusalem' }));
    const one = await within(card).findByRole('group', { name: t('account.share.gameLink') });
    expect(linkOf(one)).toBe(`${window.location.origin}/game/bbbbbbbbbbbbbbbbbbbbbbb2?aff=${CODE}`);
    fireEvent.click(within(one).getByRole('button', { name: t('account.share.copy') }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/game/bbbbbbbbbbbbbbbbbbbbbbb2?aff=${CODE}`));
    expect(missing).toEqual([]);
  });

  it('asks the server for what is typed and offers its first page of matches', async () => {
    const { t, card, fetchMock } = await showPage(language, listPage(GAMES), { 'GET /api/games?q=haifa': listPage([HAIFA]) });
    const select = within(card).getByRole('textbox', { name: t('account.share.pickGame') });
    await waitFor(() => expect((select as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(select);
    expect(await screen.findAllByRole('option')).toHaveLength(2);

    // Typing narrows the options at once, then asks the server once typing pauses.
    fireEvent.change(select, { target: { value: 'h' } });
    fireEvent.change(select, { target: { value: 'ha' } });
    fireEvent.change(select, { target: { value: 'haifa' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Carmel Stairs · Haifa' }));
    expect(routesCalled(fetchMock).filter((route) => route.startsWith('GET /api/games'))).toEqual(['GET /api/games', 'GET /api/games?q=haifa']);
    const one = await within(card).findByRole('group', { name: t('account.share.gameLink') });
    expect(linkOf(one)).toBe(`${window.location.origin}/game/${HAIFA._id}?aff=${CODE}`);

    // Opened again with the game picked: the newest games again (from the cache), the picked one among them.
    fireEvent.click(select);
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Carmel Stairs · Haifa', 'מסע בזמן · תל אביב', 'Old City Secrets · Jerusalem']));
    expect(routesCalled(fetchMock).filter((route) => route.startsWith('GET /api/games'))).toEqual(['GET /api/games', 'GET /api/games?q=haifa']);
  });

  it('shows a QR code of the link on demand, with a download', async () => {
    const { t, card } = await showPage(language);
    const all = within(card).getByRole('group', { name: t('account.share.allGames') });
    expect(within(all).queryByTestId('share-qr')).toBeNull();
    const toggle = within(all).getByRole('button', { name: t('account.share.showQr') });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);

    const image = (await within(all).findByRole('img', { name: t('account.share.qrAlt', { label: t('account.share.allGames') }) })) as HTMLImageElement;
    expect(image.src).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    const download = within(all).getByRole('link', { name: t('account.share.downloadQr') });
    expect(download.getAttribute('download')).toBe(`streethunt-games-${CODE}.svg`);
    const hide = within(all).getByRole('button', { name: t('account.share.hideQr') });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    expect(hide.getAttribute('aria-controls')).toBe(within(all).getByTestId('share-qr').id);
    fireEvent.click(hide);
    expect(within(all).queryByTestId('share-qr')).toBeNull();
  });

  it('says what the share is and links to the affiliates page and the terms', async () => {
    const { t, card, router } = await showPage(language);
    const terms = within(card).getByTestId('share-terms');
    expect(terms.textContent).toContain('10%');
    expect(terms.textContent).toContain('100');
    const affiliates = within(terms).getByRole('link', { name: t('account.share.terms').match(/<affiliates>(.*?)<\/affiliates>/)![1] });
    expect(affiliates.getAttribute('href')).toBe('/affiliates');
    expect(within(terms).getByRole('link', { name: t('account.share.terms').match(/<terms>(.*?)<\/terms>/)![1] }).getAttribute('href')).toBe('/terms');
    fireEvent.click(affiliates);
    await waitFor(() => expect(router.state.location.pathname).toBe('/affiliates'));
  });

  it('offers a retry when the games cannot be loaded, and the link to every game meanwhile', async () => {
    const { t, card } = await showPage(language, [{ status: 500, body: { message: 'boom', code: 'internal' } }, listPage(GAMES)]);
    expect(await within(card).findByText(t('account.share.gamesFailed'))).toBeTruthy();
    expect(linkOf(within(card).getByRole('group', { name: t('account.share.allGames') }))).toContain(`aff=${CODE}`);
    fireEvent.click(within(card).getByRole('button', { name: t('account.common.retry') }));
    expect(await within(card).findByRole('textbox', { name: t('account.share.pickGame') })).toBeTruthy();
  });

  it('says so when there is no game to link to yet', async () => {
    const { t, card } = await showPage(language, listPage([]));
    expect(await within(card).findByText(t('account.share.noGames'))).toBeTruthy();
  });
});
