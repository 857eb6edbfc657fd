// The classroom site's cache (written before JupyterLite's own service
// worker by scripts/build_site.py, which fills in FILES).
//
// Every file of the site the browser asks for is kept in the browser's
// Cache Storage, so a second lesson, a reload, or a lesson opened with the
// network gone loads from the browser, not from the site:
// - files that never change within a build (Python's runtime and packages,
//   the wheels, JupyterLab's scripts) are answered from the cache once there;
//   each is kept under its content's hash, so a republished site fetches
//   only the files that changed, and forgets the old ones;
// - the rest (pages, settings, the lessons as published) is asked from the
//   site first, and answered from the cache when the site cannot be reached.
// - once a lesson has loaded, the page asks this worker to keep the rest of
//   the site a lesson needs (message "keep" with "all"): every page and
//   lesson as published and the widgets' front ends, fetched once, so a
//   lesson never opened still opens with the network gone.
// The drive's requests (JupyterLite's files in the browser) and the heartbeat
// are left to JupyterLite's own service worker below.
"use strict";
const DENDRIA_CACHE = "dendria-site";
/** {path under the site: content hash} of the files that never change */
const DENDRIA_FILES = __DENDRIA_FILES__;
/** the other files of the site: its pages, settings and lessons as published */
const DENDRIA_PAGES = __DENDRIA_PAGES__;

function dendriaPath(url) {
  const scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) {
    return null;
  }
  return decodeURIComponent(url.pathname.slice(scope.pathname.length));
}

function dendriaKey(path, hash) {
  return new URL(`${path}?dendria=${hash}`, self.registration.scope).href;
}

async function dendriaFixed(request, path, hash) {
  const cache = await caches.open(DENDRIA_CACHE);
  const key = dendriaKey(path, hash);
  const kept = await cache.match(key);
  if (kept) {
    return kept;
  }
  // a file that never changes: the browser's HTTP cache will do as it is
  // (the first visit's files, loaded before this worker was there), with no
  // question to the site; else the network
  const answer = await fetch(request.url, { cache: "force-cache", credentials: "same-origin" });
  if (answer.ok && answer.status === 200) {
    await cache.put(key, answer.clone());
  }
  return answer;
}

async function dendriaFresh(request) {
  const cache = await caches.open(DENDRIA_CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok && answer.status === 200) {
      await cache.put(request, answer.clone());
    }
    return answer;
  } catch (error) {
    // the same page for another lesson (lab/index.html?path=...) will do,
    // and a file kept under its path alone
    const kept = await cache.match(request)
      || await cache.match(request, { ignoreSearch: true });
    if (kept) {
      return kept;
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") {
    return;
  }
  const url = new URL(request.url);
  const path = dendriaPath(url);
  if (path === null || path.includes("api/drive") || path.includes("api/stdin")
      || path.endsWith("service-worker-heartbeat") || path === "service-worker.js") {
    return;                                // JupyterLite's service worker
  }
  event.stopImmediatePropagation();
  const hash = Object.prototype.hasOwnProperty.call(DENDRIA_FILES, path)
    ? DENDRIA_FILES[path] : null;
  event.respondWith(hash ? dendriaFixed(request, path, hash) : dendriaFresh(request));
});

/** the fixed files fetched with "all" besides the pages: the widgets' front
 * ends (JupyterLab loads them when a board is first shown) */
const DENDRIA_ALSO = ["extensions/"];

// The first visit loads part of the site before this worker is there: the
// page asks it (a message {dendria: "keep", loaded: [the addresses it
// loaded]}) to copy those files from the browser's own HTTP cache into this
// cache, without asking the network.
// With {all: true} (once the lesson has loaded), the pages and lessons never
// loaded and the widgets' front ends are fetched from the site too, once.
self.addEventListener("message", (event) => {
  if (!event.data || event.data.dendria !== "keep") {
    return;
  }
  const all = event.data.all === true;
  // the addresses the page loaded, as it asked for them: a file asked for
  // with a query (build/lab/bundle.js?_=...) is in the browser's cache
  // under that address only
  const asked = new Map();
  for (const address of Array.isArray(event.data.loaded) ? event.data.loaded : []) {
    try {
      const path = dendriaPath(new URL(address));
      if (path !== null && !asked.has(path)) {
        asked.set(path, address);
      }
    } catch (error) {
      // not an address: nothing to keep
    }
  }
  event.waitUntil((async () => {
    const cache = await caches.open(DENDRIA_CACHE);
    const keep = async (path, key, fetchAll) => {
      if (await cache.match(key)) {
        return;
      }
      const url = new URL(path, self.registration.scope).href;
      try {
        let answer = await fetch(asked.get(path) || url,
                                 { cache: "only-if-cached", mode: "same-origin" })
          .catch(() => null);
        if (!(answer && answer.ok) && fetchAll) {
          answer = await fetch(url, { cache: "no-cache", credentials: "same-origin" });
        }
        if (answer && answer.ok && answer.status === 200) {
          await cache.put(key, answer);
        }
      } catch (error) {
        // not in the browser's cache (or the network is gone): fetched
        // when first asked for
      }
    };
    for (const [path, hash] of Object.entries(DENDRIA_FILES)) {
      await keep(path, dendriaKey(path, hash),
                 all && DENDRIA_ALSO.some((folder) => path.startsWith(folder)));
    }
    for (const path of DENDRIA_PAGES) {
      await keep(path, new URL(path, self.registration.scope).href, all);
    }
  })());
});

self.addEventListener("activate", (event) => {
  // forget the fixed files of an earlier build
  const wanted = new Set(Object.entries(DENDRIA_FILES).map(([p, h]) => dendriaKey(p, h)));
  event.waitUntil((async () => {
    const cache = await caches.open(DENDRIA_CACHE);
    for (const request of await cache.keys()) {
      if (new URL(request.url).searchParams.has("dendria") && !wanted.has(request.url)) {
        await cache.delete(request);
      }
    }
  })());
});
