import { Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCopyCode } from './use-copy-code.ts';

const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * The play's code on the intro, for the team to join the same play on their phones: the code a free
 * game's play was issued, or the one typed. Copy, and share where the phone can.
 */
export function PlayCode({ code, gameId, gameName }: { code: string; gameId: string; gameName: string }) {
  const { t } = useTranslation();
  const { codeRef, copyState, copy } = useCopyCode(code);

  const share = async () => {
    try {
      await navigator.share({
        title: gameName,
        text: t('player.playCode.shareText', { name: gameName, code }),
        url: `${window.location.origin}/game/${encodeURIComponent(gameId)}`,
      });
    } catch {
      /* the player closed the share sheet: nothing to do */
    }
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="play-code">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('player.playCode.label')}
        </Text>
        <Text
          ref={codeRef}
          dir="ltr"
          ff="monospace"
          fz={26}
          fw={700}
          data-testid="play-code-value"
          style={{ letterSpacing: '0.08em', overflowWrap: 'anywhere', userSelect: 'all', textAlign: 'center' }}
        >
          {code}
        </Text>
        <Text size="sm">{t('player.playCode.explanation')}</Text>
        <Group gap="xs" grow>
          <Button
            variant={copyState === 'copied' ? 'filled' : 'light'}
            leftSection={copyState === 'copied' ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            onClick={() => void copy()}
            data-testid="play-code-copy"
          >
            {copyState === 'copied' ? t('player.playCode.copied') : t('player.playCode.copy')}
          </Button>
          {canShare() && (
            <Button variant="light" leftSection={<IconShare size={18} aria-hidden />} onClick={() => void share()} data-testid="play-code-share">
              {t('player.playCode.share')}
            </Button>
          )}
        </Group>
        <div aria-live="polite" data-testid="play-code-status">
          {copyState === 'copied' && <VisuallyHidden>{t('player.playCode.copied')}</VisuallyHidden>}
          {copyState === 'failed' && (
            <Text size="sm" c="red.8">
              {t('player.playCode.copyFailed')}
            </Text>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
