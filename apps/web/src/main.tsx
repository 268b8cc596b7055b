import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import './app/styles/first-load.ts';
import './app/global.css';
import { chosenOrDefaultLanguage, setupI18n } from './i18n/setup.ts';
import { readSession } from './api/token-store.ts';
import { runStartupTasks } from './app/startup.ts';
import { applyAppStyles } from './app/styles/apply-app-styles.ts';
import { App, createQueryClient } from './app/app.tsx';
import { primeQueries, readFirstScreenData, type FirstScreenData } from './app/first-screen-data.ts';
import { loadMatchedRoutes, routes } from './app/router.tsx';
import { readLanguageChoice } from './features/player/kept-language.ts';

runStartupTasks();

/**
 * The server drew the page for a visitor with no session, no code of this game, no other language
 * chosen for it, and (on /games) the visitor's own language. This browser sees the same page only when that holds here too; otherwise
 * (logged in, holding a code, another language) the client draws its own page over it, as before.
 */
function drawsTheSame(screen: FirstScreenData): boolean {
  if (readSession()) return false;
  if (screen.page === 'game') {
    // A code kept for this game is read later (the offline database, features/player/offline): the
    // page drawn as the server did, the play then starts from what is kept.
    // A phone that plays this game in another of its languages fetches the game in that one itself.
    if (screen.gameId && readLanguageChoice(screen.gameId)) return false;
    // An address naming a language the page is not drawn in (not ready): the phone asks for it itself.
    const named = new URLSearchParams(window.location.search).get('lang');
    if (named && named !== screen.language) return false;
  }
  return screen.languageOf === 'game' || screen.language === chosenOrDefaultLanguage();
}

const firstScreen = readFirstScreenData();
const hydrate = firstScreen !== null && drawsTheSame(firstScreen);

// The first render waits for the active language's texts and the stylesheet (both preloaded by
// index.html), and when hydrating, for the code of the page the server drew.
void Promise.allSettled([
  setupI18n(hydrate ? { language: firstScreen.language, forNow: firstScreen.languageOf === 'game' } : undefined),
  applyAppStyles(),
  hydrate ? loadMatchedRoutes(window.location.pathname) : null,
]).then(() => {
  const queryClient = createQueryClient();
  // The list is the same for every visitor: worth keeping even when the page is drawn again here.
  if (firstScreen && (hydrate || firstScreen.page === 'games')) primeQueries(queryClient, firstScreen.queries);
  const app = (
    <StrictMode>
      <App queryClient={queryClient}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </App>
    </StrictMode>
  );
  const container = document.getElementById('root')!;
  // A transition: React renders in slices and lets the phone answer a tap in between, instead of one long task.
  startTransition(() => {
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
});
