import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bodiesSent, freshBrowserEachTest, labelStartingWith, mockRoutes, renderPage } from '../../test/render-page.tsx';
import { ACCESSIBILITY_REVIEWED_ON, Component as StatementPage, reviewedOn } from './statement-page.tsx';

const REPORTS = 'POST /api/accessibility/reports';
const config = (contact: { name: string | null; email: string; phone: string | null }) => ({
  body: { appEnv: 'development', productionHosts: [], bareDomain: null, tileUrl: '', tileOffline: 'seen', vatPercent: 18, accessibilityContact: contact },
});
const named = config({ name: 'Noa Levi', email: 'access@example.org', phone: '03-1234567' });

describe('the accessibility statement', () => {
  freshBrowserEachTest(null);

  it('says the standard, what was made accessible, the limits, the coordinator and the review date (en)', async () => {
    mockRoutes({ 'GET /api/public-config': named });
    const { t, missing } = await renderPage(<StatementPage />, { path: '/accessibility', language: 'en' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Accessibility statement');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'The standard we follow',
      'What we made accessible',
      'Known limits',
      'The accessibility coordinator',
      'Last review',
      'Report an accessibility barrier',
    ]);
    expect(screen.getByText(/Israeli Standard 5568 .* level AA/)).toBeTruthy();
    expect(screen.getByText(/WCAG 2\.1 level AA/)).toBeTruthy();
    expect(within(screen.getByTestId('accessibility-made')).getAllByRole('listitem').length).toBeGreaterThanOrEqual(8);
    expect(within(screen.getByTestId('accessibility-limits')).getByText(/map tiles themselves are images/)).toBeTruthy();

    // The coordinator as the server's settings name them.
    expect((await screen.findByTestId('accessibility-contact-name')).textContent).toBe('Noa Levi');
    expect(screen.getByRole('link', { name: 'access@example.org' }).getAttribute('href')).toBe('mailto:access@example.org');
    expect(screen.getByRole('link', { name: '03-1234567' }).getAttribute('href')).toBe('tel:031234567');
    expect(screen.getByTestId('accessibility-reviewed').textContent).toBe('This statement was last reviewed on 29 November 2026.');
    expect(document.title).toBe(`Accessibility statement | ${t('common.appName')}`);
    expect(missing).toEqual([]);
  });

  it('in Hebrew: the role instead of a name that is not set, no phone line, the date in Hebrew', async () => {
    mockRoutes({ 'GET /api/public-config': config({ name: null, email: 'accessibility@streethunt.co.il', phone: null }) });
    const { missing } = await renderPage(<StatementPage />, { path: '/accessibility', language: 'he' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('הצהרת נגישות');
    expect(screen.getByText(/בתקן הישראלי 5568 .* ברמה AA/)).toBeTruthy();
    expect((await screen.findByTestId('accessibility-contact-name')).textContent).toBe('רכז/ת הנגישות של סטריטהאנט');
    expect(screen.getByTestId('accessibility-contact-email').getAttribute('dir')).toBe('ltr');
    expect(screen.queryByTestId('accessibility-contact-phone')).toBeNull();
    expect(screen.getByTestId('accessibility-reviewed').textContent).toBe('ההצהרה נסקרה לאחרונה ב-29 בנובמבר 2026.');
    expect(missing).toEqual([]);
  });

  it('formats the review day from the one constant', () => {
    expect(ACCESSIBILITY_REVIEWED_ON).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(reviewedOn('en')).toBe('29 November 2026');
    expect(reviewedOn('he')).toBe('29 בנובמבר 2026');
  });

  it('sends a barrier report with where the visitor came from, then thanks them and takes the focus (en)', async () => {
    const fetchMock = mockRoutes({ 'GET /api/public-config': named, [REPORTS]: { body: { data: { status: 'OK' } } } });
    await renderPage(<StatementPage />, { path: '/accessibility', url: { pathname: '/accessibility', state: { from: '/games?view=map' } }, language: 'en' });
    const where = screen.getByRole('textbox', { name: labelStartingWith('Where did it happen?') }) as HTMLInputElement;
    expect(where.value).toBe('/games?view=map');
    fireEvent.change(screen.getByRole('textbox', { name: labelStartingWith('What happened?') }), { target: { value: 'The map buttons have no names' } });
    fireEvent.change(screen.getByRole('textbox', { name: labelStartingWith('Your email') }), { target: { value: ' Reader@Example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the report' }));
    const thanks = await screen.findByTestId('accessibility-report-sent');
    expect(thanks.textContent).toBe('Thank you. Your report was sent to the accessibility coordinator.');
    await waitFor(() => expect(document.activeElement).toBe(thanks));
    expect(bodiesSent(fetchMock, REPORTS)).toEqual([{ where: '/games?view=map', what: 'The map buttons have no names', email: 'reader@example.com' }]);
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/accessibility/reports')!;
    expect((init as RequestInit).headers).toMatchObject({ 'accept-language': 'en' });

    // Another report starts with an empty description.
    fireEvent.click(screen.getByRole('button', { name: 'Report another barrier' }));
    expect((screen.getByRole('textbox', { name: labelStartingWith('What happened?') }) as HTMLTextAreaElement).value).toBe('');
  });

  it('says what is missing in Hebrew, sends nothing, and moves the keyboard to the first field to fix', async () => {
    const fetchMock = mockRoutes({ 'GET /api/public-config': named, [REPORTS]: { body: { data: { status: 'OK' } } } });
    await renderPage(<StatementPage />, { path: '/accessibility', language: 'he' });
    fireEvent.change(screen.getByRole('textbox', { name: labelStartingWith('הדוא״ל שלכם') }), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'שליחת הדיווח' }));
    expect(await screen.findByText('כתבו איפה זה קרה')).toBeTruthy();
    expect(screen.getByText('תארו במילים ספורות מה קרה')).toBeTruthy();
    expect(screen.getByText('זו לא כתובת דוא״ל')).toBeTruthy();
    const where = screen.getByRole('textbox', { name: labelStartingWith('איפה זה קרה?') });
    expect(where.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(where));
    expect(bodiesSent(fetchMock, REPORTS)).toEqual([]);
  });

  it('shows the server’s message when it refuses, and keeps what was typed (he)', async () => {
    const message = 'נשלחו מכאן יותר מדי דיווחים. אפשר לנסות שוב בעוד דקה, או לכתוב לרכז הנגישות.';
    mockRoutes({ 'GET /api/public-config': named, [REPORTS]: { status: 429, body: { code: 'rate_limited', message } } });
    await renderPage(<StatementPage />, { path: '/accessibility', language: 'he' });
    fireEvent.change(screen.getByRole('textbox', { name: labelStartingWith('איפה זה קרה?') }), { target: { value: 'דף המשחקים' } });
    fireEvent.change(screen.getByRole('textbox', { name: labelStartingWith('מה קרה?') }), { target: { value: 'הכפתורים בלי שמות' } });
    fireEvent.click(screen.getByRole('button', { name: 'שליחת הדיווח' }));
    const error = await screen.findByTestId('accessibility-report-error');
    expect(error.textContent).toContain(message);
    expect((screen.getByRole('textbox', { name: labelStartingWith('מה קרה?') }) as HTMLTextAreaElement).value).toBe('הכפתורים בלי שמות');
  });
});
