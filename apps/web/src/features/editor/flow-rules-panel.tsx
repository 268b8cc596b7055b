import { useMemo } from 'react';
import { ActionIcon, Alert, Autocomplete, Button, Checkbox, Code, Group, NativeSelect, NumberInput, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  MAX_ADD_POINTS,
  MAX_CONDITION_MINUTES,
  MAX_CONDITION_SCORE,
  MAX_CONDITIONS,
  MAX_FLAG_NAME,
  MAX_FLOW_ACTIONS,
  MAX_FLOW_RULES,
  MAX_SAY_TEXT,
  checkFlow,
  type EditableGame,
  type FlowAction,
  type FlowRule,
} from '@streethunt/shared';
import type { QuestionPatch } from './editor-store.ts';
import {
  ACTION_KINDS,
  actionKind,
  conditionChoices,
  conditionForm,
  conditionOf,
  newAction,
  newRow,
  offeredKinds,
  ruleTriggers,
  triggerKey,
  type ActionKind,
  type ConditionChoices,
  type ConditionForm,
  type ConditionRow,
  type LeafKind,
} from './flow-rules.ts';

type Props = { game: EditableGame; index: number; onChange(patch: QuestionPatch): void; dir: 'rtl' | 'ltr' };

/** Rows the builder lets one condition hold: each row and its "not" count against the game's limit, with the join. */
const MAX_ROWS = Math.floor((MAX_CONDITIONS - 1) / 2);

/** The number a number field holds, or null while it is being typed ('' or '-'). */
const numberOf = (value: string | number) => (typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : null);

/**
 * A question's path: when it opens (a condition built only from what exists: questions before it,
 * their options, flags some rule sets) and what its outcome does. The flow checker's findings for this
 * question show at once, in the words send-to-approval would use.
 */
export function FlowRulesPanel({ game, index, onChange, dir }: Props) {
  const { t } = useTranslation('studio');
  const question = game.questions[index]!;
  const choices = useMemo(() => conditionChoices(game, index), [game, index]);
  const form = conditionForm(question.when);
  const problems = useMemo(() => checkFlow(game.questions, game.metadata.order).filter((p) => p.question === question.id), [game.questions, game.metadata.order, question.id]);
  const numberOfQuestion = (id: string) => game.questions.findIndex((q) => q.id === id) + 1;
  // A problem's detail names ids; the creator knows questions by number.
  const detailOf = (detail = '') => {
    const [questionId, option] = detail.split(':');
    const n = numberOfQuestion(questionId!);
    return n > 0 ? t('editor.flow.questionN', { n }) + (option ? ` · ${option}` : '') : detail;
  };

  const setForm = (next: ConditionForm) => onChange({ when: conditionOf(next) });
  const setRules = (then: FlowRule[]) => onChange({ then: then.length > 0 ? then : undefined });
  const rules = question.then ?? [];

  return (
    <Stack gap="sm" data-testid="flow-rules">
      <Title order={3} size="h4">
        {t('editor.flow.title')}
      </Title>
      {problems.length > 0 && (
        <Alert color="red" variant="light" data-testid="flow-problems">
          <Stack gap={4}>
            {problems.map((p, i) => (
              <Text key={i} size="sm">
                {t(`ge.validation.${p.code}.questionFlow`, { question: index + 1, detail: detailOf(p.detail) })}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}

      <Text fw={600} size="sm">
        {t('editor.flow.when')}
      </Text>
      {form === null ? (
        <Stack gap="xs" data-testid="flow-when-other">
          <Text size="sm">{t('editor.flow.nested')}</Text>
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="ltr">
            {JSON.stringify(question.when)}
          </Code>
          <Button variant="default" size="compact-sm" onClick={() => onChange({ when: undefined })} style={{ alignSelf: 'flex-start' }} data-testid="flow-when-replace">
            {t('editor.flow.replace')}
          </Button>
        </Stack>
      ) : (
        <ConditionRows form={form} choices={choices} order={game.metadata.order} onChange={setForm} />
      )}

      <Text fw={600} size="sm" mt="xs">
        {t('editor.flow.then')}
      </Text>
      {rules.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('editor.flow.noRules')}
        </Text>
      )}
      {rules.map((rule, r) => (
        <RuleCard
          key={r}
          n={r + 1}
          rule={rule}
          triggers={ruleTriggers(question)}
          flags={choices.flags}
          dir={dir}
          onChange={(next) => setRules(rules.map((x, i) => (i === r ? next : x)))}
          onDelete={() => setRules(rules.filter((_, i) => i !== r))}
        />
      ))}
      <Button
        variant="light"
        size="compact-sm"
        leftSection={<IconPlus size={16} aria-hidden />}
        disabled={rules.length >= MAX_FLOW_RULES}
        onClick={() => setRules([...rules, { on: 'right', do: [newAction('addPoints')] }])}
        style={{ alignSelf: 'flex-start' }}
        data-testid="flow-rule-add"
      >
        {t('editor.flow.addRule')}
      </Button>
    </Stack>
  );
}

function ConditionRows({ form, choices, order, onChange }: { form: ConditionForm; choices: ConditionChoices; order: 'linear' | 'free' | undefined; onChange(next: ConditionForm): void }) {
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

type RuleCardProps = {
  n: number;
  rule: FlowRule;
  triggers: ReturnType<typeof ruleTriggers>;
  flags: string[];
  dir: 'rtl' | 'ltr';
  onChange(rule: FlowRule): void;
  onDelete(): void;
};

function RuleCard({ n, rule, triggers, flags, dir, onChange, onDelete }: RuleCardProps) {
  const { t } = useTranslation('studio');
  const setAction = (i: number, action: FlowAction) => onChange({ ...rule, do: rule.do.map((x, j) => (j === i ? action : x)) });
  const removeAction = (i: number) => {
    const left = rule.do.filter((_, j) => j !== i);
    if (left.length === 0) onDelete();
    else onChange({ ...rule, do: left });
  };
  const data = triggers.map((trigger) => ({ value: trigger.key, label: trigger.option ? t('editor.flow.on.chose', { option: trigger.option.label }) : t(`editor.flow.on.${trigger.key}`) }));
  return (
    <Paper withBorder p="xs" data-testid="flow-rule">
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <NativeSelect
            label={t('editor.flow.ruleN', { n })}
            value={triggerKey(rule.on)}
            data={data}
            onChange={(event) => {
              const trigger = triggers.find((x) => x.key === event.currentTarget.value);
              if (trigger) onChange({ ...rule, on: trigger.on });
            }}
            style={{ flex: 1, minWidth: 0 }}
            data-testid="flow-rule-on"
          />
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('editor.flow.removeRule', { n })} onClick={onDelete} data-testid="flow-rule-remove">
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
        {rule.do.map((action, i) => (
          <Group key={i} gap="xs" wrap="nowrap" align="flex-start" data-testid="flow-action">
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <NativeSelect
                aria-label={t('editor.flow.actionN', { n: i + 1 })}
                value={actionKind(action)}
                data={ACTION_KINDS.map((kind) => ({ value: kind, label: t(`editor.flow.action.${kind}`) }))}
                onChange={(event) => setAction(i, newAction(event.currentTarget.value as ActionKind))}
                data-testid="flow-action-kind"
              />
              <ActionValue action={action} flags={flags} dir={dir} n={i + 1} onChange={(next) => setAction(i, next)} />
            </Stack>
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('editor.flow.removeAction', { n: i + 1 })} onClick={() => removeAction(i)} data-testid="flow-action-remove">
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={rule.do.length >= MAX_FLOW_ACTIONS}
          onClick={() => onChange({ ...rule, do: [...rule.do, newAction('say')] })}
          style={{ alignSelf: 'flex-start' }}
          data-testid="flow-action-add"
        >
          {t('editor.flow.addAction')}
        </Button>
      </Stack>
    </Paper>
  );
}

function ActionValue({ action, flags, dir, n, onChange }: { action: FlowAction; flags: string[]; dir: 'rtl' | 'ltr'; n: number; onChange(action: FlowAction): void }) {
  const { t } = useTranslation('studio');
  if ('setFlag' in action) {
    return (
      <Autocomplete
        aria-label={t('editor.flow.flagName', { n })}
        placeholder={t('editor.flow.flagPlaceholder')}
        value={action.setFlag}
        data={flags}
        maxLength={MAX_FLAG_NAME}
        // Letters, digits, spaces and _ . : - only: what the server takes as a flag's name.
        onChange={(value) => onChange({ setFlag: value.replace(/[^\p{L}\p{N}_.:\- ]/gu, '') })}
        error={action.setFlag.trim() ? undefined : t('editor.flow.flagNeeded')}
        data-testid="flow-action-flag"
      />
    );
  }
  if ('addPoints' in action) {
    return (
      <NumberInput
        aria-label={t('editor.flow.points', { n })}
        value={action.addPoints}
        min={-MAX_ADD_POINTS}
        max={MAX_ADD_POINTS}
        allowDecimal={false}
        clampBehavior="strict"
        onChange={(value) => {
          const points = numberOf(value);
          if (points !== null) onChange({ addPoints: points });
        }}
        data-testid="flow-action-points"
      />
    );
  }
  if ('say' in action) {
    return (
      <Textarea
        aria-label={t('editor.flow.sayText', { n })}
        placeholder={t('editor.flow.sayPlaceholder')}
        value={action.say}
        maxLength={MAX_SAY_TEXT}
        autosize
        minRows={2}
        dir={dir}
        onChange={(event) => onChange({ say: event.currentTarget.value })}
        error={action.say.trim() ? undefined : t('editor.flow.sayNeeded')}
        data-testid="flow-action-say"
      />
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {t('editor.flow.endNote')}
    </Text>
  );
}
