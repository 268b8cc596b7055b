import { Suspense, useMemo } from 'react';
import { Box, Button, Center, Loader } from '@mantine/core';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { judgeAnswer, outcomeEffects, type EditableGame, type GameReply, type QuestionStatus } from '@streethunt/shared';
import { GameOverView } from '../../ui/game/game-over-view.tsx';
import { IntroView } from '../../ui/game/intro-view.tsx';
import { QuestionView } from '../../ui/game/question-view.tsx';
import { PreviewMap } from './lazy-fields.tsx';
import { START_OF_GAME } from './fields/preview-position.ts';
import { sampleFinishedPlay, toPreviewGame, type PreviewGameIds } from './preview-game.ts';
import { usePreviewI18n } from './preview-i18n.ts';
import { selectionKey, type Selection } from './selection.ts';
import classes from './game-preview.module.css';

type Props = { game: EditableGame; selection: Selection; ids: PreviewGameIds };

/** Nothing the preview does reaches the server: its buttons do nothing. */
const ignore = () => undefined;

/**
 * The live preview (spec section 4, 'Editor selection drives the preview'): the player's own
 * components in a phone-sized frame, in the game's language and direction, showing what a player
 * would see at the selected node. It keeps no play and sends no progress.
 */
export function GamePreview({ game, selection, ids }: Props) {
  const language = game.metadata.language;
  const i18n = usePreviewI18n(language);
  const reply = useMemo(() => toPreviewGame(game, ids), [game, ids]);
  return (
    <I18nextProvider i18n={i18n}>
      <Box className={classes.frame} dir={language === 'he' ? 'rtl' : 'ltr'} lang={language} data-testid="preview" data-kind={selection.kind}>
        <PreviewBody game={game} reply={reply} selection={selection} />
      </Box>
    </I18nextProvider>
  );
}

/** A question's status in the preview: none for the question and its hints, STARTED for the answer and the text before it, ANSWERED after. */
function previewStatus(selection: Selection): QuestionStatus | null {
  if (selection.kind === 'answerAfter') return 'ANSWERED';
  if (selection.kind === 'answer' || selection.kind === 'answerBefore') return 'STARTED';
  return null;
}

function PreviewBody({ game, reply, selection }: { game: EditableGame; reply: GameReply; selection: Selection }) {
  const { t } = useTranslation();
  switch (selection.kind) {
    case 'metadata':
    case 'intro':
      return (
        <IntroView metadata={game.metadata} content={game.introPage.content}>
          <Button size="lg" fullWidth onClick={ignore}>
            {t('player.intro.letsPlay')}
          </Button>
        </IntroView>
      );
    case 'gameover':
      return <GameOverView game={reply} progress={sampleFinishedPlay(game)} />;
    case 'map':
    case 'metadataLocation':
    case 'questionLocation':
      return (
        <Suspense
          fallback={
            <Center mih={240}>
              <Loader role="status" aria-label={t('player.map.loading')} />
            </Center>
          }
        >
          <PreviewMap
            game={reply}
            // The map as a whole opens on the first question, as a play does; the start location leads to the start.
            currentQuestion={selection.kind === 'questionLocation' ? selection.question : selection.kind === 'metadataLocation' ? START_OF_GAME : 0}
          />
        </Suspense>
      );
    default: {
      const question = game.questions[selection.question];
      if (!question) return null;
      const openHint = selection.kind === 'hint' ? selection.hint : -1;
      // After the answer, what the question's rules say to a team that answered right (with a choice's first right option).
      const rightOption = question.answer.kind === 'choice' ? question.answer.options.find((option) => option.correct)?.id : undefined;
      const said = selection.kind === 'answerAfter' ? outcomeEffects(question, 'right', rightOption).say : [];
      return (
        <QuestionView
          // A new node starts the answer box afresh.
          key={selectionKey(selection)}
          index={selection.question}
          question={question}
          status={previewStatus(selection)}
          hintStates={question.hints.map((_, h) => ({ isOpen: h === openHint }))}
          onOpenHint={ignore}
          // The preview has the answers themselves: it judges as the server would, lenient typos too.
          judge={(sent) => (judgeAnswer(question.answer, sent) === 'right' ? 'right' : 'wrong')}
          onAnswered={ignore}
          onAsk={() => Promise.resolve('wrong')}
          onSkip={ignore}
          onContinue={ignore}
          said={said}
        />
      );
    }
  }
}
