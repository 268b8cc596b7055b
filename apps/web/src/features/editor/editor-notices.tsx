import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDeviceMobile, IconHourglass, IconMessageReport, IconVersions, IconWalk } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GameStatus } from '@streethunt/shared';
import { issueMessage, type EditorIssue } from './validation.ts';

/** The red bar of send to approval (spec section 5): the first error, and how many more; it leads to the first one's node. */
export function ValidationBar({ issues, onShow }: { issues: readonly EditorIssue[]; onShow(): void }) {
  const { t } = useTranslation('studio');
  const first = issues[0];
  if (!first) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} data-testid="validation-bar">
      <Stack gap={4}>
        <Anchor component="button" type="button" c="red.9" fw={700} underline="always" onClick={onShow} ta="start" data-testid="validation-first">
          {issueMessage(t, first)}
        </Anchor>
        {issues.length > 1 && <Text size="sm">{t('editor.approval.total', { n: issues.length })}</Text>}
      </Stack>
    </Alert>
  );
}

/** Unsaved changes kept on this device were put back when the editor opened. */
export function RestoredNotice({ onDiscard, onClose }: { onDiscard(): void; onClose(): void }) {
  const { t } = useTranslation('studio');
  return (
    <Alert
      color="blue"
      icon={<IconDeviceMobile aria-hidden />}
      withCloseButton
      onClose={onClose}
      closeButtonLabel={t('studio.close')}
      title={t('editor.draft.restoredTitle')}
      data-testid="draft-restored"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('editor.draft.restoredText')}</Text>
        <Button variant="default" size="xs" onClick={onDiscard} data-testid="draft-discard">
          {t('editor.draft.discard')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** After 'keep mine here': this copy is behind the stored game, so saving will meet the conflict again. */
export function StaleNotice({ onReload }: { onReload(): void }) {
  const { t } = useTranslation('studio');
  return (
    <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} data-testid="stale-notice">
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text size="sm" style={{ flex: '1 1 14rem' }}>
          {t('editor.conflict.stale')}
        </Text>
        <Button variant="default" size="xs" onClick={onReload}>
          {t('editor.conflict.reload')}
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * Why a creator cannot change the game now: it waits for approval (and may be taken back), or it is
 * approved (and is changed through a draft of its next version, while it stays on sale as it is).
 */
export function StatusNotice({
  status,
  busy,
  onTakeBack,
  onNextVersion,
}: {
  status: GameStatus;
  busy: boolean;
  onTakeBack(): void;
  onNextVersion(): void;
}) {
  const { t } = useTranslation('studio');
  if (status === 'DRAFT') return null;
  return (
    <Alert color={status === 'PENDING' ? 'yellow' : 'teal'} icon={<IconHourglass aria-hidden />} data-testid="read-only-notice">
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text size="sm" style={{ flex: '1 1 14rem' }}>
          {t(status === 'PENDING' ? 'editor.readOnly.pending' : 'editor.readOnly.approved')}
        </Text>
        {status === 'PENDING' ? (
          <Button variant="default" size="xs" onClick={onTakeBack} loading={busy} data-testid="take-back">
            {t('editor.approval.takeBack')}
          </Button>
        ) : (
          <Button variant="default" size="xs" onClick={onNextVersion} loading={busy} data-testid="open-next-version">
            {t('editor.nextVersion.open')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** What the site's team said when it sent the game back or took it off the list (until it is approved again). */
export function ReviewNotice({ note }: { note: string }) {
  const { t } = useTranslation('studio');
  return (
    <Alert color="orange" icon={<IconMessageReport aria-hidden />} title={t('editor.review.title')} data-testid="review-note">
      <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-line' }}>
        {note}
      </Text>
    </Alert>
  );
}

/** Plays under way on this game: each keeps the version it started on, so a save changes none of them. */
export function PlaysRunningNotice({ count }: { count: number }) {
  const { t } = useTranslation('studio');
  if (count < 1) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconWalk aria-hidden />} data-testid="plays-running">
      <Text size="sm">{t('editor.playsRunning', { count })}</Text>
    </Alert>
  );
}

/** The draft of an approved game's next version: the game on sale stays as it is until this one is approved. */
export function NextVersionNotice({ gameId }: { gameId: string }) {
  const { t } = useTranslation('studio');
  return (
    <Alert color="teal" variant="light" icon={<IconVersions aria-hidden />} data-testid="next-version-notice">
      <Stack gap={4} align="flex-start">
        <Text size="sm">{t('editor.nextVersion.text')}</Text>
        <Anchor component={Link} to={`/game/${gameId}`} size="sm">
          {t('editor.nextVersion.listed')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
