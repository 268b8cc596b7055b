import { useState, type KeyboardEvent, type Ref } from 'react';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A password typed left to right inside a Hebrew page (the account pages, the finance reports). The box
 * itself (not only the text) runs left to right, so the show-password toggle and the room kept for it
 * stay on the same side.
 */
export function PasswordField({ inputRef, ...props }: PasswordInputProps & { inputRef?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      ref={inputRef}
      dir="ltr"
      styles={{ wrapper: { direction: 'ltr' } }}
      visible={visible}
      onVisibilityChange={setVisible}
      // Mantine keeps the toggle out of the tab order and toggles it on mouse down and Space only: here it
      // is reachable with Tab and answers Enter too. Its state is read out through aria-pressed.
      visibilityToggleButtonProps={{
        tabIndex: 0,
        'aria-label': t('common.showPassword'),
        onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          setVisible((shown) => !shown);
        },
      }}
      {...props}
    />
  );
}
