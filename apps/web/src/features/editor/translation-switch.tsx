import { Progress, SegmentedControl, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { translationCoverage, type EditableGame, type Language } from '@streethunt/shared';
import { translationLanguageOf } from './translation-texts.ts';

type Props = {
  game: EditableGame;
  /** The language being written, or null for the original. */
  translating: Language | null;
  onSwitch(translating: Language | null): void;
};

/** Beside the tree: the original or its translation, and how much of the translation is written. */
export function TranslationSwitch({ game, translating, onSwitch }: Props) {
  const { t } = useTranslation('studio');
  const labelId = useId();
  const original = game.metadata.language;
  const other = translationLanguageOf(game);
  return (
    <Stack gap={6} data-testid="translation-switch">
      <VisuallyHidden id={labelId}>{t('editorTranslation.switchLabel')}</VisuallyHidden>
      <SegmentedControl
        fullWidth
        size="sm"
        aria-labelledby={labelId}
        value={translating ?? 'original'}
        onChange={(value) => onSwitch(value === 'original' ? null : other)}
        data={[
          { value: 'original', label: t(`editorTranslation.original.${original}`) },
          { value: other, label: t(`editorTranslation.translation.${other}`) },
        ]}
        // Two labels of a phrase each: they wrap inside their half rather than widen a 360 px screen.
        styles={{ label: { whiteSpace: 'normal', lineHeight: 1.25 } }}
        data-testid="translation-mode"
      />
      <TranslationMeter game={game} language={other} />
    </Stack>
  );
}

/** 'English: 37 of 41 texts', with a bar. */
function TranslationMeter({ game, language }: { game: EditableGame; language: Language }) {
  const { t } = useTranslation('studio');
  const { total, done } = translationCoverage(game, game.translations?.[language]);
  const text = t('editorTranslation.meter', { language: t(`editorTranslation.languages.${language}`), done, count: total });
  return (
    <Stack gap={2} data-testid="translation-meter" data-done={done} data-total={total}>
      <Text size="sm" aria-live="polite" data-testid="translation-meter-text">
        {text}
      </Text>
      <Progress value={total === 0 ? 100 : (done / total) * 100} size="sm" color={done === total ? 'teal' : 'blue'} aria-label={text} />
    </Stack>
  );
}
