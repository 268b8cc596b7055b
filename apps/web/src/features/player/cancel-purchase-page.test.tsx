import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { formatMoney } from '@streethunt/shared';
import { mockFetch, renderPage } from '../../test/render-page.tsx';
import { Component as CancelPurchasePage } from './cancel-purchase-page.tsx';

const TOKEN = 'cancel_' + 'b'.repeat(30);

describe('the receipt email’s cancel link', () => {
  it.each(['he', 'en'] as const)('says the rule, asks first, then cancels with the link’s token (%s)', async (language) => {
    const fetchMock = mockFetch({ body: { data: { _id: 'p9', status: 'refunded', refundAmount: 6000, refundedAt: '2026-11-29T10:00:00.000Z', refundState: 'sent' } } });
    const { t, missing } = await renderPage(<CancelPurchasePage />, { path: '/purchases/:purchaseId/cancel', url: `/purchases/p9/cancel?token=${TOKEN}`, language });
    expect(await screen.findByRole('heading', { level: 1, name: t('purchases:cancel.pageTitle') })).toBeTruthy();
    const section = screen.getByTestId('cancel-purchase');
    expect(section.textContent).toContain(t('purchases:cancelNote'));
    fireEvent.click(within(section).getByRole('button', { name: t('purchases:cancel.button') }));
    const dialog = await screen.findByRole('dialog', { name: t('purchases:cancel.confirmTitle') });
    expect(dialog.textContent).toContain(t('purchases:cancel.confirmTextAny'));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: t('purchases:cancel.confirmYes') }));
    expect((await screen.findByTestId('purchase-cancelled')).textContent).toBe(t('purchases:cancel.done', { amount: formatMoney(6000, language) }));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/purchases/p9/cancel');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ token: TOKEN });
    expect(missing).toEqual([]);
  });
});
