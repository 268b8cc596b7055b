import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Place } from '@streethunt/shared';
import { PLACES_DEBOUNCE_MS, PlacesSearch } from './places-search.tsx';
import { mockRoutes, routesCalled } from '../../../test/fetch-routes.ts';
import { renderUi } from '../../../test/render-ui.tsx';

const telAviv: Place = { name: 'תל אביב-יפו', detail: 'ישראל', lat: 32.08088, lng: 34.78057, source: 'gazetteer' };
const telMond: Place = { name: 'תל מונד', detail: 'ישראל', lat: 32.25, lng: 34.91, source: 'gazetteer' };
const typedPoint: Place = { name: '32.08, 34.79', detail: '', lat: 32.08, lng: 34.79, source: 'coordinates' };

const url = (q: string, lang: string, submitted = false) => `GET /api/places?${new URLSearchParams({ q, lang, ...(submitted && { submitted: 'true' }) }).toString()}`;
const dizengoff: Place = { name: 'כיכר דיזנגוף', detail: 'תל אביב-יפו, ישראל', lat: 32.0779, lng: 34.7741, source: 'upstream' };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function type(value: string) {
  fireEvent.change(screen.getByTestId('places-search'), { target: { value } });
}

describe('PlacesSearch', () => {
  it('searches once typing pauses, in the page’s language, and shows each place’s name and detail', async () => {
    const fetchMock = mockRoutes({ [url('תל', 'he')]: { body: { data: [telAviv, telMond], upstream: 'off' } } });
    const onPick = vi.fn();
    const { t, missing } = await renderUi(<PlacesSearch onPick={onPick} />);
    const input = screen.getByRole('textbox', { name: t('fields.places.label') });
    fireEvent.focus(input);

    type('ת');
    await pause(PLACES_DEBOUNCE_MS + 100);
    expect(routesCalled(fetchMock)).toEqual([]); // one character is not enough

    type('תל');
    expect(routesCalled(fetchMock)).toEqual([]); // not before the pause
    expect(await screen.findByText(t('fields.places.loading'))).toBeTruthy();
    const options = await screen.findAllByTestId('place-option');
    expect(options.map((option) => option.textContent)).toEqual(['תל אביב-יפוישראל', 'תל מונדישראל']);
    expect(routesCalled(fetchMock)).toEqual([url('תל', 'he')]);

    fireEvent.click(options[0]);
    expect(onPick).toHaveBeenCalledWith(telAviv);
    expect((input as HTMLInputElement).value).toBe('תל אביב-יפו');
    await pause(PLACES_DEBOUNCE_MS + 100);
    expect(routesCalled(fetchMock)).toEqual([url('תל', 'he')]); // the picked name is not searched for again
    expect(missing).toEqual([]);
  });

  it('sends only the last of quick keystrokes, and picks with the keyboard', async () => {
    const fetchMock = mockRoutes({ [url('32.08, 34.79', 'en')]: { body: { data: [typedPoint], upstream: 'off' } } });
    const onPick = vi.fn();
    await renderUi(<PlacesSearch onPick={onPick} />, 'en');
    const input = screen.getByRole('textbox', { name: 'Search for a place' });
    fireEvent.focus(input);
    for (const value of ['32', '32.0', '32.08,', '32.08, 34', '32.08, 34.79']) type(value);
    expect(await screen.findByText('32.08, 34.79', { selector: '[data-testid="place-option"] *' })).toBeTruthy();
    expect(routesCalled(fetchMock)).toEqual([url('32.08, 34.79', 'en')]);

    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(typedPoint);
  });

  it('says when nothing was found, and when the search failed', async () => {
    mockRoutes({
      [url('Atlantis', 'en')]: { body: { data: [], upstream: 'off' } },
      [url('Atlantis!', 'en')]: { status: 500, body: { message: 'boom', code: 'error' } },
    });
    const { t } = await renderUi(<PlacesSearch onPick={vi.fn()} />, 'en');
    fireEvent.focus(screen.getByTestId('places-search'));
    type('Atlantis');
    await waitFor(() => expect(screen.getByTestId('places-status').textContent).toBe(t('fields.places.empty')));
    expect(t('fields.places.empty')).toBe('No places found');
    type('Atlantis!');
    await waitFor(() => expect(screen.getByTestId('places-status').textContent).toBe(t('fields.places.failed')));
  });

  it('offers to search streets and places; Enter submits, the found places show with OpenStreetMap’s credit, and a pick hands them on', async () => {
    const fetchMock = mockRoutes({
      [url('כיכר דיז', 'he')]: { body: { data: [], upstream: 'on' } },
      [url('כיכר דיז', 'he', true)]: { body: { data: [dizengoff], upstream: 'on' } },
    });
    const onPick = vi.fn();
    const { t, missing } = await renderUi(<PlacesSearch onPick={onPick} />);
    const input = screen.getByTestId('places-search');
    fireEvent.focus(input);
    type('כיכר דיז');
    const offer = await screen.findByTestId('places-search-streets');
    expect(offer.textContent).toBe(t('fields.places.searchStreets', { text: 'כיכר דיז' }));
    expect(screen.queryByTestId('places-status')).toBeNull(); // not 'nothing found' while streets are still to search
    expect(routesCalled(fetchMock)).toEqual([url('כיכר דיז', 'he')]);

    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    const option = await screen.findByTestId('place-option');
    expect(option.textContent).toBe('כיכר דיזנגוףתל אביב-יפו, ישראל');
    expect(routesCalled(fetchMock)).toEqual([url('כיכר דיז', 'he'), url('כיכר דיז', 'he', true)]);
    expect(screen.queryByTestId('places-search-streets')).toBeNull();
    const footer = screen.getByTestId('places-footer');
    expect(footer.textContent).toBe('רחובות ומקומות: © התורמים של OpenStreetMap');
    expect(footer.querySelector('a')?.getAttribute('href')).toBe('https://www.openstreetmap.org/copyright');
    fireEvent.click(option);
    expect(onPick).toHaveBeenCalledWith(dizengoff);
    expect(missing).toEqual([]);
  });

  it('clicking the offer submits too; nothing found names streets, and a busy search says to wait', async () => {
    const fetchMock = mockRoutes({
      [url('Nowhere St', 'en')]: { body: { data: [], upstream: 'on' } },
      [url('Nowhere St', 'en', true)]: { body: { data: [], upstream: 'on' } },
      [url('Busy St', 'en')]: { body: { data: [], upstream: 'on' } },
      [url('Busy St', 'en', true)]: { status: 429, body: { message: 'busy', code: 'rate_limited' } },
    });
    const { t } = await renderUi(<PlacesSearch onPick={vi.fn()} />, 'en');
    fireEvent.focus(screen.getByTestId('places-search'));
    type('Nowhere St');
    fireEvent.click(await screen.findByTestId('places-search-streets'));
    await waitFor(() => expect(screen.getByTestId('places-status').textContent).toBe(t('fields.places.emptyStreets')));
    type('Busy St');
    fireEvent.click(await screen.findByTestId('places-search-streets'));
    await waitFor(() => expect(screen.getByTestId('places-status').textContent).toBe('The places search is busy. Try again in a moment.'));
    expect(routesCalled(fetchMock)).toContain(url('Busy St', 'en', true));
  });

  it('says what works offline when the streets search is off or cannot be reached, and offers no streets search', async () => {
    mockRoutes({
      [url('Haifa', 'en')]: { body: { data: [], upstream: 'off' } },
      [url('Hadera', 'en')]: { body: { data: [], upstream: 'down' } },
    });
    const { t } = await renderUi(<PlacesSearch onPick={vi.fn()} />, 'en');
    fireEvent.focus(screen.getByTestId('places-search'));
    type('Haifa');
    await waitFor(() => expect(screen.getByTestId('places-footer').textContent).toBe(t('fields.places.offlineOnly')));
    expect(screen.queryByTestId('places-search-streets')).toBeNull();
    type('Hadera');
    await waitFor(() => expect(screen.getByTestId('places-footer').textContent).toBe(t('fields.places.streetsDown')));
    expect(screen.getByTestId('places-footer').textContent).toMatch(/coordinates such as 32.08, 34.79/);
    expect(screen.queryByTestId('places-search-streets')).toBeNull();
  });
});
