import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Language } from '@streethunt/shared';
import { renderUi } from '../../test/render-ui.tsx';
import { GenerateCodesConfirm, type CodesRequest } from './generate-codes-confirm.tsx';

async function showConfirm(request: CodesRequest, language: Language) {
  const { missing } = await renderUi(<GenerateCodesConfirm request={request} generating={false} onConfirm={() => {}} onCancel={() => {}} />, language);
  expect(missing).toEqual([]);
  return { text: await screen.findByTestId('confirm-text'), prefix: screen.queryByTestId('confirm-prefix') };
}

describe('the codes confirmation dialog', () => {
  it.each([
    ['en', '<img src=x onerror=alert(1)>', 'Codes to generate for “<img src=x onerror=alert(1)>”: 3.'],
    ['en', '<b>bold</b> & <strong>strong</strong> </game>', 'Codes to generate for “<b>bold</b> & <strong>strong</strong> </game>”: 3.'],
    ['he', '<i>נטוי</i> &amp; <br/>', 'מספר הקודים שייווצרו למשחק “<i>נטוי</i> &amp; <br/>”: 3.'],
  ] as const)('shows a game named as markup as its text, never as markup (%s: %s)', async (language, gameName, shown) => {
    const { text } = await showConfirm({ gameId: 'g1', gameName, prefix: '', qty: 3 }, language);
    expect(text.textContent).toBe(shown);
    // Only the dialog's own element around the name: the name made none.
    expect([...text.querySelectorAll('*')].map((element) => element.tagName)).toEqual(['BDI']);
    expect(text.querySelector('bdi')?.textContent).toBe(gameName);
  });

  it('shows the prefix as text too', async () => {
    const { prefix } = await showConfirm({ gameId: 'g1', gameName: 'Jaffa', prefix: '<strong>X</strong>', qty: 1 }, 'en');
    expect(prefix?.textContent).toBe('Each code starts with <strong>X</strong>.');
    expect(prefix?.querySelector('strong')).toBeNull();
  });
});
