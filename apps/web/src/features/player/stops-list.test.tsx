import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { Point } from '@streethunt/shared';
import { Announcer, resetAnnouncer } from '../../ui/announcer/announcer.tsx';
import { renderUi } from '../../test/render-ui.tsx';
import { StopsList, type ListedStop } from './stops-list.tsx';

const M_PER_DEG = 111_195.08;
function offset(origin: Point, north: number, east: number): Point {
  return { lat: origin.lat + north / M_PER_DEG, lng: origin.lng + east / (M_PER_DEG * Math.cos((origin.lat * Math.PI) / 180)) };
}
const here: Point = { lat: 32.07785, lng: 34.77412 };
// Stop 1 is about 500 m north-east of the player, stop 3 is 170 m south (200 m away less the area's 30 m radius).
const stops: ListedStop[] = [
  { id: 'q1', number: 1, location: offset(here, 354, 354), next: true },
  { id: 'q3', number: 3, location: offset(here, -200, 0), next: false },
];

const list = (position: Point | null) => (
  <>
    <StopsList gameId="g1" stops={stops} position={position} />
    <Announcer />
  </>
);

const rows = () => screen.getAllByTestId('stops-list-item').map((item) => item.textContent);

describe('the list of stops beside the map', () => {
  afterEach(() => act(resetAnnouncer));

  it('says each open stop’s distance and direction in words, nearest first, in English', async () => {
    const { missing } = await renderUi(list(here), 'en');
    expect(screen.getByRole('heading', { level: 2, name: 'Stops you can go to' })).toBeTruthy();
    expect(rows()).toEqual(['Question 3170 m, south', 'Question 1471 m, north-eastNext']);
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
    expect(missing).toEqual([]);
  });

  it('says the same in Hebrew', async () => {
    const { t, missing } = await renderUi(list(here), 'he');
    expect(screen.getByRole('heading', { level: 2, name: 'תחנות שאפשר ללכת אליהן' })).toBeTruthy();
    expect(rows()[0]).toBe(`${t('map.question', { number: 3 })}170 מ׳, לכיוון ${t('map.compass.S')}`);
    expect(missing).toEqual([]);
  });

  it('waits for the position, then reads again as the player walks, and says an arrival once', async () => {
    const { rerender, t } = await renderUi(list(null), 'en');
    expect(screen.getByTestId('stops-list-no-position').textContent).toBe('Distances appear once your location is known.');
    expect(rows()).toEqual(['Question 1Distance unknownNext', 'Question 3Distance unknown']);

    rerender(list(offset(here, -100, 0)));
    expect(rows()[0]).toBe('Question 370 m, south');
    expect(screen.getByTestId('announce-assertive').textContent).toBe('');

    rerender(list(offset(here, -190, 0)));
    expect(rows()[0]).toBe('Question 3You are here');
    expect(screen.getByTestId('announce-assertive').textContent).toBe(t('player.map.stops.arrivedNews', { n: 3 }));
    // Out of the area and back (GPS on foot wanders): no second announcement (a repeat would end in a no-break space).
    rerender(list(offset(here, -100, 0)));
    rerender(list(offset(here, -195, 0)));
    expect(screen.getByTestId('announce-assertive').textContent).toBe(t('player.map.stops.arrivedNews', { n: 3 }));
  });

  it('says when no stop is open', async () => {
    await renderUi(<StopsList gameId="g1" stops={[]} position={here} />, 'en');
    expect(screen.getByTestId('stops-list-empty').textContent).toBe('No stop on the map is open now.');
  });
});
