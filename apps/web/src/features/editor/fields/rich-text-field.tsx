import { Suspense, lazy, useId } from 'react';
import { Input, Paper, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TextDirection } from './rich-text-extensions.ts';

// Tiptap and ProseMirror come with this chunk, after the editor route has painted.
const RichTextEditorInner = lazy(() => import('./rich-text-editor.tsx'));

export type RichTextFieldProps = {
  label: string;
  value: string;
  onChange(html: string): void;
  dir: TextDirection;
  error?: string;
  id?: string;
};

/** A labelled rich-text field (HTML): a toolbar and an editable area, with its error under it. */
export function RichTextField({ label, value, onChange, dir, error, id }: RichTextFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? `rich-text-${generatedId}`;
  const labelId = `${fieldId}-label`;
  const errorId = error ? `${fieldId}-error` : undefined;
  return (
    <Stack gap={4} data-testid="rich-text-field">
      {/* A div, not a <label>: the editable area is no form control; aria-labelledby names it. */}
      <Input.Label id={labelId} labelElement="div" onClick={() => document.getElementById(fieldId)?.focus()}>
        {label}
      </Input.Label>
      <Suspense fallback={<RichTextSkeleton />}>
        <RichTextEditorInner value={value} onChange={onChange} dir={dir} fieldId={fieldId} labelId={labelId} errorId={errorId} />
      </Suspense>
      {error && <Input.Error id={errorId}>{error}</Input.Error>}
    </Stack>
  );
}

/** Stands in for the toolbar and the text while the editor's code loads. */
function RichTextSkeleton() {
  const { t } = useTranslation('studio');
  return (
    <Paper withBorder radius="sm" p="xs" data-testid="rich-text-loading">
      <div role="status">
        <VisuallyHidden>{t('fields.richText.loading')}</VisuallyHidden>
      </div>
      <Stack gap="xs" aria-hidden>
        <Skeleton height={28} width="85%" />
        <Skeleton height={110} />
      </Stack>
    </Paper>
  );
}
