/**
 * The service worker's registration (issue 28 §1, decision 065). A new version installs in the
 * background and waits; `updateReady()` turns true and the banner offers it. Only the technician's
 * tap on "Reload" (`applyUpdate`) lets it take over, then the page reloads once.
 */
let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null): void {
  waiting = worker;
  for (const listener of listeners) listener();
}

export function updateReady(): boolean {
  return waiting !== null;
}

export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Registers /sw.js (production builds only: the dev server has none). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  // The first install takes control without a reload; only a replacement is offered.
  const hadController = container.controller !== null;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return;
    reloading = true;
    window.location.reload();
  });
  const register = () => {
    container
      .register('/sw.js')
      .then((registration) => {
        const offer = () => {
          if (registration.waiting !== null && container.controller !== null)
            setWaiting(registration.waiting);
        };
        offer();
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed') offer();
          });
        });
        // A phone left open all day still hears of a deploy.
        window.setInterval(() => void registration.update().catch(() => undefined), 60 * 60 * 1000);
      })
      .catch(() => undefined);
  };
  // After the page's own loading, so the worker's downloads do not compete with it.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** The technician chose to reload: the waiting worker takes over, `controllerchange` reloads. */
export function applyUpdate(): void {
  if (waiting === null) {
    window.location.reload();
    return;
  }
  waiting.postMessage('skip-waiting');
}
