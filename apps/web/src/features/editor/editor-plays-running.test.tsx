import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { ActivePlay, MyActiveGamesReply } from '@streethunt/shared';
import { GAME_ID, ownerReply } from './test-game.ts';
import { renderEditor, routesCalled, serve, useWideEditorScreen } from './test-editor.tsx';

vi.mock('./fields/rich-text-field.tsx', async () => ({ RichTextField: (await import('./test-fields.tsx')).RichTextFieldStandIn }));
vi.mock('./fields/media-picker.tsx', async () => ({ MediaPicker: (await import('./test-fields.tsx')).MediaPickerStandIn }));
vi.mock('./fields/area-editor.tsx', async () => ({ AreaEditor: (await import('./test-fields.tsx')).AreaEditorStandIn }));
vi.mock('./fields/preview-map.tsx', async () => ({ PreviewMap: (await import('./test-fields.tsx')).PreviewMapStandIn }));

const RUNNING = `GET /api/games/my-active-games?gameId=${GAME_ID}&progressType=started`;

function playsReply(count: number): { body: MyActiveGamesReply } {
  const play = (i: number): ActivePlay => ({
    _id: `play-${i}`,
    game_id: GAME_ID,
    game_name: 'Bialik street hunt',
    game_secret: `CODE${i}`,
    source: 'admin',
    createdAt: '2026-05-01T10:00:00.000Z',
    startTime: '2026-05-01T10:00:00.000Z',
    endTime: null,
    lastUpdate: '2026-05-01T10:05:00.000Z',
    questions: [],
    score: 0,
    payment: null,
  });
  return { body: { data: Array.from({ length: count }, (_, i) => play(i)), questions: [] } };
}

describe('editor: plays under way', () => {
  useWideEditorScreen();

  it.each([
    ['he', 1],
    ['he', 2],
    ['en', 1],
    ['en', 7],
  ] as const)('says that %s plays under way (%i) keep the version they started on', async (language, count) => {
    serve(ownerReply(), { [RUNNING]: playsReply(count) });
    const { t, missing } = await renderEditor({ language });
    const notice = await screen.findByTestId('plays-running');
    expect(notice.textContent).toBe(t('editor.playsRunning', { count }));
    expect(notice.textContent).toMatch(language === 'en' ? /under way/ : /פעיל/);
    expect(missing).toEqual([]);
  });

  it.each([
    ['no play is under way', playsReply(0)],
    ['the plays could not be counted', { status: 500, body: { message: 'down', code: 'internal' } }],
  ] as const)('says nothing when %s', async (_case, reply) => {
    const fetchMock = serve(ownerReply(), { [RUNNING]: reply });
    await renderEditor({ language: 'en' });
    await waitFor(() => expect(routesCalled(fetchMock)).toContain(RUNNING));
    expect(screen.queryByTestId('plays-running')).toBeNull();
  });
});
