import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@streethunt/shared';
import { LANGUAGES_NAMESPACE } from '../../i18n/languages-translations.ts';
import type { LanguageChoice } from './language-choice.ts';

/**
 * What the player is told when the game on screen is not in the language this phone chose: while the
 * other language loads (`switching`), when the game does not have it ready and its own is shown
 * (`notReady`), or when it could not be fetched just now and the game stays as it was (`failed`, with
 * a try again). Loaded, with its texts (languages-translations.ts), only when there is something to say.
 */
export function LanguageNotice({ shown, choice, fetching, onRetry }: { shown: Language; choice: LanguageChoice; fetching: boolean; onRetry(): void }) {
  const { t } = useTranslation();
  const { t: texts } = useTranslation(LANGUAGES_NAMESPACE);
  const language = choice.notReady ?? choice.requested ?? shown;
  const kind = choice.notReady ? 'notReady' : shown === language ? null : fetching ? 'switching' : 'failed';
  const names = { language: t(`player.languages.names.${language}`), original: t(`player.languages.names.${shown}`), current: t(`player.languages.names.${shown}`) };
  if (!kind) return null;
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
      <Alert color="yellow" title={texts('notReady.title', names)} withCloseButton closeButtonLabel={texts('notReady.close')} onClose={choice.dismissNotice} mb="md" data-testid="language-not-ready">
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
