import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { FeedbackWidget } from './feedback-widget.tsx';
import { bodiesSent, mockRoutes, renderPage } from '../../../test/render-page.tsx';

const SEND = 'POST /api/feedback/game/g1';

function continueButton(t: TFunction) {
  return screen.getByRole('button', { name: t('feedback.continue') }) as HTMLButtonElement;
}

function star(t: TFunction, value: number) {
  return screen.getByRole('radio', { name: t('feedback.star', { value }) }) as HTMLInputElement;
}

/** Rates the current screen and continues. */
function rate(t: TFunction, value: number) {
  fireEvent.click(star(t, value));
  fireEvent.click(continueButton(t));
}

describe('FeedbackWidget', () => {
  it('asks general, questions and path in order, each continue disabled until a star, then sends the comment', async () => {
    const fetchMock = mockRoutes({ [SEND]: { body: { data: { status: 'OK' } } } });
    const onDone = vi.fn();
    const { t, missing } = await renderPage(<FeedbackWidget gameId="g1" secretCode="ABCD-2345" onDone={onDone} />, { path: '/' });

    const screens = [
      ['feedback.general', 4],
      ['feedback.questions', 5],
      ['feedback.path', 3],
    ] as const;
    for (const [index, [legend, value]] of screens.entries()) {
      expect(screen.getByRole('radiogroup', { name: t(legend) })).toBeTruthy();
      expect(screen.getByText(t('feedback.step', { current: index + 1, total: 4 }))).toBeTruthy();
      expect(screen.getAllByRole('radio')).toHaveLength(5);
      expect(continueButton(t).disabled).toBe(true);
      expect(screen.getByText(t('feedback.chooseStar'))).toBeTruthy();
      fireEvent.click(star(t, value));
      expect(star(t, value).checked).toBe(true);
      expect(continueButton(t).disabled).toBe(false);
      fireEvent.click(continueButton(t));
    }

    const comment = screen.getByLabelText(t('feedback.comment')) as HTMLTextAreaElement;
    expect(comment.getAttribute('dir')).toBe('auto');
    expect(comment.maxLength).toBe(2000);
    fireEvent.change(comment, { target: { value: '  מסלול יפה מאוד  ' } });
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: t('feedback.send') }));

    expect(await screen.findByText(t('feedback.thanks'))).toBeTruthy();
    expect(bodiesSent(fetchMock, SEND)).toEqual([{ general: 4, questions: 5, path: 3, openAnswer: 'מסלול יפה מאוד', secretCode: 'ABCD-2345' }]);
    expect(onDone).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: t('feedback.send') })).toBeNull();
    expect(missing).toEqual([]);
  });

  it('sends the play’s grant with its code, so feedback goes through from an address blocked for wrong codes', async () => {
    const fetchMock = mockRoutes({ [SEND]: { body: { data: { status: 'OK' } } } });
    const { t } = await renderPage(<FeedbackWidget gameId="g1" secretCode="C" grant="gRant_0123456789abcdef" />, { path: '/', language: 'en' });
    rate(t, 5);
    rate(t, 4);
    rate(t, 3);
    fireEvent.click(screen.getByRole('button', { name: t('feedback.send') }));
    expect(await screen.findByText(t('feedback.thanks'))).toBeTruthy();
    expect(bodiesSent(fetchMock, SEND)).toEqual([{ general: 5, questions: 4, path: 3, openAnswer: '', secretCode: 'C', grant: 'gRant_0123456789abcdef' }]);
  });

  it('sends the emailed token instead of a code, and an empty comment', async () => {
    const fetchMock = mockRoutes({ [SEND]: { body: {} } });
    const { t } = await renderPage(<FeedbackWidget gameId="g1" token="tok-0123456789abcdef" />, { path: '/', language: 'en' });
    rate(t, 1);
    rate(t, 2);
    rate(t, 5);
    fireEvent.click(screen.getByRole('button', { name: t('feedback.send') }));
    expect(await screen.findByText(t('feedback.thanks'))).toBeTruthy();
    expect(bodiesSent(fetchMock, SEND)).toEqual([{ general: 1, questions: 2, path: 5, openAnswer: '', token: 'tok-0123456789abcdef' }]);
  });

  it('goes back without losing the chosen stars', async () => {
    mockRoutes({});
    const { t } = await renderPage(<FeedbackWidget gameId="g1" secretCode="C" />, { path: '/', language: 'en' });
    rate(t, 4);
    expect(screen.getByRole('radiogroup', { name: t('feedback.questions') })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('feedback.back') }));
    expect(screen.getByRole('radiogroup', { name: t('feedback.general') })).toBeTruthy();
    expect(star(t, 4).checked).toBe(true);
    expect(continueButton(t).disabled).toBe(false);
  });

  it('keeps everything after a failed send, shows why, and sends again', async () => {
    const fetchMock = mockRoutes({
      [SEND]: [
        { status: 500, body: { message: 'internal', code: 'internal' } },
        { status: 400, body: { message: 'Ratings must be 1 to 5', code: 'validation' } },
        { networkError: true },
        { body: { data: { status: 'OK' } } },
      ],
    });
    const onDone = vi.fn();
    const { t } = await renderPage(<FeedbackWidget gameId="g1" secretCode="C" onDone={onDone} />, { path: '/', language: 'en' });
    rate(t, 3);
    rate(t, 3);
    rate(t, 4);
    fireEvent.change(screen.getByLabelText(t('feedback.comment')), { target: { value: 'Great fun' } });
    const send = () => fireEvent.click(screen.getByRole('button', { name: t('feedback.send') }));

    send();
    expect((await screen.findByRole('alert')).textContent).toBe(t('feedback.errors.generic'));
    expect((screen.getByLabelText(t('feedback.comment')) as HTMLTextAreaElement).value).toBe('Great fun');

    send();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(t('feedback.errors.withMessage', { message: 'Ratings must be 1 to 5' })));

    send();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(t('feedback.errors.network')));
    expect(onDone).not.toHaveBeenCalled();

    send();
    expect(await screen.findByText(t('feedback.thanks'))).toBeTruthy();
    const bodies = bodiesSent(fetchMock, SEND);
    expect(bodies).toHaveLength(4);
    for (const body of bodies) expect(body).toEqual({ general: 3, questions: 3, path: 4, openAnswer: 'Great fun', secretCode: 'C' });
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('shows the sending state until the server answers', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const { t } = await renderPage(<FeedbackWidget gameId="g1" secretCode="C" />, { path: '/', language: 'en' });
    rate(t, 2);
    rate(t, 2);
    rate(t, 2);
    fireEvent.click(screen.getByRole('button', { name: t('feedback.send') }));
    await waitFor(() => expect(screen.getByRole('button', { name: t('feedback.send') }).hasAttribute('data-loading')).toBe(true));
    expect((screen.getByRole('button', { name: t('feedback.send') }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: t('feedback.send') }));
    expect(fetchMock).toHaveBeenCalledOnce();
    answer(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
    expect(await screen.findByText(t('feedback.thanks'))).toBeTruthy();
  });

  it('a play rated before (409) ends the widget saying the earlier rating stays, never thanking for it', async () => {
    mockRoutes({ [SEND]: { status: 409, body: { message: 'Feedback for this game was given already', code: 'conflict' } } });
    const onDone = vi.fn();
    const { t } = await renderPage(<FeedbackWidget gameId="g1" secretCode="C" onDone={onDone} />, { path: '/' });
    rate(t, 5);
    rate(t, 5);
    rate(t, 5);
    fireEvent.click(screen.getByRole('button', { name: t('feedback.send') }));
    expect((await screen.findByTestId('feedback-rated-before')).textContent).toBe(t('feedback.alreadyRated'));
    expect(screen.queryByText(t('feedback.thanks'))).toBeNull();
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('a used or foreign emailed link says so in the page’s language, and keeps the answers', async () => {
    mockRoutes({ [SEND]: { status: 400, body: { message: 'This feedback link is not valid, or it was used already', code: 'invalid_token' } } });
    const onDone = vi.fn();
    const { t } = await renderPage(<FeedbackWidget gameId="g1" token="tok-0123456789abcdef" onDone={onDone} />, { path: '/', language: 'he' });
    rate(t, 4);
    rate(t, 4);
    rate(t, 4);
    fireEvent.click(screen.getByRole('button', { name: t('feedback.send') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('feedback.errors.invalidLink'));
    expect(t('feedback.errors.invalidLink')).toMatch(/[א-ת]/);
    expect(screen.queryByText(t('feedback.thanks'))).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });
});
