import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';

/** A short message at the bottom of the screen (Mantine notifications are set up app-wide). */
export function notify(t: TFunction, color: 'teal' | 'red' | 'orange', message: string) {
  notifications.show({ color, message, closeButtonProps: { 'aria-label': t('studio.close') } });
}
