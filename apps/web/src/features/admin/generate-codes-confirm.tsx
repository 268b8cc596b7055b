import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';

/** What is about to be generated, as the confirm dialog states it (spec section 5). */
export type CodesRequest = { gameId: string; gameName: string; prefix: string; qty: number };

/**
 * Values put into a <Trans> text as text: Trans reads the interpolated string as markup, and the app
 * turns i18next's escaping off, so a game named `<strong>x</strong>` would be drawn bold. Escaped here,
 * the name's `<` stays text through Trans's parser and is unescaped back for display.
 */
const AS_TEXT = { tOptions: { interpolation: { escapeValue: true } }, shouldUnescape: true } as const;

/**
 * 'Are you sure?' before generating: the count, the game's name and the prefix if any (spec section 5).
 * Generation starts only from its confirm button.
 */
export function GenerateCodesConfirm({ request, generating, onConfirm, onCancel }: { request: CodesRequest | null; generating: boolean; onConfirm(): void; onCancel(): void }) {
  const { t } = useTranslation('studio');
  return (
    <Modal
      opened={request !== null}
      onClose={onCancel}
      title={t('adminCodes.confirm.title')}
      centered
      closeButtonProps={{ 'aria-label': t('studio.close') }}
      data-testid="generate-codes-confirm"
    >
      {request && (
        <Stack gap="md">
          <Text data-testid="confirm-text">
            <Trans t={t} i18nKey="adminCodes.confirm.text" values={{ game: request.gameName, n: request.qty }} components={{ game: <bdi dir="auto" /> }} {...AS_TEXT} />
          </Text>
          {request.prefix && (
            <Text data-testid="confirm-prefix">
              <Trans
                t={t}
                i18nKey="adminCodes.confirm.prefix"
                values={{ prefix: request.prefix }}
                components={{ prefix: <span dir="ltr" style={{ fontFamily: 'var(--mantine-font-family-monospace)' }} /> }}
                {...AS_TEXT}
              />
            </Text>
          )}
          <Text fw={600}>{t('adminCodes.confirm.question')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={generating}>
              {t('studio.cancel')}
            </Button>
            <Button onClick={onConfirm} loading={generating}>
              {t('adminCodes.confirm.yes')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
