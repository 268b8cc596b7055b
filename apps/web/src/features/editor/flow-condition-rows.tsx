import { ActionIcon, Button, Checkbox, Group, NativeSelect, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_CONDITION_MINUTES, MAX_CONDITION_SCORE, MAX_CONDITIONS } from '@streethunt/shared';
import { newRow, offeredKinds, type ConditionChoices, type ConditionForm, type ConditionRow, type LeafKind } from './flow-rules.ts';
import { numberOf } from './flow-number.ts';

/** Rows the builder lets one condition hold: each row and its "not" count against the game's limit, with the join. */
const MAX_ROWS = Math.floor((MAX_CONDITIONS - 1) / 2);

/** When a question opens: a list of conditions joined by all or any, each naming only what exists. */
export function ConditionRows({ form, choices, order, onChange }: { form: ConditionForm; choices: ConditionChoices; order: 'linear' | 'free' | undefined; onChange(next: ConditionForm): void }) {
  const { t } = useTranslation('studio');
  const kinds = offeredKinds(choices);
  const setRow = (i: number, row: ConditionRow | null) => row && onChange({ ...form, rows: form.rows.map((x, j) => (j === i ? row : x)) });
  // A new condition starts as the likeliest one: an option picked just before, else that question done.
  const firstKind: LeafKind = kinds.includes('chose') ? 'chose' : kinds.includes('done') ? 'done' : kinds[0]!;
  return (
    <Stack gap="xs">
      {form.rows.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="flow-when-none">
          {t(order === 'free' ? 'editor.flow.alwaysFree' : 'editor.flow.always')}
        </Text>
      )}
      {form.rows.length > 1 && (
        <NativeSelect
          label={t('editor.flow.join')}
          value={form.join}
          data={[
            { value: 'all', label: t('editor.flow.joinAll') },
            { value: 'any', label: t('editor.flow.joinAny') },
          ]}
          onChange={(event) => onChange({ ...form, join: event.currentTarget.value === 'any' ? 'any' : 'all' })}
          data-testid="flow-when-join"
        />
      )}
      {form.rows.map((row, i) => (
        <Paper key={i} withBorder p="xs" data-testid="flow-when-row">
          <Stack gap={6}>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <NativeSelect
                label={t('editor.flow.conditionN', { n: i + 1 })}
                value={row.kind}
                data={[...new Set([...kinds, row.kind])].map((kind) => ({ value: kind, label: t(`editor.flow.kind.${kind}`) }))}
                onChange={(event) => setRow(i, newRow(event.currentTarget.value as LeafKind, choices, row.negated))}
                style={{ flex: 1, minWidth: 0 }}
                data-testid="flow-when-kind"
              />
              <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('editor.flow.removeCondition', { n: i + 1 })} onClick={() => onChange({ ...form, rows: form.rows.filter((_, j) => j !== i) })} data-testid="flow-when-remove">
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
            <RowTarget row={row} choices={choices} onChange={(next) => setRow(i, next)} />
            <Checkbox label={t('editor.flow.negated')} checked={row.negated} onChange={(event) => setRow(i, { ...row, negated: event.currentTarget.checked })} data-testid="flow-when-not" />
          </Stack>
        </Paper>
      ))}
      <Button
        variant="light"
        size="compact-sm"
        leftSection={<IconPlus size={16} aria-hidden />}
        disabled={form.rows.length >= MAX_ROWS}
        onClick={() => {
          const row = newRow(firstKind, choices);
          if (row) onChange({ ...form, rows: [...form.rows, row] });
        }}
        style={{ alignSelf: 'flex-start' }}
        data-testid="flow-when-add"
      >
        {t('editor.flow.addCondition')}
      </Button>
    </Stack>
  );
}

/** What a condition row names: a question (and its option), a flag, or a number. */
function RowTarget({ row, choices, onChange }: { row: ConditionRow; choices: ConditionChoices; onChange(row: ConditionRow): void }) {
  const { t } = useTranslation('studio');
  const questionLabel = (q: { n: number; label: string }) => `${t('editor.flow.questionN', { n: q.n })}${q.label ? `: ${q.label}` : ''}`;
  // What the row names but no longer exists stays listed, marked, so the select does not silently show another value.
  const missing = (value: string) => ({ value, label: t('editor.flow.missing', { value }) });
  switch (row.kind) {
    case 'done':
    case 'skipped': {
      const data = choices.questions.map((q) => ({ value: q.id, label: questionLabel(q) }));
      if (!data.some((d) => d.value === row.question)) data.push(missing(row.question));
      return <NativeSelect label={t('editor.flow.question')} value={row.question} data={data} onChange={(event) => onChange({ ...row, question: event.currentTarget.value })} data-testid="flow-when-question" />;
    }
    case 'chose': {
      const data = choices.choiceQuestions.map((q) => ({ value: q.id, label: questionLabel(q) }));
      if (!data.some((d) => d.value === row.question)) data.push(missing(row.question));
      const options = (choices.choiceQuestions.find((q) => q.id === row.question)?.options ?? []).map((o) => ({ value: o.id, label: o.label }));
      if (!options.some((o) => o.value === row.option)) options.push(missing(row.option));
      return (
        <>
          <NativeSelect
            label={t('editor.flow.question')}
            value={row.question}
            data={data}
            onChange={(event) => {
              const next = choices.choiceQuestions.find((q) => q.id === event.currentTarget.value);
              if (next) onChange({ ...row, question: next.id, option: next.options[0]!.id });
            }}
            data-testid="flow-when-question"
          />
          <NativeSelect label={t('editor.flow.option')} value={row.option} data={options} onChange={(event) => onChange({ ...row, option: event.currentTarget.value })} data-testid="flow-when-option" />
        </>
      );
    }
    case 'flag': {
      const data = choices.flags.map((flag) => ({ value: flag, label: flag }));
      if (!choices.flags.includes(row.flag)) data.push(missing(row.flag));
      return <NativeSelect label={t('editor.flow.flag')} value={row.flag} data={data} onChange={(event) => onChange({ ...row, flag: event.currentTarget.value })} data-testid="flow-when-flag" />;
    }
    case 'scoreAtLeast':
    case 'minutesAtLeast': {
      const max = row.kind === 'scoreAtLeast' ? MAX_CONDITION_SCORE : MAX_CONDITION_MINUTES;
      return (
        <NumberInput
          label={t(`editor.flow.number.${row.kind}`)}
          value={row.n}
          min={row.kind === 'scoreAtLeast' ? -max : 0}
          max={max}
          allowDecimal={false}
          clampBehavior="strict"
          onChange={(value) => {
            const n = numberOf(value);
            if (n !== null) onChange({ ...row, n });
          }}
          data-testid="flow-when-number"
        />
      );
    }
  }
}

