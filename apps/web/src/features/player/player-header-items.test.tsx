import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderUi } from '../../test/render-ui.tsx';
import type { DisplayPage } from './play-context.tsx';
import { PlayerHeaderItems } from './player-header-items.tsx';

const current = () => screen.queryAllByRole('button').filter((b) => b.getAttribute('aria-current') === 'page').map((b) => b.dataset.testid);

describe('PlayerHeaderItems', () => {
  for (const [page, expected] of [
    ['intro', ['header-intro']],
    ['questions', ['header-questions']],
    ['map', ['header-map']],
    // The code entry is none of the three: no item claims it (not Questions).
    ['payment', []],
  ] as Array<[DisplayPage, string[]]>) {
    it(`marks the item of the page shown: ${page}`, async () => {
      await renderUi(<PlayerHeaderItems page={page} hasMap onSelect={() => undefined} />);
      expect(current()).toEqual(expected);
    });
  }

  it('shows each item as an icon over its short label, and switches the page', async () => {
    const onSelect = vi.fn();
    const { t } = await renderUi(<PlayerHeaderItems page="intro" hasMap={false} onSelect={onSelect} />, 'en');
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([t('player.header.questions'), t('player.header.intro')]);
    for (const button of buttons) expect(button.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: t('player.header.questions') }));
    expect(onSelect).toHaveBeenCalledWith('questions');
  });
});
