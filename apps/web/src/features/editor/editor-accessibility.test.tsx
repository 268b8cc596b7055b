import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { suggestedLengthKm, toEditableGame } from '@streethunt/shared';
import { buildQuestion } from '../../test/game-factory.ts';
import { GAME_ID, ownerReply } from './test-game.ts';
import { readDraft } from './local-draft.ts';
import { bodiesSent, GAME_PATH, renderEditor, selectNode, serve, storedReply, useWideEditorScreen } from './test-editor.tsx';

vi.mock('../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('./fields/rich-text-field.tsx', async () => ({ RichTextField: (await import('./test-fields.tsx')).RichTextFieldStandIn }));
vi.mock('./fields/media-picker.tsx', async () => ({ MediaPicker: (await import('./test-fields.tsx')).MediaPickerStandIn }));
vi.mock('./fields/area-editor.tsx', async () => ({ AreaEditor: (await import('./test-fields.tsx')).AreaEditorStandIn }));
vi.mock('./fields/preview-map.tsx', async () => ({ PreviewMap: (await import('./test-fields.tsx')).PreviewMapStandIn }));

/** Two stops about a kilometre apart, the start beside the first. */
function twoStops() {
  const q1 = buildQuestion('q1', 'Who lived in the house?', 'Bialik', [], true);
  const q2 = { ...buildQuestion('q2', 'Which square?', 'Dizengoff', [], true), location: { lat: 32.0878, lng: 34.7741 } };
  return ownerReply({ questions: [q1, q2], questionCount: 2 });
}

describe('editor: how accessible the game is (DESIGN.md section 16)', { timeout: 20_000 }, () => {
  useWideEditorScreen();

  it.each(['he', 'en'] as const)('sets step-free, suggests the length from the stops, takes a duration and notes, and saves them (%s)', async (language) => {
    const stored = twoStops();
    const fetchMock = serve(stored, { [`POST ${GAME_PATH}`]: storedReply(toEditableGame(stored), 4) });
    const { t, missing } = await renderEditor({ language });
    const group = within(screen.getByTestId('field-accessibility'));
    expect(group.getByText(t('editor.metadata.accessibility.title'))).toBeTruthy();
    // Nothing stated yet: 'not checked', no figures.
    expect((group.getByLabelText(t('editor.metadata.accessibility.stepFreeValues.unknown')) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(group.getByLabelText(t('editor.metadata.accessibility.stepFreeValues.yes')));
    fireEvent.click(group.getByRole('button', { name: t('editor.metadata.accessibility.suggest') }));
    const expected = suggestedLengthKm(stored.metadata.location, stored.questions ?? [])!;
    expect(expected).toBeGreaterThan(0.5);
    await waitFor(() => expect((group.getByLabelText(t('editor.metadata.accessibility.lengthKm')) as HTMLInputElement).value).toBe(String(expected)));
    fireEvent.change(group.getByLabelText(t('editor.metadata.accessibility.durationMinutes')), { target: { value: '45' } });
    fireEvent.change(group.getByLabelText(t('editor.metadata.accessibility.notes'), { exact: false }), { target: { value: 'Benches on the way' } });
    await waitFor(() => expect(readDraft(GAME_ID)?.game.metadata.accessibility).toEqual({ stepFree: 'yes', lengthKm: expected, durationMinutes: 45, notes: 'Benches on the way' }));

    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(bodiesSent(fetchMock, `POST ${GAME_PATH}`)).toHaveLength(1));
    expect(bodiesSent(fetchMock, `POST ${GAME_PATH}`)[0]).toMatchObject({ metadata: { accessibility: { stepFree: 'yes', lengthKm: expected, durationMinutes: 45, notes: 'Benches on the way' } } });
    expect(missing).toEqual([]);
  });

  it('says why it cannot suggest a length when fewer than two places have an area', async () => {
    const stored = ownerReply({ metadata: { location: null }, questions: [{ ...buildQuestion('q1', 'One', 'one', [], true), location: null }], questionCount: 1 });
    serve(stored);
    const { t } = await renderEditor({ language: 'en' });
    fireEvent.click(screen.getByRole('button', { name: t('editor.metadata.accessibility.suggest') }));
    expect(await screen.findByText(t('editor.metadata.accessibility.noSuggestion'))).toBeTruthy();
    expect((screen.getByTestId('field-length-km') as HTMLInputElement).value).toBe('');
  });

  it.each(['he', 'en'] as const)('marks a stop step-free and gives it an alternative spot with a note, saved with the question (%s)', async (language) => {
    const stored = twoStops();
    const fetchMock = serve(stored, { [`POST ${GAME_PATH}`]: storedReply(toEditableGame(stored), 4) });
    const { t, missing } = await renderEditor({ language });
    selectNode('q1');
    const field = within(screen.getByTestId('field-stop-accessibility'));
    fireEvent.click(field.getByLabelText(t('editor.stopAccessibility.stepFree')));
    fireEvent.click(field.getByLabelText(t('editor.stopAccessibility.alternative')));
    await waitFor(() => expect(readDraft(GAME_ID)?.game.questions[1]).toHaveProperty('alternative'));
    // Unticked, the alternative goes.
    fireEvent.click(field.getByLabelText(t('editor.stopAccessibility.alternative')));
    await waitFor(() => expect(readDraft(GAME_ID)?.game.questions[1]).not.toHaveProperty('alternative'));
    fireEvent.click(field.getByLabelText(t('editor.stopAccessibility.alternative')));
    // The alternative starts at the stop's own area, to be moved.
    expect((field.getByLabelText(t('editor.stopAccessibility.lat')) as HTMLInputElement).value).toBe('32.0878');
    fireEvent.change(field.getByLabelText(t('editor.stopAccessibility.lat')), { target: { value: '32.0871' } });
    fireEvent.change(field.getByLabelText(t('editor.stopAccessibility.note')), { target: { value: 'The ramp by the fountain' } });
    await waitFor(() =>
      expect(readDraft(GAME_ID)?.game.questions[1]).toMatchObject({ stepFree: true, alternative: { location: { lat: 32.0871, lng: 34.7741 }, note: 'The ramp by the fountain' } }),
    );
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(bodiesSent(fetchMock, `POST ${GAME_PATH}`)).toHaveLength(1));
    const sent = bodiesSent(fetchMock, `POST ${GAME_PATH}`)[0] as { questions: Array<Record<string, unknown>> };
    expect(sent.questions[0]).not.toHaveProperty('stepFree');
    expect(sent.questions[1]).toMatchObject({ stepFree: true, alternative: { location: { lat: 32.0871, lng: 34.7741 }, note: 'The ramp by the fountain' } });
    expect(missing).toEqual([]);
  });
});
