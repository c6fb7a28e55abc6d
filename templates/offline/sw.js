{% autoescape off %}/* Muster's service worker (docs/offline.md), served from /sw.js by tournaments.views.offline.
 *
 * - The player's table view (/e/<slug>/me/) is fetched from the network first and a copy
 *   kept; when the network fails the copy is served, so the page opens in a hall whose
 *   Wi-Fi is down.
 * - The static files are served from the cache and refreshed behind the scenes.
 * - Everything else (other pages, posts, the API) goes to the network untouched: results
 *   made offline are kept by the page itself (static/js/offline.js), not by this worker.
 * - Logging out drops the kept pages, so the next person on the phone sees none of them.
 * - A push (docs/push.md) is shown as a notification with the payload's title and body; a
 *   tap focuses a tab already open at its page, or opens one. Only pages of this site.
 */
"use strict";

var VERSION = {{ version }};
var PAGES = VERSION + "-pages";
var FILES = VERSION + "-files";
var PRECACHE = {{ precache }};
var LOGOUT = {{ logout }};
var STATIC = {{ static_prefix }};
var TABLE_VIEW = /^\/e\/[^/]+\/me\/$/;
var ICON = {{ icon }};

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(FILES).then(function (cache) { return cache.addAll(PRECACHE); }).then(function () {
      return self.skipWaiting();
    })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (keys) {
      return Promise.all(keys.filter(function (key) {
        return key.indexOf(VERSION + "-") !== 0;
      }).map(function (key) { return caches.delete(key); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function tableView(request) {
  return fetch(request).then(function (response) {
    if (response.ok && response.type === "basic") {
      var copy = response.clone();
      caches.open(PAGES).then(function (cache) { return cache.put(request.url, copy); });
    }
    return response;
  }).catch(function () {
    return caches.open(PAGES).then(function (cache) {
      // The kept copy is this user's own page (dropped at logout): whatever the Vary header says.
      return cache.match(request.url, {ignoreVary: true});
    }).then(function (kept) {
      // Looked up once more across the site's caches: a lookup racing the navigation's
      // start has been seen to miss an entry that is there.
      return kept || caches.match(request.url, {ignoreVary: true});
    }).then(function (kept) {
      return kept || new Response(
        "<!doctype html><title>Offline</title><p>You are offline and this page was never opened on this phone.</p>",
        {status: 503, headers: {"Content-Type": "text/html; charset=utf-8"}}
      );
    });
  });
}

function staticFile(request) {
  return caches.open(FILES).then(function (cache) {
    return cache.match(request).then(function (kept) {
      var fresh = fetch(request).then(function (response) {
        if (response.ok) { cache.put(request, response.clone()); }
        return response;
      });
      if (kept) {
        fresh.catch(function () { return null; });
        return kept;
      }
      return fresh;
    });
  });
}

// The page asks for itself to be kept as soon as the worker runs, so the first visit is
// enough to open the table view offline later. The page sends a MessageChannel port and
// is answered on it only once the copy is in the cache (`{kept: path}`), or with why not
// (`{error: ..., older: <an earlier copy is kept>}`): the page tells the player it opens
// offline only when that is true (docs/offline.md).
function reply(event, message) {
  if (event.ports && event.ports[0]) { event.ports[0].postMessage(message); }
}

function keep(path) {
  return fetch(path, {credentials: "same-origin"}).then(function (response) {
    if (!response.ok || response.redirected) {
      throw new Error(response.redirected ? "signed out" : "answered " + response.status);
    }
    return caches.open(PAGES).then(function (cache) { return cache.put(path, response); });
  });
}

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (!data.keep) { return; }
  var url = new URL(data.keep, self.location.origin);
  if (url.origin !== self.location.origin || !TABLE_VIEW.test(url.pathname)) {
    reply(event, {error: "not a page kept for offline use", older: false});
    return;
  }
  var path = url.pathname;
  event.waitUntil(keep(path).then(function () {
    reply(event, {kept: path});
  }, function (error) {
    var reason = String((error && error.message) || error);
    return caches.open(PAGES).then(function (cache) {
      return cache.match(path, {ignoreVary: true});
    }).then(function (older) {
      reply(event, {error: reason, older: !!older});
    }, function () {
      reply(event, {error: reason, older: false});
    });
  }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (request.method === "POST" && url.pathname === LOGOUT) {
    event.waitUntil(caches.delete(PAGES));
    return;
  }
  if (request.method !== "GET") { return; }
  if (request.mode === "navigate" && TABLE_VIEW.test(url.pathname) && !url.search) {
    event.respondWith(tableView(request));
  } else if (url.pathname.indexOf(STATIC) === 0) {
    event.respondWith(staticFile(request));
  }
});
// A push: {title, body, url, kind, tag} as JSON (tournaments.notifications.Push).
function onThisSite(url) {
  var target = new URL(url || "/", self.location.origin);
  // Only this site's pages: whatever the payload says, a tap never leaves it.
  return self.location.origin + target.pathname + target.search;
}

self.addEventListener("push", function (event) {
  var data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = {body: event.data ? event.data.text() : ""};
  }
  var options = {
    body: data.body || "",
    icon: ICON,
    data: {url: onThisSite(data.url), kind: data.kind || ""}
  };
  if (data.tag) {
    options.tag = data.tag;
    options.renotify = true;  // a newer news of the same tag buzzes again
  }
  event.waitUntil(self.registration.showNotification(data.title || "Muster", options));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = (event.notification.data && event.notification.data.url) || onThisSite("/");
  event.waitUntil(self.clients.matchAll({type: "window", includeUncontrolled: true}).then(function (tabs) {
    for (var i = 0; i < tabs.length; i += 1) {
      if (tabs[i].url.split("#")[0] === url && "focus" in tabs[i]) { return tabs[i].focus(); }
    }
    return self.clients.openWindow(url);
  }));
});
{% endautoescape %}
