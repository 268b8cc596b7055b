import { useState, type KeyboardEvent, type Ref } from 'react';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A password input whose show/hide toggle is reachable with Tab and answers Enter too (Mantine keeps it
 * out of the tab order); as the account pages' field, which features do not share.
 */
export function PasswordField({ inputRef, ...props }: PasswordInputProps & { inputRef?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation('studio');
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      ref={inputRef}
      dir="ltr"
      styles={{ wrapper: { direction: 'ltr' } }}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{
        tabIndex: 0,
        'aria-label': t('finance.unlock.showPassword'),
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
