import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderUi } from '../../test/render-ui.tsx';
import { PasswordField } from '../../ui/password-field.tsx';

describe('PasswordField', () => {
  it('has a show-password toggle that the keyboard reaches (Tab) and works (Enter, Space)', async () => {
    const { t } = await renderUi(<PasswordField label="Password" />, 'en');
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    const toggle = screen.getByRole('button', { name: t('common.showPassword') });
    // Mantine takes it out of the tab order (-1) by default.
    expect(toggle.tabIndex).toBe(0);
    expect(input.type).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    fireEvent.keyDown(toggle, { key: 'Enter' });
    expect(input.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(toggle, { key: ' ' });
    expect(input.type).toBe('password');
  });
});
