import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { distanceToArea, isInsideArea, type GameReply, type Point } from '@streethunt/shared';
import { PreviewMap } from './preview-map.tsx';
import { SIMULATED_START_OUTSIDE_METERS, simulatedStart, START_OF_GAME } from './preview-position.ts';
import { mockRoutes } from '../../../test/fetch-routes.ts';
import { renderUi } from '../../../test/render-ui.tsx';

const config = { body: { appEnv: 'development', productionHosts: [], bareDomain: null, tileUrl: '', vatPercent: 18 } };
const LOADED = { timeout: 10_000 };

const start: Point = { lat: 32.0835, lng: 34.78 };
const point: Point = { lat: 32.0817, lng: 34.7836 };
const square: Point[] = [
  { lat: 32.0853, lng: 34.7818 },
  { lat: 32.0862, lng: 34.7818 },
  { lat: 32.0862, lng: 34.7829 },
  { lat: 32.0853, lng: 34.7829 },
];

let questionNumber = 0;
function question(location: GameReply['metadata']['location']): NonNullable<GameReply['questions']>[number] {
  questionNumber += 1;
  return { id: `q${questionNumber}`, content: '<p>?</p>', location, answer: { salt: 's', hashes: [], content: '', contentAfterAnswer: '' }, hints: [] };
}

function gameWith(questions: NonNullable<GameReply['questions']>, location: GameReply['metadata']['location'] = start): GameReply {
  return {
    _id: 'g1',
    userId: 'u1',
    status: 'DRAFT',
    metadata: { name: 'Test', locationCity: 'Tel Aviv', locationText: '', price: '', currencyCode: 'ILS', language: 'he', map: true, coverImage: '', location },
    introPage: { content: '' },
    gameoverPage: { content: '', hideGameSummary: false },
    questionCount: questions.length,
    questions,
  };
}

describe('simulatedStart', () => {
  it('stands a short walk south of a point area, outside it', () => {
    const game = gameWith([question(point)]);
    const position = simulatedStart(game, 0);
    expect(position.lng).toBe(point.lng);
    expect(position.lat).toBeLessThan(point.lat);
    expect(isInsideArea(position, point)).toBe(false);
    expect(distanceToArea(position, point)).toBeCloseTo(SIMULATED_START_OUTSIDE_METERS, 0);
  });

  it('stands outside a polygon, however it is shaped, within a short walk', () => {
    const position = simulatedStart(gameWith([question(point), question(square)]), 1);
    expect(isInsideArea(position, square)).toBe(false);
    const walk = distanceToArea(position, square);
    expect(walk).toBeGreaterThanOrEqual(SIMULATED_START_OUTSIDE_METERS);
    expect(walk).toBeLessThan(SIMULATED_START_OUTSIDE_METERS + 60);
  });

  it('without an area stands on the game’s start, else its first area, else the default centre', () => {
    expect(simulatedStart(gameWith([question(null)]), 0)).toEqual(start);
    expect(simulatedStart(gameWith([question(null), question(point)], null), 0)).toEqual(point);
    expect(simulatedStart(gameWith([], null), -1)).toEqual({ lat: 32.085744, lng: 34.795196 });
  });
});

describe('PreviewMap', () => {
  it('explains the simulated player and shows the distance and direction a player there would see', async () => {
    mockRoutes({ 'GET /api/public-config': config });
    const { t, missing } = await renderUi(<PreviewMap game={gameWith([question(point)])} currentQuestion={0} />, 'en');
    expect(screen.getByText(t('fields.preview.explain'))).toBeTruthy();
    expect(screen.getByText('60 m to the area')).toBeTruthy();
    expect(screen.getByText('Direction: north')).toBeTruthy();
    const map = await screen.findByTestId('game-map', undefined, LOADED);
    expect(map.querySelector('.sh-map-marker--current')?.textContent).toBe('1');
    expect(missing).toEqual([]);
  });

  it('lights the area up when the simulated player is moved inside, on the guide and on the map', async () => {
    mockRoutes({ 'GET /api/public-config': config });
    const { i18n } = await renderUi(<PreviewMap game={gameWith([question(point)])} currentQuestion={0} />);
    const marker = await screen.findByRole('button', { name: i18n.t('studio:fields.preview.marker') }, LOADED);
    // The lit-up area: the player's arrival colour, drawn thick.
    const litUp = () => document.querySelectorAll('.leaflet-overlay-pane path[stroke="#087f5b"][stroke-width="5"]');
    expect(litUp()).toHaveLength(0);
    expect(screen.getByTestId('area-guide').hasAttribute('data-arrived')).toBe(false);

    fireEvent.keyDown(marker, { key: 'ArrowUp', shiftKey: true }); // 20 m north
    expect(screen.getByText('עוד 40 מ׳ עד האזור')).toBeTruthy();
    fireEvent.keyDown(marker, { key: 'ArrowUp', shiftKey: true });
    fireEvent.keyDown(marker, { key: 'ArrowUp', shiftKey: true });
    fireEvent.keyDown(marker, { key: 'ArrowUp', shiftKey: true }); // 80 m north: 10 m from the point
    expect(screen.getByTestId('area-guide').hasAttribute('data-arrived')).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(i18n.t('map.guide.arrived'));
    await waitFor(() => expect(litUp()).toHaveLength(1));
  });

  it('starts afresh near the next question’s area, and says when a question has none', async () => {
    mockRoutes({ 'GET /api/public-config': config });
    const game = gameWith([question(point), question(square), question(null)]);
    const { rerender, t } = await renderUi(<PreviewMap game={game} currentQuestion={0} />, 'en');
    const marker = await screen.findByRole('button', { name: t('fields.preview.marker') }, LOADED);
    fireEvent.keyDown(marker, { key: 'ArrowUp', shiftKey: true });
    expect(screen.getByText('40 m to the area')).toBeTruthy();

    rerender(<PreviewMap game={game} currentQuestion={1} />);
    expect(screen.getByText(`${Math.round(distanceToArea(simulatedStart(game, 1), square))} m to the area`)).toBeTruthy();
    rerender(<PreviewMap game={game} currentQuestion={0} />);
    expect(screen.getByText('60 m to the area')).toBeTruthy();

    rerender(<PreviewMap game={game} currentQuestion={2} />);
    expect(screen.getByTestId('preview-no-area').textContent).toBe(t('fields.preview.noArea'));
    expect(screen.queryByTestId('area-guide')).toBeNull();
  });

  it('with the start location chosen, leads to the game’s start, never saying a question has no area', async () => {
    mockRoutes({ 'GET /api/public-config': config });
    // The first question has no area: the start's preview has nothing to do with it.
    const game = gameWith([question(null), question(point)]);
    const { rerender, t } = await renderUi(<PreviewMap game={game} currentQuestion={START_OF_GAME} />, 'he');
    await screen.findByRole('button', { name: t('fields.preview.marker') }, LOADED);
    expect(screen.queryByTestId('preview-no-area')).toBeNull();
    expect(screen.getByTestId('area-guide')).toBeTruthy();

    rerender(<PreviewMap game={gameWith([question(null)], null)} currentQuestion={START_OF_GAME} />);
    expect(screen.getByTestId('preview-no-area').textContent).toBe(t('fields.preview.noStart'));
    expect(t('fields.preview.noStart')).toMatch(/[א-ת]/);
  });
});
