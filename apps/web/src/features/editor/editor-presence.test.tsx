import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { printedPresenceCode, toEditableGame, type PresenceCodesReply } from '@streethunt/shared';
import { GAME_ID, ownerReply } from './test-game.ts';
import { readDraft } from './local-draft.ts';
import { bodiesSent, GAME_PATH, renderEditor, selectNode, serve, storedReply, useWideEditorScreen } from './test-editor.tsx';

vi.mock('../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('./fields/rich-text-field.tsx', async () => ({ RichTextField: (await import('./test-fields.tsx')).RichTextFieldStandIn }));
vi.mock('./fields/media-picker.tsx', async () => ({ MediaPicker: (await import('./test-fields.tsx')).MediaPickerStandIn }));
vi.mock('./fields/area-editor.tsx', async () => ({ AreaEditor: (await import('./test-fields.tsx')).AreaEditorStandIn }));
vi.mock('./fields/preview-map.tsx', async () => ({ PreviewMap: (await import('./test-fields.tsx')).PreviewMapStandIn }));

const CODES: PresenceCodesReply = { data: { gameId: GAME_ID, codes: [{ questionId: 'q1', code: 'ABCD2345' }, { questionId: 'q2', code: 'WXYZ6789' }] } };
const CODES_PATH = `GET /api/games/presence-codes/${GAME_ID}`;

describe('editor: proof of presence by a QR sign', () => {
  useWideEditorScreen();

  it.each(['en', 'he'] as const)('sets a question to QR and saves it; gps is stored as no setting (%s)', async (language) => {
    const stored = ownerReply();
    const fetchMock = serve(stored, { [`POST ${GAME_PATH}`]: storedReply({ ...toEditableGame(stored) }, 4), [CODES_PATH]: { body: CODES } });
    const { t, missing } = await renderEditor({ language });
    selectNode('q0');
    const field = within(screen.getByTestId('field-presence'));
    // Without the map: no area to walk to, so 'gps' reads as no proof, and GPS-or-QR is not offered.
    expect(field.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['gps', 'qr']);
    expect(field.getByLabelText(t('spotCodes.none'))).toBeTruthy();
    expect((field.getByLabelText(t('spotCodes.none')) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('presence-print')).toBeNull();

    fireEvent.click(field.getByLabelText(t('spotCodes.qr')));
    await waitFor(() => expect(readDraft(GAME_ID)?.game.questions[0]?.presence).toBe('qr'));
    expect(screen.getByText(t('spotCodes.qrNote'))).toBeTruthy();
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(bodiesSent(fetchMock, `POST ${GAME_PATH}`)).toHaveLength(1));
    const sent = bodiesSent(fetchMock, `POST ${GAME_PATH}`)[0] as { questions: Array<{ presence?: string }> };
    expect(sent.questions.map((q) => q.presence)).toEqual(['qr', undefined]);
    expect(missing).toEqual([]);
  });

  it('with the map on offers GPS-or-QR; back to GPS drops the setting', async () => {
    serve(ownerReply({ metadata: { map: true } }));
    const { t } = await renderEditor();
    selectNode('q0');
    const field = within(screen.getByTestId('field-presence'));
    expect(field.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['gps', 'qr', 'gps-or-qr']);
    fireEvent.click(field.getByLabelText(t('spotCodes.gpsOrQr')));
    await waitFor(() => expect(readDraft(GAME_ID)?.game.questions[0]?.presence).toBe('gps-or-qr'));
    expect(screen.getByTestId('save-state').textContent).toBe(t('editor.save.unsaved'));
    fireEvent.click(field.getByLabelText(t('spotCodes.gps')));
    // The game is as stored again: nothing to save.
    await waitFor(() => expect(screen.getByTestId('save-state').textContent).toBe(t('editor.save.allSaved')));
  });

  it('prints a sign per question asking for one: its number, first words, QR code and the code to type', async () => {
    const stored = ownerReply();
    const [first, second] = stored.questions!;
    const fetchMock = serve({ ...stored, questions: [{ ...first!, presence: 'qr' }, second!] }, { [CODES_PATH]: { body: CODES } });
    const print = vi.fn();
    window.print = print;
    const { t, missing } = await renderEditor({ language: 'he' });
    selectNode('q0');
    fireEvent.click(screen.getByTestId('presence-print'));
    const sheet = within(await screen.findByRole('dialog'));
    await waitFor(() => expect(sheet.getAllByTestId('presence-sign')).toHaveLength(1), { timeout: 5000 });
    const sign = within(sheet.getByTestId('presence-sign'));
    expect(sign.getByText(t('spotCodes.card', { n: 1 }))).toBeTruthy();
    expect(sign.getByText('Who lived in the house?')).toBeTruthy();
    expect(sign.getByTestId('presence-sign-code').textContent).toBe(printedPresenceCode('ABCD2345'));
    expect(sign.getByRole('img', { name: t('spotCodes.qrAlt', { n: 1 }) }).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    // The print-only copy is there too, straight under <body>.
    expect(document.body.querySelector(':scope > [data-testid="presence-print-sheet"]')).toBeTruthy();
    fireEvent.click(sheet.getByTestId('presence-sheet-print'));
    expect(print).toHaveBeenCalled();
    expect(fetchMock.mock.calls.some(([input]) => String(input) === `/api/games/presence-codes/${GAME_ID}`)).toBe(true);
    expect(missing).toEqual([]);
  });
});
