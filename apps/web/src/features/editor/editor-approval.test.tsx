import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toEditableGame } from '@streethunt/shared';
import { ownerReply } from './test-game.ts';
import { bodiesSent, GAME_PATH, renderEditor, routesCalled, serve, STATUS_PATH, storedReply, useWideEditorScreen } from './test-editor.tsx';

vi.mock('./fields/rich-text-field.tsx', async () => ({ RichTextField: (await import('./test-fields.tsx')).RichTextFieldStandIn }));
vi.mock('./fields/media-picker.tsx', async () => ({ MediaPicker: (await import('./test-fields.tsx')).MediaPickerStandIn }));
vi.mock('./fields/area-editor.tsx', async () => ({ AreaEditor: (await import('./test-fields.tsx')).AreaEditorStandIn }));
vi.mock('./fields/preview-map.tsx', async () => ({ PreviewMap: (await import('./test-fields.tsx')).PreviewMapStandIn }));

/** A game with three problems: no city, a price under 30, and an empty hint 2 of question 1 (map off). */
const unfinished = () => {
  const reply = ownerReply({ metadata: { locationCity: '', price: '20' } });
  reply.questions![0]!.hints[1]!.content = '<p></p>';
  return reply;
};

const bar = () => screen.getByTestId('validation-bar');

describe('editor: send to approval', () => {
  useWideEditorScreen();

  it('shows the first error in the red bar, marks every affected node, and leads to the first (Hebrew)', async () => {
    const fetchMock = serve(unfinished());
    const { t, missing } = await renderEditor({ language: 'he' });
    fireEvent.click(screen.getByTestId('send-to-approval'));
    await screen.findByTestId('validation-bar');
    expect(within(bar()).getByTestId('validation-first').textContent).toBe(t('ge.validation.required.locationCity'));
    expect(bar().textContent).toContain(t('editor.approval.total', { n: 3 }));
    // Nothing was sent.
    expect(routesCalled(fetchMock).filter((route) => route.startsWith('POST /api/games'))).toEqual([]);

    const marked = [...document.querySelectorAll('[data-invalid="true"]')].map((node) => node.getAttribute('data-testid'));
    expect(marked).toEqual(['node-metadata', 'node-q0/hint1']);
    expect(within(screen.getByTestId('node-q0/hint1')).getByRole('img', { name: t('editor.tree.invalid') })).toBeTruthy();
    // The fields say what is wrong.
    expect(screen.getByText(t('ge.validation.minimun.price'))).toBeTruthy();

    // The bar leads to the node of the first error; fixing it moves the bar on to the next one.
    fireEvent.click(screen.getByTestId('node-gameover'));
    fireEvent.click(within(bar()).getByTestId('validation-first'));
    expect(screen.getByTestId('node-metadata').getAttribute('aria-current')).toBe('true');
    fireEvent.change(screen.getByTestId('field-city'), { target: { value: 'Tel Aviv' } });
    expect(within(bar()).getByTestId('validation-first').textContent).toBe(t('ge.validation.minimun.price'));
    fireEvent.change(screen.getByTestId('field-price'), { target: { value: '45' } });
    expect(within(bar()).getByTestId('validation-first').textContent).toBe(t('ge.validation.required.hintContent', { question: 1, hint: 2 }));
    expect(within(bar()).getByTestId('validation-first').textContent).toContain('2');

    fireEvent.click(within(bar()).getByTestId('validation-first'));
    expect(screen.getByTestId('node-q0/hint1').getAttribute('aria-current')).toBe('true');
    fireEvent.change(screen.getByTestId('rich-text'), { target: { value: '<p>Look at the sign by the door</p>' } });
    await waitFor(() => expect(screen.queryByTestId('validation-bar')).toBeNull());
    expect(document.querySelectorAll('[data-invalid="true"]')).toHaveLength(0);
    expect(missing).toEqual([]);
  });

  it('a game without questions: the bar names it and marks add question', async () => {
    serve(ownerReply({ questions: [], questionCount: 0 }));
    const { t } = await renderEditor();
    fireEvent.click(screen.getByTestId('send-to-approval'));
    expect((await screen.findByTestId('validation-first')).textContent).toBe(t('ge.validation.required.questions'));
    expect(screen.getByTestId('add-question').getAttribute('data-invalid')).toBe('true');
  });

  it('sends a valid game: saves unsaved changes first, then PENDING with a note to the admins; then read-only', async () => {
    const edited = { ...toEditableGame(ownerReply()), introPage: { content: '<p>Welcome, hunters</p>' } };
    const fetchMock = serve(ownerReply(), {
      [`POST ${GAME_PATH}`]: storedReply(edited, 4),
      [`POST ${STATUS_PATH}`]: storedReply(edited, 4, 'PENDING'),
    });
    const { t } = await renderEditor();
    fireEvent.click(screen.getByTestId('node-intro'));
    fireEvent.change(screen.getByTestId('rich-text'), { target: { value: '<p>Welcome, hunters</p>' } });
    fireEvent.click(screen.getByTestId('send-to-approval'));

    expect(await screen.findByText(t('editor.approval.sent'))).toBeTruthy();
    expect(routesCalled(fetchMock).filter((route) => route.startsWith('POST'))).toEqual(['POST /api/auto-login', `POST ${GAME_PATH}`, `POST ${STATUS_PATH}`]);
    expect(bodiesSent(fetchMock, `POST ${GAME_PATH}`)[0]).toMatchObject({ version: 3, introPage: { content: '<p>Welcome, hunters</p>' } });
    expect(bodiesSent(fetchMock, `POST ${STATUS_PATH}`)).toEqual([{ status: 'PENDING', notifyAdmin: true }]);

    expect(screen.getByTestId('game-status').textContent).toBe(t('editor.status.PENDING'));
    expect(screen.queryByTestId('save')).toBeNull();
    expect(screen.getByTestId('read-only-notice').textContent).toContain(t('editor.readOnly.pending'));
    expect(screen.getByTestId('game-editor').getAttribute('data-read-only')).toBe('true');
    expect(screen.getByTestId('edit-panel').closest('fieldset')?.disabled).toBe(true);
  });

  it('takes a pending game back to edit', async () => {
    const game = toEditableGame(ownerReply());
    const fetchMock = serve(ownerReply({ status: 'PENDING' }), { [`POST ${STATUS_PATH}`]: storedReply(game, 4, 'DRAFT') });
    const { t } = await renderEditor();
    fireEvent.click(screen.getByRole('button', { name: t('editor.approval.takeBack') }));
    expect(await screen.findByText(t('editor.approval.takenBack'))).toBeTruthy();
    expect(bodiesSent(fetchMock, `POST ${STATUS_PATH}`)).toEqual([{ status: 'DRAFT' }]);
    expect(screen.getByTestId('save')).toBeTruthy();
    expect(screen.getByTestId('send-to-approval')).toBeTruthy();
  });

  it("shows the server's 422 issues the same way", async () => {
    serve(ownerReply(), {
      [`POST ${STATUS_PATH}`]: {
        status: 422,
        body: {
          message: 'Question 2 needs an answer',
          code: 'validation',
          issues: [{ error: 'required', field: 'answerValue', path: 'questions.1.answer.value', question: 2, message: 'Question 2 needs an answer' }],
        },
      },
    });
    const { t } = await renderEditor();
    fireEvent.click(screen.getByTestId('send-to-approval'));
    expect((await screen.findByTestId('validation-first')).textContent).toBe(t('ge.validation.required.answerValue', { question: 2 }));
    expect(screen.getByTestId('node-q1/answer').getAttribute('data-invalid')).toBe('true');
    expect(screen.queryByText(t('editor.approval.sent'))).toBeNull();
  });
});
