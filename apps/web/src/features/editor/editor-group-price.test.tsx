import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { toEditableGame } from '@streethunt/shared';
import { ownerReply } from './test-game.ts';
import { bodiesSent, GAME_PATH, renderEditor, serve, storedReply, useWideEditorScreen } from './test-editor.tsx';

vi.mock('./fields/rich-text-field.tsx', async () => ({ RichTextField: (await import('./test-fields.tsx')).RichTextFieldStandIn }));
vi.mock('./fields/media-picker.tsx', async () => ({ MediaPicker: (await import('./test-fields.tsx')).MediaPickerStandIn }));
vi.mock('./fields/area-editor.tsx', async () => ({ AreaEditor: (await import('./test-fields.tsx')).AreaEditorStandIn }));
vi.mock('./fields/preview-map.tsx', async () => ({ PreviewMap: (await import('./test-fields.tsx')).PreviewMapStandIn }));

describe('editor: the price per team of an event', () => {
  useWideEditorScreen();

  it('is empty until set (the game’s price then), and saved as shekels with the game (Hebrew)', async () => {
    const stored = ownerReply();
    const edited = { ...toEditableGame(stored), metadata: { ...toEditableGame(stored).metadata, groupPrice: 32.5 } };
    const fetchMock = serve(stored, { [`POST ${GAME_PATH}`]: storedReply(edited, 4) });
    const { t, missing } = await renderEditor({ language: 'he' });
    const field = screen.getByTestId('field-group-price') as HTMLInputElement;
    expect(field.value).toBe('');
    expect(screen.getByLabelText(t('editor.metadata.groupPrice'))).toBe(field);
    expect(screen.getByText(t('editor.metadata.groupPriceHint'))).toBeTruthy();
    fireEvent.change(field, { target: { value: '32.5' } });
    fireEvent.click(screen.getByTestId('save'));
    expect(await screen.findByText(t('editor.save.saved'))).toBeTruthy();
    expect(bodiesSent(fetchMock, `POST ${GAME_PATH}`)[0]).toMatchObject({ metadata: { price: edited.metadata.price, groupPrice: 32.5 } });
    expect(missing).toEqual([]);
  });
});
