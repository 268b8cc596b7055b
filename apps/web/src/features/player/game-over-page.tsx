import { useEffect } from 'react';
import { GameOverView } from '../../ui/game/game-over-view.tsx';
import { FeedbackWidget } from './feedback/feedback-widget.tsx';
import { usePlay } from './play-context.tsx';

/** Game over in the play: the end time is set once, then the shared game-over view with the play's feedback. */
export function GameOverPage() {
  const { game, session, snapshot, event } = usePlay();
  const progress = snapshot.progress;
  const ended = Boolean(progress?.endTime);

  useEffect(() => {
    if (!ended) session.change({ action: 'set-end-time' });
  }, [ended, session]);

  if (!progress) return null;
  return (
    <GameOverView
      game={game}
      progress={progress}
      ranking={event && <event.ui.EventRanking event={event} />}
      feedback={snapshot.secret && <FeedbackWidget gameId={game._id} secretCode={snapshot.secret} grant={snapshot.grant} language={game.metadata.language} />}
    />
  );
}
