{% load static %}{% autoescape off %}/* The scorer pages' service worker (issue 13: the scorer's page works offline).

Served by scoring.views.service_worker from /matches/sw.js: its scope is /matches/, the
scorer pages. It keeps, for when the club's Wi-Fi drops:

- each scorer page (/matches/<id>/): network first, the last good copy when the network
  fails (or takes longer than PAGE_TIMEOUT_MS);
- the static files those pages use: from the cache at once, refreshed from the network behind
  (stale-while-revalidate; the file names carry no hash, so each is refetched on use).

Deals are never posted through here: the page keeps deals typed offline in IndexedDB and sends
them itself (scoring/static/scoring/offline.js). Only GET requests are answered here.
*/
"use strict";

const CACHE = "deberc-scorer-v1";
const STATIC_PREFIX = "{% get_static_prefix as static_prefix %}{{ static_prefix|escapejs }}";
const PAGE = new RegExp("{{ page_pattern|escapejs }}");
const PAGE_TIMEOUT_MS = 8000;
const PRECACHE = [
  "{% static 'css/site.css' %}",
  "{% static 'js/htmx.min.js' %}",
  "{% static 'js/site.js' %}",
  "{% static 'scoring/scorer.css' %}",
  "{% static 'scoring/scorer.js' %}",
  "{% static 'scoring/offline.js' %}",
];
const OFFLINE_TEXT = "{{ offline_text|escapejs }}";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // One missing file must not keep the worker from installing.
      Promise.all(PRECACHE.map((url) => cache.add(url).catch(() => undefined))),
    ).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith("deberc-scorer-") && name !== CACHE)
          .map((name) => caches.delete(name)),
      ))
      .then(() => self.clients.claim()),
  );
});

function pageKey(url) {
  const u = new URL(url);
  return u.origin + u.pathname;
}

function keepable(response) {
  // Only a page as the server rendered it: not a redirect to the sign-in page, not an error.
  return response && response.status === 200 && response.type === "basic" && !response.redirected;
}

async function keepPage(url, assets) {
  const cache = await caches.open(CACHE);
  // The page's static files (same origin, under the static prefix) that are not kept yet.
  await Promise.all((assets || []).map(async (asset) => {
    const u = new URL(asset, self.location.href);
    if (u.origin !== self.location.origin || !u.pathname.startsWith(STATIC_PREFIX)) return;
    if (!(await cache.match(u.href, { ignoreSearch: true }))) {
      await cache.add(u.href).catch(() => undefined);
    }
  }));
  const response = await fetch(pageKey(url), { credentials: "same-origin", cache: "no-store" });
  if (!keepable(response)) return false;
  await cache.put(pageKey(url), response);
  return true;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  const key = pageKey(request.url);
  const network = fetch(request).then((response) => {
    if (keepable(response)) cache.put(key, response.clone());
    return response;
  });
  network.catch(() => undefined); // a late failure after the kept copy was served
  const timeout = new Promise((resolve) => setTimeout(resolve, PAGE_TIMEOUT_MS, null));
  try {
    const response = await Promise.race([network, timeout]);
    if (response) return response;
  } catch (err) {
    // offline: the kept copy below
  }
  const kept = await cache.match(key);
  if (kept) return kept;
  try {
    return await network; // nothing kept: wait for the network after all
  } catch (err) {
    return new Response(OFFLINE_TEXT, {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

async function staleWhileRevalidate(event) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(event.request, { ignoreSearch: true });
  const network = fetch(event.request).then((response) => {
    if (response && response.ok && response.type === "basic") {
      cache.put(event.request, response.clone());
    }
    return response;
  });
  if (kept) {
    event.waitUntil(network.catch(() => undefined));
    return kept;
  }
  return network;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(STATIC_PREFIX)) {
    event.respondWith(staleWhileRevalidate(event));
  } else if (PAGE.test(url.pathname)) {
    event.respondWith(networkFirst(request));
  }
});

// The page asks to keep (or refresh) its own copy: on its first visit, which the worker did
// not see, and after each deal saved online, so that a reload offline shows the latest sheet.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep-page" || !data.url) return;
  const port = event.ports && event.ports[0];
  event.waitUntil(
    keepPage(data.url, Array.isArray(data.assets) ? data.assets : [])
      .catch(() => false)
      .then((kept) => { if (port) port.postMessage({ kept }); }),
  );
});
{% endautoescape %}
