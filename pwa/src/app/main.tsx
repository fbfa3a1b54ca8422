import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setupIonicReact } from '@ionic/react';
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import './theme.css';
import { App } from './app';
import { createPersister, createQueryClient } from './query-client';
import { registerServiceWorker } from './sw-registration';
import { listenForInstallPrompt } from './pwa-store';

setupIonicReact({ mode: 'md', animated: false });
listenForInstallPrompt();
if (import.meta.env.PROD) registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root');
createRoot(root).render(
  <StrictMode>
    <App queryClient={createQueryClient()} persister={createPersister()} />
  </StrictMode>,
);
