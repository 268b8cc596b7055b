import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { setupI18n } from './i18n/setup.ts';
import { runStartupTasks } from './app/startup.ts';
import { App } from './app/app.tsx';

setupI18n();
runStartupTasks();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
