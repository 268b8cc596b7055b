import { Box, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language, TextField } from '@streethunt/shared';
import { RichContent } from '../../ui/rich-content.tsx';
import { RichTextField } from './fields/rich-text-field.tsx';

const dirOf = (language: Language) => (language === 'he' ? 'rtl' : 'ltr');

type Props = {
  /** The text's path in a translation (text-fields.ts): the test ids and the rich field's id. */
  path: string;
  field: TextField;
  label: string;
  original: string;
  originalLanguage: Language;
  value: string;
  language: Language;
  onChange(text: string): void;
};

/**
 * One text in translation: the original above, read-only and marked as such, in its own language's
 * direction; under it the translation's input, in the translation's direction, of the kind and limit
 * the field table gives.
 */
export function TranslationField({ path, field, label, original, originalLanguage, value, language, onChange }: Props) {
  const { t } = useTranslation('studio');
  const originalId = useId();
  const dir = dirOf(language);
  const common = { label, value, dir, lang: language, maxLength: field.max, 'aria-describedby': originalId, 'data-testid': `translation-input-${path}` };
  let input;
  switch (field.kind) {
    case 'rich':
      input = <RichTextField id={`translation-${path.replaceAll('.', '-')}`} label={label} value={value} onChange={onChange} dir={dir} />;
      break;
    case 'multiline':
      input = <Textarea {...common} autosize minRows={2} onChange={(event) => onChange(event.currentTarget.value)} />;
      break;
    default:
      input = <TextInput {...common} onChange={(event) => onChange(event.currentTarget.value)} />;
  }
  return (
    <Stack gap={6} data-testid="translation-field" data-path={path}>
      <Paper withBorder p="xs" radius="sm" bg="var(--mantine-color-gray-0)" id={originalId} data-testid={`translation-original-${path}`}>
        <Text size="xs" fw={600} c="dimmed">
          {t('editorTranslation.originalLabel', { language: t(`editorTranslation.languages.${originalLanguage}`) })}
        </Text>
        <Box dir={dirOf(originalLanguage)} lang={originalLanguage} style={{ overflowWrap: 'anywhere', whiteSpace: field.kind === 'rich' ? undefined : 'pre-wrap' }}>
          {field.kind === 'rich' ? <RichContent html={original} /> : <Text size="sm">{original}</Text>}
        </Box>
      </Paper>
      {input}
    </Stack>
  );
}
