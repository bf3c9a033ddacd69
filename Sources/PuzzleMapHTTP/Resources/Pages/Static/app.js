// Progressive enhancement only: every page works without it.
// The scan form keeps a photo taken offline and sends it once the connection returns, under
// the same idempotency key, so it scores exactly once. A photo the service is too busy to read
// (503, when its photo queue is full) is kept the same way and sent again after the
// Retry-After the service gave. Where the phone can, the photo is shrunk first to what the
// decoder needs (a tenth of the bytes of a phone's photo); if the service finds no code in the
// shrunk one, the whole photo goes after it. While it uploads, a bar shows how far it is and
// the button cannot send it twice.
(function () {
  "use strict";
  var form = document.querySelector("form[data-offline-queue]");
  if (!form) { return; }
  var waiting = form.querySelector("[data-waiting]");
  var busy = form.querySelector("[data-busy]");
  var sending = form.querySelector("[data-sending]");
  var bar = sending && sending.querySelector("progress");
  var button = form.querySelector("[data-send]");
  var storeName = "pending-scans";
  var retry = null;
  // The longest side the decoder needs: a sticker's code photographed from arm's length spans
  // several hundred pixels of it.
  var LONGEST_SIDE = 1600;

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

  // The photo at the decoder's size, as a JPEG; the photo itself where it is small already or
  // the phone cannot redraw it.
  function shrink(photo) {
    if (!window.createImageBitmap || !photo.type || photo.type.indexOf("image/") !== 0) { return Promise.resolve(null); }
    return createImageBitmap(photo).then(function (bitmap) {
      var scale = LONGEST_SIDE / Math.max(bitmap.width, bitmap.height);
      if (scale >= 1) { return null; }
      var canvas = document.createElement("canvas");
      canvas.width = Math.round(bitmap.width * scale);
      canvas.height = Math.round(bitmap.height * scale);
      canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      return new Promise(function (resolve) { canvas.toBlob(resolve, "image/jpeg", 0.9); });
    }).then(function (small) { return small && small.size < photo.size ? small : null; }, function () { return null; });
  }

  function showProgress(fraction) {
    if (!sending) { return; }
    sending.hidden = fraction === null;
    if (bar && fraction !== null) { bar.value = Math.round(fraction * 100); }
    if (button) { button.disabled = fraction !== null; }
  }

  // Posts the entry, with the upload's progress; resolves with the answer, rejects offline.
  function post(entry, photo) {
    var body = new FormData();
    body.append("_csrf", entry.csrf);
    body.append("key", entry.key);
    if (photo) { body.append("photo", photo, "photo.jpg"); }
    body.append("code", entry.code || "");
    return new Promise(function (resolve, reject) {
      var request = new XMLHttpRequest();
      request.open("POST", form.action);
      request.upload.onprogress = function (event) { if (event.lengthComputable) { showProgress(event.loaded / event.total); } };
      request.onload = function () { resolve(request); };
      request.onerror = function () { reject(new Error("offline")); };
      showProgress(0);
      request.send(body);
    }).then(function (request) { showProgress(null); return request; }, function (error) { showProgress(null); throw error; });
  }

  function send(entry) {
    return post(entry, entry.photo).then(function (request) {
      if (request.status === 503 && entry.photo) {
        // Kept: sent again once the service has room, however busy campus is.
        var seconds = Math.min(parseInt(request.getResponseHeader("Retry-After"), 10) || 5, 60);
        busy.hidden = false;
        window.clearTimeout(retry);
        retry = window.setTimeout(flush, seconds * 1000);
        return;
      }
      var html = request.responseText;
      var answer = new DOMParser().parseFromString(html, "text/html");
      var refused = answer.querySelector("form[data-refused]");
      if (entry.full && refused && refused.getAttribute("data-refused") === "no_code_found") {
        // The shrunk photo lost the code: the whole photo, under the key the answer gave.
        var whole = { key: answer.querySelector("input[name=key]").value, csrf: entry.csrf, code: entry.code, photo: entry.full, full: null };
        return withStore("readwrite", function (store) { store.delete(entry.key); return store.put(whole); }).then(function () { return send(whole); });
      }
      return withStore("readwrite", function (store) { return store.delete(entry.key); }).then(function () {
        // A scan that counted answers with its result's own address: go there, so that Back
        // and reload show the result rather than send the photo again.
        var url = request.responseURL.split("#")[0];
        if (url && url !== form.action) { window.location.assign(url); return; }
        document.open(); document.write(html); document.close();
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
    if (button) { button.disabled = true; }
    (photo ? shrink(photo) : Promise.resolve(null)).then(function (small) {
      var entry = {
        key: form.querySelector("input[name=key]").value,
        csrf: form.querySelector("input[name=_csrf]").value,
        code: form.querySelector("input[name=code]").value,
        photo: small || photo || null,
        full: small ? photo : null
      };
      return withStore("readwrite", function (store) { return store.put(entry); }).then(function () {
        if (navigator.onLine) {
          send(entry).catch(function () { waiting.hidden = false; });
        } else {
          waiting.hidden = false;
          if (button) { button.disabled = false; }
        }
      }, function () {
        // No storage on this phone (a private window): the form posts as it would without script.
        if (navigator.onLine) { form.submit(); }
      });
    });
  });
  window.addEventListener("online", flush);
  withStore("readonly", function (store) { return store.count(); }).then(function (count) {
    if (count > 0) { waiting.hidden = false; flush(); }
  });
})();

// The live scanner, where the browser reads codes itself (the BarcodeDetector API, e.g. Chrome
// on Android): the camera in a frame, a vibration on a read, and the code sent as a typed code
// is. Every other phone keeps the photo and the typed code below.
(function () {
  "use strict";
  var camera = document.querySelector("[data-camera]");
  var form = document.querySelector("form[data-offline-queue]");
  if (!camera || !form || !window.BarcodeDetector || !navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) { return; }
  var start = camera.querySelector("[data-camera-start]");
  var stop = camera.querySelector("[data-camera-stop]");
  var finder = camera.querySelector("[data-viewfinder]");
  var video = finder.querySelector("video");
  var status = camera.querySelector("[data-camera-status]");
  var stream = null;
  var timer = null;

  function end() {
    window.clearTimeout(timer);
    if (stream) { stream.getTracks().forEach(function (track) { track.stop(); }); stream = null; }
    finder.hidden = true; stop.hidden = true; start.hidden = false;
  }

  Promise.resolve(BarcodeDetector.getSupportedFormats ? BarcodeDetector.getSupportedFormats() : ["qr_code"]).then(function (formats) {
    if (formats.indexOf("qr_code") < 0) { return; }
    var detector = new BarcodeDetector({ formats: ["qr_code"] });
    camera.hidden = false;

    function look() {
      if (!stream) { return; }
      detector.detect(video).then(function (codes) {
        if (codes.length > 0 && codes[0].rawValue) {
          if (window.puzzleMapSettings) { puzzleMapSettings.read_code(); }
          status.textContent = status.getAttribute("data-read");
          form.querySelector("input[name=code]").value = codes[0].rawValue;
          end();
          form.requestSubmit ? form.requestSubmit() : form.submit();
          return;
        }
        timer = window.setTimeout(look, 200);
      }, function () { timer = window.setTimeout(look, 500); });
    }

    start.addEventListener("click", function () {
      navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }).then(function (media) {
        stream = media;
        video.srcObject = media;
        finder.hidden = false; stop.hidden = false; start.hidden = true;
        status.textContent = status.getAttribute("data-looking");
        return video.play();
      }).then(look, function () {
        end();
        status.textContent = status.getAttribute("data-denied");
      });
    });
    stop.addEventListener("click", function () { end(); status.textContent = ""; });
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
               "crew_hint", "crew_solved", "crew_invited", "riddle_released", "crew_riddle_released", "freebie_lapsing", "broadcast"];
  var source = new EventSource(region.getAttribute("data-live-stream"));

  // A scan's answer already says what it earned: its own badges, level and crew news are not repeated.
  var answered = window.location.pathname.indexOf("/scans/") === 0 ? ["badge_earned", "level_reached", "crew_solved"] : [];

  function show(news, kind) {
    if (answered.indexOf(kind) >= 0) { return; }
    var line = document.createElement("p");
    line.textContent = news.text;
    var where = news.link && region.getAttribute("data-open-" + news.link.slice(1));
    if (where && news.link !== window.location.pathname) {
      var link = document.createElement("a");
      link.href = news.link;
      link.textContent = where;
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
    var used = document.querySelector("[data-used-list]");
    if (used) { used.insertBefore(card, used.firstChild); }
  }

  kinds.forEach(function (kind) {
    source.addEventListener(kind, function (event) {
      var news;
      try { news = JSON.parse(event.data); } catch (error) { return; }
      show(news, kind);
      if (kind === "voucher_redeemed") { claimed(news); }
    });
  });
})();

// A plan's projection as the service writes it on the svg (MapPlan.projectionText): a
// position to a point of the plan and back, and the plan's size from its viewBox.
function puzzleMapPlan(svg) {
  "use strict";
  var n = (svg.getAttribute("data-projection") || "").split(" ").map(Number);
  var box = (svg.getAttribute("viewBox") || "0 0 320 240").split(" ").map(Number);
  if (n.length !== 8 || !n.every(isFinite)) { return null; }
  var a = n[0], b = n[1], c = n[2], d = n[3], e = n[4], f = n[5], shrink = n[6], det = a * e - b * d;
  if (!(shrink > 0) || det === 0) { return null; }
  return {
    width: box[2], height: box[3], metresPerUnit: n[7],
    point: function (latitude, longitude) {
      var x = longitude * shrink, y = latitude;
      return { x: a * x + b * y + c, y: d * x + e * y + f };
    },
    position: function (x, y) {
      var u = x - c, v = y - f;
      return { latitude: (a * v - d * u) / det, longitude: (e * u - b * v) / det / shrink };
    }
  };
}

// The map: a tapped place opens its card as a sheet over the plan (without script, the pin is
// a link to the card below); "Show where I am" asks the phone for its location, draws it on
// the plan and says how far each open place is. The location never leaves the phone.
(function () {
  "use strict";
  var figure = document.querySelector("figure.plan");
  var svg = figure && figure.querySelector("svg[data-projection]");
  if (!svg) { return; }
  var sheet = document.querySelector("dialog.sheet");
  var plan = puzzleMapPlan(svg);

  if (sheet && sheet.showModal) {
    svg.querySelectorAll("a[data-place]").forEach(function (pin) {
      pin.addEventListener("click", function (event) {
        var card = document.getElementById("place-" + pin.getAttribute("data-place"));
        if (!card) { return; }
        event.preventDefault();
        var body = sheet.querySelector("[data-sheet-body]");
        body.innerHTML = card.innerHTML;
        var heading = body.querySelector("h2");
        if (heading) { heading.id = "sheet-title"; }
        sheet.showModal();
      });
    });
    sheet.querySelector("[data-sheet-close]").addEventListener("click", function () { sheet.close(); });
    sheet.addEventListener("click", function (event) { if (event.target === sheet) { sheet.close(); } });
  }

  var locate = document.querySelector("[data-locate]");
  var status = document.querySelector("[data-locate-status]");
  if (!locate || !navigator.geolocation || !plan) { return; }
  locate.hidden = false;

  function show(position) {
    var here = plan.point(position.coords.latitude, position.coords.longitude);
    var dot = svg.querySelector("circle.you");
    if (!dot) {
      dot = document.createElementNS("http://www.w3.org/2000/svg", "circle");
      dot.setAttribute("class", "you");
      dot.setAttribute("r", "7");
      svg.appendChild(dot);
    }
    dot.setAttribute("cx", Math.min(Math.max(here.x, 0), plan.width).toFixed(1));
    dot.setAttribute("cy", Math.min(Math.max(here.y, 0), plan.height).toFixed(1));
    document.querySelectorAll("li[data-open]").forEach(function (card) {
      var dx = Number(card.getAttribute("data-x")) - here.x, dy = Number(card.getAttribute("data-y")) - here.y;
      var metres = Math.sqrt(dx * dx + dy * dy) * plan.metresPerUnit;
      var rounded = metres < 100 ? Math.round(metres / 10) * 10 : Math.round(metres / 50) * 50;
      card.querySelector("[data-distance-here]").textContent =
        figure.getAttribute("data-distance").replace("{metres}", String(rounded));
    });
    status.textContent = figure.getAttribute("data-located");
  }

  locate.addEventListener("click", function () {
    navigator.geolocation.getCurrentPosition(show, function () {
      status.textContent = figure.getAttribute("data-unlocated");
    }, { enableHighAccuracy: true, timeout: 15000, maximumAge: 60000 });
  });
})();

// Offline: the service worker keeps the shell and a player's pages (sw.js says which). A page
// it answered from what it kept says so, with the time it was kept; a player's page online
// asks it to keep the map, the riddles and the freebies fresh.
(function () {
  "use strict";
  var keptAt = document.documentElement.getAttribute("data-kept-at");
  var note = document.querySelector("[data-kept]");
  if (keptAt && note) {
    var at = new Date(keptAt);
    var time = at.toDateString() === new Date().toDateString()
      ? at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })
      : at.toLocaleString([], { weekday: "short", hour: "2-digit", minute: "2-digit" });
    note.textContent = note.textContent.replace("{time}", time);
    note.hidden = false;
  }
  if (!("serviceWorker" in navigator)) { return; }
  navigator.serviceWorker.register("/sw.js").then(function (registration) {
    if (keptAt || !document.body.classList.contains("with-tabs")) { return; }
    navigator.serviceWorker.ready.then(function (ready) {
      if (ready.active) { ready.active.postMessage({ warm: true }); }
    });
  }).catch(function () {});
})();

// Feedback: a short tune (Web Audio) and a vibration when a code is read and when a level is
// reached, and a riddle that unrolls like a scroll; each one off in the settings (kept on the
// phone), and the animation off whenever the phone asks for less motion.
var puzzleMapSettings = (function () {
  "use strict";
  function read(name) {
    try { return window.localStorage.getItem("puzzlemap." + name) !== "off"; } catch (error) { return true; }
  }
  function write(name, on) {
    try { window.localStorage.setItem("puzzlemap." + name, on ? "on" : "off"); return true; } catch (error) { return false; }
  }
  var audio = null;
  function tune(notes) {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context || !read("sound")) { return; }
    audio = audio || new Context();
    if (audio.state === "suspended") { audio.resume(); }
    var start = audio.currentTime + 0.05;
    notes.forEach(function (frequency, index) {
      var oscillator = audio.createOscillator(), gain = audio.createGain();
      var at = start + index * 0.12;
      oscillator.type = "triangle";
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.22);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.25);
    });
  }
  function buzz(pattern) {
    if (navigator.vibrate && read("vibration")) { navigator.vibrate(pattern); }
  }
  return {
    read: read,
    write: write,
    // A code read: two rising notes and one buzz. A level: a four-note fanfare and three.
    read_code: function () { tune([659, 988]); buzz(80); },
    level: function () { tune([523, 659, 784, 1047]); buzz([90, 60, 90, 60, 180]); },
    motion: function () { return read("motion") && !(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches); }
  };
})();

(function () {
  "use strict";
  var settings = document.querySelector("[data-settings]");
  if (settings) {
    var saved = document.querySelector("[data-settings-saved]");
    document.querySelector("[data-settings-need-script]").hidden = true;
    settings.hidden = false;
    settings.querySelectorAll("input[data-setting]").forEach(function (box) {
      var name = box.getAttribute("data-setting");
      box.checked = puzzleMapSettings.read(name);
      box.addEventListener("change", function () { saved.hidden = !puzzleMapSettings.write(name, box.checked); });
    });
    var tryIt = document.querySelector("[data-try-feedback]");
    tryIt.hidden = false;
    tryIt.addEventListener("click", function () { puzzleMapSettings.read_code(); });
  }
  // A scan's answer: a level reached, or a code read that scored. Once per answer, not on reload.
  var outcome = document.querySelector("main .xp");
  if (outcome) {
    var seen = "puzzlemap.feedback." + window.location.pathname;
    var fresh = true;
    try { fresh = !window.sessionStorage.getItem(seen); window.sessionStorage.setItem(seen, "1"); } catch (error) {}
    if (fresh) {
      if (document.querySelector("main .level-up")) { puzzleMapSettings.level(); } else { puzzleMapSettings.read_code(); }
    }
  }
  // A riddle unrolls like a scroll when it is first shown.
  var scroll = document.querySelector("main blockquote.scroll");
  if (scroll && puzzleMapSettings.motion()) { scroll.classList.add("unroll"); }
})();

// Notices while the app is closed (Web Push): the browser subscribes with the service's key and
// the page posts what it gave (the push service's address for this browser, and the keys the
// notices are encrypted to) with the form's CSRF token. Without script or push, the page says so.
(function () {
  "use strict";
  var box = document.querySelector("[data-push]");
  if (!box || !("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) { return; }
  var form = box.querySelector("[data-push-form]");
  var on = box.querySelector("[data-push-on]");
  var off = box.querySelector("[data-push-off]");
  var state = box.querySelector("[data-push-state]");
  document.querySelector("[data-push-unsupported]").hidden = true;
  box.hidden = false;

  function key() {
    var text = box.getAttribute("data-push-key").replace(/-/g, "+").replace(/_/g, "/");
    var raw = window.atob(text + "===".slice((text.length + 3) % 4));
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i += 1) { bytes[i] = raw.charCodeAt(i); }
    return bytes;
  }
  function say(name) { state.textContent = state.getAttribute("data-text-" + name); }
  function show(subscribed) {
    on.hidden = subscribed;
    off.hidden = !subscribed;
    say(subscribed ? "on" : "off");
  }
  function post(action, subscription) {
    var json = subscription.toJSON();
    form.elements.action.value = action;
    form.elements.endpoint.value = json.endpoint;
    form.elements.p256dh.value = (json.keys && json.keys.p256dh) || "";
    form.elements.auth.value = (json.keys && json.keys.auth) || "";
    // The answer is the settings page again, saying how many phones are on (or why not).
    form.submit();
  }

  navigator.serviceWorker.ready.then(function (registration) {
    return registration.pushManager.getSubscription().then(function (subscription) {
      show(Boolean(subscription) && Notification.permission === "granted");
      on.addEventListener("click", function () {
        on.disabled = true;
        Notification.requestPermission().then(function (permission) {
          if (permission !== "granted") { on.disabled = false; say("denied"); return; }
          return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key() }).then(function (made) {
            post("on", made);
          });
        }).catch(function () { on.disabled = false; say("failed"); });
      });
      off.addEventListener("click", function () {
        off.disabled = true;
        registration.pushManager.getSubscription().then(function (current) {
          if (!current) { show(false); off.disabled = false; return; }
          return current.unsubscribe().then(function () { post("off", current); });
        }).catch(function () { off.disabled = false; say("failed"); });
      });
    });
  });
})();

// Placing a place in the console: a tap on the plan puts the pin there and writes its latitude
// and longitude into the form (the inverse of the plan's projection); typed numbers move the pin.
(function () {
  "use strict";
  var svg = document.querySelector("svg[data-pick][data-projection]");
  if (!svg) { return; }
  var pin = svg.querySelector("circle.pin");
  var latitude = document.getElementById("field-latitude");
  var longitude = document.getElementById("field-longitude");
  var plan = puzzleMapPlan(svg);
  // With no place yet to scale the plan by, a tap cannot be read as a position: type it instead.
  if (!pin || !latitude || !longitude || !plan) { return; }

  function place(x, y) {
    pin.setAttribute("cx", Math.min(Math.max(x, 0), plan.width).toFixed(1));
    pin.setAttribute("cy", Math.min(Math.max(y, 0), plan.height).toFixed(1));
  }

  svg.addEventListener("click", function (event) {
    var box = svg.getBoundingClientRect();
    var x = (event.clientX - box.left) * plan.width / box.width, y = (event.clientY - box.top) * plan.height / box.height;
    place(x, y);
    var here = plan.position(x, y);
    latitude.value = here.latitude.toFixed(6);
    longitude.value = here.longitude.toFixed(6);
  });

  function typed() {
    var lat = Number(latitude.value), lon = Number(longitude.value);
    if (latitude.value === "" || longitude.value === "" || !isFinite(lat) || !isFinite(lon)) { return; }
    var point = plan.point(lat, lon);
    place(point.x, point.y);
  }
  latitude.addEventListener("input", typed);
  longitude.addEventListener("input", typed);
})();

// The console's places: typing in "Find a place" shows only the cards whose name or id has
// the words typed (without script every card shows).
(function () {
  "use strict";
  var finder = document.querySelector("[data-find]");
  var list = document.querySelector("[data-findable]");
  if (!finder || !list) { return; }
  var input = finder.querySelector("input");
  finder.hidden = false;
  input.addEventListener("input", function () {
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    list.querySelectorAll(":scope > li").forEach(function (card) {
      var text = (card.querySelector("h3").textContent + " " + card.id).toLowerCase();
      card.hidden = !words.every(function (word) { return text.indexOf(word) >= 0; });
    });
  });
})();

// The console's campus plan: a tap on the picture puts the chosen pin there (its x and y in
// the picture's pixels into the form) and moves on to the next pin; typing them works without.
(function () {
  "use strict";
  var svg = document.querySelector("svg[data-pin-picture]");
  var arm = document.querySelector("[data-arm]");
  if (!svg || !arm) { return; }
  arm.hidden = false;
  var box = svg.getAttribute("viewBox").split(" ").map(Number);
  var radius = svg.getAttribute("data-radius");
  var ns = "http://www.w3.org/2000/svg";

  function mark(number, x, y) {
    var group = svg.querySelector("g.pin-mark[data-pin='" + number + "']");
    if (!group) {
      group = document.createElementNS(ns, "g");
      group.setAttribute("class", "pin-mark");
      group.setAttribute("data-pin", number);
      var circle = document.createElementNS(ns, "circle");
      circle.setAttribute("class", "pin");
      circle.setAttribute("r", radius);
      var label = document.createElementNS(ns, "text");
      label.setAttribute("dy", "0.35em");
      label.setAttribute("text-anchor", "middle");
      label.setAttribute("font-size", radius);
      label.textContent = number;
      group.appendChild(circle);
      group.appendChild(label);
      svg.appendChild(group);
    }
    group.querySelector("circle").setAttribute("cx", x);
    group.querySelector("circle").setAttribute("cy", y);
    group.querySelector("text").setAttribute("x", x);
    group.querySelector("text").setAttribute("y", y);
  }

  svg.addEventListener("click", function (event) {
    var chosen = arm.querySelector("input[name=arm]:checked");
    if (!chosen) { return; }
    var number = chosen.value;
    var shown = svg.getBoundingClientRect();
    var x = Math.round((event.clientX - shown.left) * box[2] / shown.width);
    var y = Math.round((event.clientY - shown.top) * box[3] / shown.height);
    document.getElementById("field-pin" + number + "-x").value = String(x);
    document.getElementById("field-pin" + number + "-y").value = String(y);
    mark(number, x, y);
    var next = arm.querySelector("input[name=arm][value='" + (Number(number) + 1) + "']");
    if (next) { next.checked = true; }
  });
})();
