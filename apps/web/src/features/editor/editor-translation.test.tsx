import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toEditableGame, type GameReply, type Language } from '@streethunt/shared';
import { buildQuestion } from '../../test/game-factory.ts';
import { readDraft } from './local-draft.ts';
import { GAME_ID, ownerReply } from './test-game.ts';
import { bodiesSent, GAME_PATH, renderEditor, selectNode, serve, storedReply, useWideEditorScreen } from './test-editor.tsx';

vi.mock('./fields/rich-text-field.tsx', async () => ({ RichTextField: (await import('./test-fields.tsx')).RichTextFieldStandIn }));
vi.mock('./fields/media-picker.tsx', async () => ({ MediaPicker: (await import('./test-fields.tsx')).MediaPickerStandIn }));
vi.mock('./fields/area-editor.tsx', async () => ({ AreaEditor: (await import('./test-fields.tsx')).AreaEditorStandIn }));
vi.mock('./fields/preview-map.tsx', async () => ({ PreviewMap: (await import('./test-fields.tsx')).PreviewMapStandIn }));

/**
 * A game written in `language`, with one question (a text answer, texts before and after it, no hint):
 * 9 texts to translate (name, city, start place, intro, game over; the question, its two texts, its answers).
 */
function gameIn(language: Language, overrides: Partial<GameReply> = {}): GameReply {
  return ownerReply({
    metadata: { language, name: language === 'he' ? 'ציד ביאליק' : 'Bialik hunt' },
    questions: [buildQuestion('q1', language === 'he' ? 'מי גר בבית?' : 'Who lived in the house?', language === 'he' ? 'ביאליק' : 'Bialik', [], true)],
    questionCount: 1,
    ...overrides,
  });
}

const meter = () => screen.getByTestId('translation-meter');
const input = (path: string) => screen.getByTestId(`translation-input-${path}`) as HTMLInputElement;
const richInput = (path: string) => within(screen.getByTestId('edit-panel')).getAllByTestId('rich-text').find((field) => field.closest(`[data-path="${path}"]`))!;

describe('editor: the translation view', () => {
  useWideEditorScreen();

  it('Hebrew UI, Hebrew game: the switch shows each original beside its English input; typing fills the meter and clears the tree mark', async () => {
    serve(gameIn('he'));
    const { t, missing } = await renderEditor({ language: 'he' });
    const mode = screen.getByTestId('translation-mode');
    expect(within(mode).getByLabelText(t('editorTranslation.original.he'))).toBeTruthy();
    fireEvent.click(within(mode).getByLabelText(t('editorTranslation.translation.en')));

    const english = t('editorTranslation.languages.en');
    expect(screen.getByTestId('translation-meter-text').textContent).toBe(t('editorTranslation.meter', { language: english, done: 0, count: 9 }));
    expect(screen.getByTestId('node-q0').dataset.untranslated).toBe('true');
    expect(screen.getByTestId('node-intro').dataset.untranslated).toBe('true');

    // The general details: the original, read-only and marked, right to left; the input left to right.
    selectNode('metadata');
    const original = screen.getByTestId('translation-original-metadata.name');
    expect(original.textContent).toContain(t('editorTranslation.originalLabel', { language: t('editorTranslation.languages.he') }));
    expect(original.textContent).toContain('ציד ביאליק');
    expect(original.querySelector('[dir="rtl"][lang="he"]')).toBeTruthy();
    expect(input('metadata.name').getAttribute('dir')).toBe('ltr');
    expect(input('metadata.name').maxLength).toBeGreaterThan(0);
    // Price and the like are not on the translation's panel.
    expect(screen.queryByTestId('field-price')).toBeNull();
    expect(screen.getByTestId('translation-shared')).toBeTruthy();

    // The question: its text only; typed, the meter counts it and the question's mark goes.
    selectNode('q0');
    expect(screen.getByTestId('translation-original-questions.q1.content').textContent).toContain('מי גר בבית?');
    fireEvent.change(richInput('questions.q1.content'), { target: { value: '<p>Who lived in the house?</p>' } });
    expect(meter().dataset.done).toBe('1');
    expect(screen.getByTestId('translation-meter-text').textContent).toBe(t('editorTranslation.meter', { language: english, done: 1, count: 9 }));
    expect(screen.getByTestId('node-q0').dataset.untranslated).toBeUndefined();
    expect(screen.getByTestId('node-q0/answer').dataset.untranslated).toBe('true');
    expect(screen.getByTestId('save-state').textContent).toBe(t('editor.save.unsaved'));
    // Kept on the device like any other edit.
    await waitFor(() => expect(readDraft(GAME_ID)?.game.translations).toEqual({ en: { questions: { q1: { content: '<p>Who lived in the house?</p>' } } } }));

    // Back to the original: its own panel, no marks.
    fireEvent.click(within(mode).getByLabelText(t('editorTranslation.original.he')));
    expect(screen.queryByTestId('translation-panel')).toBeNull();
    expect(screen.getByTestId('node-q0/answer').dataset.untranslated).toBeUndefined();
    expect(missing).toEqual([]);
  });

  it('the save sends the translations with the game', async () => {
    const stored = gameIn('he');
    const translations = { en: { metadata: { name: 'Bialik hunt' }, questions: { q1: { answers: 'Bialik' } } } };
    const edited = { ...toEditableGame(stored), translations: { en: { ...translations.en, introPage: { content: '<p>Welcome</p>' } } } };
    const fetchMock = serve(stored, { [`POST ${GAME_PATH}`]: storedReply(edited, 4) });
    const { t } = await renderEditor();
    fireEvent.click(within(screen.getByTestId('translation-mode')).getByLabelText(t('editorTranslation.translation.en')));
    selectNode('metadata');
    fireEvent.change(input('metadata.name'), { target: { value: 'Bialik hunt' } });
    selectNode('q0/answer');
    expect(screen.getByTestId('translation-original-questions.q1.answers').textContent).toContain('ביאליק');
    fireEvent.change(input('questions.q1.answers'), { target: { value: 'Bialik' } });
    selectNode('intro');
    fireEvent.change(richInput('introPage.content'), { target: { value: '<p>Welcome</p>' } });
    expect(meter().dataset.done).toBe('3');

    fireEvent.click(screen.getByTestId('save'));
    expect(await screen.findByText(t('editor.save.saved'))).toBeTruthy();
    expect(bodiesSent(fetchMock, `POST ${GAME_PATH}`)).toEqual([{ ...edited, version: 3 }]);
  });

  it('a translation may have a cover of its own: it saves with the translation and counts as no text', async () => {
    const stored = gameIn('he');
    const cover = 'https://cdn.example.com/cover-en.webp';
    const edited = { ...toEditableGame(stored), translations: { en: { metadata: { coverImage: cover } } } };
    const fetchMock = serve(stored, { [`POST ${GAME_PATH}`]: storedReply(edited, 4) });
    const { t } = await renderEditor();
    fireEvent.click(within(screen.getByTestId('translation-mode')).getByLabelText(t('editorTranslation.translation.en')));
    selectNode('metadata');
    const picker = within(screen.getByTestId('translation-cover')).getByTestId('media-image') as HTMLInputElement;
    expect(picker.value).toBe('');
    expect(screen.getByText(t('editorTranslation.coverHint'))).toBeTruthy();
    fireEvent.change(picker, { target: { value: cover } });
    expect(meter().dataset.done).toBe('0');
    fireEvent.click(screen.getByTestId('save'));
    expect(await screen.findByText(t('editor.save.saved'))).toBeTruthy();
    expect(bodiesSent(fetchMock, `POST ${GAME_PATH}`)).toEqual([{ ...edited, version: 3 }]);
  });

  it('English UI, English game: the translation is Hebrew, right to left; a stored translation shows in the fields and the meter', async () => {
    serve(gameIn('en', { translations: { he: { metadata: { name: 'ציד ביאליק', locationCity: 'תל אביב' } } } }));
    const { t, missing } = await renderEditor({ language: 'en' });
    const mode = screen.getByTestId('translation-mode');
    expect(within(mode).getByLabelText('Original (English)')).toBeTruthy();
    fireEvent.click(within(mode).getByLabelText('Hebrew translation'));
    expect(screen.getByTestId('translation-meter-text').textContent).toBe('Hebrew: 2 of 9 texts');
    expect(screen.getByTestId('node-metadata').dataset.untranslated).toBe('true');
    selectNode('metadata');
    expect(input('metadata.name').value).toBe('ציד ביאליק');
    expect(input('metadata.name').getAttribute('dir')).toBe('rtl');
    expect(screen.getByTestId('translation-original-metadata.name').textContent).toContain('Original (English)');
    fireEvent.change(input('metadata.locationText'), { target: { value: 'כיכר ביאליק' } });
    expect(screen.getByTestId('node-metadata').dataset.untranslated).toBeUndefined();
    expect(t('editorTranslation.meter', { language: 'Hebrew', done: 3, count: 9 })).toBe('Hebrew: 3 of 9 texts');
    expect(screen.getByTestId('translation-meter-text').textContent).toBe('Hebrew: 3 of 9 texts');
    expect(missing).toEqual([]);
  });

  it('an admin reviewing a pending game sees both languages through the same switch', async () => {
    serve(gameIn('he', { status: 'PENDING', translations: { en: { metadata: { name: 'Bialik hunt' } } } }), {}, 'admin');
    const { t } = await renderEditor({ language: 'he' });
    fireEvent.click(within(screen.getByTestId('translation-mode')).getByLabelText(t('editorTranslation.translation.en')));
    selectNode('metadata');
    expect(input('metadata.name').value).toBe('Bialik hunt');
    expect(screen.getByTestId('translation-original-metadata.name').textContent).toContain('ציד ביאליק');
    await waitFor(() => expect(meter().dataset.done).toBe('1'));
  });

  it('a hint has its title and text, a rule its line, each its own input', async () => {
    const question = buildQuestion('q1', 'מי גר בבית?', 'ביאליק', [{ title: 'רמז גדול', content: '<p>משורר</p>' }], true);
    serve(gameIn('he', { questions: [{ ...question, then: [{ on: 'right', do: [{ say: 'כל הכבוד' }] }] }] }));
    const { t } = await renderEditor({ language: 'en' });
    fireEvent.click(within(screen.getByTestId('translation-mode')).getByLabelText(t('editorTranslation.translation.en')));
    selectNode('q0/hint0');
    expect(screen.getByTestId('translation-original-questions.q1.hints.q1h1.title').textContent).toContain('רמז גדול');
    fireEvent.change(input('questions.q1.hints.q1h1.title'), { target: { value: 'Big hint' } });
    fireEvent.change(richInput('questions.q1.hints.q1h1.content'), { target: { value: '<p>A poet</p>' } });
    expect(screen.getByTestId('node-q0/hint0').dataset.untranslated).toBeUndefined();
    selectNode('q0');
    expect(screen.getByTestId('translation-original-questions.q1.say.0').textContent).toContain('כל הכבוד');
    fireEvent.change(input('questions.q1.say.0'), { target: { value: 'Well done' } });
    expect(meter().dataset.done).toBe('3');
    expect(meter().dataset.total).toBe('12');
  });
});
