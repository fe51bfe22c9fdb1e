import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import i18next from 'i18next';
import { configureApi } from './api/client';
import { initI18n } from './platform/i18n';
import { registerServiceWorker } from './app/service-worker';
import './styles/base.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// Before the first render: a page reads its first answers while rendering (the home page's text sent
// with the HTML, by language), before any effect of the tree has run.
configureApi({ getLanguage: () => i18next.language });

void initI18n().then(() => {
  // A transition: React renders the first page in slices and yields between them, so the main
  // thread is never blocked for long while the page is built.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});

// After the page's load event (issue 24): the shell opens offline on later visits.
registerServiceWorker();
