import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GameReply } from '@streethunt/shared';
import { LANGUAGES_NAMESPACE } from '../../i18n/languages-translations.ts';
import { originalLanguage } from '../../ui/language/game-languages.ts';
import type { LanguageChoice } from './language-choice.ts';

/**
 * What the player is told when the game on screen is not in the language this phone chose: while the
 * other language loads (`switching`), when the game does not have it ready and its own is shown
 * (`notReady`), or when it could not be fetched just now and the game stays as it was (`failed`, with
 * a try again). Loaded, with its texts (languages-translations.ts), only when there is something to say.
 */
export function LanguageNotice({ game, choice, fetching, onRetry }: { game: GameReply; choice: LanguageChoice; fetching: boolean; onRetry(): void }) {
  const { t } = useTranslation();
  const { t: texts } = useTranslation(LANGUAGES_NAMESPACE);
  const shown = game.metadata.language;
  const wanted = choice.chosen ?? originalLanguage(game.metadata);
  const language = choice.notReady ?? wanted;
  const kind = choice.notReady ? 'notReady' : shown === wanted ? null : fetching ? 'switching' : 'failed';
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
