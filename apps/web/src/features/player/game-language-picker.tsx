import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageFlag } from '../../ui/language/language-flag.tsx';
import { offeredLanguages } from '../../ui/language/game-languages.ts';
import { usePlay } from './play-context.tsx';

/**
 * On the intro of a game offered in more than one language: each language, by its flag and its name
 * in the interface's language; the one the game is shown in is pressed. Choosing another fetches the
 * game in it, and the interface follows the reply's language (use-game-language.ts).
 */
export function GameLanguagePicker() {
  const { t } = useTranslation();
  const { game, chooseLanguage } = usePlay();
  const languages = offeredLanguages(game.metadata);
  if (languages.length < 2) return null;
  const label = t('player.languages.choose');
  return (
    <Group gap="xs" wrap="wrap" mb="md" role="group" aria-label={label} data-testid="game-languages">
      <Text size="sm" fw={600} c="dimmed" aria-hidden>
        {label}
      </Text>
      {languages.map((language) => {
        const current = language === game.metadata.language;
        return (
          <Button
            key={language}
            size="compact-md"
            variant={current ? 'light' : 'default'}
            aria-pressed={current}
            leftSection={<LanguageFlag language={language} size={14} />}
            onClick={() => !current && chooseLanguage(language)}
            data-testid={`game-language-${language}`}
          >
            {t(`player.languages.names.${language}`)}
          </Button>
        );
      })}
    </Group>
  );
}
