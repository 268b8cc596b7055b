import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RichTextField } from './rich-text-field.tsx';
import { mockRoutes } from '../../../test/fetch-routes.ts';
import { renderUi } from '../../../test/render-ui.tsx';

/** The editor's code loads lazily; the first import in a test run takes a moment. */
const LOADED = { timeout: 10_000 };

describe('RichTextField', () => {
  it('shows its label and a loading skeleton, then the editor, its area named by the label', async () => {
    const { t, missing } = await renderUi(<RichTextField label="טקסט הפתיחה" value="<p>שלום לכולם</p>" onChange={vi.fn()} dir="rtl" />);
    expect(screen.getByText('טקסט הפתיחה')).toBeTruthy();
    expect(screen.getByTestId('rich-text-loading')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(t('fields.richText.loading'));

    const area = await screen.findByRole('textbox', { name: 'טקסט הפתיחה' }, LOADED);
    expect(screen.queryByTestId('rich-text-loading')).toBeNull();
    expect(area.getAttribute('contenteditable')).toBe('true');
    expect(area.getAttribute('dir')).toBe('rtl');
    expect(area.getAttribute('aria-multiline')).toBe('true');
    expect(area.getAttribute('aria-invalid')).toBe('false');
    expect(area.innerHTML).toContain('<p>שלום לכולם</p>');
    const toolbar = screen.getByRole('group', { name: t('fields.richText.toolbar') });
    for (const key of ['bold', 'italic', 'underline', 'strike', 'clearFormatting', 'h2', 'h3', 'bulletList', 'orderedList', 'blockquote', 'link', 'unlink', 'rtl', 'ltr', 'insertImage', 'insertVideo', 'undo', 'redo']) {
      expect(within(toolbar).getByRole('button', { name: t(`fields.richText.${key}`) })).toBeTruthy();
    }
    expect(missing).toEqual([]);
  });

  it('marks the area invalid and describes it by the error, and clears both when the error goes', async () => {
    const props = { label: 'Question', value: '', onChange: vi.fn(), dir: 'ltr' as const, id: 'question-1' };
    const { rerender } = await renderUi(<RichTextField {...props} error="The question needs text" />, 'en');
    const area = await screen.findByRole('textbox', { name: 'Question' }, LOADED);
    expect(area.id).toBe('question-1');
    expect(area.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(area.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe('The question needs text');

    rerender(<RichTextField {...props} />);
    await waitFor(() => expect(area.getAttribute('aria-invalid')).toBe('false'));
    expect(area.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByText('The question needs text')).toBeNull();
  });

  it('shows a new value from outside without sending it back', async () => {
    const onChange = vi.fn();
    const { rerender } = await renderUi(<RichTextField label="Hint" value="<p>First</p>" onChange={onChange} dir="ltr" />, 'en');
    const area = await screen.findByRole('textbox', { name: 'Hint' }, LOADED);
    rerender(<RichTextField label="Hint" value="<h2>Second</h2><p>more</p>" onChange={onChange} dir="ltr" />);
    await waitFor(() => expect(area.innerHTML).toBe('<h2>Second</h2><p>more</p>'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('turns a paragraph to the other direction and back, as a dir attribute in the HTML', async () => {
    const onChange = vi.fn();
    const { t } = await renderUi(<RichTextField label="תשובה" value="<p>Dizengoff Center</p>" onChange={onChange} dir="rtl" />);
    await screen.findByRole('textbox', { name: 'תשובה' }, LOADED);
    const ltr = screen.getByRole('button', { name: t('fields.richText.ltr') });
    fireEvent.click(ltr);
    expect(onChange).toHaveBeenLastCalledWith('<p dir="ltr">Dizengoff Center</p>');
    await waitFor(() => expect(ltr.getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(ltr);
    expect(onChange).toHaveBeenLastCalledWith('<p>Dizengoff Center</p>');
  });

  it('keeps the direction, images and videos of content it loads', async () => {
    const html = '<p dir="ltr">Hello</p><img src="/media/images/3f2a9c0d1e4b5a69.webp"><video src="/media/videos/aabbccddeeff0011.mp4"></video>';
    await renderUi(<RichTextField label="Intro" value={html} onChange={vi.fn()} dir="rtl" />, 'en');
    const area = await screen.findByRole('textbox', { name: 'Intro' }, LOADED);
    expect(area.querySelector('p')?.getAttribute('dir')).toBe('ltr');
    expect(area.querySelector('img')?.getAttribute('src')).toBe('/media/images/3f2a9c0d1e4b5a69.webp');
    expect(area.querySelector('video')?.getAttribute('src')).toBe('/media/videos/aabbccddeeff0011.mp4');
  });

  it('inserts an image picked from the media library', async () => {
    mockRoutes({
      'GET /api/media/image': { body: { data: { resources: [{ public_id: 'images/3f2a9c0d1e4b5a69', resource_type: 'image', secure_url: '/media/images/3f2a9c0d1e4b5a69.webp' }] } } },
    });
    const onChange = vi.fn();
    const { t } = await renderUi(<RichTextField label="סוף המשחק" value="<p>כל הכבוד!</p>" onChange={onChange} dir="rtl" />);
    await screen.findByRole('textbox', { name: 'סוף המשחק' }, LOADED);
    fireEvent.click(screen.getByRole('button', { name: t('fields.richText.insertImage') }));
    const dialog = await screen.findByRole('dialog', { name: t('fields.richText.insertImage') });
    fireEvent.click(await within(dialog).findByTestId('media-item'));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.lastCall?.[0]).toContain('<img src="/media/images/3f2a9c0d1e4b5a69.webp">');
    expect(onChange.mock.lastCall?.[0]).toContain('<p>כל הכבוד!</p>');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
