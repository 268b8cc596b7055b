import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { GAME_ID, ownerReply } from './test-game.ts';
import { renderEditor, routesCalled, serve, useWideEditorScreen } from './test-editor.tsx';

vi.mock('./fields/rich-text-field.tsx', async () => ({ RichTextField: (await import('./test-fields.tsx')).RichTextFieldStandIn }));
vi.mock('./fields/media-picker.tsx', async () => ({ MediaPicker: (await import('./test-fields.tsx')).MediaPickerStandIn }));
vi.mock('./fields/area-editor.tsx', async () => ({ AreaEditor: (await import('./test-fields.tsx')).AreaEditorStandIn }));
vi.mock('./fields/preview-map.tsx', async () => ({ PreviewMap: (await import('./test-fields.tsx')).PreviewMapStandIn }));

const DRAFT_ID = 'draft-1';

describe('editor: the next version of an approved game', () => {
  useWideEditorScreen();

  it.each(['he', 'en'] as const)('an approved game offers its next version, and opening it goes to that draft (%s)', async (language) => {
    const fetchMock = serve(ownerReply({ status: 'APPROVED' }), {
      [`POST /api/games/next-version/${GAME_ID}`]: { body: { data: { _id: DRAFT_ID } } },
      [`GET /api/games/${DRAFT_ID}`]: { body: { ...ownerReply(), _id: DRAFT_ID, nextVersionOf: GAME_ID } },
    });
    const { t, router, missing } = await renderEditor({ language });
    const notice = screen.getByTestId('read-only-notice');
    expect(notice.textContent).toContain(t('editor.readOnly.approved'));
    fireEvent.click(screen.getByTestId('open-next-version'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/game-editor/${DRAFT_ID}`));
    expect(routesCalled(fetchMock)).toContain(`POST /api/games/next-version/${GAME_ID}`);
    // The draft says what it is, and links to the game on sale.
    const draftNotice = await screen.findByTestId('next-version-notice');
    expect(draftNotice.textContent).toContain(t('editor.nextVersion.text'));
    expect(draftNotice.querySelector('a')?.getAttribute('href')).toBe(`/game/${GAME_ID}`);
    expect(screen.queryByTestId('read-only-notice')).toBeNull();
    expect(missing).toEqual([]);
  });

  it('a draft that is not a next version says nothing of it', async () => {
    serve(ownerReply());
    await renderEditor({ language: 'en' });
    expect(screen.queryByTestId('next-version-notice')).toBeNull();
    expect(screen.queryByTestId('open-next-version')).toBeNull();
  });
});
