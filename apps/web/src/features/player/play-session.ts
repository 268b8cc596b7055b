import { normalizeGameCode, type Progress, type ProgressChange, type StartTimeReply } from '@streethunt/shared';
import { ApiError, NetworkError } from '../../api/client.ts';
import { ActionQueue, type ProgressRequest, type QueuedAction } from './action-queue.ts';
import type { LiveOptions, SendPosition, StopLive } from './live-socket.ts';
import { openGame, readGrant, readProgress, storeCode, writeProgress } from './player-store.ts';
import { applyChanges, changes, mergeProgress, settleRulePoints, type FlowEngine } from './progress-rules.ts';
import type { ServerVerdict } from '../../ui/game/answer-box.tsx';

/** What the screen shows of a play. */
export type PlaySnapshot = {
  gameId: string;
  /** The code of the active play, once one was accepted. */
  secret: string | null;
  /** The active play's grant (set-start-time), sent with its calls so a blocked address does not stop it. */
  grant?: string;
  /** The server's progress with the changes still queued applied on top (what the server will have). */
  progress: Progress | null;
  /** Changes of this play not yet taken by the server. */
  pending: number;
  /** No network, or the last call got no answer. */
  offline: boolean;
  /** Questions whose spot code is queued: they open only once the server took the code, never on the phone's word. */
  presenceQueued: number[];
  /**
   * A branch this phone took that the server decided otherwise (another phone of the team answered
   * first): the question's index, until the player has read it (dismissOverruled). The server wins.
   */
  overruled: number | null;
};

/** A queued spot code: the server alone judges it, so it is not applied to the progress shown until the server took it. */
const awaitsServer = (action: QueuedAction): boolean => action.action === 'set-question-status' && action.presenceCode !== undefined;

/**
 * What a typed code came to. 'over': a right code whose play may not start or go on (an event that has
 * ended): the play is read, to show how it ended. 'refunded': a real code whose purchase was refunded
 * (410 code_refunded), said as such rather than 'wrong'. 'disqualified': a live event's team code whose
 * team the organisers disqualified (403 team_disqualified), not 'wrong'.
 */
export type CodeResult = 'ok' | 'over' | 'wrong' | 'refunded' | 'disqualified' | 'rate_limited' | 'network' | 'error';

export type SessionDeps = {
  /** set-start-time; without a code (a free game) the server issues the play's code. `grant`: the kept one of this code's play. */
  start(gameId: string, secretCode?: string, grant?: string): Promise<StartTimeReply>;
  progress(request: ProgressRequest): Promise<Progress>;
  connectLive(options: LiveOptions): StopLive;
  /** How long the outbox waits before trying again after a failed send; 5 s by default. */
  retryMs?: number;
  isOnline?: () => boolean;
};

/** What the live-event module (event/) hears on the play's socket: the team's news, and each (re)joined room. */
export type TeamEventListener = { onTeamView(value: unknown): void; onRanking(value: unknown): void; onWatched(): void };

/**
 * One game's play in this browser: the kept progress, the ordered queue of changes, the live socket
 * and the network state, behind a subscribe/getSnapshot pair for useSyncExternalStore. Plain code,
 * so the rules are tested without React.
 */
export class PlaySession {
  private secret: string | null = null;
  private grant: string | undefined;
  private base: Progress | null = null;
  private networkDown = false;
  private snapshot: PlaySnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly queue: ActionQueue;
  private stopLive: StopLive | null = null;
  private eventListener: TeamEventListener | null = null;
  private sendOnSocket: SendPosition | null = null;
  private started = false;
  private engine: FlowEngine | null = null;
  private overruled: number | null = null;

  constructor(
    readonly gameId: string,
    private readonly deps: SessionDeps,
  ) {
    this.readKept();
    this.queue = new ActionQueue({
      send: (request) => deps.progress(request),
      retryMs: deps.retryMs,
      onSent: (action, progress) => {
        this.networkDown = false;
        if (this.isOurs(action)) this.takeServerProgress(progress);
        else this.publish();
      },
      onDropped: () => {
        this.publish();
        void this.refresh();
      },
      onStalled: (error) => {
        if (error instanceof NetworkError) this.networkDown = true;
        this.publish();
      },
    });
    this.snapshot = this.compute();
  }

  /**
   * Reads the play from what the phone keeps: at construction, and again once the offline database
   * was read (offline/kept-play.ts loadKept). A code taken before then is this phone's play now: kept.
   */
  resume(): void {
    if (this.secret && this.base) storeCode(this.base, this.grant);
    else this.readKept();
    this.publish();
  }

  private readKept(): void {
    this.secret = openGame(this.gameId).game_secret;
    this.grant = readGrant(this.gameId, this.secret);
    this.base = readProgress(this.gameId);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): PlaySnapshot => this.snapshot;

  /** Starts listening to the network and the live socket; safe to call again after stop(). */
  start(): void {
    if (this.started) return;
    this.started = true;
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    this.watch();
    void this.flush();
    void this.refresh();
  }

  stop(): void {
    if (!this.started) return;
    this.started = false;
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    this.stopLive?.();
    this.stopLive = null;
    this.sendOnSocket = null;
  }

  /** The event module's ear on the play's socket (one at a time); returns the way to stop listening. */
  listenForEvent(listener: TeamEventListener): () => void {
    this.eventListener = listener;
    return () => {
      if (this.eventListener === listener) this.eventListener = null;
    };
  }

  /** The team's position to the organiser, when the socket is in the play's room; dropped otherwise. */
  sendPosition(position: { lat: number; lng: number }): void {
    this.sendOnSocket?.(position);
  }

  /** set-start-time with what the player typed; a valid code becomes the active play. */
  async submitCode(typed: string): Promise<CodeResult> {
    const code = normalizeGameCode(typed);
    if (!code) return 'wrong';
    return this.begin(code);
  }

  /**
   * A free game starts without a code: the server issues the play's code, which becomes the active
   * play like a typed one (and is what the team shares). A code kept for this game (its play already
   * issued, or typed before) is resumed instead of asking for another. 'wrong': the server says the
   * game needs a code after all.
   */
  startFree(): Promise<CodeResult> {
    return this.begin(this.secret ?? undefined);
  }

  private async begin(code: string | undefined): Promise<CodeResult> {
    try {
      // The kept grant goes along only with its own code (resuming this play from a blocked address).
      const grant = code !== undefined && code === this.secret ? this.grant : undefined;
      const reply = await (grant ? this.deps.start(this.gameId, code, grant) : this.deps.start(this.gameId, code));
      if (reply.gameProgress.game_id !== this.gameId) return 'wrong';
      this.adopt(reply.gameProgress, reply.grant);
      return 'ok';
    } catch (error) {
      // A right code of an event that has ended (or whose team's time is up): 409, not a wrong code. Its
      // play is read as it stands, so the phone can show how the team ended and the final ranking.
      if (error instanceof ApiError && error.status === 409 && code !== undefined) return this.beginEnded(code);
      if (error instanceof NetworkError) {
        this.networkDown = true;
        this.publish();
        return 'network';
      }
      if (error instanceof ApiError) {
        if (error.status === 429) return 'rate_limited';
        if (error.code === 'code_refunded') return 'refunded';
        if (error.code === 'team_disqualified') return 'disqualified';
        if (error.status >= 400 && error.status < 500) return 'wrong';
      }
      return 'error';
    }
  }

  /**
   * A change by the player: applied on screen at once, queued, sent in order. Returns false (and does
   * nothing) when it would change nothing, e.g. a second tap on continue.
   */
  change(change: ProgressChange): boolean {
    const progress = this.snapshot.progress;
    if (!this.secret || !progress || !changes(progress, change, this.engine)) return false;
    this.queue.enqueue(this.gameId, this.secret, change, { grant: this.grant });
    this.publish();
    void this.flush();
    return true;
  }

  /** A play's progress from the server becomes this phone's active play: kept, shown, and followed live. */
  private adopt(progress: Progress, grant?: string): void {
    this.networkDown = false;
    const active = storeCode(progress, grant);
    this.secret = active.game_secret;
    this.grant = readGrant(this.gameId, this.secret);
    this.base = progress;
    this.publish();
    if (this.started) {
      this.stopLive?.();
      this.stopLive = null;
      this.sendOnSocket = null;
      this.watch();
    }
  }

  /** The play of a right code that may not start: get-game-progress (which any right code may read), adopted as it is. */
  private async beginEnded(code: string): Promise<CodeResult> {
    try {
      const progress = await this.deps.progress({ action: 'get-game-progress', gameId: this.gameId, secretCode: code });
      if (progress.game_id !== this.gameId) return 'wrong';
      this.adopt(progress);
      return 'over';
    } catch (error) {
      if (error instanceof NetworkError) return 'network';
      return error instanceof ApiError && error.status === 429 ? 'rate_limited' : 'error';
    }
  }

  /**
   * An answer only the server can judge (a lenient text's typo, a number between the hashed steps):
   * sent at once when online, 'right' or 'wrong' as the server says. Offline, behind changes still
   * queued, or when the server cannot answer now, it is queued like any change ('queued': the phone
   * shows it answered and says it will be checked; a refusal later opens the question again). An event
   * team's answer the server does not count is neither right nor wrong: 'out' (the organisers
   * disqualified the team: 403) or 'over' (the event or the team's time ended: 409). 'wait': too many
   * wrong tries at this question for now (429 too_many_guesses): nothing is kept. Any other 429 (the
   * route's own limit) queues it, so nothing the player did is lost.
   */
  async judgeOnServer(change: Extract<ProgressChange, { action: 'set-question-status' }>): Promise<ServerVerdict> {
    const secret = this.secret;
    if (!secret || !this.snapshot.progress) return 'wrong';
    const queueIt = () => {
      this.change(change);
      return 'queued' as const;
    };
    if (this.snapshot.offline || this.queue.pending(this.gameId, secret).length > 0) return queueIt();
    try {
      const progress = await this.deps.progress({ ...change, gameId: this.gameId, secretCode: secret, ...(this.grant && { grant: this.grant }) });
      this.networkDown = false;
      if (secret === this.secret) this.takeServerProgress(progress);
      return 'right';
    } catch (error) {
      if (error instanceof NetworkError) {
        this.networkDown = true;
        return queueIt();
      }
      // Too many wrong tries at this question: the player waits, and the guess is not kept to be sent later.
      if (error instanceof ApiError && error.status === 429 && error.code === 'too_many_guesses') return 'wait';
      if (error instanceof ApiError && (error.status === 429 || error.status >= 500)) return queueIt();
      if (error instanceof ApiError && error.status === 403 && error.code === 'team_disqualified') return 'out';
      if (error instanceof ApiError && error.status === 409) return 'over';
      return 'wrong';
    }
  }

  /** get-game-progress: the server's progress, folded in. */
  async refresh(): Promise<void> {
    const secret = this.secret;
    if (!secret) return;
    const grant = this.grant;
    try {
      const progress = await this.deps.progress({ action: 'get-game-progress', gameId: this.gameId, secretCode: secret, ...(grant && { grant }) });
      this.networkDown = false;
      if (secret === this.secret) this.takeServerProgress(progress);
    } catch (error) {
      if (error instanceof NetworkError) {
        this.networkDown = true;
        this.publish();
      }
    }
  }

  /** Asks the page's one outbox sender to send what is queued (all games' changes and photos, in order), joining a send already running. */
  flush(): Promise<boolean> {
    return this.queue.flush();
  }

  /** A progress pushed by the server (socket); only the active play's counts. */
  receive(progress: Progress): void {
    if (progress.game_id !== this.gameId || progress.game_secret !== this.secret) return;
    this.takeServerProgress(progress);
  }

  private watch(): void {
    const secret = this.secret;
    if (!secret) return;
    this.stopLive = this.deps.connectLive({
      gameId: this.gameId,
      secretCode: secret,
      ...(this.grant && { grant: this.grant }),
      onProgress: (progress) => this.receive(progress),
      onTeamView: (value) => this.eventListener?.onTeamView(value),
      onRanking: (value) => this.eventListener?.onRanking(value),
      onWatched: (send) => {
        this.sendOnSocket = send;
        this.eventListener?.onWatched();
      },
      onConnect: () => {
        this.networkDown = false;
        this.publish();
        void this.flush();
      },
    });
  }

  private onOnline = () => {
    // Without a play there is nothing to ask the server: the browser's word is all there is (a free game
    // that could not start offline is started again by a tap).
    if (!this.secret) this.networkDown = false;
    this.publish();
    // The outboxes are sent by the page's one sender (offline/send-changes.ts), which hears `online` too.
    void this.refresh();
  };

  private onOffline = () => this.publish();

  private isOurs(action: Pick<QueuedAction, 'gameId' | 'secretCode'>): boolean {
    return action.gameId === this.gameId && action.secretCode === this.secret;
  }

  /**
   * The game's flow (play-flow.ts flowEngine), from the pages that play: the phone judges changes by it
   * offline. Set again with the same one, nothing is drawn again.
   */
  setFlowEngine(engine: FlowEngine): void {
    if (engine === this.engine) return;
    // A game without rules shows the same until its next change: nothing to draw again.
    const redraw = engine.hasRules || Boolean(this.engine?.hasRules);
    this.engine = engine;
    if (redraw) this.publish();
  }

  /** The player read that the server took another branch. */
  dismissOverruled(): void {
    this.overruled = null;
    this.publish();
  }

  private takeServerProgress(progress: Progress): void {
    if (progress.game_id !== this.gameId || progress.game_secret !== this.secret) return;
    // An option this phone showed as taken that the server took otherwise: the server wins, and says so.
    const shown = this.snapshot.progress?.questions;
    const overruled = progress.questions.findIndex((q, i) => q.chose !== undefined && shown?.[i]?.chose !== undefined && shown[i]?.chose !== q.chose);
    if (overruled !== -1) this.overruled = overruled;
    this.base = mergeProgress(this.base, progress);
    writeProgress(this.base);
    this.publish();
  }

  private compute(): PlaySnapshot {
    const pending = this.secret ? this.queue.pending(this.gameId, this.secret) : [];
    const online = this.deps.isOnline ? this.deps.isOnline() : typeof navigator === 'undefined' || navigator.onLine !== false;
    return {
      gameId: this.gameId,
      secret: this.secret,
      ...(this.grant && { grant: this.grant }),
      progress: this.base ? settleRulePoints(applyChanges(this.base, pending.filter((action) => !awaitsServer(action)), new Date(), this.engine), this.engine) : null,
      pending: pending.length,
      offline: !online || this.networkDown,
      presenceQueued: pending.flatMap((action) => (awaitsServer(action) && action.action === 'set-question-status' ? [action.questionIndex] : [])),
      overruled: this.overruled,
    };
  }

  private publish(): void {
    this.snapshot = this.compute();
    this.listeners.forEach((listener) => listener());
  }
}
