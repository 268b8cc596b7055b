import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/styles/first-load.ts';
import './app/global.css';
import { setupI18n } from './i18n/setup.ts';
import { runStartupTasks } from './app/startup.ts';
import { applyAppStyles } from './app/styles/apply-app-styles.ts';
import { App } from './app/app.tsx';

runStartupTasks();

// The first render waits for the active language's texts and the stylesheet (both preloaded by index.html).
void Promise.allSettled([setupI18n(), applyAppStyles()]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
