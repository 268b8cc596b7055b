import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render-ui.tsx';
import { HintsList } from './hints-list.tsx';

describe('HintsList', () => {
  it('shows an opened hint’s text, and says an event’s opened hint is on its way until the server sends it', async () => {
    const hints = [
      { content: '<p>Look left of the door</p>', title: 'Door' },
      { content: '', sealed: true as const },
    ];
    const { t } = await renderUi(<HintsList hints={hints} states={[{ isOpen: true }, { isOpen: true }]} open onOpen={() => undefined} />, 'en');
    expect(screen.getByText('Look left of the door')).toBeTruthy();
    expect(screen.getByTestId('hint-2').textContent).toContain(t('player.hints.onItsWay'));
    expect(screen.getAllByTestId('hint-on-its-way')).toHaveLength(1);
  });
});
