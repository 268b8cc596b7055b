import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GAME_ID } from './test-game.ts';
import { readDraft } from './local-draft.ts';
import { bodiesSent, GAME_PATH, renderEditor, selectNode, serve, storedReply, useWideEditorScreen } from './test-editor.tsx';
import { ownerReply } from './test-game.ts';
import { toEditableGame } from '@streethunt/shared';

vi.mock('../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('./fields/rich-text-field.tsx', async () => ({ RichTextField: (await import('./test-fields.tsx')).RichTextFieldStandIn }));
vi.mock('./fields/media-picker.tsx', async () => ({ MediaPicker: (await import('./test-fields.tsx')).MediaPickerStandIn }));
vi.mock('./fields/area-editor.tsx', async () => ({ AreaEditor: (await import('./test-fields.tsx')).AreaEditorStandIn }));
vi.mock('./fields/preview-map.tsx', async () => ({ PreviewMap: (await import('./test-fields.tsx')).PreviewMapStandIn }));

const kindField = () => screen.getByTestId('field-answer-kind') as HTMLSelectElement;
const setKind = (kind: string) => fireEvent.change(kindField(), { target: { value: kind } });
const preview = () => within(screen.getByTestId('preview'));
const keptAnswer = () => readDraft(GAME_ID)?.game.questions[0]?.answer;

describe('editor: answer kinds', () => {
  useWideEditorScreen();

  it.each(['en', 'he'] as const)('a number with a tolerance (%s): the preview takes a number within it', async (language) => {
    serve();
    const { t, missing } = await renderEditor({ language });
    selectNode('q0/answer');
    expect(kindField().value).toBe('text');
    expect(within(kindField()).getAllByRole('option').map((o) => o.textContent)).toEqual(
      ['text', 'number', 'choice', 'none', 'photo'].map((kind) => t(`editor.answer.kinds.${kind}`)),
    );
    setKind('number');
    fireEvent.change(screen.getByTestId('field-answer-number'), { target: { value: '120' } });
    fireEvent.change(screen.getByTestId('field-answer-tolerance'), { target: { value: '5' } });
    await waitFor(() => expect(keptAnswer()).toMatchObject({ kind: 'number', value: 120, tolerance: 5 }));
    // The preview asks for a number, in the game's language (English), and judges it as the server would.
    const input = preview().getByLabelText(t('player.answer.numberLabel', { lng: 'en' }));
    fireEvent.change(input, { target: { value: '124 m' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(preview().getByTestId('answer-result').getAttribute('aria-label')).toBe(t('player.answer.right', { lng: 'en' })));
    expect(missing).toEqual([]);
  });

  it('a choice: options added, moved, marked right (never none right), deleted down to two, and saved', async () => {
    const stored = ownerReply();
    const fetchMock = serve(stored, { [`POST ${GAME_PATH}`]: storedReply(toEditableGame(stored), 4) });
    const { t } = await renderEditor();
    selectNode('q0/answer');
    setKind('choice');
    expect(screen.getAllByTestId('answer-option-row')).toHaveLength(2);
    fireEvent.change(screen.getByTestId('field-option-0'), { target: { value: 'Bialik' } });
    fireEvent.change(screen.getByTestId('field-option-1'), { target: { value: 'Herzl' } });
    // The only right option cannot be unticked or deleted; a choice needs one, and the editor says so.
    const firstRight = screen.getByTestId('field-option-0-correct') as HTMLInputElement;
    expect(firstRight.checked).toBe(true);
    fireEvent.click(firstRight);
    expect(firstRight.checked).toBe(true);
    expect(screen.getByText(t('editor.answer.lastCorrect'))).toBeTruthy();
    expect((screen.getByTestId('delete-option-0') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('add-option'));
    fireEvent.change(screen.getByTestId('field-option-2'), { target: { value: 'Rothschild' } });
    fireEvent.click(screen.getByTestId('field-option-2-correct'));
    fireEvent.click(screen.getByRole('button', { name: t('editor.answer.moveOptionUp', { n: 3 }) }));
    fireEvent.click(screen.getByTestId('delete-option-0'));
    await waitFor(() =>
      expect(keptAnswer()).toMatchObject({
        kind: 'choice',
        options: [
          { text: 'Rothschild', correct: true },
          { text: 'Herzl', correct: false },
        ],
      }),
    );
    expect((screen.getByTestId('delete-option-0') as HTMLButtonElement).disabled).toBe(true);

    // The preview shows the options as the player sees them.
    expect(preview().getAllByTestId('answer-option').map((option) => option.closest('.mantine-Radio-root')?.textContent)).toEqual(['Rothschild', 'Herzl']);

    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(bodiesSent(fetchMock, `POST ${GAME_PATH}`)).toHaveLength(1));
    const sent = bodiesSent(fetchMock, `POST ${GAME_PATH}`)[0] as { questions: Array<{ answer: unknown }> };
    expect(sent.questions[0]!.answer).toMatchObject({ kind: 'choice', options: [{ text: 'Rothschild', correct: true }, { text: 'Herzl', correct: false }] });
  });

  it('an option without text is named by send to approval, in the creator’s language', async () => {
    serve();
    const { t } = await renderEditor({ language: 'he' });
    selectNode('q0/answer');
    setKind('choice');
    fireEvent.change(screen.getByTestId('field-option-0'), { target: { value: 'ביאליק' } });
    fireEvent.click(screen.getByTestId('send-to-approval'));
    expect((await screen.findAllByText(t('ge.validation.required.optionText', { option: 2, question: 1 }))).length).toBeGreaterThan(0);
  });

  it('an information stop: nothing to fill in, and the preview offers only continue', async () => {
    serve();
    const { t } = await renderEditor();
    selectNode('q0/answer');
    setKind('none');
    expect(screen.getByTestId('answer-none').textContent).toBe(t('editor.answer.none'));
    expect(preview().queryByTestId('answer-input')).toBeNull();
    expect(preview().getByTestId('question-arrived').textContent).toBe(t('player.question.arrived'));
    // Back to text: the texts before and after the answer were kept all along.
    setKind('text');
    expect((screen.getByTestId('field-answer-value') as HTMLInputElement).value).toBe('');
  });

  it('a photo task: judged later by default or accepted on upload; the preview has no answer box', async () => {
    serve();
    const { t } = await renderEditor();
    selectNode('q0/answer');
    setKind('photo');
    const judging = screen.getByTestId('field-answer-judging') as HTMLSelectElement;
    expect(judging.value).toBe('later');
    expect(within(judging).getAllByRole('option').map((o) => o.textContent)).toEqual(['on-upload', 'later'].map((j) => t(`editor.answer.judgings.${j}`)));
    await waitFor(() => expect(keptAnswer()).toMatchObject({ kind: 'photo', judging: 'later' }));
    fireEvent.change(judging, { target: { value: 'on-upload' } });
    await waitFor(() => expect(keptAnswer()).toMatchObject({ kind: 'photo', judging: 'on-upload' }));
    expect(preview().queryByTestId('answer-input')).toBeNull();
    expect(preview().getByTestId('photo-preview-note').textContent).toBe(t('player.photo.previewNote', { lng: 'en' }));
  });

  it('a lenient text answer: the switch is kept with the answer', async () => {
    serve();
    await renderEditor();
    selectNode('q0/answer');
    fireEvent.click(screen.getByTestId('field-answer-lenient'));
    await waitFor(() => expect(keptAnswer()).toMatchObject({ kind: 'text', lenient: true }));
    fireEvent.click(screen.getByTestId('field-answer-lenient'));
    await waitFor(() => expect(keptAnswer()).toBeUndefined());
  });

  it('the scoring and order settings: points off per wrong answer, whether time counts, the order of questions', async () => {
    serve();
    const { t } = await renderEditor({ language: 'he' });
    selectNode('metadata');
    const penalty = screen.getByLabelText(t('editor.metadata.wrongAttemptPenalty')) as HTMLInputElement;
    expect(penalty.value).toBe('0');
    fireEvent.change(penalty, { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('field-time-penalty'));
    await waitFor(() => expect(readDraft(GAME_ID)?.game.metadata.scoring).toEqual({ wrongAttemptPenalty: 5, timePenalty: false }));
    // The order of questions: one after another (the spec's), or any order.
    expect(screen.getByText(t('editor.metadata.orderHint.linear'))).toBeTruthy();
    fireEvent.click(screen.getByText(t('editor.metadata.orders.free')));
    expect(await screen.findByText(t('editor.metadata.orderHint.free'))).toBeTruthy();
    await waitFor(() => expect(readDraft(GAME_ID)?.game.metadata.order).toBe('free'));
  });
});

