import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { computeScore, playSummary, SPEC_SCORING, type Progress, type ScoringRules } from '@streethunt/shared';
import { elapsedMs, formatElapsed } from './time.ts';
import { useNow } from './use-now.ts';

/**
 * The summary (spec section 9): elapsed time, answered, skipped, hints and the score, computed with
 * the same shared function the server stores.
 */
export function PlaySummary({ progress, scoring = SPEC_SCORING }: { progress: Progress; scoring?: ScoringRules }) {
  const { t } = useTranslation();
  const now = useNow(!progress.endTime);
  const { answered, skipped, hints, wrongAttempts } = playSummary(progress);
  const end = progress.endTime ? new Date(progress.endTime) : new Date(now);
  const score = computeScore(progress, end, scoring);
  const items = [
    { key: 'time', label: t('player.summary.time'), value: formatElapsed(elapsedMs(progress.startTime, progress.endTime, now)), ltr: true },
    { key: 'answered', label: t('player.summary.answered'), value: String(answered) },
    { key: 'skipped', label: t('player.summary.skipped'), value: String(skipped) },
    { key: 'hints', label: t('player.summary.hints'), value: String(hints) },
    // Only in a game that takes points off for them.
    ...(scoring.wrongAttemptPenalty > 0 ? [{ key: 'wrongAttempts', label: t('player.summary.wrongAttempts'), value: String(wrongAttempts) }] : []),
    { key: 'score', label: t('player.summary.score'), value: String(score) },
  ];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="play-summary-title" data-testid="summary">
      <Stack gap="sm">
        <Title order={2} size="h4" id="play-summary-title">
          {t('player.summary.title')}
        </Title>
        {/* At most two columns, while each figure fits in one (one at large text sizes, where a time would run into its neighbour). */}
        <SimpleGrid cols={2} spacing="sm" component="dl" style={{ margin: 0, gridTemplateColumns: 'repeat(auto-fit, minmax(max(min(100%, 7.5rem), calc((100% - var(--mantine-spacing-sm)) / 2)), 1fr))' }}>
          {items.map((item) => (
            <div key={item.key} style={item.key === 'score' ? { gridColumn: '1 / -1' } : undefined}>
              <Text component="dt" size="sm" c="dimmed">
                {item.label}
              </Text>
              <Text component="dd" fw={700} size={item.key === 'score' ? 'xl' : 'lg'} m={0}>
                {/* An isolated left-to-right run: h:mm:ss keeps its order and the cell's alignment. */}
                <span dir={item.ltr ? 'ltr' : undefined} data-testid={`summary-${item.key}`}>
                  {item.value}
                </span>
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
