import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { gameTexts, translatedText, type EditableGame, type Language } from '@streethunt/shared';
import type { EditorAction } from './editor-store.ts';
import { selectionKey, type Selection } from './selection.ts';
import { MediaPicker } from './fields/media-picker.tsx';
import { TranslationField } from './translation-field.tsx';
import { nodeKeyOfPath, originalText } from './translation-texts.ts';

type Props = { game: EditableGame; selection: Selection; language: Language; onChange(action: EditorAction): void };

/** The nodes whose panel has settings beyond texts: those stay the original's in translation mode. */
const WITH_SETTINGS = new Set<Selection['kind']>(['metadata', 'metadataLocation', 'questionLocation', 'map', 'question', 'answer', 'gameover']);

/** The label of the text at `path` (its last parts say which text it is). */
function useTextLabel(game: EditableGame) {
  const { t } = useTranslation('studio');
  return (path: string): string => {
    const parts = path.split('.');
    if (parts[0] === 'metadata') return t(`editorTranslation.fields.${parts[1] as 'name' | 'locationCity' | 'locationText'}`);
    if (parts[0] === 'introPage') return t('editorTranslation.fields.intro');
    if (parts[0] === 'gameoverPage') return t('editorTranslation.fields.gameover');
    const [, id, part, key, field] = parts;
    const question = game.questions.find((q) => q.id === id);
    switch (part) {
      case 'answer':
        return t(key === 'contentAfterAnswer' ? 'editorTranslation.fields.after' : 'editorTranslation.fields.before');
      case 'answers':
        return t('editorTranslation.fields.answers');
      case 'options': {
        const options = question?.answer.kind === 'choice' ? question.answer.options : [];
        return t('editorTranslation.fields.option', { n: options.findIndex((option) => option.id === key) + 1 });
      }
      case 'hints':
        return t(field === 'title' ? 'editorTranslation.fields.hintTitle' : 'editorTranslation.fields.hintContent');
      case 'say':
        return t('editorTranslation.fields.say', { n: Number(key) + 1 });
      default:
        return t('editorTranslation.fields.content');
    }
  };
}

/** The selected node's texts in translation mode: each original beside its translation's input. */
export function TranslationPanel({ game, selection, language, onChange }: Props) {
  const { t } = useTranslation('studio');
  const labelOf = useTextLabel(game);
  const key = selectionKey(selection);
  const texts = gameTexts(game).filter((text) => nodeKeyOfPath(game, text.path) === key);
  const translation = game.translations?.[language];
  return (
    <Stack gap="lg" data-testid="translation-panel" data-language={language}>
      <Alert color="blue" variant="light" p="xs">
        {t('editorTranslation.translating', { language: t(`editorTranslation.languages.${language}`) })}
      </Alert>
      {texts.length === 0 && <Text data-testid="translation-nothing">{t('editorTranslation.nothing')}</Text>}
      {texts.map(({ path, field }) => (
        <TranslationField
          key={path}
          path={path}
          field={field}
          label={labelOf(path)}
          original={originalText(game, path)}
          originalLanguage={game.metadata.language}
          value={translatedText(translation, path)}
          language={language}
          onChange={(text) => onChange({ type: 'translation', language, path, text })}
        />
      ))}
      {selection.kind === 'metadata' && (
        <Stack gap={4} data-testid="translation-cover">
          <MediaPicker
            label={t('editorTranslation.cover', { language: t(`editorTranslation.languages.${language}`) })}
            type="image"
            value={translatedText(translation, 'metadata.coverImage')}
            onChange={(url) => onChange({ type: 'translation', language, path: 'metadata.coverImage', text: url })}
          />
          <Text size="sm" c="dimmed">
            {t('editorTranslation.coverHint')}
          </Text>
        </Stack>
      )}
      {WITH_SETTINGS.has(selection.kind) && (
        <Text size="sm" c="dimmed" data-testid="translation-shared">
          {t('editorTranslation.shared')}
        </Text>
      )}
    </Stack>
  );
}
