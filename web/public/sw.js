// FitCoach's service worker (docs/decisions/060-web-push-and-an-installable-site.md). It keeps one thing: the
// offline page and the files it needs. Pages always come from the network; only when the network fails does the
// offline page stand in. API answers and signed-in pages are never stored. It also shows Web Push messages.
const CACHE = 'fitcoach-offline-v1';
const OFFLINE_PAGE = '/offline';
const ICON = '/icons/icon-192.png';

/** The offline page as a visitor without a session sees it, and the stylesheets and icons it names. */
async function keepOfflinePage() {
  const cache = await caches.open(CACHE);
  const page = await fetch(OFFLINE_PAGE, { credentials: 'omit', cache: 'reload' });
  if (!page.ok) throw new Error(`The offline page answered ${page.status}`);
  const html = await page.clone().text();
  const files = new Set([ICON, '/favicon.svg']);
  for (const match of html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)) files.add(match[1]);
  await cache.addAll([...files]);
  await cache.put(OFFLINE_PAGE, page);
}

self.addEventListener('install', (event) => {
  event.waitUntil(keepOfflinePage().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_PAGE)));
    return;
  }
  // The build's files never change under one name: the offline page's are answered from the cache, offline or not.
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(caches.match(request).then((kept) => kept ?? fetch(request)));
  }
});

/** A path of this site: `//host` would be another site's. */
function isSitePath(value) {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');
}

/** A message of the API's push service (api/src/modules/push/push.service.ts): {title, body, url, tag}. */
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' ? message.title : 'FitCoach';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      icon: ICON,
      badge: ICON,
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      data: { url: isSitePath(message.url) ? message.url : '/' },
    }),
  );
});

/** Opens the message's page: in a window of the site already open if there is one, else in a new one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) return self.clients.openWindow(target);
      const focused = await open.focus();
      return focused.url === target ? focused : focused.navigate(target);
    }),
  );
});
