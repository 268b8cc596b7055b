import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ownerReply } from './test-game.ts';
import { renderEditor, routesCalled, selectNode, serve, useWideEditorScreen } from './test-editor.tsx';
import { START_OF_GAME } from './fields/preview-position.ts';

vi.mock('../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('./fields/rich-text-field.tsx', async () => ({ RichTextField: (await import('./test-fields.tsx')).RichTextFieldStandIn }));
vi.mock('./fields/media-picker.tsx', async () => ({ MediaPicker: (await import('./test-fields.tsx')).MediaPickerStandIn }));
vi.mock('./fields/area-editor.tsx', async () => ({ AreaEditor: (await import('./test-fields.tsx')).AreaEditorStandIn }));
vi.mock('./fields/preview-map.tsx', async () => ({ PreviewMap: (await import('./test-fields.tsx')).PreviewMapStandIn }));

const preview = () => screen.getByTestId('preview');
const inPreview = () => within(preview());

describe('editor: the selection drives the preview', () => {
  useWideEditorScreen();

  it("general details and intro: the intro as a player sees it, in the game's language and direction", async () => {
    const fetchMock = serve(ownerReply({ metadata: { coverImage: 'https://cdn.example/cover.jpg' } }));
    // The creator works in Hebrew on an English game.
    const { t, missing } = await renderEditor({ language: 'he' });
    expect(preview().getAttribute('data-kind')).toBe('metadata');
    expect(preview().getAttribute('dir')).toBe('ltr');
    expect(inPreview().getByRole('heading', { level: 1 }).textContent).toBe('Bialik street hunt');
    expect(inPreview().getByTestId('intro-page').querySelector('img')?.getAttribute('src')).toContain('cdn.example/cover.jpg');
    expect(inPreview().getByText('hunt')).toBeTruthy();
    await waitFor(() => expect(inPreview().getByRole('button').textContent).toBe(t('player.intro.letsPlay', { lng: 'en' })));

    // The name typed shows at once.
    fireEvent.change(screen.getByTestId('field-name'), { target: { value: 'Jaffa at night' } });
    expect(inPreview().getByRole('heading', { level: 1 }).textContent).toBe('Jaffa at night');

    selectNode('intro');
    expect(preview().getAttribute('data-kind')).toBe('intro');
    expect(inPreview().getByTestId('intro-page')).toBeTruthy();
    // Switching the game to Hebrew turns the preview right to left.
    selectNode('metadata');
    fireEvent.click(screen.getByRole('radio', { name: 'עברית' }));
    await waitFor(() => expect(preview().getAttribute('dir')).toBe('rtl'));
    expect(routesCalled(fetchMock).filter((route) => route.includes('game-progress'))).toEqual([]);
    expect(missing).toEqual([]);
  });

  it('a question with no status; a hint shown open; the answer STARTED; after the answer ANSWERED', async () => {
    const fetchMock = serve();
    const { t } = await renderEditor();
    selectNode('q0');
    let question = inPreview().getByTestId('question');
    expect(question.getAttribute('data-status')).toBe('none');
    expect(within(question).getByText('Who lived in the house?')).toBeTruthy();
    expect(within(question).getByTestId('hint-1').getAttribute('data-open')).toBe('false');
    expect(within(question).getByTestId('hint-2').getAttribute('data-open')).toBe('false');
    expect(within(question).queryByTestId('after-answer')).toBeNull();

    selectNode('q0/hint1');
    question = inPreview().getByTestId('question');
    expect(within(question).getByTestId('hint-2').getAttribute('data-open')).toBe('true');
    expect(within(question).getByText('His house is a museum')).toBeTruthy();
    expect(within(question).getByTestId('hint-1').getAttribute('data-open')).toBe('false');

    selectNode('q0/answerBefore');
    question = inPreview().getByTestId('question');
    expect(question.getAttribute('data-status')).toBe('STARTED');
    expect(within(question).getByText('Before: Who lived in the house?')).toBeTruthy();
    expect(within(question).queryByText('Well done: Who lived in the house?')).toBeNull();
    // The answer box judges by the accepted answers, and sends nothing.
    const input = within(question).getByTestId('answer-input');
    fireEvent.change(input, { target: { value: ' BIALIK ' } });
    fireEvent.submit(input.closest('form')!);
    expect(within(question).getByTestId('answer-result').getAttribute('aria-label')).toBe(t('player.answer.right'));

    selectNode('q0/answer');
    expect(inPreview().getByTestId('question').getAttribute('data-status')).toBe('STARTED');

    selectNode('q0/answerAfter');
    question = inPreview().getByTestId('question');
    expect(question.getAttribute('data-status')).toBe('ANSWERED');
    expect(within(within(question).getByTestId('after-answer')).getByText('Well done: Who lived in the house?')).toBeTruthy();
    expect(within(question).queryByText('Before: Who lived in the house?')).toBeNull();
    expect(within(question).getByTestId('answer-input').hasAttribute('readonly')).toBe(true);

    fireEvent.click(within(question).getByTestId('question-continue'));
    expect(routesCalled(fetchMock).filter((route) => route.includes('game-progress'))).toEqual([]);
  });

  it('after the answer, shows what the question’s rules say to a team that answered right', async () => {
    const reply = ownerReply();
    const [first, second] = reply.questions!;
    serve({ ...reply, questions: [{ ...first!, then: [{ on: 'right', do: [{ say: 'The door creaks open' }] }, { on: 'skipped', do: [{ say: 'Not this' }] }] }, second!] });
    await renderEditor();
    selectNode('q0/answerAfter');
    const said = within(inPreview().getByTestId('question')).getByTestId('flow-said');
    expect(said.textContent).toContain('The door creaks open');
    expect(said.textContent).not.toContain('Not this');
    selectNode('q0/answer');
    expect(within(inPreview().getByTestId('question')).queryByTestId('flow-said')).toBeNull();
  });

  it('game over: the sample play of 83:45 with every question DONE, scored by the shared rule', async () => {
    serve();
    const { t } = await renderEditor({ language: 'he' });
    selectNode('gameover');
    const over = inPreview().getByTestId('game-over');
    expect(within(over).getByRole('heading', { level: 1 }).textContent).toBe(t('player.gameOver.title', { lng: 'en' }));
    expect(within(over).getByTestId('summary-time').textContent).toBe('1:23:45');
    expect(within(over).getByTestId('summary-answered').textContent).toBe('2');
    expect(within(over).getByTestId('summary-skipped').textContent).toBe('0');
    expect(within(over).getByTestId('summary-hints').textContent).toBe('0');
    // 2 questions DONE, no hints, 83 minutes: 200 - 83.
    expect(within(over).getByTestId('summary-score').textContent).toBe('117');
    expect(within(over).getByText('See you next time')).toBeTruthy();

    // 'Hide the game summary' hides it in the preview too.
    fireEvent.click(screen.getByTestId('field-hide-summary'));
    expect(within(inPreview().getByTestId('game-over')).queryByTestId('summary')).toBeNull();
  });

  it('the map and every location: the preview map, on the selected question (the start location: on the start)', async () => {
    serve(ownerReply({ metadata: { map: true } }));
    await renderEditor();
    selectNode('map');
    expect((await inPreview().findByTestId('preview-map')).getAttribute('data-current')).toBe('0');
    selectNode('q1/questionLocation');
    await waitFor(() => expect(inPreview().getByTestId('preview-map').getAttribute('data-current')).toBe('1'));
    selectNode('metadataLocation');
    await waitFor(() => expect(inPreview().getByTestId('preview-map').getAttribute('data-current')).toBe(String(START_OF_GAME)));
    expect(inPreview().getByTestId('preview-map').getAttribute('data-areas')).toBe('2');
  });
});
