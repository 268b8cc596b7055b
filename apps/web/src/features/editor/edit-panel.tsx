import { Suspense } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { suggestedLengthKm, type EditableGame, type GameLocation, type Language } from '@streethunt/shared';
import { PageLoader } from '../../ui/page-loader.tsx';
import { StopAccessibilityField } from './accessibility-fields.tsx';
import { AnswerPanel } from './answer-panel.tsx';
import { AnswerTextPanel, GameoverPanel, HintPanel, IntroPanel, QuestionPanel } from './content-panels.tsx';
import type { EditorAction } from './editor-store.ts';
import { FlowRulesPanel } from './flow-rules-panel.tsx';
import { AreaEditor } from './lazy-fields.tsx';
import { MetadataPanel } from './metadata-panel.tsx';
import { PresenceField } from './presence-field.tsx';
import { useNodeTitle } from './node-title.ts';
import type { Selection } from './selection.ts';
import { TranslationPanel } from './translation-panel.tsx';

type Props = {
  game: EditableGame;
  /** Opens the sheet of the game's QR signs. */
  onPrintSigns(): void;
  selection: Selection;
  onChange(action: EditorAction): void;
  errorOf(path: string): string | undefined;
  /** The language being translated into: the node's texts beside their translations, instead of the original's panel. */
  translating?: Language | null;
};

/** Every area of the game but one: what the map editor shows faintly around the area being edited. */
function otherAreas(game: EditableGame, except: number | 'start'): GameLocation[] {
  const areas = [except === 'start' ? null : game.metadata.location, ...game.questions.map((q, i) => (i === except ? null : q.location))];
  return areas.filter((area): area is GameLocation => Boolean(area));
}

/** The edit panel of the selected node. */
export function EditPanel({ game, selection, onChange, errorOf, onPrintSigns, translating = null }: Props) {
  const { t } = useTranslation('studio');
  const title = useNodeTitle(game, selection);
  const dir = game.metadata.language === 'he' ? 'rtl' : 'ltr';
  const q = 'question' in selection ? selection.question : -1;
  const question = game.questions[q];

  let body;
  if (translating) {
    body = <TranslationPanel game={game} selection={selection} language={translating} onChange={onChange} />;
  } else {
    switch (selection.kind) {
      case 'metadata':
        body = (
          <MetadataPanel
            metadata={game.metadata}
            questionCount={game.questions.length}
            onChange={(patch) => onChange({ type: 'metadata', patch })}
            suggestLengthKm={() => suggestedLengthKm(game.metadata.location, game.questions)}
            errorOf={errorOf}
          />
        );
        break;
      case 'metadataLocation':
        body = (
          <AreaEditor
            label={t('editor.location.start')}
            value={game.metadata.location}
            onChange={(location) => onChange({ type: 'metadata', patch: { location } })}
            others={otherAreas(game, 'start')}
            error={errorOf('metadata.location')}
          />
        );
        break;
      case 'intro':
        body = (
          <IntroPanel
            content={game.introPage.content}
            onChange={(content) => onChange({ type: 'intro', content })}
            audio={game.metadata.audio}
            onAudioChange={(audio) => onChange({ type: 'metadata', patch: { audio } })}
            dir={dir}
            errorOf={errorOf}
          />
        );
        break;
      case 'gameover':
        body = <GameoverPanel gameover={game.gameoverPage} onChange={(patch) => onChange({ type: 'gameover', patch })} dir={dir} errorOf={errorOf} />;
        break;
      case 'map':
        body = <Text>{t('editor.map.text')}</Text>;
        break;
      default:
        if (!question) return null;
        switch (selection.kind) {
          case 'question':
            body = (
              <Stack gap="lg">
                <QuestionPanel index={q} question={question} onChange={(patch) => onChange({ type: 'question', question: q, patch })} dir={dir} errorOf={errorOf} />
                <PresenceField
                  index={q}
                  presence={question.presence}
                  mapOn={game.metadata.map}
                  onChange={(presence) => onChange({ type: 'question', question: q, patch: { presence } })}
                  onPrint={onPrintSigns}
                />
                <StopAccessibilityField
                  index={q}
                  question={question}
                  start={game.metadata.location}
                  onChange={(patch) => onChange({ type: 'question', question: q, patch })}
                />
                <FlowRulesPanel game={game} index={q} dir={dir} onChange={(patch) => onChange({ type: 'question', question: q, patch })} />
              </Stack>
            );
            break;
          case 'questionLocation':
            body = (
              <AreaEditor
                label={t('editor.location.question', { n: q + 1 })}
                value={question.location}
                onChange={(location) => onChange({ type: 'question', question: q, patch: { location } })}
                others={otherAreas(game, q)}
                error={errorOf(`questions.${q}.location`)}
              />
            );
            break;
          case 'answer':
            body = <AnswerPanel index={q} answer={question.answer} onChange={(answer) => onChange({ type: 'answer', question: q, answer })} errorOf={errorOf} dir={dir} />;
            break;
          case 'answerBefore':
          case 'answerAfter':
            body = (
              <AnswerTextPanel
                index={q}
                which={selection.kind === 'answerBefore' ? 'before' : 'after'}
                answer={question.answer}
                onChange={(answer) => onChange({ type: 'answer', question: q, answer })}
                dir={dir}
              />
            );
            break;
          case 'hint': {
            const hint = question.hints[selection.hint];
            if (!hint) return null;
            body = (
              <HintPanel
                index={q}
                hintIndex={selection.hint}
                hint={hint}
                onChange={(patch) => onChange({ type: 'hint', question: q, hint: selection.hint, patch })}
                dir={dir}
                errorOf={errorOf}
              />
            );
            break;
          }
        }
    }
  }

  return (
    <Stack gap="md" data-testid="edit-panel" data-kind={selection.kind}>
      <Title order={2} size="h3" dir="auto">
        {title}
      </Title>
      <Suspense fallback={<PageLoader label={t('studio.loading')} />}>{body}</Suspense>
    </Stack>
  );
}
