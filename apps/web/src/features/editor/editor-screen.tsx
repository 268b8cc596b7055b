import { useMemo, useReducer, useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { IconArrowFork, IconHierarchy, IconPrinter } from '@tabler/icons-react';
import { takesPresenceCode, translationCoverage, type Language } from '@streethunt/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../ui/game/confirm-modal.tsx';
import { sameGame, type ServerCopy } from './editable-game.ts';
import { EditPanel } from './edit-panel.tsx';
import { FlowSimulatorModal } from './flow-simulator-modal.tsx';
import { FlowViewModal } from './flow-view-modal.tsx';
import { PresenceSheet } from './presence-sheet.tsx';
import { ConflictModal, LeaveModal, OlderDraftModal } from './editor-dialogs.tsx';
import { EditorLayout, type EditorTab } from './editor-layout.tsx';
import { NextVersionNotice, PlaysRunningNotice, RestoredNotice, ReviewNotice, StaleNotice, StatusNotice, ValidationBar } from './editor-notices.tsx';
import { editorStateReducer, initialEditorState } from './editor-state.ts';
import type { EditorAction } from './editor-store.ts';
import { EditorToolbar } from './editor-toolbar.tsx';
import { EditorTree } from './editor-tree.tsx';
import { GamePreview } from './game-preview.tsx';
import { clearDraft, decideDraft, readDraft } from './local-draft.ts';
import { selectionKey, type Selection } from './selection.ts';
import { useApproval } from './use-approval.ts';
import { useLeaveGuard } from './use-leave-guard.ts';
import { useLocalDraft } from './use-local-draft.ts';
import { useRunningPlays } from './use-running-plays.ts';
import { TranslationSwitch } from './translation-switch.tsx';
import { nodeKeyOfPath } from './translation-texts.ts';
import { useSave } from './use-save.ts';
import { errorsByPath, invalidKeys, issueMessage, targetOfPath } from './validation.ts';

type Props = {
  gameId: string;
  /** The stored game as loaded. */
  initial: ServerCopy;
  isAdmin: boolean;
  /** Load the stored game again and start over from it (the changes here are dropped). */
  onReload(): void;
};

/** The game editor (spec section 2): tree, edit panel and live preview over one working copy. */
export function EditorScreen({ gameId, initial, isAdmin, onReload }: Props) {
  const { t } = useTranslation('studio');
  // A copy kept on this device: put back if it started from this version, asked about if from an older one.
  const [start] = useState(() => decideDraft(readDraft(gameId), initial));
  const [state, dispatch] = useReducer(editorStateReducer, undefined, () =>
    initialEditorState(initial, start.kind === 'restore' ? start.draft.game : initial.game),
  );
  const [olderDraft, setOlderDraft] = useState(start.kind === 'ask' ? start.draft : null);
  const [restored, setRestored] = useState(start.kind === 'restore');
  const [discarding, setDiscarding] = useState(false);
  const [stale, setStale] = useState(false);
  const [tab, setTab] = useState<EditorTab>('tree');
  const [signsOpen, setSignsOpen] = useState(false);
  const [simulating, setSimulating] = useState(false);
  const [viewingFlow, setViewingFlow] = useState(false);
  // The language being translated into; null: the original (the game's own language).
  const [translating, setTranslating] = useState<Language | null>(null);

  const { game, server, selection } = state;
  const dirty = useMemo(() => !sameGame(game, server.game), [game, server.game]);
  const readOnly = !isAdmin && (server.status === 'PENDING' || server.status === 'APPROVED');

  const draft = useLocalDraft(gameId, { game, version: server.version, dirty, paused: olderDraft !== null });
  const { save, saving, conflict, closeConflict } = useSave(gameId, dispatch);
  const approval = useApproval({ gameId, state, dirty, dispatch, save });
  const blocker = useLeaveGuard(dirty);
  const navigate = useNavigate();
  const runningPlays = useRunningPlays(gameId, server.version);

  const untranslated = useMemo(() => {
    if (!translating) return undefined;
    const { missing } = translationCoverage(game, game.translations?.[translating]);
    return new Set(missing.map((path) => nodeKeyOfPath(game, path)).filter((key): key is string => key !== null));
  }, [game, translating]);
  const errors = useMemo(() => errorsByPath(approval.issues), [approval.issues]);
  const invalid = useMemo(() => invalidKeys(approval.issues), [approval.issues]);
  const errorOf = (path: string) => {
    const issue = errors.get(path);
    return issue ? issueMessage(t, issue) : undefined;
  };

  const change = (action: EditorAction) => {
    if (readOnly) return;
    dispatch(action);
    // What was added is selected: on a phone, go on to edit it.
    if (action.type === 'addQuestion' || action.type === 'addHint') setTab('edit');
  };
  const select = (next: Selection) => {
    dispatch({ type: 'select', selection: next });
    setTab('edit');
  };
  const showFirstError = () => {
    const first = approval.issues[0];
    if (!first) return;
    const target = targetOfPath(first.path);
    if (target.kind !== 'addQuestion') {
      select(target);
      return;
    }
    // A game without questions: the way on is 'add question', in the tree.
    setTab('tree');
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="add-question"]')?.focus());
  };
  const reload = () => {
    draft.drop();
    closeConflict();
    onReload();
  };

  const tree = (
    <Stack gap="md">
      <TranslationSwitch game={game} translating={translating} onSwitch={setTranslating} />
      <EditorTree game={game} selection={selection} onSelect={select} onChange={change} invalid={invalid} readOnly={readOnly} untranslated={untranslated} />
    </Stack>
  );
  const panel = (
    <fieldset disabled={readOnly} inert={readOnly} style={{ border: 0, padding: 0, margin: 0, minInlineSize: 0 }}>
      <EditPanel
        // A new mode is new fields: the rich-text editors start from the texts of that language.
        key={`${selectionKey(selection)}@${state.revision}/${translating ?? 'original'}`}
        game={game}
        selection={selection}
        onChange={change}
        errorOf={errorOf}
        onPrintSigns={() => setSignsOpen(true)}
        translating={translating}
      />
    </fieldset>
  );
  const preview = <GamePreview game={game} selection={selection} ids={{ gameId, userId: server.userId, status: server.status }} />;

  return (
    <Stack gap="md" data-testid="game-editor" data-read-only={readOnly}>
      <EditorToolbar
        name={game.metadata.name}
        status={server.status}
        dirty={dirty}
        canSave={!readOnly}
        canSend={!readOnly && server.status === 'DRAFT'}
        saving={saving}
        sending={approval.busy}
        onSave={() => void save(game, server.version)}
        onSend={() => void approval.send()}
      />
      {server.reviewNote && server.status === 'DRAFT' && <ReviewNotice note={server.reviewNote} />}
      {readOnly && (
        <StatusNotice
          status={server.status}
          busy={approval.busy}
          onTakeBack={() => void approval.takeBack()}
          onNextVersion={() => void approval.openNextVersion((draftId) => void navigate(`/game-editor/${draftId}`))}
        />
      )}
      {server.nextVersionOf && <NextVersionNotice gameId={server.nextVersionOf} />}
      {!readOnly && runningPlays !== null && <PlaysRunningNotice count={runningPlays} />}
      {/* A listed game cannot be changed here, but its signs can still be printed. */}
      {readOnly && game.questions.some((question) => takesPresenceCode(question.presence)) && (
        <Button variant="light" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => setSignsOpen(true)} style={{ alignSelf: 'flex-start' }} data-testid="presence-print">
          {t('spotCodes.print')}
        </Button>
      )}
      {restored && dirty && <RestoredNotice onDiscard={() => setDiscarding(true)} onClose={() => setRestored(false)} />}
      {stale && <StaleNotice onReload={reload} />}
      <ValidationBar issues={approval.issues} onShow={showFirstError} />
      {game.questions.length > 0 && (
        <Group gap="xs" wrap="wrap">
          <Button variant="subtle" leftSection={<IconHierarchy size={18} aria-hidden />} onClick={() => setViewingFlow(true)} data-testid="flow-view-open">
            {t('editor.flowView.open')}
          </Button>
          <Button variant="subtle" leftSection={<IconArrowFork size={18} aria-hidden />} onClick={() => setSimulating(true)} data-testid="flow-sim-open">
            {t('editor.flowSim.open')}
          </Button>
        </Group>
      )}
      <FlowViewModal
        opened={viewingFlow}
        game={game}
        onClose={() => setViewingFlow(false)}
        onSelect={(question) => {
          setViewingFlow(false);
          select({ kind: 'question', question });
        }}
      />
      <FlowSimulatorModal opened={simulating} game={game} onClose={() => setSimulating(false)} />
      <EditorLayout tree={tree} panel={panel} preview={preview} tab={tab} onTab={setTab} />

      <ConfirmModal
        opened={discarding}
        title={t('editor.draft.discardTitle')}
        text={t('editor.draft.discardText')}
        confirmLabel={t('editor.draft.discardConfirm')}
        onConfirm={() => {
          dispatch({ type: 'replace', game: server.game });
          setRestored(false);
        }}
        onClose={() => setDiscarding(false)}
      />
      <ConflictModal
        opened={conflict}
        onKeep={() => {
          closeConflict();
          setStale(true);
        }}
        onReload={reload}
      />
      <OlderDraftModal
        savedAt={olderDraft ? olderDraft.savedAt : null}
        onUse={() => {
          if (olderDraft) dispatch({ type: 'replace', game: olderDraft.game });
          setOlderDraft(null);
        }}
        onDiscard={() => {
          clearDraft(gameId);
          setOlderDraft(null);
        }}
      />
      {signsOpen && <PresenceSheet gameId={gameId} game={game} onClose={() => setSignsOpen(false)} />}
      <LeaveModal opened={blocker.state === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Stack>
  );
}
