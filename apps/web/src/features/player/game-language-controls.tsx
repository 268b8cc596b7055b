import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HeaderTab } from '../../ui/header-tab.tsx';
import { FLAG_ICONS, LanguageFlag } from '../../ui/language/language-flag.tsx';
import { offeredLanguages } from '../../ui/language/game-languages.ts';
import { usePlay } from './play-context.tsx';
import type { HeaderLanguages } from './player-header-items.tsx';

// The language choice of a game offered in two languages: a chunk of its own, loaded only for such a
// game, so the first load of every other game does not carry it (DESIGN.md section 7).

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
  // The flags and names say what the buttons are; the label is for screen readers, so both fit one
  // row on a 320 px phone.
  return (
    <Group gap="xs" wrap="wrap" mb="md" role="group" aria-label={t('player.languages.choose')} data-testid="game-languages">
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

/** The header's switch to the next of the game's languages (with two, the other one): its flag and name. */
export function HeaderLanguageTab({ languages }: { languages: HeaderLanguages }) {
  const { t } = useTranslation();
  const { offered, current, onChoose } = languages;
  const next = offered[(offered.indexOf(current) + 1) % offered.length];
  if (!next || next === current) return null;
  const name = t(`player.languages.names.${next}`);
  return (
    <HeaderTab
      icon={FLAG_ICONS[next]}
      label={name}
      ariaLabel={t('player.languages.playIn', { language: name })}
      active={false}
      onClick={() => onChoose(next)}
      testId="header-language"
    />
  );
}
