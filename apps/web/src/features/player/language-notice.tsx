import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@streethunt/shared';
import { LANGUAGES_NAMESPACE } from '../../i18n/languages-translations.ts';

/**
 * What the player is told when the game is not in the language this phone chose: it is on its way
 * (`switching`), the game does not have it ready (`notReady`), or it could not be fetched just now
 * (`failed`, with a try again). Its
 * texts load apart (languages-translations.ts); the page shows it inside a Suspense boundary.
 */
export type LanguageNoticeKind = 'switching' | 'notReady' | 'failed';

export function LanguageNotice({
  kind,
  language,
  shown,
  onClose,
  onRetry,
}: {
  kind: LanguageNoticeKind;
  /** The language asked for. */
  language: Language;
  /** The language the game is shown in instead. */
  shown: Language;
  onClose(): void;
  onRetry(): void;
}) {
  const { t } = useTranslation();
  const { t: texts } = useTranslation(LANGUAGES_NAMESPACE);
  const names = { language: t(`player.languages.names.${language}`), original: t(`player.languages.names.${shown}`), current: t(`player.languages.names.${shown}`) };
  if (kind === 'switching') {
    return (
      <Group gap="xs" mb="md" role="status" data-testid="language-switching">
        <Loader size="xs" />
        <Text size="sm">{texts('switching', names)}</Text>
      </Group>
    );
  }
  if (kind === 'notReady') {
    return (
      <Alert color="yellow" title={texts('notReady.title', names)} withCloseButton closeButtonLabel={texts('notReady.close')} onClose={onClose} mb="md" data-testid="language-not-ready">
        {texts('notReady.body', names)}
      </Alert>
    );
  }
  return (
    <Alert color="orange" mb="md" data-testid="language-failed">
      {texts('failed', names)}{' '}
      <Button variant="subtle" size="compact-sm" onClick={onRetry}>
        {texts('retry')}
      </Button>
    </Alert>
  );
}
