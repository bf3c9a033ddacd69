// Progressive enhancement only: every page works without it.
// The scan form keeps a photo taken offline and sends it once the connection returns, under
// the same idempotency key, so it scores exactly once. A photo the service is too busy to read
// (503, when its photo queue is full) is kept the same way and sent again after the
// Retry-After the service gave.
(function () {
  "use strict";
  var form = document.querySelector("form[data-offline-queue]");
  if (!form) { return; }
  var waiting = form.querySelector("[data-waiting]");
  var busy = form.querySelector("[data-busy]");
  var storeName = "pending-scans";
  var retry = null;

  function openStore() {
    return new Promise(function (resolve, reject) {
      var request = indexedDB.open("puzzlemap", 1);
      request.onupgradeneeded = function () { request.result.createObjectStore(storeName, { keyPath: "key" }); };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }

  function withStore(mode, action) {
    return openStore().then(function (db) {
      return new Promise(function (resolve, reject) {
        var transaction = db.transaction(storeName, mode);
        var result = action(transaction.objectStore(storeName));
        transaction.oncomplete = function () { resolve(result && result.result); };
        transaction.onerror = function () { reject(transaction.error); };
      });
    });
  }

  function send(entry) {
    var body = new FormData();
    body.append("_csrf", entry.csrf);
    body.append("key", entry.key);
    if (entry.photo) { body.append("photo", entry.photo, "photo.jpg"); }
    body.append("code", entry.code || "");
    return fetch(form.action, { method: "POST", body: body, credentials: "same-origin" }).then(function (response) {
      if (response.status === 503 && entry.photo) {
        // Kept: sent again once the service has room, however busy campus is.
        var seconds = Math.min(parseInt(response.headers.get("Retry-After"), 10) || 5, 60);
        busy.hidden = false;
        window.clearTimeout(retry);
        retry = window.setTimeout(flush, seconds * 1000);
        return;
      }
      return response.text().then(function (html) {
        return withStore("readwrite", function (store) { return store.delete(entry.key); }).then(function () {
          // A scan that counted answers with its result's own address: go there, so that Back
          // and reload show the result rather than send the photo again.
          if (response.redirected) { window.location.assign(response.url); return; }
          document.open(); document.write(html); document.close();
        });
      });
    });
  }

  function flush() {
    if (!navigator.onLine) { return; }
    withStore("readonly", function (store) { return store.getAll(); }).then(function (entries) {
      (entries || []).forEach(function (entry) { send(entry).catch(function () { waiting.hidden = false; }); });
    });
  }

  form.addEventListener("submit", function (event) {
    var photo = form.querySelector("input[name=photo]").files[0];
    // Online, a typed code goes as the form posts it; a photo goes through the queue, so a
    // busy service does not lose it.
    if (navigator.onLine && !photo) { return; }
    event.preventDefault();
    var entry = {
      key: form.querySelector("input[name=key]").value,
      csrf: form.querySelector("input[name=_csrf]").value,
      code: form.querySelector("input[name=code]").value,
      photo: photo || null
    };
    withStore("readwrite", function (store) { return store.put(entry); }).then(function () {
      if (navigator.onLine) {
        send(entry).catch(function () { waiting.hidden = false; });
      } else {
        waiting.hidden = false;
      }
    }, function () {
      // No storage on this phone (a private window): the form posts as it would without script.
      if (navigator.onLine) { form.submit(); }
    });
  });
  window.addEventListener("online", flush);
  withStore("readonly", function (store) { return store.count(); }).then(function (count) {
    if (count > 0) { waiting.hidden = false; flush(); }
  });
})();

// The organisers' dashboard fetches itself again every few seconds (data-live-refresh) and
// swaps in the fresh figures; without script, its "Refresh now" link does the same. After
// three failures in a row (the network, a session that ended) it stops and says so.
(function () {
  "use strict";
  var live = document.querySelector("[data-live-refresh]");
  if (!live || !window.fetch || !window.DOMParser) { return; }
  var seconds = parseInt(live.getAttribute("data-live-refresh"), 10) || 20;
  var failures = 0;
  var timer = null;

  function schedule() {
    window.clearTimeout(timer);
    timer = window.setTimeout(refresh, seconds * 1000);
  }

  function stale() {
    var note = live.querySelector("[data-live-stale]");
    if (note) { note.hidden = false; }
  }

  function refresh() {
    if (document.hidden) { schedule(); return; }
    fetch(window.location.href, { credentials: "same-origin", headers: { "Accept": "text/html" } }).then(function (response) {
      if (!response.ok || response.redirected) { throw new Error("answered " + response.status); }
      return response.text();
    }).then(function (html) {
      var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-live-refresh]");
      if (!fresh) { throw new Error("not the dashboard"); }
      live.innerHTML = fresh.innerHTML;
      failures = 0;
      schedule();
    }).catch(function () {
      failures += 1;
      if (failures < 3) { schedule(); } else { stale(); }
    });
  }

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { refresh(); }
  });
  schedule();
})();

// Live news (server-sent events): a gift, a friend, a badge, the barista redeeming the voucher
// on screen, a challenge, an organisers' message arrive without a reload. The browser's
// EventSource reconnects by itself and sends the last id it saw, so nothing is missed or
// shown twice. Without script the pages show all of it on the next load.
(function () {
  "use strict";
  var region = document.querySelector("[data-live-stream]");
  if (!region || !window.EventSource) { return; }
  var kinds = ["gift_received", "friend_request", "friend_accepted", "voucher_redeemed", "badge_earned", "level_reached",
               "challenge_received", "challenge_accepted", "challenge_declined", "challenge_lost", "crew_joined", "crew_scanned",
               "crew_hint", "crew_solved", "crew_invited", "riddle_released", "crew_riddle_released", "broadcast"];
  var source = new EventSource(region.getAttribute("data-live-stream"));

  function show(news) {
    var line = document.createElement("p");
    line.textContent = news.text;
    if (news.link && news.link !== window.location.pathname) {
      var link = document.createElement("a");
      link.href = news.link;
      link.textContent = region.getAttribute("data-live-open");
      line.appendChild(link);
    }
    region.insertBefore(line, region.firstChild);
    while (region.children.length > 3) { region.removeChild(region.lastChild); }
    region.hidden = false;
  }

  // The voucher's card on the freebies page turns to claimed, its code gone.
  function claimed(news) {
    var card = document.querySelector("[data-voucher='" + news.subjectId + "']");
    if (!card) { return; }
    var list = card.closest("[data-claimed-label]");
    var status = card.querySelector(".status");
    if (status && list) { status.textContent = list.getAttribute("data-claimed-label"); }
    card.querySelectorAll("[data-usable], img.qr, .manual, form").forEach(function (element) { element.remove(); });
    card.classList.remove("unclaimed", "pending-verification");
    card.classList.add("claimed");
  }

  kinds.forEach(function (kind) {
    source.addEventListener(kind, function (event) {
      var news;
      try { news = JSON.parse(event.data); } catch (error) { return; }
      show(news);
      if (kind === "voucher_redeemed") { claimed(news); }
    });
  });
})();
