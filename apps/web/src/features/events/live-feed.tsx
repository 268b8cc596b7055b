import { Box, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EventTeam, FeedItem } from '@streethunt/shared';
import { feedSentence, teamsById } from './feed-sentence.ts';
import { LIST_MAX_HEIGHT, RoomSection } from './room-section.tsx';
import { useTeamNames } from './team-names.ts';

/** A feed item's time of day, to the second: several may come within a minute. */
function clockTime(iso: string, language: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? '' : new Intl.DateTimeFormat(language, { timeStyle: 'medium' }).format(time);
}

/** What happens in the event, newest first, each item a sentence; a message's or a problem's own words under it. */
export function LiveFeed({ feed, teams }: { feed: readonly FeedItem[]; teams: readonly EventTeam[] }) {
  const { t, i18n } = useTranslation('studio');
  const nameOf = useTeamNames();
  const byId = teamsById(teams);
  return (
    <RoomSection title={t('events.feed.title')} testId="live-feed">
      {feed.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('events.feed.empty')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={LIST_MAX_HEIGHT} type="auto" viewportProps={{ tabIndex: 0 }}>
          {/* A log: a screen reader says new items as they come, without moving there. */}
          <Box role="log" aria-label={t('events.feed.label')}>
            <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
              {feed.map((item) => (
                <Box component="li" key={item.id} data-testid="feed-item" data-kind={item.kind}>
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap', paddingBlockStart: 2 }}>
                      <time dateTime={item.at}>{clockTime(item.at, i18n.language)}</time>
                    </Text>
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={item.kind === 'problem' ? 700 : undefined} c={item.kind === 'problem' ? 'red.9' : undefined} data-testid="feed-sentence">
                        {item.kind === 'problem' && <IconAlertTriangle size={14} aria-hidden style={{ marginInlineEnd: 4, verticalAlign: 'middle' }} />}
                        {item.kind === 'message' && <IconMessage size={14} aria-hidden style={{ marginInlineEnd: 4, verticalAlign: 'middle' }} />}
                        {feedSentence(item, item.teamId === null ? undefined : nameOf(byId.get(item.teamId)), t)}
                      </Text>
                      {item.text && item.kind !== 'photo-judged' && (
                        <Text size="sm" dir="auto" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="feed-text">
                          {item.text}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </Box>
              ))}
            </Stack>
          </Box>
        </ScrollArea.Autosize>
      )}
    </RoomSection>
  );
}
