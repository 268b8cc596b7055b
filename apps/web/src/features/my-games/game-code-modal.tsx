import { useRef, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A new game code (POST /api/game/secret-code, spec: 'shown in a prompt'), with a copy button. Where the
 * clipboard is missing or refused (plain http, old browsers), the code is selected so the creator can
 * copy it by hand, and told so.
 */
export function GameCodeModal({ code, gameName, onClose }: { code: string | null; gameName: string; onClose(): void }) {
  const { t } = useTranslation('studio');
  const codeRef = useRef<HTMLParagraphElement>(null);
  const [copyState, setCopyState] = useState<CopyState>('idle');

  const copy = async () => {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code);
      setCopyState('copied');
    } catch {
      if (codeRef.current) window.getSelection()?.selectAllChildren(codeRef.current);
      setCopyState('failed');
    }
  };
  const close = () => {
    setCopyState('idle');
    onClose();
  };

  return (
    <Modal opened={code !== null} onClose={close} title={t('myGames.code.title')} centered closeButtonProps={{ 'aria-label': t('studio.close') }}>
      <Stack gap="md">
        <Text size="sm">
          {t('myGames.code.for')} <bdi dir="auto">{gameName}</bdi>
        </Text>
        <Text ref={codeRef} ff="monospace" fz={28} fw={700} ta="center" dir="ltr" data-testid="game-code" style={{ userSelect: 'all', overflowWrap: 'anywhere' }}>
          {code}
        </Text>
        <Text size="sm" c="dimmed">
          {t('myGames.code.explain')}
        </Text>
        {copyState === 'failed' && (
          <Text size="sm" role="alert">
            {t('myGames.code.copyByHand')}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('studio.close')}
          </Button>
          <Button leftSection={copyState === 'copied' ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />} onClick={() => void copy()}>
            {copyState === 'copied' ? t('studio.copied') : t('studio.copy')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
