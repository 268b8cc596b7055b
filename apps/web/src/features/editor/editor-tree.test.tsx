import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ownerReply } from './test-game.ts';
import { renderEditor, selectNode, serve, setWideScreen, useWideEditorScreen } from './test-editor.tsx';

vi.mock('./fields/rich-text-field.tsx', async () => ({ RichTextField: (await import('./test-fields.tsx')).RichTextFieldStandIn }));
vi.mock('./fields/media-picker.tsx', async () => ({ MediaPicker: (await import('./test-fields.tsx')).MediaPickerStandIn }));
vi.mock('./fields/area-editor.tsx', async () => ({ AreaEditor: (await import('./test-fields.tsx')).AreaEditorStandIn }));
vi.mock('./fields/preview-map.tsx', async () => ({ PreviewMap: (await import('./test-fields.tsx')).PreviewMapStandIn }));

/** The tree's node buttons, by their test ids, in order. */
const treeNodes = () =>
  within(screen.getByTestId('editor-tree'))
    .getAllByRole('button')
    .map((button) => button.getAttribute('data-testid'))
    .filter((id): id is string => Boolean(id?.startsWith('node-') || id?.startsWith('add-')));

describe('editor: the tree', () => {
  useWideEditorScreen();

  it('shows every part of the game, without locations and map while the map is off (Hebrew)', async () => {
    serve(ownerReply());
    const { t, missing } = await renderEditor({ language: 'he' });
    expect(treeNodes()).toEqual([
      'node-metadata',
      'node-intro',
      'node-q0',
      'node-q0/answer',
      'node-q0/answerBefore',
      'node-q0/answerAfter',
      'node-q0/hint0',
      'node-q0/hint1',
      'add-hint-0',
      'node-q1',
      'node-q1/answer',
      'node-q1/answerBefore',
      'node-q1/answerAfter',
      'add-hint-1',
      'add-question',
      'node-gameover',
    ]);
    const tree = screen.getByRole('navigation', { name: t('editor.tree.label') });
    expect(within(tree).getByTestId('node-q0/hint0').textContent).toBe(t('editor.tree.hint', { n: 1 }));
    expect(within(tree).getByTestId('node-q0/hint1').textContent).toBe('Big hint');
    expect(within(tree).getByTestId('node-q1').textContent).toBe(t('editor.tree.question', { n: 2 }));
    // General details are selected first.
    expect(screen.getByTestId('node-metadata').getAttribute('aria-current')).toBe('true');
    expect(missing).toEqual([]);
  });

  it('adds the locations and the map node when the map is on, and removes them when it goes off', async () => {
    serve(ownerReply({ metadata: { map: true } }));
    await renderEditor();
    expect(treeNodes()).toEqual(
      expect.arrayContaining(['node-metadata', 'node-metadataLocation', 'node-q0/questionLocation', 'node-q1/questionLocation', 'node-map']),
    );
    expect(treeNodes().indexOf('node-metadataLocation')).toBe(1);
    expect(treeNodes().at(-1)).toBe('node-map');

    selectNode('q1/questionLocation');
    const editor = await screen.findByTestId('area-editor');
    // The other areas: the start and question 1's.
    expect(editor.getAttribute('data-others')).toBe('2');

    selectNode('metadata');
    fireEvent.click(screen.getByTestId('field-map'));
    await waitFor(() => expect(screen.queryByTestId('node-map')).toBeNull());
    expect(treeNodes().some((id) => id.includes('ocation'))).toBe(false);
  });

  it('selects with the keyboard too: every node is a button, the selected one aria-current', async () => {
    serve();
    await renderEditor();
    const node = screen.getByTestId('node-q1/answerAfter');
    expect(node.tagName).toBe('BUTTON');
    node.focus();
    fireEvent.click(node);
    expect(node.getAttribute('aria-current')).toBe('true');
    expect(screen.getByTestId('node-metadata').getAttribute('aria-current')).toBeNull();
    expect(screen.getByTestId('edit-panel').getAttribute('data-kind')).toBe('answerAfter');
  });

  it('adds a question and a hint at the end, empty, and selects them', async () => {
    serve();
    const { t } = await renderEditor();
    fireEvent.click(screen.getByTestId('add-question'));
    expect(screen.getByTestId('node-q2').getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('heading', { level: 2, name: t('editor.tree.question', { n: 3 }) })).toBeTruthy();
    expect((screen.getByTestId('rich-text') as HTMLTextAreaElement).value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: t('editor.tree.addHintTo', { n: 2 }) }));
    expect(screen.getByTestId('node-q1/hint0').getAttribute('aria-current')).toBe('true');
    expect(screen.getByTestId('save-state').textContent).toBe(t('editor.save.unsaved'));
  });

  it('deletes a question only after a confirmation', async () => {
    serve();
    const { t } = await renderEditor();
    fireEvent.click(screen.getByRole('button', { name: t('editor.tree.deleteQuestion', { n: 1 }) }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(t('editor.tree.deleteQuestionText'))).toBeTruthy();

    // Cancel keeps it.
    fireEvent.click(within(dialog).getByRole('button', { name: t('translation:player.common.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('node-q1')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: t('editor.tree.deleteQuestion', { n: 1 }) }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t('editor.tree.deleteConfirm') }));
    await waitFor(() => expect(screen.queryByTestId('node-q1')).toBeNull());
    // The second question is now the first, its hints and all.
    selectNode('q0');
    expect((screen.getByTestId('rich-text') as HTMLTextAreaElement).value).toBe('<p>When was the city founded?</p>');
  });

  it('deletes a hint only after a confirmation', async () => {
    serve();
    const { t } = await renderEditor();
    selectNode('q0/hint1');
    fireEvent.click(screen.getByRole('button', { name: t('editor.tree.deleteHint', { n: 1, question: 1 }) }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t('editor.tree.deleteConfirm') }));
    await waitFor(() => expect(screen.queryByTestId('node-q0/hint1')).toBeNull());
    // The titled hint moved up to first place, and stays selected.
    expect(screen.getByTestId('node-q0/hint0').textContent).toBe('Big hint');
    expect(screen.getByTestId('node-q0/hint0').getAttribute('aria-current')).toBe('true');
  });

  it('moves questions and hints up and down, disabled at the ends, the selection following', async () => {
    serve();
    const { t } = await renderEditor();
    const up = (n: number) => screen.getByRole('button', { name: t('editor.tree.moveQuestionUp', { n }) });
    const down = (n: number) => screen.getByRole('button', { name: t('editor.tree.moveQuestionDown', { n }) });
    expect(up(1).hasAttribute('disabled')).toBe(true);
    expect(down(2).hasAttribute('disabled')).toBe(true);
    expect(down(1).hasAttribute('disabled')).toBe(false);

    selectNode('q0/answer');
    fireEvent.click(down(1));
    expect(screen.getByTestId('node-q1/answer').getAttribute('aria-current')).toBe('true');
    expect((screen.getByTestId('field-answer-value') as HTMLInputElement).value).toBe('Bialik, ביאליק');
    expect(screen.getByTestId('node-q1/hint1').textContent).toBe('Big hint');

    const hintUp = screen.getByRole('button', { name: t('editor.tree.moveHintUp', { n: 2, question: 2 }) });
    expect(screen.getByRole('button', { name: t('editor.tree.moveHintDown', { n: 2, question: 2 }) }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(hintUp);
    expect(screen.getByTestId('node-q1/hint0').textContent).toBe('Big hint');
  });

  it('on a phone: tree, edit panel and preview are tabs, and choosing a node opens the edit tab', async () => {
    // A phone: useWideEditorScreen's afterEach puts the original matchMedia back.
    setWideScreen(false);
    serve();
    const { t } = await renderEditor({ language: 'he' });
    expect(screen.getByRole('tab', { name: t('editor.layout.tree') }).getAttribute('aria-selected')).toBe('true');
    selectNode('intro');
    await waitFor(() => expect(screen.getByRole('tab', { name: t('editor.layout.edit') }).getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByTestId('edit-panel').getAttribute('data-kind')).toBe('intro');
    expect(screen.queryByTestId('editor-tree')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: t('editor.layout.preview') }));
    expect((await screen.findByTestId('preview')).getAttribute('data-kind')).toBe('intro');
    expect(screen.queryByTestId('edit-panel')).toBeNull();

    // Adding a question selects it and opens it for editing.
    fireEvent.click(screen.getByRole('tab', { name: t('editor.layout.tree') }));
    fireEvent.click(await screen.findByTestId('add-question'));
    await waitFor(() => expect(screen.getByTestId('edit-panel').getAttribute('data-kind')).toBe('question'));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(t('editor.tree.question', { n: 3 }));
  });
});
