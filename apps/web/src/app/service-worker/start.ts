import { registerAppWorker } from './register.ts';

/** /game/{id} and its pages: where a player plays. */
const PLAY_PATH = /^\/game\//;
const inPlay = () => PLAY_PATH.test(window.location.pathname);

// Imported by app/startup.ts once the page has loaded, in production builds: registers the worker and
// shows the notice when a new version waits. The support check is here, not in the first load's code.
if ('serviceWorker' in navigator) {
  void registerAppWorker({
    container: navigator.serviceWorker,
    reload: () => window.location.reload(),
    inPlay,
    offer: (update) => void import('./update-notice.tsx').then((notice) => notice.showUpdateNotice(update, inPlay)),
  }).catch(() => undefined);
}
