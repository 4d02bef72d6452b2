/**
 * Photolala's service worker: it keeps the app shell (the page, its styles, modules and icons,
 * and the "not reachable" page) so that a page opened while the server does not answer shows
 * Photolala's own page, which retries, rather than the browser's error; and so that the app
 * installs from a phone's home screen.
 *
 * Everything goes to the network first, so a new version of Photolala is used at once; a copy
 * of each file of the shell is kept as it arrives. Only when the network fails is the copy
 * used, and a page asked for then gets `offline.html`. The API (photos, thumbnails, events) is
 * never touched: a photo is never served stale.
 */

const CACHE = 'photolala-shell-v1';
const OFFLINE_PAGE = 'offline.html';

/** The shell: what index.html links and preloads (one list, the page's own), and the offline page and its parts. */
async function shellURLs() {
  const page = await fetch('index.html', { cache: 'no-store' });
  const html = await page.text();
  const linked = [...html.matchAll(/<(?:link|script)\b[^>]*\b(?:href|src)="([^":?#]+)"/g)].map((match) => match[1]);
  return ['./', 'index.html', OFFLINE_PAGE, 'js/offline.js', 'icons/icon-192.png', ...linked];
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const urls = [...new Set(await shellURLs())];
      // One file that cannot be fetched must not keep the others out.
      await Promise.all(urls.map((url) => cache.add(url).catch(() => {})));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

/** Whether a request is one of the shell's files: a GET of this origin outside the API. */
function isShell(request) {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return false;
  const path = url.pathname.slice(new URL(self.registration.scope).pathname.length);
  return path !== 'api' && !path.startsWith('api/');
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (!isShell(request)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        const response = await fetch(request);
        // A URL with a query (a page opened with ?token=) is not kept: the token stays out of the cache.
        if (response.ok && new URL(request.url).search === '' && !request.headers.has('range')) await cache.put(request, response.clone());
        return response;
      } catch (error) {
        if (request.mode === 'navigate') {
          const offline = await cache.match(OFFLINE_PAGE);
          if (offline) return offline;
        }
        const kept = await cache.match(request, { ignoreSearch: true });
        if (kept) return kept;
        throw error;
      }
    })(),
  );
});
