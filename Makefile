# The two commands: `make run` and `make test`. Both install what is missing first.

SWIFT ?= swift
PUZZLEMAP_ARGS ?=
# make simulate SEED=7 SEEDS=20 STEPS=5000 STORE=postgres [ONLY=3,17,42] [JOBS=2]: the whole hunt from seeds.
SEED ?= 1
JOBS ?= 1
SEEDS ?= 1
STEPS ?= 2000
STORE ?= sqlite
ONLY ?=
# AT_ONCE=1: some steps are commands in flight at once (the store decides their order).
AT_ONCE ?=
# make bench-photos PHOTO_SEED=7 PHOTOS_PER_CATEGORY=10: seed 1 is the tile window's tuning set.
PHOTO_SEED ?= 1
PHOTOS_PER_CATEGORY ?= 20

.PHONY: run test deps build release check simulate clean fuzz-api browser-tests bench-decode bench-photos bench-photos-heldout bench-scan bench-load bench-pages bench-events bench-overload bench-soak

## Install missing Debian packages, build a release binary, serve the sample campus.
run: deps release
	.build/release/puzzlemap serve $(PUZZLEMAP_ARGS)

## Install missing Debian packages and run the whole test suite.
## The tests' data directories (hundreds of databases) are made under .build/test-tmp, emptied
## at the start of each run and removed when the suite passes.
test: deps
	$(SWIFT) build --build-tests
	rm -rf .build/test-tmp && mkdir -p .build/test-tmp
	Scripts/with-postgres.sh env TMPDIR="$(CURDIR)/.build/test-tmp" $(SWIFT) test --skip-build
	TMPDIR="$(CURDIR)/.build/test-tmp" PUZZLEMAP_ALONE=1 $(SWIFT) test --skip-build --filter PostgresRestartUnderLoadTests
	rm -rf .build/test-tmp
	$(MAKE) --no-print-directory simulate SEED=1 SEEDS=3 STEPS=2500 STORE=sqlite
	$(MAKE) --no-print-directory simulate SEED=1 SEEDS=2 STEPS=500 STORE=postgres
	@# Commands in flight at once: the store decides their order.
	$(MAKE) --no-print-directory simulate SEED=100 STEPS=2000 STORE=sqlite AT_ONCE=1
	$(MAKE) --no-print-directory simulate SEED=200 STEPS=300 STORE=postgres AT_ONCE=1
	Scripts/fuzz-api.sh --bounded
	Scripts/browser-tests.sh

## Contract fuzzing of a live debug build with schemathesis: about 25 000 requests.
fuzz-api: build
	Scripts/fuzz-api.sh --long

## The web app in headless Chromium at a phone's size, from a sticker to a scored checkpoint;
## screenshots of every page and axe-core's findings in .build/browser.
browser-tests: build
	Scripts/browser-tests.sh

deps:
	@Scripts/install-deps.sh

build: deps
	$(SWIFT) build

## The Swift runtime and Foundation linked in, as the container image builds it: a process
## starts in about 9.3 ms instead of 30 (`puzzlemap decode` is run once per picture).
release: deps
	$(SWIFT) build -c release --static-swift-stdlib --product puzzlemap

## The whole hunt played from seeds through the use cases on a real store, every invariant
## checked after every step; prints each seed's speed and `digest:`, or the broken invariant
## with the shortest run of steps it shrank to (replayed with ONLY=). STORE=postgres runs on a
## throwaway PostgreSQL.
simulate: build
	$(if $(filter postgres,$(STORE)),Scripts/with-postgres.sh sh -c '.build/debug/puzzlemap simulate --store postgres --database-url "$$PUZZLEMAP_TEST_POSTGRES_URL" --seed $(SEED) --seeds $(SEEDS) --steps $(STEPS) --jobs $(JOBS) $(if $(ONLY),--only $(ONLY)) $(if $(AT_ONCE),--at-once)',.build/debug/puzzlemap simulate --store sqlite --seed $(SEED) --seeds $(SEEDS) --steps $(STEPS) --jobs $(JOBS) $(if $(ONLY),--only $(ONLY)) $(if $(AT_ONCE),--at-once))

## Validate Campus/ and Riddles/.
check: build
	.build/debug/puzzlemap check

clean:
	rm -rf .build

## QR decode rate and time against zbarimg and ZXingReader on ../shared/qr-corpus (a benchmark, not a test):
## the ZXing set the ladder was tuned on, at four rotations, and the held-out real photos;
## ours both in process and as one `puzzlemap decode` process per picture.
bench-decode: deps release
	PUZZLEMAP_BIN=.build/release/puzzlemap Scripts/bench-decode.sh --rotations all

## Our decoder, zbarimg and ZXingReader on synthetic 12 MP phone photos (13 categories).
bench-photos: deps release
	PUZZLEMAP_BIN=.build/release/puzzlemap Scripts/bench-photos.sh \
		--seed $(PHOTO_SEED) --per-category $(PHOTOS_PER_CATEGORY)

## The same on photos from seed 7, which no tuning run has used.
bench-photos-heldout: deps release
	PUZZLEMAP_BIN=.build/release/puzzlemap Scripts/bench-photos.sh \
		--seed 7 --per-category $(PHOTOS_PER_CATEGORY)

## POST /v1/scans with 12 MP JPEGs against a release build on loopback.
bench-scan: deps
	Scripts/bench-scan.sh

## Photos at 1x, 3x and 10x the rate one instance sustains: accepted scans' latency, the share
## refused with 503, peak memory (a benchmark, not a test).
bench-overload: deps
	Scripts/bench-scan.sh --overload --players 700 --concurrency 2 --seconds 10

## A 10-minute soak at a realistic mix (reads, typed and photo scans, sign-ins), resident memory
## every 10 s with its trend (a benchmark, not a test).
bench-soak: deps
	Scripts/bench-scan.sh --soak 600 --players 700

## Reads, a sign-in surge and scans with 100 000 players, on SQLite and on PostgreSQL.
bench-load: deps
	Scripts/bench-load.sh --database sqlite
	Scripts/bench-load.sh --database postgres

## The web app's pages over a throttled connection (400 kbit/s, 400 ms): bytes and time to usable.
bench-pages: build
	Scripts/browser-tests.sh --measure

## Live streams: idle streams one instance holds and the memory each costs, and the time from a
## request on one instance to its event on a stream on another (two instances, PostgreSQL).
bench-events: deps release
	Scripts/with-postgres.sh sh -c 'python3 Scripts/bench-events.py --bin .build/release/puzzlemap --streams 10000 --postgres-url "$$PUZZLEMAP_TEST_POSTGRES_URL"'
