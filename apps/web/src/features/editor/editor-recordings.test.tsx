import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toEditableGame } from '@streethunt/shared';
import { GAME_ID, ownerReply } from './test-game.ts';
import { readDraft } from './local-draft.ts';
import { bodiesSent, GAME_PATH, renderEditor, selectNode, serve, storedReply, useWideEditorScreen } from './test-editor.tsx';

vi.mock('../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('./fields/rich-text-field.tsx', async () => ({ RichTextField: (await import('./test-fields.tsx')).RichTextFieldStandIn }));
vi.mock('./fields/media-picker.tsx', async () => ({ MediaPicker: (await import('./test-fields.tsx')).MediaPickerStandIn }));
vi.mock('./fields/area-editor.tsx', async () => ({ AreaEditor: (await import('./test-fields.tsx')).AreaEditorStandIn }));
vi.mock('./fields/preview-map.tsx', async () => ({ PreviewMap: (await import('./test-fields.tsx')).PreviewMapStandIn }));

const INTRO = '/media/uploads/u1/1111222233334444.mp3';
const QUESTION = '/media/uploads/u1/5555666677778888.m4a';
const HINT = '/media/uploads/u1/9999aaaabbbbcccc.ogg';

/** The recording field of the panel shown (the picker's stand-in: a text box named by the field's label). */
const recordingField = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe('editor: the creator’s audio recordings', () => {
  useWideEditorScreen();

  it.each(['he', 'en'] as const)('offers an audio recording on the intro, a question and a hint, and saves them; removed, none is sent (%s)', async (language) => {
    const stored = ownerReply();
    const fetchMock = serve(stored, { [`POST ${GAME_PATH}`]: storedReply({ ...toEditableGame(stored) }, 4) });
    const { t, missing } = await renderEditor({ language });
    const label = t('editor.recording.label');

    selectNode('intro');
    expect(recordingField(label).value).toBe('');
    fireEvent.change(recordingField(label), { target: { value: INTRO } });
    await waitFor(() => expect(readDraft(GAME_ID)?.game.metadata.audio).toBe(INTRO));

    selectNode('q0');
    fireEvent.change(recordingField(label), { target: { value: QUESTION } });
    selectNode('q0/hint0');
    fireEvent.change(recordingField(label), { target: { value: HINT } });
    await waitFor(() => expect(readDraft(GAME_ID)?.game.questions[0]?.hints[0]?.audio).toBe(HINT));

    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(bodiesSent(fetchMock, `POST ${GAME_PATH}`)).toHaveLength(1));
    const sent = bodiesSent(fetchMock, `POST ${GAME_PATH}`)[0] as { metadata: { audio?: string }; questions: Array<{ audio?: string; hints: Array<{ audio?: string }> }> };
    expect(sent.metadata.audio).toBe(INTRO);
    expect(sent.questions[0]?.audio).toBe(QUESTION);
    expect(sent.questions[0]?.hints.map((h) => h.audio)).toEqual([HINT, undefined]);
    expect(sent.questions[1]?.audio).toBeUndefined();

    // Removed (the picker's Remove gives ''): the question has no recording, and the save sends none.
    selectNode('q0');
    fireEvent.change(recordingField(label), { target: { value: '' } });
    await waitFor(() => expect(readDraft(GAME_ID)?.game.questions[0]?.audio).toBeUndefined());
    expect(missing).toEqual([]);
  });
});
