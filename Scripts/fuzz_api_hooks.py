"""Schemathesis hooks for Scripts/fuzz-api.sh (read through SCHEMATHESIS_HOOKS).

- Authentication: every request goes out as a signed-up, verified player who has taken the
  quiz (every other one also holds a riddle in each category). A new player takes over when the
  current one's session ends (a fuzzed sign-out) or when POST /v1/scans refuses it for its rate
  limits (10 scans a minute, 5 failed typed codes per 10 minutes), so the scan route is fuzzed
  past its limiter.
- Realistic inputs, so the fuzzer gets beyond the first refusal: real checkpoint codes (as the
  QR link, lower-cased, under another host, as the typed code, or with one symbol changed) and
  real code sheets (PNG: whole, cut short or with a byte flipped) for POST /v1/scans; photos
  that start like a JPEG, PNG, WebP or HEIC file and then turn to junk, for the image decoders;
  check-in ids, voucher ids, friend codes and usernames the service handed out during the run.
- One check of our own, `problem_details`: every error is application/problem+json with `code`,
  `detail` and `hint`.

Environment (set by the script): FUZZ_API_URL; FUZZ_BIN and FUZZ_DATA_DIR, to read the outbox;
FUZZ_CODES, a file of checkpoint QR texts; FUZZ_SHEETS, a folder of the printed code PNGs.
"""

import http.client
import json
import os
import pathlib
import secrets
import subprocess
import threading
import urllib.parse

import schemathesis
from hypothesis import strategies as st

PASSWORD = "fuzzing is a long passphrase"


def _call(method, path, body=None, token=None):
    """One request from 127.0.0.2. The fuzzer's failed sign-ins from 127.0.0.1 lock that address
    after 300 in 15 minutes, as the service intends; setting players up comes from elsewhere."""
    url = urllib.parse.urlsplit(os.environ["FUZZ_API_URL"])
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=60, source_address=("127.0.0.2", 0))
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    try:
        connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        response = connection.getresponse()
        payload = response.read()
    finally:
        connection.close()
    if response.status >= 300:
        raise RuntimeError(f"{method} {path} answered {response.status}: {payload[:300]!r}")
    return json.loads(payload) if payload else None


def _verification_code(email):
    """The code mailed to `email`, read with `puzzlemap outbox` (no sendmail is configured)."""
    outbox = subprocess.run(
        [os.environ["FUZZ_BIN"], "outbox", "--data-dir", os.environ["FUZZ_DATA_DIR"], "--limit", "50"],
        check=True, capture_output=True, text=True,
    ).stdout
    for mail in outbox.split("\n#"):
        if f" to {email}," in mail.splitlines()[0]:
            for line in mail.splitlines():
                if line.strip().isdigit() and len(line.strip()) == 6:
                    return line.strip()
    raise RuntimeError(f"no verification mail to {email} in the outbox")


class Players:
    """The player the fuzzer is, replaced by a fresh one when it can no longer be used. With
    `organiser`, each new one is made an organiser (`puzzlemap admin add`): the /v1/admin
    routes are fuzzed as organisers use them."""

    def __init__(self, organiser=False):
        self.organiser = organiser
        self.lock = threading.Lock()
        self.token = None
        self.count = 0
        self.issued = set()

    def current(self):
        with self.lock:
            if self.token is None:
                self.token = self._new_player()
                self.issued.add(self.token)
            return self.token

    def retire(self, token):
        with self.lock:
            if self.token == token:
                self.token = None

    def _new_player(self):
        self.count += 1
        username = f"{'fo' if self.organiser else 'fz'}{self.count}_{secrets.token_hex(4)}"
        email = f"{username}@student.gla.ac.uk"
        _call("POST", "/v1/accounts", {"email": email, "username": username, "password": PASSWORD, "displayName": f"Fuzzer {self.count}"})
        _call("POST", "/v1/accounts/verify", {"email": email, "code": _verification_code(email)})
        token = _call("POST", "/v1/sessions", {"login": username, "password": PASSWORD})["accessToken"]
        if self.organiser:
            subprocess.run([os.environ["FUZZ_BIN"], "admin", "add", email, "--data-dir", os.environ["FUZZ_DATA_DIR"],
                            "--campus", os.environ["FUZZ_CAMPUS"], "--riddles", os.environ["FUZZ_RIDDLES"]], check=True, capture_output=True)
            return token
        questions = _call("GET", "/v1/quiz")["questions"]
        _call("PUT", "/v1/me/quiz", {"answers": {question["id"]: "agree" for question in questions}}, token)
        # Every other player holds no riddle, so its scans explore rather than land in the wrong place.
        for category in ("lab", "lecture", "social") if self.count % 2 else ():
            try:
                _call("POST", "/v1/riddles", {"category": category}, token)
            except RuntimeError:
                pass  # nothing open in that category right now; the fuzzer plays on without it
        Seen.usernames.append(username)
        return token


PLAYERS = Players()
ORGANISERS = Players(organiser=True)


def _holder(case):
    """Who sends the case: an organiser for the organisers' routes, else a player."""
    return ORGANISERS if case.operation.path.startswith("/v1/admin/") else PLAYERS


class Seen:
    """Values the service handed out during the run, offered back to it."""

    check_ins = []
    vouchers = []
    friend_codes = []
    usernames = []


def _checkpoint_codes():
    path = os.environ.get("FUZZ_CODES")
    return [line.strip() for line in open(path)] if path else []


def _manual_code(link):
    """The typed form of a checkpoint link, as TagSigner.manualCode computes it."""
    alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    subject, version, mac = link.rsplit("/", 1)[1].split(".")
    body = subject.rjust(2, "0") + version + mac[:6]
    check = 0
    for symbol in body:
        check = (check * 32 + alphabet.index(symbol)) % 37
    code = body + (alphabet + "*~$=U")[check]
    return "-".join(code[i:i + 4] for i in range(0, len(code), 4))


def _altered(text):
    """The text with its last letter or digit changed: a code that must not check out."""
    last = text.rstrip()[-1]
    return text.rstrip()[:-1] + ("Q" if last != "Q" else "R")


CODES = _checkpoint_codes()
CODE_TEXTS = [variant for link in CODES for variant in (
    link, link.lower(), link.replace("127.0.0.1", "hunt.example.ac.uk"), _manual_code(link), _altered(link), _altered(_manual_code(link)),
)]
SHEETS = [path.read_bytes() for path in sorted(pathlib.Path(os.environ.get("FUZZ_SHEETS", "/nonexistent")).glob("*.png"))]
# The leading bytes the service recognises each format by, before the junk that follows.
MAGIC = {
    "image/jpeg": b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xdb",
    "image/png": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
    "image/webp": b"RIFF\x00\x10\x00\x00WEBPVP8 ",
    "image/heic": b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic",
}


def _photos(media_type):
    """Photos for `media_type`: real sheets (whole, cut short, bytes flipped) and junk behind a real header."""
    junk = st.binary(min_size=0, max_size=4096).map(lambda tail: MAGIC[media_type] + tail)
    if not SHEETS or media_type != "image/png":
        return junk
    sheet = st.sampled_from(SHEETS)
    cut = st.tuples(sheet, st.floats(0, 1)).map(lambda pair: pair[0][: int(len(pair[0]) * pair[1])])
    flipped = st.tuples(sheet, st.integers(0, 2**31), st.integers(1, 255)).map(
        lambda t: t[0][: t[1] % len(t[0])] + bytes([t[0][t[1] % len(t[0])] ^ t[2]]) + t[0][t[1] % len(t[0]) + 1:]
    )
    return st.one_of(sheet, cut, flipped, junk)


def _with_body(case, body):
    case.body = body
    return case


def _positive(case):
    """Whether schemathesis meant the case to be valid: negative ones are left as generated."""
    return case.meta is None or case.meta.generation.mode == schemathesis.GenerationMode.POSITIVE


@schemathesis.hook("flatmap_case").apply_to(method="POST", path="/v1/scans")
def realistic_scans(context, case):
    if not _positive(case):
        return st.just(case)
    if case.media_type == "application/json" and isinstance(case.body, dict) and CODE_TEXTS:
        return st.one_of(st.sampled_from(CODE_TEXTS).map(lambda code: _with_body(case, {**case.body, "code": code})), st.just(case))
    if case.media_type in MAGIC:
        return st.one_of(_photos(case.media_type).map(lambda photo: _with_body(case, photo)), st.just(case))
    if case.media_type == "multipart/form-data" and isinstance(case.body, dict) and SHEETS:
        return st.one_of(_photos("image/png").map(lambda photo: _with_body(case, {**case.body, "photo": photo})), st.just(case))
    return st.just(case)


def _photo_from_here(case):
    """Whether the body is a photo these hooks made (schemathesis' own image bodies are text)."""
    body = case.body
    return isinstance(body, bytes) or (isinstance(body, dict) and isinstance(body.get("photo"), bytes))


@schemathesis.hook
def filter_failure(context, failure, case, response):
    # Schemathesis cannot validate binary bodies and so takes the photos above for invalid
    # input; a photo the service accepts is then no "schema-violating request accepted".
    if type(failure).__name__ == "AcceptedNegativeData" and _photo_from_here(case):
        return False
    # A friend request is answered by the player it was sent to: the sender accepting or
    # declining their own request gets 404 friend_request_not_found by design, which the
    # stateful check takes for "created resource not found".
    if type(failure).__name__ == "EnsureResourceAvailability" and "/v1/friends/requests/{id}/" in failure.not_available_with:
        return False
    return True


def _offer(seen, case, key="id"):
    """The case, or the case with path parameter `key` set to a value seen earlier."""
    if not seen or key not in (case.path_parameters or {}) or not _positive(case):
        return st.just(case)

    def with_value(value):
        case.path_parameters = {**case.path_parameters, key: value}
        return case

    return st.one_of(st.sampled_from(list(seen)).map(with_value), st.just(case))


@schemathesis.hook("flatmap_case").apply_to(path_regex=r"^/v1/check-ins/")
def seen_check_ins(context, case):
    return _offer(Seen.check_ins, case)


@schemathesis.hook("flatmap_case").apply_to(path_regex=r"^/v1/me/vouchers/")
def seen_vouchers(context, case):
    return _offer(Seen.vouchers, case)


@schemathesis.hook("flatmap_case").apply_to(method="POST", path="/v1/friends/requests")
def seen_friend_codes(context, case):
    if not _positive(case) or case.media_type != "application/json" or not isinstance(case.body, dict) or not Seen.usernames:
        return st.just(case)
    return st.one_of(
        st.sampled_from(Seen.friend_codes or [""]).map(lambda code: _with_body(case, {"friendCode": code})),
        st.sampled_from(Seen.usernames).map(lambda name: _with_body(case, {"username": name})),
        st.just(case),
    )


# No caching on schemathesis' side (refresh_interval=None): `Players` keeps the token and knows
# when it stops working. DELETE /v1/me, a password change (PATCH /v1/me) and a password reset
# would end the account or its sessions too, but each needs the password or a mailed token,
# which the fuzzer never has; a 401 for a request carrying the live token retires it anyway.
@schemathesis.auth(refresh_interval=None)
class PlayerBearer:
    def get(self, case, context):
        return _holder(case).current()

    def set(self, case, data, context):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"


def _token(case):
    authorization = (case.headers or {}).get("Authorization", "")
    return authorization[len("Bearer "):] if authorization.startswith("Bearer ") else None


@schemathesis.hook
def before_call(context, case, **kwargs):
    # The coverage phase builds its cases, auth included, before sending any: swap a retired
    # player's token for the current one at the last moment. Tokens the fuzzer made up stay.
    holder = _holder(case)
    if _token(case) in PLAYERS.issued | ORGANISERS.issued:
        case.headers["Authorization"] = f"Bearer {holder.current()}"


@schemathesis.hook
def after_call(context, case, response):
    token = _token(case)
    status, path = response.status_code, case.operation.path
    try:
        body = response.json()
    except ValueError:
        body = None
    code = body.get("code") if isinstance(body, dict) else None
    signed_out = case.method == "DELETE" and path == "/v1/sessions/current" and status == 204
    if token and (signed_out or code == "unauthenticated" or code == "too_many_scans"):
        PLAYERS.retire(token)
        ORGANISERS.retire(token)
    if status != 200:
        return
    if path == "/v1/scans" and isinstance(body, dict) and isinstance(body.get("checkIn"), dict):
        Seen.check_ins.append(str(body["checkIn"].get("id")))
    elif path == "/v1/me/vouchers" and isinstance(body, list):
        Seen.vouchers.extend(voucher["id"] for voucher in body if isinstance(voucher, dict) and "id" in voucher)
    elif path == "/v1/me/friend-code" and isinstance(body, dict) and isinstance(body.get("code"), str):
        Seen.friend_codes.append(body["code"])


@schemathesis.check
def problem_details(ctx, response, case):
    if response.status_code < 400:
        return None
    # The QR landing pages answer browsers with HTML on purpose (404, 410); the spec says so.
    documented = case.operation.responses.find_by_status_code(response.status_code)
    if documented is not None and "application/problem+json" not in documented.definition.get("content", {"application/problem+json": {}}):
        return None
    media_type = response.headers.get("content-type", [""])[0].split(";")[0].strip()
    if media_type != "application/problem+json":
        raise AssertionError(f"A {response.status_code} answer is {media_type or 'untyped'}, not application/problem+json")
    try:
        body = json.loads(response.content)
    except ValueError as error:
        raise AssertionError(f"A {response.status_code} problem is not JSON: {error}") from None
    missing = [key for key in ("code", "detail", "hint") if not (isinstance(body, dict) and isinstance(body.get(key), str) and body[key])]
    if missing:
        raise AssertionError(f"A {response.status_code} problem lacks {', '.join(missing)}")
    return None
