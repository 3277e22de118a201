import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './components/App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { connectStore, createTacoStore } from './store/create-taco-store';
import { StoreProvider } from './store/store-context';
import { createTacoClient } from './transport/create-taco-client';
import './styles/app.css';

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const client = createTacoClient();
const store = createTacoStore({ api: client, storage: localStorageOrNull() });
connectStore(store, client);
void store.getState().init();

// A failure nobody caught still reaches the user, as a notice instead of a blank screen.
window.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  store.getState().reportError(event.reason);
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
createRoot(container).render(
  <StrictMode>
    <ErrorBoundary>
      <StoreProvider store={store}>
        <App />
      </StoreProvider>
    </ErrorBoundary>
  </StrictMode>,
);
