#!/usr/bin/env bash
# Installs the Debian packages Puzzle Map builds, runs and tests with, when any is missing.
# Idempotent: on a machine that has them all, it changes nothing and asks no network.
set -euo pipefail

packages=(
  pkg-config
  libsqlite3-dev        # SQLite, under GRDB
  libzbar-dev           # QR scanning
  libqrencode-dev       # QR generation
  libjpeg62-turbo-dev   # JPEG photos
  libpng-dev            # PNG photos and rendered codes
  libwebp-dev           # WebP photos
  libheif-dev           # HEIC photos (iPhones)
  libexif-dev           # which way up a phone's JPEG photo stands (EXIF Orientation)
  libargon2-dev         # Argon2id password hashing
  libcairo2-dev         # printable code sheets (PDF, PNG, SVG)
  librsvg2-bin          # rsvg-convert: an SVG campus plan drawn to pixels, in a process of its own
  zlib1g-dev            # gzip for the web app's pages (compress-nio)
  zbar-tools            # zbarimg, compared against in the decode benchmark
  zxing-cpp-tools       # ZXingReader, likewise
  poppler-utils         # pdftoppm, rasterises printed sheets in tests
  nginx-light           # tests check and serve the proxy configurations in Deploy/
  openssl               # a throwaway certificate for them
  curl                  # requests through the proxy in tests
  fontconfig            # fc-match: which package the code sheets' fonts come from, in tests
  postgresql            # a throwaway PostgreSQL for the storage contract tests (Scripts/with-postgres.sh)
  chromium              # the browser tests drive a real headless Chromium (Scripts/browser-tests.sh)
  chromium-driver       # chromedriver, through which Selenium drives it
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "Installing missing Debian packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The test suite validates the served OpenAPI document with openapi-spec-validator.
if ! python3 -c "import openapi_spec_validator, yaml" 2>/dev/null; then
  echo "Installing openapi-spec-validator from PyPI"
  python3 -m pip install --quiet openapi-spec-validator pyyaml
fi

# Scripts/fuzz-api.sh (part of `make test`) fuzzes the live service with schemathesis, at the
# version Scripts/requirements-test.txt pins.
requirements="$(dirname "${BASH_SOURCE[0]}")/requirements-test.txt"
schemathesis_version="$(sed -n 's/^schemathesis==//p' "$requirements")"
if ! python3 -c "import schemathesis, sys; sys.exit(schemathesis.__version__ != sys.argv[1])" "$schemathesis_version" 2>/dev/null; then
  echo "Installing schemathesis $schemathesis_version from PyPI"
  python3 -m pip install --quiet -r "$requirements"
fi

# Scripts/browser-tests.sh (part of `make test`) drives Chromium with Selenium and checks every page
# with axe-core, whose script axe-selenium-python bundles; both pinned in Tests/Browser/requirements.txt.
browser_requirements="$(dirname "${BASH_SOURCE[0]}")/../Tests/Browser/requirements.txt"
if ! python3 - "$browser_requirements" <<'PY' 2>/dev/null
import sys
from importlib.metadata import version
pins = [line.split("#")[0].strip() for line in open(sys.argv[1])]
pins = [pin.split("==") for pin in pins if pin]
sys.exit(any(version(name) != wanted for name, wanted in pins))
PY
then
  echo "Installing the browser tests' Python packages from PyPI"
  python3 -m pip install --quiet -r "$browser_requirements"
fi
