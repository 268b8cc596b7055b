import { useState, type ReactNode } from 'react';
import { ActionIcon, Group, NavLink, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowDown, IconArrowUp, IconLanguage, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_HINTS, MAX_QUESTIONS, type EditableGame } from '@streethunt/shared';
import { ConfirmModal } from '../../ui/game/confirm-modal.tsx';
import type { EditorAction, Step } from './editor-store.ts';
import { selectionKey, type Selection } from './selection.ts';
import { ADD_QUESTION_KEY } from './validation.ts';
import classes from './editor-tree.module.css';

export type EditorTreeProps = {
  game: EditableGame;
  selection: Selection;
  onSelect(selection: Selection): void;
  onChange(action: EditorAction): void;
  /** Keys of the nodes with a validation error (validation.ts). */
  invalid: ReadonlySet<string>;
  readOnly: boolean;
  /** Keys of the nodes with a text the translation being written lacks (translation mode only). */
  untranslated?: ReadonlySet<string>;
};

type Deleting = { question: number; hint?: number };

/**
 * The game as a tree (spec section 2): general details, intro, each question with its location,
 * answer and hints, game over and the map. A nav list of buttons, the selected one aria-current;
 * questions and hints move up and down and are deleted after a confirmation.
 */
export function EditorTree({ game, selection, onSelect, onChange, invalid, readOnly, untranslated }: EditorTreeProps) {
  const { t } = useTranslation('studio');
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const map = game.metadata.map;
  const current = selectionKey(selection);

  const node = (target: Selection, label: ReactNode, depth: number, extra?: { actions?: ReactNode; children?: ReactNode }) => {
    const key = selectionKey(target);
    return (
      <TreeNode
        key={key}
        nodeKey={key}
        label={label}
        depth={depth}
        selected={key === current}
        invalid={invalid.has(key)}
        untranslated={untranslated?.has(key) ?? false}
        onSelect={() => onSelect(target)}
        actions={readOnly ? undefined : extra?.actions}
      >
        {extra?.children}
      </TreeNode>
    );
  };

  const count = game.questions.length;
  return (
    <nav aria-label={t('editor.tree.label')} data-testid="editor-tree">
      <ul className={classes.list}>
        {node({ kind: 'metadata' }, t('editor.tree.metadata'), 0, {
          children: map && node({ kind: 'metadataLocation' }, t('editor.tree.location'), 1),
        })}
        {node({ kind: 'intro' }, t('editor.tree.intro'), 0)}
        {game.questions.map((question, q) => {
          const n = q + 1;
          return node({ kind: 'question', question: q }, t('editor.tree.question', { n }), 0, {
            actions: (
              <ItemActions
                first={q === 0}
                last={q === count - 1}
                labels={{
                  up: t('editor.tree.moveQuestionUp', { n }),
                  down: t('editor.tree.moveQuestionDown', { n }),
                  remove: t('editor.tree.deleteQuestion', { n }),
                }}
                onMove={(by) => onChange({ type: 'moveQuestion', question: q, by })}
                onDelete={() => setDeleting({ question: q })}
                testId={`q${q}`}
              />
            ),
            children: (
              <>
                {map && node({ kind: 'questionLocation', question: q }, t('editor.tree.location'), 1)}
                {node({ kind: 'answer', question: q }, t('editor.tree.answer'), 1, {
                  children: (
                    <>
                      {node({ kind: 'answerBefore', question: q }, t('editor.tree.answerBefore'), 2)}
                      {node({ kind: 'answerAfter', question: q }, t('editor.tree.answerAfter'), 2)}
                    </>
                  ),
                })}
                {question.hints.map((hint, h) =>
                  node({ kind: 'hint', question: q, hint: h }, <span dir="auto">{hint.title?.trim() || t('editor.tree.hint', { n: h + 1 })}</span>, 1, {
                    actions: (
                      <ItemActions
                        first={h === 0}
                        last={h === question.hints.length - 1}
                        labels={{
                          up: t('editor.tree.moveHintUp', { n: h + 1, question: n }),
                          down: t('editor.tree.moveHintDown', { n: h + 1, question: n }),
                          remove: t('editor.tree.deleteHint', { n: h + 1, question: n }),
                        }}
                        onMove={(by) => onChange({ type: 'moveHint', question: q, hint: h, by })}
                        onDelete={() => setDeleting({ question: q, hint: h })}
                        testId={`q${q}/hint${h}`}
                      />
                    ),
                  }),
                )}
                {!readOnly && (
                  <AddNode
                    label={t('editor.tree.addHint')}
                    accessibleLabel={t('editor.tree.addHintTo', { n })}
                    depth={1}
                    disabled={question.hints.length >= MAX_HINTS}
                    onClick={() => onChange({ type: 'addHint', question: q })}
                    testId={`add-hint-${q}`}
                  />
                )}
              </>
            ),
          });
        })}
        {!readOnly && (
          <AddNode
            label={t('editor.tree.addQuestion')}
            depth={0}
            disabled={count >= MAX_QUESTIONS}
            invalid={invalid.has(ADD_QUESTION_KEY)}
            onClick={() => onChange({ type: 'addQuestion' })}
            testId="add-question"
          />
        )}
        {node({ kind: 'gameover' }, t('editor.tree.gameover'), 0)}
        {map && node({ kind: 'map' }, t('editor.tree.map'), 0)}
      </ul>
      <ConfirmModal
        opened={deleting !== null}
        title={
          deleting?.hint !== undefined
            ? t('editor.tree.deleteHintTitle', { n: deleting.hint + 1, question: deleting.question + 1 })
            : t('editor.tree.deleteQuestionTitle', { n: (deleting?.question ?? 0) + 1 })
        }
        text={t(deleting?.hint !== undefined ? 'editor.tree.deleteHintText' : 'editor.tree.deleteQuestionText')}
        confirmLabel={t('editor.tree.deleteConfirm')}
        onConfirm={() => {
          if (!deleting) return;
          onChange(deleting.hint !== undefined ? { type: 'deleteHint', question: deleting.question, hint: deleting.hint } : { type: 'deleteQuestion', question: deleting.question });
        }}
        onClose={() => setDeleting(null)}
      />
    </nav>
  );
}

type TreeNodeProps = {
  nodeKey: string;
  label: ReactNode;
  depth: number;
  selected: boolean;
  invalid: boolean;
  untranslated: boolean;
  onSelect(): void;
  actions?: ReactNode;
  children?: ReactNode;
};

function TreeNode({ nodeKey, label, depth, selected, invalid, untranslated, onSelect, actions, children }: TreeNodeProps) {
  const { t } = useTranslation('studio');
  return (
    <li>
      <Group gap={2} wrap="nowrap" className={classes.row}>
        <NavLink
          component="button"
          type="button"
          label={
            <Text span inherit c={invalid ? 'red.9' : undefined} fw={invalid ? 600 : undefined}>
              {label}
            </Text>
          }
          active={selected}
          aria-current={selected ? 'true' : undefined}
          onClick={onSelect}
          rightSection={
            invalid || untranslated ? (
              <Group gap={2} wrap="nowrap">
                {untranslated && <IconLanguage size={18} color="var(--mantine-color-orange-8)" role="img" aria-label={t('editorTranslation.untranslated')} data-testid="untranslated-mark" />}
                {invalid && <IconAlertCircle size={18} color="var(--mantine-color-red-8)" role="img" aria-label={t('editor.tree.invalid')} />}
              </Group>
            ) : undefined
          }
          className={classes.node}
          style={{ paddingInlineStart: `calc(var(--mantine-spacing-xs) + ${depth * 1.25}rem)` }}
          data-testid={`node-${nodeKey}`}
          data-invalid={invalid || undefined}
          data-untranslated={untranslated || undefined}
        />
        {actions}
      </Group>
      {children && <ul className={classes.list}>{children}</ul>}
    </li>
  );
}

function AddNode(props: { label: string; accessibleLabel?: string; depth: number; disabled: boolean; invalid?: boolean; onClick(): void; testId: string }) {
  const { t } = useTranslation('studio');
  return (
    <li>
      <NavLink
        component="button"
        type="button"
        label={
          <Text span inherit c={props.invalid ? 'red.9' : 'teal.7'} fw={600}>
            {props.label}
          </Text>
        }
        aria-label={props.accessibleLabel}
        leftSection={<IconPlus size={16} aria-hidden />}
        rightSection={props.invalid ? <IconAlertCircle size={18} color="var(--mantine-color-red-8)" role="img" aria-label={t('editor.tree.invalid')} /> : undefined}
        disabled={props.disabled}
        onClick={props.onClick}
        className={classes.node}
        style={{ paddingInlineStart: `calc(var(--mantine-spacing-xs) + ${props.depth * 1.25}rem)` }}
        data-testid={props.testId}
        data-invalid={props.invalid || undefined}
      />
    </li>
  );
}

function ItemActions(props: { first: boolean; last: boolean; labels: { up: string; down: string; remove: string }; onMove(by: Step): void; onDelete(): void; testId: string }) {
  return (
    <Group gap={0} wrap="nowrap" className={classes.actions}>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={props.labels.up} disabled={props.first} onClick={() => props.onMove(-1)} data-testid={`up-${props.testId}`}>
        <IconArrowUp size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={props.labels.down} disabled={props.last} onClick={() => props.onMove(1)} data-testid={`down-${props.testId}`}>
        <IconArrowDown size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" size="lg" aria-label={props.labels.remove} onClick={props.onDelete} data-testid={`delete-${props.testId}`}>
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
