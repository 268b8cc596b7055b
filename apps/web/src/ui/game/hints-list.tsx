import { useState } from 'react';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Hint } from '@streethunt/shared';
import { Recording } from '../read-aloud/recording.tsx';
import { RichContent } from '../rich-content.tsx';
import { ConfirmModal } from './confirm-modal.tsx';

export type HintsListProps = {
  /** `sealed`: an event's hint whose text the server sends only once it is opened (it is on its way). */
  hints: ReadonlyArray<Pick<Hint, 'content' | 'title' | 'audio'> & { sealed?: true }>;
  /** Which hints the play has opened, by index. */
  states: ReadonlyArray<{ isOpen: boolean }>;
  /** The question is still open: closed hints may be opened. */
  open: boolean;
  onOpen(hintIndex: number): void;
};

/**
 * The question's hints: 'Hint n' when untitled; opening one asks first and cannot be undone (spec
 * section 4); opened hints show their content. Closed hints go away once the question is answered.
 */
export function HintsList({ hints, states, open, onOpen }: HintsListProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<number | null>(null);
  // The dialog keeps its title (its accessible name) while it fades out after closing.
  const [lastAsked, setLastAsked] = useState(0);
  if (hints.length === 0) return null;

  const label = (hintIndex: number) => hints[hintIndex]?.title?.trim() || t('player.hints.untitled', { n: hintIndex + 1 });
  const items = hints.map((hint, hintIndex) => {
    const isOpen = Boolean(states[hintIndex]?.isOpen);
    if (isOpen) {
      return (
        <Paper key={hintIndex} withBorder p="sm" radius="md" data-testid={`hint-${hintIndex + 1}`} data-open="true">
          <Stack gap={4}>
            <Text fw={700} dir="auto">
              {label(hintIndex)}
            </Text>
            {hint.sealed ? (
              <Text c="dimmed" data-testid="hint-on-its-way">
                {t('player.hints.onItsWay')}
              </Text>
            ) : (
              <>
                {hint.audio && <Recording url={hint.audio} label={t('player.recording.hint', { label: label(hintIndex) })} />}
                <RichContent html={hint.content} />
              </>
            )}
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
        onClick={() => {
          setAsking(hintIndex);
          setLastAsked(hintIndex);
        }}
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
        title={label(asking ?? lastAsked)}
        text={t('player.hints.confirm')}
        confirmLabel={t('player.hints.confirmYes')}
        onConfirm={() => {
          if (asking !== null) onOpen(asking);
        }}
        onClose={() => setAsking(null)}
        // The hint opened in place of its button: read next.
        focusAfter={`[data-testid="hint-${(asking ?? lastAsked) + 1}"][data-open="true"]`}
      />
    </Stack>
  );
}
