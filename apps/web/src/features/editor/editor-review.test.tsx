import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ownerReply } from './test-game.ts';
import { renderEditor, serve, useWideEditorScreen } from './test-editor.tsx';

vi.mock('./fields/rich-text-field.tsx', async () => ({ RichTextField: (await import('./test-fields.tsx')).RichTextFieldStandIn }));
vi.mock('./fields/media-picker.tsx', async () => ({ MediaPicker: (await import('./test-fields.tsx')).MediaPickerStandIn }));
vi.mock('./fields/area-editor.tsx', async () => ({ AreaEditor: (await import('./test-fields.tsx')).AreaEditorStandIn }));
vi.mock('./fields/preview-map.tsx', async () => ({ PreviewMap: (await import('./test-fields.tsx')).PreviewMapStandIn }));

describe('editor: the admin’s note', () => {
  useWideEditorScreen();

  it.each(['he', 'en'] as const)('shows why the game was sent back, above a draft (%s)', async (language) => {
    serve({ ...ownerReply(), reviewNote: 'Question 2 needs a safer place to stand.\nהשאלה השנייה' });
    const { t, missing } = await renderEditor({ language });
    const note = screen.getByTestId('review-note');
    expect(note.textContent).toContain(t('editor.review.title'));
    expect(note.textContent).toContain('Question 2 needs a safer place to stand.');
    expect(note.querySelector('[dir="auto"]')).not.toBeNull();
    expect(missing).toEqual([]);
  });

  it('shows nothing without a note', async () => {
    serve(ownerReply());
    await renderEditor({ language: 'en' });
    expect(screen.queryByTestId('review-note')).toBeNull();
  });
});
