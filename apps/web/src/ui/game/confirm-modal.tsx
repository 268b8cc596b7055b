import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** How long the screen may take to show what the confirmed action brought, in frames. */
const FOCUS_FRAMES = 60;

/**
 * Focuses the element `selector` names once it shows (made focusable by script if it is not), after
 * the dialog gave focus back to where it came from.
 */
function focusWhenShown(selector: string): void {
  let frames = 0;
  const attempt = () => {
    const element = document.querySelector<HTMLElement>(selector);
    if (element && element.getClientRects().length > 0) {
      if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
      element.focus({ preventScroll: false });
      if (document.activeElement === element) return;
    }
    if (++frames < FOCUS_FRAMES) requestAnimationFrame(attempt);
  };
  window.setTimeout(attempt, 50);
}

/** A yes/no question before something that cannot be undone (opening a hint, skipping a question, cancelling a purchase). */
export function ConfirmModal({
  opened,
  title,
  text,
  confirmLabel,
  cancelLabel,
  color,
  onConfirm,
  onClose,
  focusAfter,
}: {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** The way back, when 'cancel' would read as the very thing asked (cancelling a purchase). */
  cancelLabel?: string;
  /** The confirm button's colour: red for something that gives money back or ends a purchase. */
  color?: string;
  onConfirm(): void;
  onClose(): void;
  /**
   * Where focus goes once the confirmed action has changed the screen (a selector): the control that
   * opened the dialog is often gone with it (an opened hint, a skipped question), and focus would fall to the page.
   */
  focusAfter?: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('player.common.close') }}>
      <Stack gap="md">
        <Text>{text}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={onClose}>
            {cancelLabel ?? t('player.common.cancel')}
          </Button>
          <Button
            size="md"
            color={color}
            onClick={() => {
              onConfirm();
              onClose();
              if (focusAfter) focusWhenShown(focusAfter);
            }}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
