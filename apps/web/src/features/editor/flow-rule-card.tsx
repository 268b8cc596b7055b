import { ActionIcon, Autocomplete, Button, Group, NativeSelect, NumberInput, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_ADD_POINTS, MAX_FLAG_NAME, MAX_FLOW_ACTIONS, MAX_SAY_TEXT, type FlowAction, type FlowRule } from '@streethunt/shared';
import { ACTION_KINDS, actionKind, newAction, triggerKey, type ActionKind, type ruleTriggers } from './flow-rules.ts';
import { numberOf } from './flow-number.ts';

type RuleCardProps = {
  n: number;
  rule: FlowRule;
  triggers: ReturnType<typeof ruleTriggers>;
  flags: string[];
  dir: 'rtl' | 'ltr';
  onChange(rule: FlowRule): void;
  onDelete(): void;
};

/** One rule of a question: what it answers to, and its actions. */
export function RuleCard({ n, rule, triggers, flags, dir, onChange, onDelete }: RuleCardProps) {
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
