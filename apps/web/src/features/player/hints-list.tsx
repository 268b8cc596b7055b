import { useState } from 'react';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PlayerQuestion } from '@streethunt/shared';
import { RichContent } from '../../ui/rich-content.tsx';
import { ConfirmModal } from './confirm-modal.tsx';
import { usePlay } from './play-context.tsx';

/**
 * The question's hints: 'Hint n' when untitled; opening one asks first and cannot be undone (spec
 * section 4); opened hints show their content. Closed hints go away once the question is answered.
 */
export function HintsList({ index, question, open }: { index: number; question: PlayerQuestion; open: boolean }) {
  const { t } = useTranslation();
  const { session, snapshot } = usePlay();
  const [asking, setAsking] = useState<number | null>(null);
  const states = snapshot.progress?.questions[index]?.hints ?? [];
  if (question.hints.length === 0) return null;

  const label = (hintIndex: number) => question.hints[hintIndex]?.title?.trim() || t('player.hints.untitled', { n: hintIndex + 1 });
  const items = question.hints.map((hint, hintIndex) => {
    const isOpen = Boolean(states[hintIndex]?.isOpen);
    if (isOpen) {
      return (
        <Paper key={hintIndex} withBorder p="sm" radius="md" data-testid={`hint-${hintIndex + 1}`} data-open="true">
          <Stack gap={4}>
            <Text fw={700} dir="auto">
              {label(hintIndex)}
            </Text>
            <RichContent html={hint.content} />
          </Stack>
        </Paper>
      );
    }
    if (!open) return null;
    return (
      <Button
        key={hintIndex}
        variant="light"
        size="md"
        leftSection={<IconBulb size={20} aria-hidden />}
        onClick={() => setAsking(hintIndex)}
        data-testid={`hint-${hintIndex + 1}`}
        data-open="false"
        aria-label={t('player.hints.openLabel', { label: label(hintIndex) })}
        justify="flex-start"
        fullWidth
      >
        <span dir="auto">{label(hintIndex)}</span>
      </Button>
    );
  });
  if (!items.some(Boolean)) return null;

  return (
    <Stack gap="xs" component="section" aria-label={t('player.hints.title')}>
      <Title order={3} size="h5">
        {t('player.hints.title')}
      </Title>
      {items}
      <ConfirmModal
        opened={asking !== null}
        title={asking !== null ? label(asking) : ''}
        text={t('player.hints.confirm')}
        confirmLabel={t('player.hints.confirmYes')}
        onConfirm={() => {
          if (asking !== null) session.change({ action: 'show-question-hint', questionIndex: index, hintIndex: asking });
        }}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}
