import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Component as BuildersPage } from './builders-page.tsx';
import { autoLoginReply, mockRoutes, renderPage, resetBrowserState, storeSession } from '../../test/render-page.tsx';

const setup = { path: '/builders' };
const publicConfig = { body: { appEnv: 'development', productionHosts: [], bareDomain: null, tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', vatPercent: 18 } };

/** A cell's text as a reader sees it: without Hebrew direction marks, with plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/[\u200e\u200f]/g, '').replace(/\u00a0/g, ' ').trim();

/** A split table's amounts, row by row: { rowKey: [amount per column] }. */
function amounts(table: HTMLElement): Record<string, string[]> {
  const rows: Record<string, string[]> = {};
  for (const row of table.querySelectorAll('tbody tr')) {
    rows[row.getAttribute('data-row') ?? ''] = [...row.querySelectorAll('td')].map((cell) => plain(cell.textContent));
  }
  return rows;
}

describe('builders page', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it('explains the split in English with the terms’ two games worked out, and invites a visitor to sign up', async () => {
    mockRoutes({ 'GET /api/public-config': publicConfig });
    const { missing } = await renderPage(<BuildersPage />, { ...setup, language: 'en' });

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Business partners: game builders');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'How the revenue is shared',
      'A worked example',
      'Calculate your share',
      'Start building',
    ]);
    // The rules, with their numbers from the shared constants.
    expect(screen.getByText(/a commission of 25% of the price excluding VAT, or ₪30, whichever is higher/)).toBeTruthy();
    expect(screen.getByText(/10% of the price excluding VAT goes to the marketer/)).toBeTruthy();
    expect(screen.getByText('A balance under ₪100 rolls over to the next month.')).toBeTruthy();

    // 100 ILS + 18% VAT: the builder gets 70, or 60 when an affiliate brought the buyer.
    expect(screen.getByRole('heading', { level: 3, name: 'A game sold at ₪118 (₪100 plus 18% VAT)' })).toBeTruthy();
    expect(amounts(screen.getByTestId('builders-example-1'))).toEqual({
      price: ['₪118', '₪118'],
      vat: ['₪18', '₪18'],
      exVat: ['₪100', '₪100'],
      commission: ['₪30', '₪30'],
      affiliateShare: ['₪0', '₪10'],
      builderShare: ['₪70', '₪60'],
    });
    // 160 ILS + VAT: the commission is 25% (40), the builder gets 120, or 104 with an affiliate.
    expect(screen.getByRole('heading', { level: 3, name: 'A game sold at ₪188.80 (₪160 plus 18% VAT)' })).toBeTruthy();
    expect(amounts(screen.getByTestId('builders-example-2'))).toEqual({
      price: ['₪188.80', '₪188.80'],
      vat: ['₪28.80', '₪28.80'],
      exVat: ['₪160', '₪160'],
      commission: ['₪40', '₪40'],
      affiliateShare: ['₪0', '₪16'],
      builderShare: ['₪120', '₪104'],
    });
    const example = within(screen.getByTestId('builders-example-1'));
    expect(example.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Item', 'Without an affiliate code', 'With an affiliate code']);
    expect(example.getByRole('rowheader', { name: 'The builder gets' })).toBeTruthy();

    // Logged out: sign up (or log in and land on the new-game page), and the terms.
    await waitFor(() => expect(screen.getByTestId('builders-signup').getAttribute('href')).toBe('/signup'));
    expect(screen.queryByTestId('builders-create')).toBeNull();
    expect(screen.getByRole('link', { name: 'Already have an account? Log in' }).getAttribute('href')).toBe('/login?url=%2Fgame-editor-new-game');
    expect(screen.getByRole('link', { name: 'Read the full terms of use' }).getAttribute('href')).toBe('/terms');
    expect(document.title).toBe('Business partners: game builders | StreetHunt');
    expect(missing).toEqual([]);
  });

  it('says the same in Hebrew, with the amounts in shekels', async () => {
    mockRoutes({ 'GET /api/public-config': publicConfig });
    const { missing } = await renderPage(<BuildersPage />, setup);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('שותפים עסקיים: בוני משחקים');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'איך מתחלקות ההכנסות',
      'דוגמה מחושבת',
      'חשבו כמה תקבלו',
      'מתחילים לבנות',
    ]);
    expect(plain(screen.getAllByRole('heading', { level: 3 })[0]?.textContent ?? null)).toBe('משחק שנמכר ב-118 ₪ (100 ₪ ועוד 18% מע"מ)');
    expect(amounts(screen.getByTestId('builders-example-1')).builderShare).toEqual(['70 ₪', '60 ₪']);
    expect(amounts(screen.getByTestId('builders-example-2'))).toEqual({
      price: ['188.80 ₪', '188.80 ₪'],
      vat: ['28.80 ₪', '28.80 ₪'],
      exVat: ['160 ₪', '160 ₪'],
      commission: ['40 ₪', '40 ₪'],
      affiliateShare: ['0 ₪', '16 ₪'],
      builderShare: ['120 ₪', '104 ₪'],
    });
    expect(screen.getByRole('link', { name: 'הרשמה בחינם' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'לתנאי השימוש המלאים' }).getAttribute('href')).toBe('/terms');
    expect(missing).toEqual([]);
  });

  it('splits any price live in the calculator, with and without an affiliate code', async () => {
    mockRoutes({ 'GET /api/public-config': publicConfig });
    const { missing } = await renderPage(<BuildersPage />, { ...setup, language: 'en' });
    const price = screen.getByLabelText('Game price including VAT (ILS)');
    const result = screen.getByTestId('calculator-result');

    // It opens on the first example's price.
    expect((price as HTMLInputElement).value).toBe('118');
    expect(result.textContent).toBe('For a sale at ₪118, the builder gets ₪70.');

    fireEvent.change(price, { target: { value: '188.80' } });
    await waitFor(() => expect(result.textContent).toBe('For a sale at ₪188.80, the builder gets ₪120.'));
    fireEvent.click(screen.getByRole('switch', { name: 'The buyer arrived with an affiliate code' }));
    await waitFor(() => expect(result.textContent).toBe('For a sale at ₪188.80, the builder gets ₪104.'));
    expect(amounts(screen.getByTestId('calculator-table'))).toEqual({
      price: ['₪188.80'],
      vat: ['₪28.80'],
      exVat: ['₪160'],
      commission: ['₪40'],
      affiliateShare: ['₪16'],
      builderShare: ['₪104'],
    });
    expect(within(screen.getByTestId('calculator-table')).getAllByRole('columnheader')[1]?.textContent).toBe('With an affiliate code');

    // 590 with VAT is 500 without: commission 125, affiliate 50, the builder 325.
    fireEvent.change(price, { target: { value: '590' } });
    await waitFor(() => expect(result.textContent).toBe('For a sale at ₪590, the builder gets ₪325.'));
    expect(missing).toEqual([]);
  });

  it('refuses a price the calculator cannot split, and says why', async () => {
    mockRoutes({ 'GET /api/public-config': publicConfig });
    await renderPage(<BuildersPage />, { ...setup, language: 'en' });
    const price = screen.getByLabelText('Game price including VAT (ILS)');

    fireEvent.change(price, { target: { value: '' } });
    expect(await screen.findByText('Enter a price')).toBeTruthy();
    expect(screen.getByTestId('calculator-result').textContent).toBe('');
    expect(screen.queryByTestId('calculator-table')).toBeNull();
    expect(price.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(price, { target: { value: '20' } });
    expect(await screen.findByText('Games are sold from ₪30')).toBeTruthy();
    fireEvent.change(price, { target: { value: '250000' } });
    expect(await screen.findByText('Enter a price up to ₪100,000')).toBeTruthy();

    fireEvent.change(price, { target: { value: '30' } });
    await waitFor(() => expect(screen.getByTestId('calculator-table')).toBeTruthy());
    expect(price.getAttribute('aria-invalid')).toBe('false');
  });

  it('invites a logged-in builder to create a game', async () => {
    storeSession();
    mockRoutes({ 'GET /api/public-config': publicConfig, 'POST /api/auto-login': autoLoginReply });
    const { missing } = await renderPage(<BuildersPage />, setup);
    const create = await screen.findByTestId('builders-create');
    expect(create.getAttribute('href')).toBe('/game-editor-new-game');
    expect(create.textContent).toBe('יצירת משחק');
    expect(screen.queryByTestId('builders-signup')).toBeNull();
    expect(missing).toEqual([]);
  });
});
