import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toEditableGame } from '@streethunt/shared';
import { draftKey, readDraft, writeDraft } from './local-draft.ts';
import { GAME_ID, ownerReply } from './test-game.ts';
import { bodiesSent, GAME_PATH, renderEditor, routesCalled, selectNode, serve, storedReply, useWideEditorScreen } from './test-editor.tsx';

vi.mock('./fields/rich-text-field.tsx', async () => ({ RichTextField: (await import('./test-fields.tsx')).RichTextFieldStandIn }));
vi.mock('./fields/media-picker.tsx', async () => ({ MediaPicker: (await import('./test-fields.tsx')).MediaPickerStandIn }));
vi.mock('./fields/area-editor.tsx', async () => ({ AreaEditor: (await import('./test-fields.tsx')).AreaEditorStandIn }));
vi.mock('./fields/preview-map.tsx', async () => ({ PreviewMap: (await import('./test-fields.tsx')).PreviewMapStandIn }));

const stored = ownerReply();
const typeName = (name: string) => fireEvent.change(screen.getByTestId('field-name'), { target: { value: name } });
const nameField = () => screen.getByTestId('field-name') as HTMLInputElement;

describe('editor: save and the copy kept on the device', () => {
  useWideEditorScreen();

  it("saves the working copy with the version it started from, and says 'game saved' (Hebrew)", async () => {
    const edited = { ...toEditableGame(stored), metadata: { ...toEditableGame(stored).metadata, name: 'Jaffa at night' } };
    const fetchMock = serve(stored, { [`POST ${GAME_PATH}`]: storedReply(edited, 4) });
    const { t, missing } = await renderEditor({ language: 'he' });
    const save = screen.getByTestId('save');
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('save-state').textContent).toBe(t('editor.save.allSaved'));

    typeName('Jaffa at night');
    expect(screen.getByTestId('save-state').textContent).toBe(t('editor.save.unsaved'));
    fireEvent.click(save);
    expect(await screen.findByText(t('editor.save.saved'))).toBeTruthy();
    expect(bodiesSent(fetchMock, `POST ${GAME_PATH}`)).toEqual([{ ...edited, version: 3 }]);
    expect(screen.getByTestId('save-state').textContent).toBe(t('editor.save.allSaved'));
    // Saved: nothing is kept on the device any more.
    await waitFor(() => expect(localStorage.getItem(draftKey(GAME_ID))).toBeNull());

    // The next save names the version the server gave.
    typeName('Jaffa by night');
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(bodiesSent(fetchMock, `POST ${GAME_PATH}`)).toHaveLength(2));
    expect(bodiesSent(fetchMock, `POST ${GAME_PATH}`)[1]).toMatchObject({ version: 4, metadata: { name: 'Jaffa by night' } });
    expect(missing).toEqual([]);
  });

  it('a 409 asks: keep mine here overwrites nothing; reload the latest drops the changes after a confirmation', async () => {
    const newer = ownerReply({ metadata: { name: 'Saved in the other tab' }, version: 5 });
    const fetchMock = serve(stored, { [`POST ${GAME_PATH}`]: { status: 409, body: { message: 'The game was saved elsewhere', code: 'conflict' } } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { t } = await renderEditor();
    typeName('Mine');
    fireEvent.click(screen.getByTestId('save'));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(t('editor.conflict.text'))).toBeTruthy();
    expect(screen.queryByText(t('editor.save.saved'))).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: t('editor.conflict.keep') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(nameField().value).toBe('Mine');
    expect(screen.getByTestId('stale-notice')).toBeTruthy();
    expect(routesCalled(fetchMock).filter((route) => route === `POST ${GAME_PATH}`)).toHaveLength(1);
    expect(logged).toHaveBeenCalledWith('save failed', expect.objectContaining({ status: 409 }));

    // Saving again meets the same question; this time reload the latest.
    fireEvent.click(screen.getByTestId('save'));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: t('editor.conflict.reload') }));
    expect(within(dialog).getByText(t('editor.conflict.confirmText'))).toBeTruthy();
    serve(newer, {});
    fireEvent.click(within(dialog).getByRole('button', { name: t('editor.conflict.reloadConfirm') }));
    await waitFor(() => expect(nameField().value).toBe('Saved in the other tab'));
    expect(screen.getByTestId('save-state').textContent).toBe(t('editor.save.allSaved'));
    expect(screen.queryByTestId('stale-notice')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(localStorage.getItem(draftKey(GAME_ID))).toBeNull();
    logged.mockRestore();
  });

  it('without a network the save says the changes are kept on the device', async () => {
    serve(stored, { [`POST ${GAME_PATH}`]: { networkError: true } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { t } = await renderEditor();
    typeName('Offline edit');
    fireEvent.click(screen.getByTestId('save'));
    expect(await screen.findByText(t('editor.save.offline'))).toBeTruthy();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    await waitFor(() => expect(readDraft(GAME_ID)?.game.metadata.name).toBe('Offline edit'));
    expect(readDraft(GAME_ID)?.version).toBe(3);
  });

  it.each(['en', 'he'] as const)('says on the answer field, as the creator types, when the answers pass the save’s limits (%s)', async (language) => {
    serve(stored);
    const { t } = await renderEditor({ language });
    selectNode('q1/answer');
    const field = () => screen.getByTestId('field-answer-value');
    const many = Array.from({ length: 32 }, (_, i) => `a${i}`).join(', ');
    fireEvent.change(field(), { target: { value: many } });
    expect(await screen.findByText(t('editor.answer.tooMany', { max: 30, extra: 2 }))).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field(), { target: { value: `ok, ${'x'.repeat(101)}` } });
    expect(await screen.findByText(t('editor.answer.tooLong', { max: 100 }))).toBeTruthy();
    fireEvent.change(field(), { target: { value: 'Dizengoff,  כיכר   דיזנגוף ' } });
    await waitFor(() => expect(field().getAttribute('aria-invalid')).not.toBe('true'));
    // Shown as written (the matching folds case and final letters; the creator reads their own words).
    const shown = within(screen.getByRole('list', { name: t('editor.answer.accepted', { n: 2 }) }));
    expect(shown.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Dizengoff', 'כיכר דיזנגוף']);
  });

  it('keeps edits on the device and restores them after a remount, with a way to discard them', async () => {
    serve(stored);
    const first = await renderEditor();
    typeName('Typed before the reload');
    selectNode('q1/answer');
    fireEvent.change(screen.getByTestId('field-answer-value'), { target: { value: '1909, nineteen oh nine' } });
    await waitFor(() => expect(readDraft(GAME_ID)?.game.questions[1]?.answer).toMatchObject({ kind: 'text', value: '1909, nineteen oh nine' }));
    first.unmount();

    const { t } = await renderEditor();
    expect(screen.getByTestId('draft-restored')).toBeTruthy();
    expect(nameField().value).toBe('Typed before the reload');
    expect(screen.getByTestId('save-state').textContent).toBe(t('editor.save.unsaved'));

    fireEvent.click(screen.getByRole('button', { name: t('editor.draft.discard') }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t('editor.draft.discardConfirm') }));
    await waitFor(() => expect(nameField().value).toBe('Bialik street hunt'));
    expect(screen.queryByTestId('draft-restored')).toBeNull();
    await waitFor(() => expect(readDraft(GAME_ID)).toBeNull());
  });

  it('asks about a kept copy that started from an older version', async () => {
    const kept = { ...toEditableGame(stored), metadata: { ...toEditableGame(stored).metadata, name: 'From last week' } };
    writeDraft(GAME_ID, 2, kept);
    serve(stored);
    const { t } = await renderEditor();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(t('editor.draft.olderTitle'))).toBeTruthy();
    expect(nameField().value).toBe('Bialik street hunt');
    fireEvent.click(within(dialog).getByRole('button', { name: t('editor.draft.useOlder') }));
    await waitFor(() => expect(nameField().value).toBe('From last week'));
    // Kept again, now over the version loaded.
    await waitFor(() => expect(readDraft(GAME_ID)?.version).toBe(3));
  });

  it('asks before leaving with unsaved changes', async () => {
    serve(stored);
    const { t, router } = await renderEditor();
    typeName('Not saved');
    void router.navigate('/my-games');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(t('editor.leave.text'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: t('editor.leave.stay') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('game-editor')).toBeTruthy();

    void router.navigate('/my-games');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t('editor.leave.leave') }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/my-games');
    // The changes stay on the device.
    expect(readDraft(GAME_ID)?.game.metadata.name).toBe('Not saved');
  });

  it('hides Save while the game waits for approval or is approved, unless the caller is an admin', async () => {
    serve(ownerReply({ status: 'PENDING' }));
    const { t, unmount } = await renderEditor();
    expect(screen.queryByTestId('save')).toBeNull();
    expect(screen.queryByTestId('send-to-approval')).toBeNull();
    expect(screen.getByTestId('read-only-notice').textContent).toContain(t('editor.readOnly.pending'));
    expect(screen.queryByTestId('add-question')).toBeNull();
    expect(screen.queryByRole('button', { name: t('editor.tree.deleteQuestion', { n: 1 }) })).toBeNull();
    unmount();

    serve(ownerReply({ status: 'APPROVED' }));
    const approved = await renderEditor();
    expect(screen.queryByTestId('save')).toBeNull();
    expect(screen.getByTestId('read-only-notice').textContent).toContain(t('editor.readOnly.approved'));
    approved.unmount();

    serve(ownerReply({ status: 'APPROVED' }), {}, 'admin');
    await renderEditor();
    await waitFor(() => expect(screen.getByTestId('save')).toBeTruthy());
    expect(screen.queryByTestId('read-only-notice')).toBeNull();
  });
});
