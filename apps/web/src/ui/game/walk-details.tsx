import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconStairs, IconWheelchair } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { GameMetadata } from '@streethunt/shared';
import { walkFiguresText } from './walk-figures.ts';

/**
 * The intro's accessibility block (DESIGN.md section 16): whether the route is step-free, its length and
 * duration, and the creator's notes (in the game's own language: a translation does not carry them).
 * The player's intro loads it apart (the game page's first-load budget).
 */
export default function WalkDetails({ accessibility, language }: { accessibility: NonNullable<GameMetadata['accessibility']>; language: string }) {
  const { t, i18n } = useTranslation();
  const figures = walkFiguresText(accessibility, i18n.language, t);
  const { stepFree, notes } = accessibility;
  if (stepFree === 'unknown' && !figures && !notes) return null;
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="walk-title" data-testid="intro-walk">
      <Stack gap={6}>
        <Title order={2} size="h5" id="walk-title">
          {t('walk.title')}
        </Title>
        {stepFree !== 'unknown' && (
          <Group gap={6} wrap="nowrap" align="flex-start" data-testid="intro-step-free" data-step-free={stepFree}>
            {stepFree === 'yes' ? <IconWheelchair size={20} aria-hidden style={{ flexShrink: 0 }} /> : <IconStairs size={20} aria-hidden style={{ flexShrink: 0 }} />}
            <Text size="sm" fw={600}>
              {t(stepFree === 'yes' ? 'walk.stepFreeYes' : 'walk.stepFreeNo')}
            </Text>
          </Group>
        )}
        {figures && (
          <Text size="sm" data-testid="intro-walk-figures">
            {t('walk.figuresLabel')} {figures}
          </Text>
        )}
        {notes && (
          <Text size="sm" dir="auto" lang={language} style={{ whiteSpace: 'pre-line' }} data-testid="intro-walk-notes">
            {notes}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
