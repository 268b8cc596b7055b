import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { toEditableGame } from '@streethunt/shared';
import { ownerReply } from './test-game.ts';
import { bodiesSent, GAME_PATH, renderEditor, serve, storedReply, useWideEditorScreen } from './test-editor.tsx';

vi.mock('./fields/rich-text-field.tsx', async () => ({ RichTextField: (await import('./test-fields.tsx')).RichTextFieldStandIn }));
vi.mock('./fields/media-picker.tsx', async () => ({ MediaPicker: (await import('./test-fields.tsx')).MediaPickerStandIn }));
vi.mock('./fields/area-editor.tsx', async () => ({ AreaEditor: (await import('./test-fields.tsx')).AreaEditorStandIn }));
vi.mock('./fields/preview-map.tsx', async () => ({ PreviewMap: (await import('./test-fields.tsx')).PreviewMapStandIn }));

describe('editor: the questions a visitor may try before buying', () => {
  useWideEditorScreen();

  it.each(['he', 'en'] as const)('are 0 until set, say the most allowed (half the questions), and are saved with the game (%s)', async (language) => {
    const stored = ownerReply();
    const edited = { ...toEditableGame(stored), metadata: { ...toEditableGame(stored).metadata, freeQuestions: 1 } };
    const fetchMock = serve(stored, { [`POST ${GAME_PATH}`]: storedReply(edited, 4) });
    const { t, missing } = await renderEditor({ language });
    const field = screen.getByTestId('field-free-questions') as HTMLInputElement;
    expect(field.value).toBe('0');
    expect(screen.getByLabelText(t('editor.metadata.freeQuestions'))).toBe(field);
    const max = Math.floor((stored.questions ?? []).length / 2);
    expect(screen.getByText(t('editor.metadata.freeQuestionsHint', { max }))).toBeTruthy();
    fireEvent.change(field, { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('save'));
    expect(await screen.findByText(t('editor.save.saved'))).toBeTruthy();
    expect(bodiesSent(fetchMock, `POST ${GAME_PATH}`)[0]).toMatchObject({ metadata: { freeQuestions: 1 } });
    expect(missing).toEqual([]);
  });
});
