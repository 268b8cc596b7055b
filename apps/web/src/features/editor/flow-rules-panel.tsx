import { useMemo } from 'react';
import { Alert, Button, Code, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_FLOW_RULES, checkFlow, type EditableGame, type FlowRule } from '@streethunt/shared';
import type { QuestionPatch } from './editor-store.ts';
import { ConditionRows } from './flow-condition-rows.tsx';
import { RuleCard } from './flow-rule-card.tsx';
import { conditionChoices, conditionForm, conditionOf, newAction, ruleTriggers, type ConditionForm } from './flow-rules.ts';

type Props = { game: EditableGame; index: number; onChange(patch: QuestionPatch): void; dir: 'rtl' | 'ltr' };

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

