// The service worker: the app opens in a basement with no signal. It keeps the app's shell
// (stylesheet, script, icons) and the pages a player needs away from the network (the map,
// the riddles held, the freebies with their codes, progress) as they were last seen, and says
// so on the page when it shows a kept one. Everything else goes to the network as usual; a
// form is never answered from here. The service clears it all on sign-out (Clear-Site-Data).
// SHELL and VERSION are set above this line by the service, from the files it serves.
"use strict";
var SHELL_CACHE = "shell-" + VERSION;
var PAGES_CACHE = "pages";
var KEPT = [/^\/map$/, /^\/play$/, /^\/riddles\/\d+$/, /^\/freebies$/, /^\/freebies\/\d+\/code\.png$/, /^\/progress$/,
  /^\/campus-plan\/\d+\.webp$/];
// What a kept page links to that is kept too: the riddles /play lists, the freebies' codes, the
// organisers' campus plan the map is drawn on.
var LINKED = /\/(?:riddles\/\d+|freebies\/\d+\/code\.png|campus-plan\/\d+\.webp)(?=["?#])/g;
// Pages kept at most this often when a page asks (on every load it could be a lot).
var WARM_EVERY = 5 * 60 * 1000;
var warmedAt = 0;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL_CACHE).then(function (cache) { return cache.addAll(SHELL); }).then(function () {
    return self.skipWaiting();
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name.indexOf("shell-") === 0 && name !== SHELL_CACHE; })
      .map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function kept(path) {
  return KEPT.some(function (pattern) { return pattern.test(path); });
}

// Keeps a good answer under its path, with the moment it was seen; follows what a page links to.
function keep(path, response) {
  if (!response.ok || response.redirected || response.type !== "basic") { return Promise.resolve(); }
  var type = response.headers.get("Content-Type") || "";
  return response.blob().then(function (body) {
    var headers = { "Content-Type": type, "X-Kept-At": new Date().toISOString() };
    return caches.open(PAGES_CACHE).then(function (cache) {
      return cache.put(path, new Response(body, { headers: headers })).then(function () {
        if (type.indexOf("text/html") !== 0) { return; }
        return body.text().then(function (html) {
          var links = (html.match(LINKED) || []).filter(function (link, index, all) { return all.indexOf(link) === index; });
          return Promise.all(links.map(function (link) {
            return fetch(link, { credentials: "same-origin" }).then(function (linked) { return keepAlone(link, linked); }, function () {});
          }));
        });
      });
    });
  });
}

function keepAlone(path, response) {
  if (!response.ok || response.redirected) { return Promise.resolve(); }
  var type = response.headers.get("Content-Type") || "";
  return response.blob().then(function (body) {
    return caches.open(PAGES_CACHE).then(function (cache) {
      return cache.put(path, new Response(body, { headers: { "Content-Type": type, "X-Kept-At": new Date().toISOString() } }));
    });
  });
}

// A kept page, marked as kept (with when) for the page's script to say so.
function fromKeeping(path) {
  return caches.open(PAGES_CACHE).then(function (cache) { return cache.match(path); }).then(function (response) {
    if (!response) { return Response.error(); }
    var type = response.headers.get("Content-Type") || "";
    if (type.indexOf("text/html") !== 0) { return response; }
    var at = response.headers.get("X-Kept-At") || "";
    return response.text().then(function (html) {
      return new Response(html.replace("<html ", "<html data-kept-at=\"" + at + "\" "), { headers: { "Content-Type": type } });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.match(request).then(function (found) { return found || fetch(request); }));
    return;
  }
  if (!kept(url.pathname)) { return; }
  event.respondWith(fetch(request).then(function (response) {
    // A navigation's redirect comes back unopened ("opaqueredirect"): the page wants sign-in.
    if (response.type === "opaqueredirect" || response.redirected) {
      // Signed out elsewhere (the session ended): what was kept is someone's no longer here.
      caches.delete(PAGES_CACHE);
    } else {
      event.waitUntil(keep(url.pathname, response.clone()));
    }
    return response;
  }, function () {
    return fromKeeping(url.pathname);
  }));
});

// A page asks for the pages to be kept fresh: fetched in the background, at most every few minutes.
self.addEventListener("message", function (event) {
  if (!event.data || event.data.warm !== true || Date.now() - warmedAt < WARM_EVERY) { return; }
  warmedAt = Date.now();
  event.waitUntil(Promise.all(["/map", "/play", "/freebies"].map(function (path) {
    return fetch(path, { credentials: "same-origin", headers: { "Accept": "text/html" } }).then(function (response) {
      if (response.redirected) { return caches.delete(PAGES_CACHE); }
      return keep(path, response);
    }, function () {});
  })));
});

// A notice while the app is closed (Web Push): the service encrypted it for this browser alone;
// the browser decrypted it before this runs. It says what happened and which page shows it.
self.addEventListener("push", function (event) {
  var notice;
  try { notice = event.data ? event.data.json() : null; } catch (error) { notice = null; }
  if (!notice || !notice.title) { return; }
  event.waitUntil(self.registration.showNotification(notice.title, {
    body: notice.body || "",
    tag: notice.tag,
    icon: "/static/icon-192.png",
    badge: "/static/icon-192.png",
    data: { url: notice.url || "/map" }
  }));
});

// Tapping the notice opens its page: in a window of the app already open, else a new one.
self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var path = (event.notification.data && event.notification.data.url) || "/map";
  if (path.charAt(0) !== "/" || path.charAt(1) === "/") { path = "/map"; }
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
    for (var i = 0; i < windows.length; i += 1) {
      if (new URL(windows[i].url).origin === self.location.origin && "navigate" in windows[i]) {
        return windows[i].navigate(path).then(function (client) { return client && client.focus(); });
      }
    }
    return self.clients.openWindow(path);
  }));
});
