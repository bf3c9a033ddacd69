#!/usr/bin/env python3
"""A new player's journey through the web app in a real headless Chromium at a phone's size.

Scripts/browser-tests.sh starts the service and runs this. Every control is found the way a
person finds it, by its visible label or button text; each page visited is kept as a screenshot
(NN-step.png) and checked with axe-core, and any serious or critical finding fails the run.

Steps are plain functions in STEPS, run in order; each one starts where the last one left the
browser and shares what it learnt through the Journey object (the riddle held, the pages seen).
A failing step stops the journey and names itself and the page it was on.
"""

import argparse
import base64
import glob
import html
import json
import math
import os
import re
import select
import socket
import subprocess
import sys
import threading
import time
import traceback
import zlib
import urllib.parse
import urllib.request

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException, WebDriverException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
# BROWSER_WIDTH=320 plays the journey on the narrowest phone the pages are drawn for.
PHONE = {"width": int(os.environ.get("BROWSER_WIDTH", "390")), "height": 844, "pixelRatio": 2.0, "touch": True}
# BROWSER_LONG_NAMES=1: the player and the barista have 40-character names without a space.
LONG_NAMES = os.environ.get("BROWSER_LONG_NAMES") == "1"
PHONE_AGENT = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 "
               "(KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36")
WAIT_SECONDS = 20
FAILING_IMPACTS = ("serious", "critical")

EMAIL = "ada@student.gla.ac.uk"
NEW_EMAIL = "ada.lovelace@example.com"
USERNAME = "ada_lovelace"
DISPLAY_NAME = "Adalovelaceofthedifferenceenginesociety1" if LONG_NAMES else "Ada"
PASSWORD = "analytical-engine-1843"
# The journey's riddles are social spots: that category has places open round the clock, so a
# riddle can be had whatever the hour the suite runs. The two stickers it claims are lecture
# halls, so never the place of one of those riddles.
RIDDLE_CATEGORY = "Social spots"
FIRST_STICKER = "bute-hall"
WRONG_PLACE_STICKER = "memorial-chapel"
# The confirmation page's way on, to where the player came from (the sticker).
CONTINUE_AFTER_VERIFYING = "Carry on"


# --measure: the slow connection of the issue's benchmark.
SLOW_BYTES_PER_SECOND = 400_000 // 8
SLOW_ROUND_TRIP_MS = 400


class StepFailed(Exception):
    """An expectation of a step that the page did not meet."""


# ---------------------------------------------------------------------------------------------
# The campus, as the files describe it (standard library only: these files' simple shapes)


def unquote(value):
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def read_riddles(folder):
    """Riddles/*.yaml: id, checkpoint, difficulty, text, three hints and the insider fact."""
    riddles = []
    for path in sorted(glob.glob(os.path.join(folder, "*.yaml"))):
        riddle, key = None, None
        for line in open(path, encoding="utf-8").read().splitlines():
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if match := re.match(r"^  - id: (.+)$", line):
                riddle, key = {"id": unquote(match[1]), "hints": []}, None
                riddles.append(riddle)
            elif riddle is None:
                continue
            elif match := re.match(r"^    (\w+):\s*(.*)$", line):
                key, value = match[1], match[2]
                if key != "hints":
                    riddle[key] = "" if value in (">-", ">", "|", "|-") else unquote(value)
            elif key == "hints" and (match := re.match(r"^      - (.*)$", line)):
                riddle["hints"].append(unquote(match[1]))
            elif key == "hints" and line.startswith("        "):
                riddle["hints"][-1] += " " + line.strip()
            elif key and key != "hints" and line.startswith("      "):
                riddle[key] = (riddle[key] + " " + line.strip()).strip()
    return riddles


def read_checkpoints(campus):
    with open(os.path.join(campus, "checkpoints.geojson"), encoding="utf-8") as file:
        features = json.load(file)["features"]
    return {feature["properties"]["id"]: dict(feature["properties"], coordinates=feature["geometry"]["coordinates"])
            for feature in features}


def read_quiz_count(campus):
    text = open(os.path.join(campus, "quiz.yaml"), encoding="utf-8").read()
    return len(re.findall(r"^  - id:", text, flags=re.MULTILINE))


def read_game_rules(campus):
    """The XP figures of Campus/game.yaml the journey's exact expectations are computed from."""
    text = open(os.path.join(campus, "game.yaml"), encoding="utf-8").read()

    def numbers(pattern):
        return [int(n) for n in re.findall(r"\d+", re.search(pattern, text, flags=re.MULTILINE)[1])]

    solve = dict((name, int(xp)) for name, xp in re.findall(r"(\w+): (\d+)", re.search(r"^  solve: \{(.*)\}", text, flags=re.MULTILINE)[1]))
    return {
        "solve": solve,
        "hintCost": numbers(r"^  hintCost: \[(.*)\]"),
        "minimumReward": numbers(r"^  minimumReward: (\d+)")[0],
        "checkIn": numbers(r"^  checkIn: (\d+)")[0],
        "explore": numbers(r"^  explore: (\d+)")[0],
        "challengeWin": numbers(r"^  challengeWin: (\d+)")[0],
        "crewBonus": numbers(r"^  bonusXP: (\d+)")[0],
        "levels": numbers(r"^levels: \[(.*)\]"),
    }


def reward(rules, difficulty, hints_used):
    xp = rules["solve"][difficulty] - sum(rules["hintCost"][:hints_used])
    return max(xp, rules["minimumReward"])


def level(rules, xp):
    return sum(1 for needed in rules["levels"] if xp >= needed)


def squash(text):
    return " ".join(text.split())


# ---------------------------------------------------------------------------------------------
# The browser, driven like a person


class Journey:
    def __init__(self, args):
        self.args = args
        self.base = args.base.rstrip("/")
        self.riddles = read_riddles(args.riddles)
        self.checkpoints = read_checkpoints(args.campus)
        self.quiz_count = read_quiz_count(args.campus)
        self.rules = read_game_rules(args.campus)
        self.page_number = 0
        self.axe_results = []  # (page name, url, violations)
        self.facts = {}  # what earlier steps learnt, for later ones
        self.measurements = []  # with --measure: (page name, path, bytes transferred, ms to usable)
        os.makedirs(args.screenshots, exist_ok=True)
        self.driver = self.start_browser()

    def start_browser(self):
        self.driver = self.new_browser()
        if self.args.measure:
            self.set_network(offline=False)
        return self.driver

    def new_browser(self, language="en-GB"):
        """Another phone's browser: the same Chromium at the same size, with no cookies, in `language`."""
        os.environ.setdefault("SE_OFFLINE", "true")  # never let Selenium Manager fetch a driver
        options = Options()
        options.binary_location = CHROMIUM
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                         "--no-first-run", "--disable-extensions", f"--lang={language}"):
            options.add_argument(argument)
        options.add_experimental_option("prefs", {"intl.accept_languages": f"{language},{language.split('-')[0]}"})
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": PHONE, "userAgent": PHONE_AGENT})
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        driver.set_page_load_timeout(WAIT_SECONDS)
        driver.set_script_timeout(60)
        return driver

    def set_network(self, offline):
        """The phone's connection through the DevTools protocol: cut, or back (throttled to a
        weak campus connection, 400 kbit/s each way and 400 ms round trips, with --measure)."""
        slow = self.args.measure and not offline
        self.driver.execute_cdp_cmd("Network.enable", {})
        if not offline and not self.args.measure:
            # Back to the plain connection, with the network domain off again.
            self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
                "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
            self.driver.execute_cdp_cmd("Network.disable", {})
            return
        self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": offline, "latency": SLOW_ROUND_TRIP_MS if slow else 0,
            "downloadThroughput": SLOW_BYTES_PER_SECOND if slow else -1, "uploadThroughput": SLOW_BYTES_PER_SECOND if slow else -1})

    def quit(self):
        self.driver.quit()

    # -- pages ----------------------------------------------------------------------------------

    def url(self, path):
        return path if re.match(r"(?i)^https?://", path) else self.base + path

    def open(self, path, name):
        """Types an address into the phone's browser."""
        self.driver.get(self.url(path))
        self.arrived(name)

    def arrived(self, name):
        """A page has loaded: keep its screenshot and check it with axe."""
        WebDriverWait(self.driver, WAIT_SECONDS).until(
            lambda d: d.execute_script("return document.readyState") == "complete")
        self.page_number += 1
        if self.args.measure:
            self.measure(f"{self.page_number:02d}-{name}")
        self.screenshot(f"{self.page_number:02d}-{name}")
        axe = Axe(self.driver)
        axe.inject()
        # The axe-core that axe-selenium-python 2.1.6 bundles (3.1.1) predates the HTML
        # standard's `one-time-code` autofill token, which later versions accept.
        self.driver.execute_script(
            "axe.configure({checks: [{id: 'autocomplete-valid', options: {standaloneTerms: ['one-time-code']}}]});")
        results = axe.run()
        self.axe_results.append((f"{self.page_number:02d}-{name}", self.driver.current_url, results["violations"]))

    def measure(self, name):
        """What the page cost: bytes over the wire (the page and what it loaded, cached files
        count nothing) and the time from asking to a usable page (DOMContentLoaded)."""
        page = self.driver.execute_script("""
            const navigation = performance.getEntriesByType('navigation')[0];
            const resources = performance.getEntriesByType('resource');
            return {
              path: location.pathname,
              bytes: navigation.transferSize + resources.reduce((sum, r) => sum + r.transferSize, 0),
              usable: navigation.domContentLoadedEventEnd - navigation.startTime,
            };""")
        self.measurements.append((name, page["path"], int(page["bytes"]), int(page["usable"])))

    def screen(self, name):
        """What the phone's screen shows now (a sheet, the bar): the window, not the whole page."""
        self.driver.save_screenshot(os.path.join(self.args.screenshots, f"{self.page_number:02d}-{name}-screen.png"))

    def screenshot(self, name):
        """The whole page, not only the part in the phone's window."""
        path = os.path.join(self.args.screenshots, name + ".png")
        try:
            size = self.driver.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
            shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {
                "format": "png", "captureBeyondViewport": True,
                "clip": {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}})
            with open(path, "wb") as file:
                file.write(base64.b64decode(shot["data"]))
        except WebDriverException:
            self.driver.save_screenshot(path)
        return path

    def leave_by(self, element, name):
        """Clicks something that loads another page, and waits until that page is there."""
        old_page = self.driver.find_element(By.TAG_NAME, "html")
        tap(self.driver, element)
        try:
            WebDriverWait(self.driver, WAIT_SECONDS).until(page_left(old_page))
        except TimeoutException:
            raise StepFailed(f"clicking {describe(element)!r} did not load another page within {WAIT_SECONDS} s")
        self.arrived(name)

    # -- what a person sees ---------------------------------------------------------------------

    def text(self):
        return squash(self.driver.find_element(By.TAG_NAME, "body").text)

    def heading(self):
        headings = self.driver.find_elements(By.TAG_NAME, "h1")
        return squash(headings[0].text) if headings else None

    def expect_heading(self, wanted):
        found = self.heading()
        if found != wanted:
            raise StepFailed(f"expected the heading {wanted!r}, the page's heading is {found!r}; "
                             f"the page says: {self.text()[:400]!r}")

    def expect_text(self, wanted):
        if squash(wanted) not in self.text():
            raise StepFailed(f"expected the page to say {wanted!r}; it says: {self.text()[:600]!r}")

    def expect_words(self, wanted):
        """Like expect_text, but not as part of a longer number or word ("5 XP" is not in "25 XP")."""
        if not re.search(rf"(?<!\w){re.escape(squash(wanted))}(?!\w)", self.text()):
            raise StepFailed(f"expected the page to say {wanted!r}; it says: {self.text()[:600]!r}")

    def expect_no_text(self, unwanted):
        if squash(unwanted).lower() in self.text().lower():
            raise StepFailed(f"the page must not say {unwanted!r}; it says: {self.text()[:600]!r}")

    def section(self, heading):
        """The text from a heading (h2 or h3) to the next heading of any level."""
        script = """
            const wanted = arguments[0];
            const heading = [...document.querySelectorAll('h2, h3')].find(h => h.innerText.trim().replace(/\\s+/g, ' ') === wanted);
            if (!heading) return null;
            let text = '', node = heading.nextElementSibling;
            while (node && !/^H[1-6]$/.test(node.tagName)) { text += ' ' + node.innerText; node = node.nextElementSibling; }
            return text;
        """
        text = self.driver.execute_script(script, heading)
        if text is None:
            headings = [squash(h.text) for h in self.driver.find_elements(By.CSS_SELECTOR, "h2, h3")]
            raise StepFailed(f"no heading {heading!r} on the page; its headings are {headings!r}")
        return squash(text)

    # -- controls, by what they say -------------------------------------------------------------

    def field(self, label):
        """The control a <label> with exactly this text names, through its `for`."""
        for candidate in self.driver.find_elements(By.TAG_NAME, "label"):
            if squash(candidate.text) == label:
                target = candidate.get_attribute("for")
                if not target:
                    raise StepFailed(f"the label {label!r} has no `for`, so it names no control")
                controls = self.driver.find_elements(By.ID, target)
                if not controls:
                    raise StepFailed(f"the label {label!r} is for #{target}, which is not on the page")
                return controls[0]
        labels = [squash(l.text) for l in self.driver.find_elements(By.TAG_NAME, "label")]
        raise StepFailed(f"no field labelled {label!r}; the labels on the page are {labels!r}")

    def fill(self, label, value):
        control = self.field(label)
        control.clear()
        control.send_keys(value)

    def control(self, text, within="main"):
        """A button, or a link, showing exactly this text, in the page's content (`main`) or
        in the navigation (`nav`)."""
        for attempt in range(3):
            try:
                for element in self.clickables(within):
                    if label_of(element) == text and element.is_displayed():
                        return element
                break
            except WebDriverException as error:
                # With the DevTools network domain on, chromedriver may still hold the node ids
                # of the page just left for a moment; looking again finds the new page's.
                if "does not belong to the document" not in str(error) or attempt == 2:
                    raise
                time.sleep(0.2)
        raise StepFailed(f"no button or link {text!r} in <{within}>; it has {self.controls(within)!r}")

    def clickables(self, within):
        return self.driver.find_elements(By.CSS_SELECTOR, f"{within} button, {within} input[type=submit], {within} a")

    def controls(self, within="main"):
        return [label_of(element) for element in self.clickables(within) if label_of(element)]

    def has_control(self, text, within="main"):
        return text in self.controls(within)

    def press(self, text, name, within="main"):
        """Presses a button (or follows a link) with this text, onto the next page."""
        self.leave_by(self.control(text, within), name)

    def expect_current_tab(self, label):
        """The bar at the bottom marks the page's own button, for eyes and for screen readers."""
        current = [squash(a.text) for a in self.driver.find_elements(By.CSS_SELECTOR, "nav.dock a[aria-current=page]")]
        if current != [label]:
            raise StepFailed(f"expected the bar to mark {label!r} as the current page; it marks {current!r}")
        bar = self.driver.find_element(By.CSS_SELECTOR, "nav.dock")
        bottom = self.driver.execute_script("return arguments[0].getBoundingClientRect().bottom", bar)
        if abs(bottom - self.driver.execute_script("return window.innerHeight")) > 1:
            raise StepFailed(f"the bar is not at the bottom of the screen (its bottom edge at {bottom} px)")

    def expect_current_tab_none_but_more(self):
        """A page reached from More marks More atop the page, and no button of the bar."""
        if self.driver.find_elements(By.CSS_SELECTOR, "nav.dock a[aria-current=page]"):
            raise StepFailed("a page of More marks a button of the bar as the current page")
        if not self.driver.find_elements(By.CSS_SELECTOR, "header a[aria-current=page]"):
            raise StepFailed("a page of More does not mark More as the current page")

    def navigate(self, text, name):
        """Follows a link (or presses a button) of the navigation bar, or of its "More" page."""
        if self.has_control(text, within="nav"):
            self.press(text, name, within="nav")
            return
        self.press("More", f"{name}-more", within="header")
        self.press(text, name)

    # -- outside the browser --------------------------------------------------------------------

    def sticker_link(self, checkpoint):
        """What a phone's camera reads from the printed code: the CLI decodes the print."""
        png = self.code_picture(checkpoint)
        output = subprocess.run([self.args.puzzlemap, "decode", "--json", png], check=True,
                                capture_output=True, text=True).stdout
        codes = json.loads(output.splitlines()[0])["codes"]
        if len(codes) != 1:
            raise StepFailed(f"the printed code of {checkpoint} decodes to {codes!r}, not one link")
        return codes[0]

    def code_picture(self, checkpoint):
        png = os.path.join(self.args.codes, checkpoint + ".png")
        if not os.path.exists(png):
            raise StepFailed(f"no printed code for {checkpoint} at {png}")
        return png

    def mailed_code(self, recipient):
        """The 6-digit code in the newest mail to `recipient` the capture command kept."""
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            for path in sorted(glob.glob(os.path.join(self.args.mail_dir, "*.eml")), reverse=True):
                message = open(path, encoding="utf-8").read()
                if re.search(rf"^To: {re.escape(recipient)}$", message, flags=re.MULTILINE):
                    match = re.search(r"code is:\s*(\d{6})\b", message)
                    if not match:
                        raise StepFailed(f"the mail to {recipient} has no 6-digit code: {message!r}")
                    return match[1]
            time.sleep(0.2)
        raise StepFailed(f"no mail reached {recipient} within {WAIT_SECONDS} s")

    def riddle_on_page(self):
        page = self.text()
        matches = [riddle for riddle in self.riddles if squash(riddle["text"]) in page]
        if len(matches) != 1:
            raise StepFailed(f"the riddle page matches {len(matches)} riddles of Riddles/*.yaml; it says: {page[:600]!r}")
        return matches[0]


def page_left(old_page):
    """Whether the browser has left the page `old_page` belonged to. Mid-navigation, chromedriver
    may answer for the old page's node with an inspector error instead of a stale reference."""
    def left(_driver):
        try:
            old_page.is_enabled()
            return False
        except StaleElementReferenceException:
            return True
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return True
            raise
    return left


def label_of(element):
    return squash((element.get_attribute("value") if element.tag_name == "input" else element.text) or "")


def describe(element):
    return label_of(element) or element.tag_name


# ---------------------------------------------------------------------------------------------
# The steps


def sticker_link_signed_out(j):
    """A passer-by's phone camera opens the sticker's link: what the hunt is and how to join."""
    link = j.sticker_link(FIRST_STICKER)
    j.facts["first sticker"] = link
    j.open(link, "sticker-signed-out")
    j.expect_heading("You found a Puzzle Map code")
    j.expect_text("Join or sign in, and the claim goes on where you left off.")
    j.expect_no_text("Puzzle Map app")
    j.expect_no_text(j.checkpoints[FIRST_STICKER]["name"])  # the link never names the place
    for wanted in ("Join the hunt", "I already play: sign in"):
        if not j.has_control(wanted):
            raise StepFailed(f"the sticker page offers no {wanted!r}; it has {j.controls()!r}")
    if j.has_control("Claim this place"):
        raise StepFailed("the sticker page offers to claim the place to someone signed out")


def join(j):
    """Sign up with a university address."""
    j.press("Join the hunt", "join")
    j.expect_heading("Join the hunt")
    j.fill("University email", EMAIL)
    j.fill("Username (3 to 20 letters, digits or _)", USERNAME)
    j.fill("Name shown to friends (at most 40 characters)", DISPLAY_NAME)
    j.fill("Password (at least 10 characters)", PASSWORD)
    j.press("Create my account", "verify")
    j.expect_heading("Confirm your email")
    j.expect_text(f"We sent a 6-digit code to {EMAIL}. Type it here to unlock freebies.")


def verify_email(j):
    """Type the code from the mail."""
    j.fill("Code from the email", j.mailed_code(EMAIL))
    j.press("Confirm", "verified")
    j.expect_heading("Email confirmed")
    j.expect_text("Your email is confirmed: freebies you earn can be claimed.")


def claim_goes_on_after_joining(j):
    """From the confirmation the player is back at the sticker they started from; loading it
    (twice) claims nothing, the tap does: no riddle is held yet, so the place is explored."""
    j.press(CONTINUE_AFTER_VERIFYING, "sticker-signed-in")
    j.expect_heading("You found a Puzzle Map code")
    if urllib.parse.urlsplit(j.driver.current_url).path != urllib.parse.urlsplit(j.facts["first sticker"]).path:
        raise StepFailed(f"after confirming, the player is not back at the sticker {j.facts['first sticker']}")
    j.expect_text("Tap to see whether this is the place one of your riddles describes.")
    j.driver.refresh()
    j.arrived("sticker-reloaded")
    place = j.checkpoints[FIRST_STICKER]
    fun_riddle = next(r for r in j.riddles if r["checkpoint"] == FIRST_STICKER)
    j.press("Claim this place", "explored")
    j.facts["xp"], j.facts["places"] = j.rules["explore"], 1
    j.expect_heading("You found a place")  # not "Already found": neither GET claimed it
    j.expect_text(f"You found {place['name']} without a riddle.")
    j.expect_words(f"+{j.rules['explore']} XP")
    j.expect_text(f"You have {j.rules['explore']} XP.")
    j.expect_text("This place's riddle, for fun:")
    j.expect_text(fun_riddle["text"])


def quiz(j):
    """Play first asks the quiz: one group of four answers per statement, each numbered."""
    j.navigate("Riddles", "quiz")
    j.expect_heading("What kind of explorer are you?")
    fieldsets = j.driver.find_elements(By.CSS_SELECTOR, "main fieldset")
    legends = [squash(f.find_element(By.TAG_NAME, "legend").text) for f in fieldsets
               if f.find_elements(By.TAG_NAME, "legend")]
    numbered = [re.match(r"^Question (\d+) of (\d+)", legend) for legend in legends]
    wanted = [(str(n), str(j.quiz_count)) for n in range(1, j.quiz_count + 1)]
    if [m.groups() if m else None for m in numbered] != wanted:
        raise StepFailed(f"expected legends 'Question 1 of {j.quiz_count}' to 'Question {j.quiz_count} of "
                         f"{j.quiz_count}', one per question of Campus/quiz.yaml; found {legends!r}")
    answers = ["Strongly agree", "Agree", "Disagree", "Strongly disagree"]
    for number, fieldset in enumerate(fieldsets):
        labels = {squash(label.text): label for label in fieldset.find_elements(By.TAG_NAME, "label")}
        if sorted(labels) != sorted(answers):
            raise StepFailed(f"question {number + 1} offers {sorted(labels)!r}, not the four answers {answers!r}")
        choice = labels[answers[number % 4]]
        tap(j.driver, choice)
        radio = j.driver.find_element(By.ID, choice.get_attribute("for")) if choice.get_attribute("for") \
            else choice.find_element(By.CSS_SELECTOR, "input[type=radio]")
        if not radio.is_selected():
            raise StepFailed(f"tapping {answers[number % 4]!r} in question {number + 1} did not select it")
    # The map is home: after the quiz, the campus, with its button marked in the bar.
    j.press("Show me the campus", "map-home")
    j.expect_heading("Campus map")
    j.expect_current_tab("Map")
    j.navigate("Riddles", "play")
    j.expect_heading("Riddles")
    j.expect_current_tab("Riddles")


def take_riddle(j):
    """Three category buttons; the first tap gives a riddle of the place to find."""
    j.expect_text("Tap to get a riddle")
    for category in ("Labs and museums", "Lecture halls and libraries", "Social spots"):
        j.control(f"Get a {category} riddle")
    j.facts["play"] = j.driver.current_url
    # A difficulty asked for is the one given (the round-the-clock social spots are medium).
    choose(j, f"Medium: {reward(j.rules, 'medium', 0)} XP")
    j.press(f"Get a {RIDDLE_CATEGORY} riddle", "riddle")
    j.expect_heading("Your riddle")
    j.expect_words("Medium")
    riddle = j.riddle_on_page()
    if riddle["difficulty"] != "medium":
        raise StepFailed(f"asked for a medium riddle, got {riddle['id']}, {riddle['difficulty']}")
    if j.checkpoints[riddle["checkpoint"]]["category"] != "social":
        raise StepFailed(f"asked for a {RIDDLE_CATEGORY} riddle, got {riddle['id']} at {riddle['checkpoint']}")
    j.facts["riddle"] = riddle
    j.expect_text("No hints used yet.")


def hint(j):
    """A hint is behind an "are you sure?" that says what it costs; then it is listed."""
    riddle = j.facts["riddle"]
    before, after = reward(j.rules, riddle["difficulty"], 0), reward(j.rules, riddle["difficulty"], 1)
    j.press("Show a hint", "hint-sure")
    j.expect_heading("Are you sure?")
    j.expect_text(f"A hint makes the riddle easier and lowers its reward from {before} XP to {after} XP.")
    j.press("Yes, show the hint", "riddle-with-hint")
    j.expect_heading("Your riddle")
    hints = j.section("Hints")
    if riddle["hints"][0] not in hints:
        raise StepFailed(f"expected the first hint {riddle['hints'][0]!r} under 'Hints'; it says {hints!r}")
    if riddle["hints"][1] in hints:
        raise StepFailed(f"one hint was asked for but the second one shows too: {hints!r}")
    j.expect_words(f"Worth {after} XP")


def scan(j):
    """At the place: photograph its printed code and send it."""
    riddle = j.facts["riddle"]
    place = j.checkpoints[riddle["checkpoint"]]
    xp = reward(j.rules, riddle["difficulty"], 1)
    before, total = j.facts["xp"], j.facts["xp"] + xp
    j.press("I'm there: scan the code", "scan")
    j.expect_heading("Scan a code")
    photo = j.field("Photo of the code")
    if photo.get_attribute("type") != "file":
        raise StepFailed(f"'Photo of the code' is an input of type {photo.get_attribute('type')!r}, not a file")
    # A phone's photo is large and campus Wi-Fi slow: while it goes, a bar says how far it is and
    # the button cannot send it twice.
    photo.send_keys(padded_photo(j, j.code_picture(riddle["checkpoint"]), megabytes=1.2))
    j.driver.execute_cdp_cmd("Network.enable", {})
    j.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 100, "downloadThroughput": -1, "uploadThroughput": 150 * 1024})
    try:
        old_page = j.driver.find_element(By.TAG_NAME, "html")
        tap(j.driver, j.control("Send"))
        try:
            WebDriverWait(j.driver, WAIT_SECONDS, poll_frequency=0.1).until(lambda d: d.execute_script(
                "const s = document.querySelector('[data-sending]'); const b = document.querySelector('[data-send]');"
                "return s && !s.hidden && s.querySelector('progress').value > 0 && b.disabled"))
        except TimeoutException:
            raise StepFailed("while a 1.2 MB photo uploads at 150 KB/s, no progress bar shows or Send can be pressed again")
        j.screen("scan-uploading")
        WebDriverWait(j.driver, 3 * WAIT_SECONDS).until(page_left(old_page))
        j.arrived("solved")
    finally:
        j.set_network(offline=False)
    j.facts["xp"], j.facts["places"] = total, j.facts["places"] + 1
    j.expect_heading("Riddle solved!")
    if "/scans/" not in j.driver.current_url:
        raise StepFailed(f"the solved scan's answer is at {j.driver.current_url}, not its own reloadable address")
    j.driver.refresh()
    j.expect_heading("Riddle solved!")  # reloaded: the same answer, nothing sent again
    j.expect_text(f"You found {place['name']}.")
    j.expect_words(f"+{xp} XP")
    j.expect_text(f"You have {total} XP.")
    level_up = f"Level up! You are now level {level(j.rules, total)}."
    if level(j.rules, total) > level(j.rules, before):
        j.expect_text(level_up)
    else:
        j.expect_no_text("Level up!")
    if "First Steps" not in j.section("New badges"):
        raise StepFailed(f"the first solve earns 'First Steps' (Campus/badges.yaml); 'New badges' says {j.section('New badges')!r}")
    if squash(riddle["insider"]) not in j.section("Insider fact"):
        raise StepFailed(f"'Insider fact' does not give the riddle's insider fact: {j.section('Insider fact')!r}")


def progress(j):
    """The navigation's Progress: level, XP, places and the badge just earned."""
    j.navigate("Me", "progress")
    j.expect_heading("Your progress")
    j.facts["progress"] = j.driver.current_url
    expect_progress(j)
    if "First Steps" not in j.section("Badges earned"):
        raise StepFailed(f"'Badges earned' does not list First Steps: {j.section('Badges earned')!r}")


def expect_progress(j):
    xp = j.facts["xp"]
    j.expect_words(f"Level {level(j.rules, xp)}")
    j.expect_words(f"{xp} XP")
    j.expect_text(f"Places found: {j.facts['places']}")


def padded_photo(j, png, megabytes):
    """The printed code's PNG with a text chunk of filler before its end: a file as large as a
    phone's photo that decodes to the same picture."""
    data = open(png, "rb").read()
    end = data.rindex(b"IEND") - 4
    text = b"Comment\0" + b"x" * int(megabytes * 1024 * 1024)
    chunk = len(text).to_bytes(4, "big") + b"tEXt" + text + (zlib.crc32(b"tEXt" + text) & 0xFFFFFFFF).to_bytes(4, "big")
    path = os.path.join(j.args.screenshots, "padded-" + os.path.basename(png))
    with open(path, "wb") as file:
        file.write(data[:end] + chunk + data[end:])
    return os.path.abspath(path)


def claim_wrong_place(j):
    """Holding a riddle, another place's sticker offers a choice: a small reward, or no trace."""
    j.navigate("Riddles", "play-again")
    j.press(f"Get a {RIDDLE_CATEGORY} riddle", "second-riddle")
    j.expect_heading("Your riddle")
    j.facts["second riddle"] = j.riddle_on_page()
    j.open(j.sticker_link(WRONG_PLACE_STICKER), "second-sticker")
    j.expect_heading("You found a Puzzle Map code")
    place = j.checkpoints[WRONG_PLACE_STICKER]["name"]
    j.press("Claim this place", "wrong-place")
    j.expect_heading("Not this riddle's place")
    j.expect_text(f"{place} is a Puzzle Map place, but none of your riddles leads here.")
    j.expect_text(f"Take the small reward of {j.rules['checkIn']} XP for the visit, or leave no trace.")
    j.expect_text("You get more XP if you find this place with a riddle.")
    j.control(f"Take {j.rules['checkIn']} XP")
    j.press("Leave no trace", "left-no-trace")
    j.expect_text("Nothing was recorded. The place is still there to be found with a riddle.")
    # Every form answers with a page that can be reloaded: Back and reload never send it again.
    if not j.driver.current_url.split("?")[0].endswith("/play"):
        raise StepFailed(f"leaving no trace answered at {j.driver.current_url}, not a page of its own")


def nothing_recorded(j):
    """A claim left without trace changed nothing."""
    j.open(j.facts["progress"], "progress-unchanged")
    j.expect_heading("Your progress")
    expect_progress(j)


def mistyped_code_kept_and_unknown_address(j):
    """A wrong typed code is refused with the field still holding it, to mend one character; an
    address the app does not have is a page of its own with a way back, not the API's JSON."""
    j.navigate("Scan", "scan-mistyped")
    j.fill("Or type the code", "PM-7QX2-MISTYPED")
    j.press("Send", "scan-mistyped-refused")
    if not j.driver.find_elements(By.CSS_SELECTOR, "main .problem"):
        raise StepFailed(f"a mistyped code was not refused on the page: {j.text()[:400]!r}")
    kept = j.field("Or type the code").get_attribute("value")
    if kept != "PM-7QX2-MISTYPED":
        raise StepFailed(f"after a refused code the field holds {kept!r}, not what was typed")
    j.open("/no-such-page-here", "unknown-address")
    j.expect_heading("There is no such page")
    j.expect_text("There is nothing at /no-such-page-here.")
    j.control("Back to the hunt")


def offline_photo_sent_once_back_online(j):
    """A photo taken with no connection waits on the phone, goes once the connection is back,
    and scores exactly once (the same idempotency key, whatever the retries)."""
    riddle = j.facts["second riddle"]
    xp = reward(j.rules, riddle["difficulty"], 0)
    j.navigate("Scan", "scan-before-going-offline")
    j.set_network(offline=True)
    try:
        j.field("Photo of the code").send_keys(os.path.abspath(j.code_picture(riddle["checkpoint"])))
        tap(j.driver, j.control("Send"))
        waiting = "No connection: your photo is kept on this phone and will be sent when you are back online."
        try:
            WebDriverWait(j.driver, WAIT_SECONDS, ignored_exceptions=[StaleElementReferenceException]).until(
                lambda d: waiting in squash(d.find_element(By.TAG_NAME, "main").text))
        except TimeoutException:
            raise StepFailed(f"offline, pressing Send did not say {waiting!r}; the page says {j.text()!r}")
        j.arrived("offline-waiting")
    finally:
        j.set_network(offline=False)
    try:
        WebDriverWait(j.driver, WAIT_SECONDS, ignored_exceptions=[StaleElementReferenceException]).until(
            lambda d: j.heading() == "Riddle solved!")
    except TimeoutException:
        raise StepFailed(f"back online, the waiting photo was not sent: the page says {j.text()!r}")
    j.arrived("sent-when-back-online")
    j.facts["xp"], j.facts["places"] = j.facts["xp"] + xp, j.facts["places"] + 1
    j.expect_words(f"+{xp} XP")
    j.expect_text(f"You have {j.facts['xp']} XP.")
    # Nothing is left waiting to be sent again, and the progress counts the photo once.
    j.navigate("Scan", "scan-after-sending")
    if j.driver.execute_script("return document.querySelector('[data-waiting]').hidden") is not True:
        raise StepFailed("after the photo was sent, the scan page still says a photo is waiting")
    j.open(j.facts["progress"], "progress-after-offline")
    expect_progress(j)


def journal(j):
    """The navigation's Journal: the solved riddle, its place and its insider fact, to re-read."""
    riddle = j.facts["riddle"]
    place = j.checkpoints[riddle["checkpoint"]]["name"]
    j.navigate("Journal", "journal")
    j.expect_heading("Your journal")
    if squash(riddle["insider"]) not in j.section("Insider fact"):
        raise StepFailed(f"the journal's 'Insider fact' is not the solved riddle's: {j.section('Insider fact')!r}")
    j.expect_text(place)
    j.expect_text(squash(riddle["text"]))


def text_of(driver, tag):
    """The text of the first `tag` on the page now, or "" while a page is being replaced."""
    try:
        return squash(driver.find_element(By.TAG_NAME, tag).text)
    except (StaleElementReferenceException, WebDriverException):
        return ""


def tap(driver, element):
    """A thumb's tap: the page scrolled so the element is mid-screen (as a person scrolls to
    what they want), clear of the bar fixed at the bottom, then clicked."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", element)
    element.click()


def choose(j, label):
    """Ticks the radio button or checkbox a wrapping <label> with exactly this text holds."""
    for candidate in j.driver.find_elements(By.CSS_SELECTOR, "label"):
        if squash(candidate.text) == label:
            tap(j.driver, candidate)
            return candidate.find_element(By.TAG_NAME, "input")
    raise StepFailed(f"no choice labelled {label!r}")


def map_and_sticker_report(j):
    """The navigation's Map: a plan drawn on the page, every place with its hours and status
    (named once found, only numbered before), and a damaged sticker reported from the solved
    place's entry."""
    riddle = j.facts["riddle"]
    place = j.checkpoints[riddle["checkpoint"]]
    j.navigate("Map", "map")
    j.expect_heading("Campus map")
    plan = j.driver.find_elements(By.CSS_SELECTOR, "main svg[role=img]")
    if not plan:
        raise StepFailed("the map page draws no plan (an <svg role=img>)")
    pins = plan[0].find_elements(By.TAG_NAME, "circle")
    if len(pins) != len(j.checkpoints):
        raise StepFailed(f"the plan has {len(pins)} places, the campus {len(j.checkpoints)}")
    j.expect_text(place["name"])
    j.expect_words("Solved")
    for number, other in enumerate(j.checkpoints.values(), start=1):
        card = squash(j.driver.find_element(By.ID, f"place-{number}").text)
        if "Not found yet" not in card:
            continue
        if f"Place {number}" not in card:
            raise StepFailed(f"the map's place {number}, not found yet, is not called 'Place {number}': {card!r}")
        if other["name"] in card:
            raise StepFailed(f"the map names place {number} before it is found: {card!r}")
    if not re.search(r"Open now|Opens (\w+ )?at \d\d:\d\d|Closed for now", j.text()):
        raise StepFailed("the map says nothing about opening hours")
    place_sheet_and_where_i_am(j, place)
    j.press(f"Report a damaged or missing sticker at {place['name']}", "report-sticker")
    j.expect_heading("Report a problem")
    if not choose(j, "A sticker is damaged").is_selected():
        raise StepFailed("'A sticker is damaged' is not chosen")
    chosen = j.field("Which place? (needed for a sticker)").get_attribute("value")
    if chosen != riddle["checkpoint"]:
        raise StepFailed(f"the report names the place {chosen!r}, not {riddle['checkpoint']!r}")
    j.fill("What happened? (optional for a sticker; at most 1000 characters)", "The corner is peeling off.")
    j.press("Send the report", "report-sent")
    j.expect_text("Thank you: your report is with the organisers.")


def place_sheet_and_where_i_am(j, place):
    """A pin tapped opens its place's sheet over the plan; "Show where I am" puts the phone's
    location (given by the browser, never sent) on the plan, with how far the open places are."""
    number = list(j.checkpoints).index(place["id"]) + 1
    tap(j.driver, j.driver.find_element(By.CSS_SELECTOR, f"main svg a[data-place='{number}']"))
    sheet = WebDriverWait(j.driver, WAIT_SECONDS).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "dialog.sheet[open]"))
    said = squash(sheet.text)
    if place["name"] not in said or "Solved" not in said:
        raise StepFailed(f"the sheet of pin {number} does not show {place['name']!r} as solved: {said!r}")
    j.arrived("map-sheet")
    j.screen("map-sheet")
    sheet.find_element(By.XPATH, ".//button[normalize-space()='Close']").click()
    WebDriverWait(j.driver, WAIT_SECONDS).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog.sheet[open]"))
    # The phone stands 0.0009 degrees (about 100 m) north of a place open now, whatever the hour
    # the suite runs: social spots open round the clock are among them.
    open_cards = j.driver.find_elements(By.CSS_SELECTOR, "li.card[data-open]")
    if not open_cards:
        raise StepFailed("the map marks no place as open now")
    near = int(open_cards[0].get_attribute("id").removeprefix("place-"))
    longitude, latitude = list(j.checkpoints.values())[near - 1]["coordinates"][:2]
    j.driver.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["geolocation"]})
    j.driver.execute_cdp_cmd("Emulation.setGeolocationOverride",
                             {"latitude": latitude + 0.0009, "longitude": longitude, "accuracy": 10})
    tap(j.driver, j.control("Show where I am"))
    WebDriverWait(j.driver, WAIT_SECONDS).until(lambda d: "The blue dot is you" in d.find_element(By.TAG_NAME, "main").text)
    if not j.driver.find_elements(By.CSS_SELECTOR, "main svg circle.you"):
        raise StepFailed("the plan has no dot for where the phone is")
    card = squash(j.driver.find_element(By.ID, f"place-{near}").text)
    found = re.search(r"About (\d+) m from you", card)
    if not found or not 80 <= int(found.group(1)) <= 120:
        raise StepFailed(f"place {near}, open and 100 m away, says {card!r}")
    # A place closed now is not worth walking to: it says no distance.
    for closed in j.driver.find_elements(By.CSS_SELECTOR, "li.card:not([data-open])"):
        if "from you" in closed.text:
            raise StepFailed(f"a place closed now says how far it is: {squash(closed.text)!r}")
    j.arrived("map-where-i-am")
    j.screen("map-where-i-am")


def report_from_error_page(j):
    """An error page says what happened and offers to report it; the footer does too."""
    j.control("Report a problem", within="footer")
    j.open("/riddles/999999", "riddle-not-found")
    j.expect_heading("There is no such page")
    j.expect_text("You hold no such riddle.")
    j.expect_text("Open Play to see the riddles you hold.")  # the page's hint, not the API's
    j.press("Report this problem to the organisers", "report-error")
    j.expect_heading("Report a problem")
    if not choose(j, "Something does not work").is_selected():
        raise StepFailed("a report from an error page is not a 'Something does not work' report")
    j.press("Send the report", "report-empty")
    j.expect_text("The report does not say what is wrong.")
    j.fill("What happened? (optional for a sticker; at most 1000 characters)", "I followed an old link to a riddle.")
    j.press("Send the report", "report-error-sent")
    j.expect_text("Thank you: your report is with the organisers.")


def account(j):
    """The navigation's Account: a new display name, the data to download, and a delete
    button that asks first."""
    j.navigate("Account", "account")
    j.expect_heading("Your account")
    j.expect_text(f"Username: {USERNAME}")
    j.fill("Display name (1 to 40 characters)", "Ada L.")
    j.facts["display name"] = "Ada L."
    j.press("Save the name", "account-renamed")
    j.expect_text("Your display name is saved.")
    if j.field("Display name (1 to 40 characters)").get_attribute("value") != "Ada L.":
        raise StepFailed("the saved display name is not shown")
    # Leaving the university: the account moves to an address that stays, once its code is typed.
    j.fill("New email address", NEW_EMAIL)
    j.fill("Your password", PASSWORD)
    j.press("Send a code to the new address", "account-email-code-sent")
    j.expect_text("We sent a code to your new address. Type it below; until then nothing changes.")
    j.expect_text(f"Email: {EMAIL}")
    j.fill("Code from the email", j.mailed_code(NEW_EMAIL))
    j.press("Confirm the new address", "account-email-changed")
    j.expect_text(f"Your account's address is now {NEW_EMAIL}.")
    j.expect_text(f"Email: {NEW_EMAIL}")
    href = j.control("Download my data").get_attribute("href")
    export = j.driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch(arguments[0], {credentials: 'same-origin'}).then(r => r.json()).then(done).catch(e => done({error: String(e)}));
    """, href)
    if export.get("player", {}).get("username") != USERNAME or not export.get("events"):
        raise StepFailed(f"'Download my data' gave {str(export)[:300]!r}")
    j.press("Delete my account…", "delete-asks")
    j.expect_heading("Are you sure?")
    j.field("Your password, to confirm")
    j.press("No, keep my account", "delete-kept")
    j.expect_heading("Your account")


def voucher_for_the_counter(j):
    """Two riddles and an exploration always reach level 2, which unlocks a freebie: it shows a
    large code that a shop's camera reads as the voucher's link, with the typed code under it."""
    reached = level(j.rules, j.facts["xp"])
    titles = [title for at, titles in level_offers(j.args.campus).items() if at <= reached for title in titles]
    if not titles:
        raise StepFailed(f"at {j.facts['xp']} XP (level {reached}) no level offer is unlocked; the journey expects one")
    j.navigate("Freebies", "freebies-with-voucher")
    card = None
    for candidate in j.driver.find_elements(By.CSS_SELECTOR, "li.voucher"):
        if titles[0] in candidate.text:
            card = candidate
    if card is None:
        raise StepFailed(f"no freebie {titles[0]!r} under 'Ready for the counter': {j.section('Ready for the counter')[:400]!r}")
    if "Ready to claim" not in card.text:
        raise StepFailed(f"the verified player's {titles[0]!r} is not ready to claim: {squash(card.text)!r}")
    image = card.find_element(By.CSS_SELECTOR, "img.qr")
    picture = j.driver.execute_async_script("""
        const [source, done] = [arguments[0], arguments[arguments.length - 1]];
        fetch(source, {credentials: 'same-origin'}).then(r => r.arrayBuffer()).then(bytes => {
          let text = ''; new Uint8Array(bytes).forEach(b => text += String.fromCharCode(b)); done(btoa(text));
        }).catch(e => done(''));""", image.get_attribute("src"))
    path = os.path.join(j.args.screenshots, "voucher-code.png")
    with open(path, "wb") as file:
        file.write(base64.b64decode(picture))
    # What a shop's camera will photograph from the phone's screen, later in the journey.
    j.facts["voucher picture"] = os.path.abspath(path)
    j.facts["voucher title"] = titles[0]
    decoded = json.loads(subprocess.run([j.args.puzzlemap, "decode", "--json", path], check=True,
                                        capture_output=True, text=True).stdout.splitlines()[0])["codes"]
    if len(decoded) != 1 or "/V/" not in decoded[0]:
        raise StepFailed(f"the freebie's code reads as {decoded!r}, not one voucher link")
    manual = card.find_element(By.CSS_SELECTOR, ".manual code").text
    if not re.fullmatch(r"[0-9A-Z]{4}(-[0-9A-Z]{4})*-[0-9A-Z*~$=]", manual):  # Crockford groups, then the check symbol
        raise StepFailed(f"the typed code under the freebie's picture is {manual!r}")


class Connection:
    """The phone's way to the service, which the journey can cut: a TCP relay on a port of its
    own. Cut, nothing gets through (the page, the service worker's fetches, everything), as in
    a basement; DevTools' offline switch does not reach a service worker's own requests."""

    def __init__(self, base):
        target = urllib.parse.urlsplit(base)
        self.target = (target.hostname, target.port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.base = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.open = []
        self.is_cut = False
        self.lock = threading.Lock()
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                phone, _ = self.listener.accept()
            except OSError:
                return
            if self.is_cut:
                # Accepted as the cut came (closing a listener does not stop an accept under way).
                phone.close()
                return
            try:
                service = socket.create_connection(self.target)
            except OSError:
                phone.close()
                continue
            with self.lock:
                self.open += [phone, service]
            threading.Thread(target=self.relay, args=(phone, service), daemon=True).start()

    def relay(self, phone, service):
        ends = [phone, service]
        try:
            while True:
                ready, _, _ = select.select(ends, [], [], 1)
                for end in ready:
                    data = end.recv(65536)
                    if not data:
                        return
                    (service if end is phone else phone).sendall(data)
        except OSError:
            return
        finally:
            for end in ends:
                end.close()

    def cut(self):
        self.is_cut = True
        try:
            self.listener.shutdown(socket.SHUT_RDWR)  # wakes the accept under way
        except OSError:
            pass
        self.listener.close()
        with self.lock:
            for end in self.open:
                try:
                    end.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                end.close()


def freebie_opens_offline(j):
    """At the café counter in a basement: with the connection cut, the freebies page opens as it
    was last seen (it says so, and when), its code still there for the staff's camera. The
    player's phone reaches the service through a connection the journey cuts."""
    title = j.facts["voucher title"]
    kept = "No connection: this is the page as it was at"
    connection = Connection(j.base)
    phone = j.new_browser()
    try:
        phone.get(connection.base + "/sign-in")
        phone.find_element(By.ID, "login").send_keys(USERNAME)
        phone.find_element(By.ID, "password").send_keys(PASSWORD)
        tap(phone, phone.find_element(By.XPATH, "//main//button[normalize-space()='Sign in']"))
        WebDriverWait(phone, WAIT_SECONDS).until(lambda d: text_of(d, "h1") == "Campus map")
        # Online, the page is as ever; the service worker now looks after this phone's pages.
        WebDriverWait(phone, WAIT_SECONDS).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"))
        phone.get(connection.base + "/freebies")
        if kept in phone.find_element(By.TAG_NAME, "main").text:
            raise StepFailed("online, the freebies page says it is a kept copy")
        WebDriverWait(phone, WAIT_SECONDS).until(lambda d: d.execute_async_script("""
            const done = arguments[arguments.length - 1];
            caches.open('pages').then(c => Promise.all([c.match('/freebies'), c.match('/map')])).then(([f, m]) => done(!!f && !!m), () => done(false));"""))
        connection.cut()
        phone.get(connection.base + "/freebies")
        main = phone.find_element(By.TAG_NAME, "main").text
        if kept not in main:
            raise StepFailed(f"with the connection cut, the freebies page does not say it is kept: {squash(main)[:300]!r}")
        card = next((c for c in phone.find_elements(By.CSS_SELECTOR, "li.voucher") if title in c.text), None)
        if card is None:
            raise StepFailed(f"with the connection cut, the freebies page has no {title!r}: {squash(main)[:300]!r}")
        drawn = phone.execute_script("const i = arguments[0]; return i.complete && i.naturalWidth", card.find_element(By.CSS_SELECTOR, "img.qr"))
        if not drawn:
            raise StepFailed("with the connection cut, the freebie's code picture is not drawn")
        if not card.find_elements(By.CSS_SELECTOR, ".manual code"):
            raise StepFailed("with the connection cut, the freebie's typed code is missing")
        phone.save_screenshot(os.path.join(j.args.screenshots, "freebies-offline-screen.png"))
        # The map was kept too (the worker keeps it fresh from any page), with the bar to get there.
        tap(phone, phone.find_element(By.XPATH, "//nav[contains(@class,'dock')]//a[normalize-space()='Map']"))
        WebDriverWait(phone, WAIT_SECONDS).until(lambda d: text_of(d, "h1") == "Campus map")
        if kept not in phone.find_element(By.TAG_NAME, "main").text:
            raise StepFailed("with the connection cut, the map does not say it is a kept copy")
    finally:
        phone.quit()
        connection.cut()


def settings_turn_sound_off(j):
    """Settings kept on the phone: sound off stays off on the next visit."""
    j.navigate("Settings", "settings")
    j.expect_heading("Settings")
    box = choose(j, "Play a short tune")
    if box.is_selected():
        raise StepFailed("'Play a short tune' was on and a tap did not turn it off")
    j.expect_text("Saved on this phone.")
    j.driver.refresh()
    j.arrived("settings-again")
    sound = j.driver.find_element(By.CSS_SELECTOR, "input[data-setting=sound]")
    vibration = j.driver.find_element(By.CSS_SELECTOR, "input[data-setting=vibration]")
    if sound.is_selected() or not vibration.is_selected():
        raise StepFailed(f"after a reload, sound is {'on' if sound.is_selected() else 'off'} and vibration "
                         f"{'on' if vibration.is_selected() else 'off'}; expected sound off, vibration on")
    choose(j, "Play a short tune")  # on again, as the player had it
    settings_choose_notices(j)


def settings_choose_notices(j):
    """Notices while the app is closed: the phone's browser offers to turn them on (it has the
    Push API), and the topics are the account's, saved by the form: one turned off stays off."""
    j.expect_text("Notifications")
    button = j.driver.find_element(By.CSS_SELECTOR, "[data-push-on]")
    if not button.is_displayed():
        raise StepFailed("Chromium has the Push API, yet 'Turn on for this phone' is not shown")
    if j.driver.find_element(By.CSS_SELECTOR, "[data-push-off]").is_displayed():
        raise StepFailed("notifications are off for this phone, yet 'Turn off for this phone' is shown beside 'Turn on'")
    box = choose(j, "a crew mate is at our crew riddle's place")
    if box.is_selected():
        raise StepFailed("the crew-scan topic was on and a tap did not turn it off")
    j.screen("settings-notifications")
    j.press("Save", "settings-notices-saved")
    j.expect_text("Saved: your notifications are set.")
    crew = j.driver.find_element(By.CSS_SELECTOR, "input[name=crew_scans]")
    challenges = j.driver.find_element(By.CSS_SELECTOR, "input[name=challenges]")
    if crew.is_selected() or not challenges.is_selected():
        raise StepFailed("after saving, crew scans should be off and challenges on")
    choose(j, "a crew mate is at our crew riddle's place")
    j.press("Save", "settings-notices-saved-again")
    j.expect_text("Saved: your notifications are set.")


def read_texts(tag):
    """A catalogue of the web app, `texts.<tag>.yaml`: one `key: "text"` a line."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources", "PuzzleMapTexts", "Texts", f"texts.{tag}.yaml")
    texts = {}
    for line in open(path, encoding="utf-8"):
        found = re.match(r'^([A-Za-z0-9_.]+): (".*")\s*$', line)
        if found:
            texts[found.group(1)] = json.loads(found.group(2))
    return texts


def second_language_by_the_browser_and_by_the_setting(j):
    """A phone set to Chinese gets the app in Chinese; the settings switch it to English, and
    that choice outlasts what the browser asks for."""
    chinese = read_texts("zh")
    phone = j.new_browser(language="zh-CN")
    try:
        phone.get(j.url("/join"))
        heading = squash(phone.find_element(By.TAG_NAME, "h1").text)
        lang = phone.find_element(By.TAG_NAME, "html").get_attribute("lang")
        if lang != "zh" or heading != squash(chinese["join.title"]):
            raise StepFailed(f"a phone asking for zh-CN got a page in {lang!r} headed {heading!r}, not {chinese['join.title']!r}")
        phone.save_screenshot(os.path.join(j.args.screenshots, "language-zh-join.png"))
        # "Language" is in English on every page, for a reader who cannot read the one shown.
        phone.find_element(By.XPATH, "//footer//a[normalize-space()='Language']").click()
        WebDriverWait(phone, WAIT_SECONDS).until(lambda d: text_of(d, "h1") == squash(chinese["settings.title"]))
        phone.save_screenshot(os.path.join(j.args.screenshots, "language-zh-settings.png"))
        Select(phone.find_element(By.ID, "language")).select_by_visible_text("English")
        tap(phone, phone.find_element(By.XPATH, f"//button[normalize-space()={json.dumps(squash(chinese['settings.languageSubmit']), ensure_ascii=False)}]"))
        WebDriverWait(phone, WAIT_SECONDS).until(lambda d: text_of(d, "h1") == "Settings")
        if "Saved: the app now uses this language in this browser." not in phone.find_element(By.TAG_NAME, "main").text:
            raise StepFailed("choosing English did not say it was saved")
        phone.get(j.url("/join"))
        if squash(phone.find_element(By.TAG_NAME, "h1").text) != "Join the hunt":
            raise StepFailed("after choosing English, the phone set to Chinese still gets the join page in Chinese")
    finally:
        phone.quit()


def forged_form_refused(j):
    """A form without this browser's token is refused with 403, and nothing is done."""
    j.open(j.facts["play"], "play-before-forgery")
    button = j.control("Get a Lecture halls and libraries riddle")
    action = button.find_element(By.XPATH, "./ancestor::form").get_attribute("action")
    answer = j.driver.execute_async_script("""
        const [action, category, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
        fetch(action, {method: 'POST', credentials: 'same-origin', redirect: 'manual',
                       headers: {'Content-Type': 'application/x-www-form-urlencoded'},
                       body: '_csrf=forged&category=' + encodeURIComponent(category)})
          .then(r => r.text().then(body => done({status: r.status, body})))
          .catch(e => done({status: -1, body: String(e)}));
    """, action, button.get_attribute("value") or "")
    if answer["status"] != 403:
        raise StepFailed(f"a POST to {action} with a forged _csrf was answered {answer['status']}, not 403")
    # The same form with its hidden token removed, sent as a person would press it.
    removed = j.driver.execute_script(
        "const t = arguments[0].form.querySelector('input[name=_csrf]'); if (t) t.remove(); return !!t;", button)
    if not removed:
        raise StepFailed("the form behind 'Get a Lecture halls and libraries riddle' carries no hidden _csrf")
    j.leave_by(button, "forged-form")
    j.expect_heading("That did not go through")
    j.expect_text("That form had expired or did not come from this browser, so nothing was done.")
    j.open(j.facts["play"], "play-after-forgery")
    if j.has_control("Continue your Lecture halls and libraries riddle") or not j.has_control("Get a Lecture halls and libraries riddle"):
        raise StepFailed("a refused form still gave a Lecture halls and libraries riddle")


def signed_out_session_refused(j):
    """After "Sign out", the old session cookie opens nothing."""
    cookies = {c["name"]: c for c in j.driver.get_cookies()}
    if "pm_session" not in cookies:
        raise StepFailed(f"no pm_session cookie while signed in; cookies: {sorted(cookies)!r}")
    old = cookies["pm_session"]
    if not old.get("httpOnly"):
        raise StepFailed("the session cookie is not HttpOnly")
    j.navigate("Sign out", "signed-out")
    if "pm_session" in {c["name"] for c in j.driver.get_cookies() if c.get("value")}:
        raise StepFailed("signing out left the session cookie in the browser")
    j.driver.delete_cookie("pm_session")
    j.driver.add_cookie({key: old[key] for key in ("name", "value", "path", "httpOnly") if key in old})
    j.open(j.facts["progress"], "old-session-refused")
    j.expect_heading("Sign in")
    j.field("Username or email")


VOID_REASON = "The same photo was shared in a group chat"


def organiser_voids_the_solves(j):
    """The organiser of the step before signs in again, finds the player from the console's
    moderation page and voids each of their solves with a reason: the player's progress then
    has the XP taken back, First Steps no longer earned, and the reason."""
    restore = as_someone_else(j)
    j.open("/sign-in", "organiser-sign-in-again")
    j.fill("Username or email", ORGANISER_USERNAME)
    j.fill("Password", ORGANISER_PASSWORD)
    j.press("Sign in", "console-again")
    j.expect_heading("Console")
    j.press("Moderation: flagged scans and players", "moderation")
    j.expect_heading("Moderation")
    j.fill("Look a player up by username", USERNAME)
    j.press("Show player", "moderated-player")
    if not (j.heading() or "").endswith(f"(@{USERNAME})"):
        raise StepFailed(f"the player's page is headed {j.heading()!r}, not with @{USERNAME}")
    standing = re.search(r"Level (\d+) · (\d+) XP", j.text())
    if not standing or int(standing[2]) != j.facts["xp"]:
        raise StepFailed(f"the organiser's page of the player does not say {j.facts['xp']} XP: {j.text()[:300]!r}")
    taken, places = 0, []
    while True:
        cards = [card for card in j.driver.find_elements(By.CSS_SELECTOR, "main li.card")
                 if "Outcome: solved." in card.text and card.find_elements(By.CSS_SELECTOR, "button")]
        if not cards:
            break
        card = cards[0]
        places.append(card.find_element(By.XPATH, "./p[1]").text.split(" · ")[-1])
        reason = card.find_element(By.CSS_SELECTOR, "input[name=reason]")
        reason.send_keys(VOID_REASON)
        button = card.find_element(By.CSS_SELECTOR, "button")
        j.leave_by(button, f"voided-{len(places)}")
        done = re.search(r"Scan \d+ voided: (-?\d+) XP taken back\.", j.text())
        if not done:
            raise StepFailed(f"voiding a scan did not say what it took back: {j.text()[:300]!r}")
        taken += int(done[1])
    if len(places) < 2:
        raise StepFailed(f"the player's page listed {len(places)} solved scans to void; the journey solved at least two riddles")
    restore()
    j.facts["xp"] -= taken
    j.open(j.facts["progress"], "progress-after-void")
    j.expect_heading("Your progress")
    j.expect_words(f"{j.facts['xp']} XP")
    j.expect_words(f"Level {level(j.rules, j.facts['xp'])}")
    if "First Steps" in j.section("Badges earned") or "First Steps" not in j.section("Badges to earn"):
        raise StepFailed(f"with every solve voided, First Steps is still earned: {j.section('Badges earned')!r}")
    notices = j.section("From the organisers")
    for place in places:
        if f"A scan at {place} was voided: {VOID_REASON}" not in notices:
            raise StepFailed(f"'From the organisers' does not say the scan at {place} was voided: {notices!r}")


def challenge_a_friend_and_win_the_race(j):
    """The player challenges Grace from the Challenges page; once she accepts (in her app), the
    race's riddle shows on the page, and the player's photo of its place solves it and wins
    the bonus on top; Grace's app then says she lost."""
    j.navigate("Challenges", "challenges")
    j.expect_heading("Challenges")
    j.expect_text("No challenge is waiting or racing.")
    friend = Select(j.field("Friend"))
    friend.select_by_visible_text(f"{FRIEND_NAME} (@{FRIEND_USERNAME})")
    # A category with a riddle open now that neither has solved or holds: as a person would,
    # try the next one when the page says there is none.
    for category in ("Social spots", "Labs and museums", "Lecture halls and libraries"):
        Select(j.field("Category")).select_by_visible_text(category)
        j.press("Send the challenge", "challenge-sent")
        if "Challenge sent" in j.text():
            break
        j.expect_text("that neither of you has solved")
    else:
        raise StepFailed(f"no category could be challenged in: {j.text()[:400]!r}")
    j.expect_text(f"You challenged {FRIEND_NAME} ({category}): waiting for their answer.")
    token = j.facts["friend token"]
    waiting = json.loads(api(j, "GET", "/v1/challenges", token=token))["challenges"]
    if [c["status"] for c in waiting] != ["waiting"] or waiting[0]["opponent"]["username"] != USERNAME:
        raise StepFailed(f"Grace's app lists {waiting!r}, not one challenge from {USERNAME} waiting")
    api(j, "POST", f"/v1/challenges/{waiting[0]['id']}/accept", token=token)
    j.navigate("Challenges", "challenge-racing")
    j.expect_text(f"Race against {FRIEND_NAME} ({category}): first to scan this riddle's place wins "
                  f"+{j.rules['challengeWin']} XP.")
    riddle = j.riddle_on_page()
    xp = reward(j.rules, riddle["difficulty"], 0) + j.rules["challengeWin"]
    j.navigate("Scan", "challenge-scan")
    j.field("Photo of the code").send_keys(os.path.abspath(j.code_picture(riddle["checkpoint"])))
    j.press("Send", "challenge-won")
    j.expect_heading("Riddle solved!")
    j.expect_text(f"You got here before {FRIEND_NAME} and won the challenge: +{j.rules['challengeWin']} XP bonus.")
    j.expect_words(f"+{xp} XP")
    j.facts["xp"] += xp
    j.expect_text(f"You have {j.facts['xp']} XP.")
    lost = json.loads(api(j, "GET", "/v1/challenges", token=token))["challenges"]
    if [c["status"] for c in lost] != ["lost"]:
        raise StepFailed(f"after the player's scan Grace's app lists {lost!r}, not the challenge lost")
    j.navigate("Challenges", "challenge-finished")
    if f"You beat {FRIEND_NAME} ({category}) and won +{j.rules['challengeWin']} XP." not in j.section("Finished"):
        raise StepFailed(f"'Finished' does not say the player won: {j.section('Finished')!r}")


def crew_solves_a_riddle_together(j):
    """The player makes a crew; Grace joins it by photographing its code on the player's screen
    (her app sends what the photo says). The player gets a crew riddle; Grace scans its place
    first, and the player's open page hears of it live; the player's photo of the place then
    solves it for both."""
    j.navigate("Crew", "crew")
    j.expect_heading("Your crew")
    j.fill("Crew name", "Night Owls")
    j.press("Make the crew", "crew-made")
    j.expect_text("Your crew is made")
    image = j.driver.find_element(By.CSS_SELECTOR, "main img.qr")
    picture = j.driver.execute_async_script("""
        const [source, done] = [arguments[0], arguments[arguments.length - 1]];
        fetch(source, {credentials: 'same-origin'}).then(r => r.arrayBuffer()).then(bytes => {
          let text = ''; new Uint8Array(bytes).forEach(b => text += String.fromCharCode(b)); done(btoa(text));
        }).catch(e => done(''));""", image.get_attribute("src"))
    path = os.path.join(j.args.screenshots, "crew-code.png")
    with open(path, "wb") as file:
        file.write(base64.b64decode(picture))
    codes = json.loads(subprocess.run([j.args.puzzlemap, "decode", "--json", path], check=True, capture_output=True,
                                      text=True).stdout.splitlines()[0])["codes"]
    if len(codes) != 1 or "/K/" not in codes[0]:
        raise StepFailed(f"the crew's code reads as {codes!r}, not one crew link")
    token = j.facts["friend token"]
    joined = json.loads(api(j, "POST", "/v1/crews/join", {"code": codes[0]}, token=token))
    if [m["username"] for m in joined["members"]] != [USERNAME, FRIEND_USERNAME]:
        raise StepFailed(f"after Grace joined, the crew's members are {joined['members']!r}")
    j.navigate("Crew", "crew-with-grace")
    if f"{FRIEND_NAME} (@{FRIEND_USERNAME})" not in j.section("Members"):
        raise StepFailed(f"'Members' does not list Grace: {j.section('Members')!r}")
    for category in ("Social spots", "Labs and museums", "Lecture halls and libraries"):
        Select(j.field("Category")).select_by_visible_text(category)
        j.press("Get a crew riddle", "crew-riddle")
        if not j.driver.find_elements(By.CSS_SELECTOR, "main .problem"):
            break
    riddle = j.riddle_on_page()
    rules = j.rules
    xp = reward(rules, riddle["difficulty"], 0) + rules["crewBonus"]
    j.expect_words(f"Worth {xp} XP each")
    # Grace gets there first: her app's scan counts for the crew, and the player's page hears it.
    page = j.driver.find_element(By.TAG_NAME, "html")
    first = json.loads(api(j, "POST", "/v1/scans", {"code": j.sticker_link(riddle["checkpoint"])}, token=token))
    if first["outcome"] != "crew_waiting":
        raise StepFailed(f"Grace's scan of the crew riddle's place came to {first['outcome']!r}, not crew_waiting")
    try:
        WebDriverWait(j.driver, LIVE_NEWS_WAIT, poll_frequency=0.1).until(
            lambda d: f"{FRIEND_NAME} is at your crew riddle's place" in d.find_element(By.CSS_SELECTOR, "[data-live-stream]").text)
    except TimeoutException:
        raise StepFailed("the player's crew page did not hear of Grace's scan by itself")
    if page_left(page)(j.driver):
        raise StepFailed("the crew page showed Grace's scan by loading again, not by itself")
    j.screenshot(f"{j.page_number:02d}-crew-news-live")
    j.navigate("Scan", "crew-scan")
    j.field("Photo of the code").send_keys(os.path.abspath(j.code_picture(riddle["checkpoint"])))
    j.press("Send", "crew-solved")
    j.expect_heading("Riddle solved!")
    j.expect_text(f"Solved together with {FRIEND_NAME}")
    j.expect_words(f"+{xp} XP")
    j.facts["xp"] += xp
    standing = json.loads(api(j, "GET", "/v1/me/progress", token=token))
    if standing["xp"] < xp:
        raise StepFailed(f"Grace's XP is {standing['xp']} after the crew's solve, not at least {xp}")
    if "better-together" not in [badge["id"] for badge in standing["badges"]["earned"]]:
        raise StepFailed("Grace did not earn the crew badge Better Together by the crew's solve")


def crew_ranks_and_takes_a_friend_back_by_invitation(j):
    """The crews' board ranks the player's crew by the riddle it solved together; the player
    leaves the crew, Grace (its leader now) invites them back from her app, and the player's
    crew page offers the invitation, which they accept."""
    j.navigate("Me", "crew-badge-progress")
    j.expect_text("Better Together")
    j.navigate("Crew", "crew-before-board")
    j.press("See how crews rank", "crew-board")
    j.expect_heading("Leaderboard")
    j.expect_text("Your crew Night Owls is number 1, with riddles solved together: 1.")
    row = j.driver.find_element(By.CSS_SELECTOR, "table.board tr.mine")
    if "Night Owls" not in squash(row.text):
        raise StepFailed(f"the crews' board marks {row.text!r} as the player's crew, not Night Owls")
    j.navigate("Crew", "crew-to-leave")
    j.press("Leave the crew", "crew-left")
    j.expect_text("You left the crew.")
    invited = json.loads(api(j, "POST", "/v1/me/crew/invitations", {"username": USERNAME}, token=j.facts["friend token"]))
    if invited["crew"] != "Night Owls":
        raise StepFailed(f"Grace's invitation is into {invited['crew']!r}, not Night Owls")
    j.navigate("Crew", "crew-invited")
    j.expect_text(f"{FRIEND_NAME} invites you into Night Owls")
    j.press("Join", "crew-rejoined")
    j.expect_text("You joined the crew.")
    if f"{FRIEND_NAME} (@{FRIEND_USERNAME}), leader" not in j.section("Members"):
        raise StepFailed(f"after accepting, 'Members' does not show Grace leading: {j.section('Members')!r}")


FRIEND_EMAIL = "grace@student.gla.ac.uk"
FRIEND_USERNAME = "grace_hopper"
FRIEND_NAME = "Grace"


def api(j, method, path, body=None, token=None):
    """A call to the JSON API, as another player's app would make it."""
    request = urllib.request.Request(j.url(path), method=method,
                                     data=json.dumps(body).encode() if body is not None else None)
    if body is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as response:
        return response.read()


def level_offers(campus):
    """The titles of Campus/offers.yaml's offers unlocked by a level, by that level."""
    text = open(os.path.join(campus, "offers.yaml"), encoding="utf-8").read()
    offers = {}
    for block in re.split(r"^  - id: ", text, flags=re.MULTILINE)[1:]:
        title, unlock = re.search(r"^    title: (.*)$", block, re.MULTILINE), re.search(r"unlock: \{ level: (\d+) \}", block)
        if title and unlock:
            offers.setdefault(int(unlock[1]), []).append(unquote(title[1].strip()))
    return offers


def freebies(j):
    """The freebies the player's level has unlocked (none before level 2), and what is coming
    up says how far each other one is. The riddles drawn decide the XP, so the level varies."""
    j.navigate("Freebies", "freebies")
    j.expect_heading("Your freebies")
    reached = level(j.rules, j.facts["xp"])
    unlocked = [title for at, titles in level_offers(j.args.campus).items() if at <= reached for title in titles]
    if unlocked:
        ready = j.section("Ready for the counter")
        for title in unlocked:
            if title not in ready:
                raise StepFailed(f"level {reached} unlocks {title!r}, but 'Ready for the counter' says {ready[:400]!r}")
    else:
        j.expect_text("No freebies yet.")
    coming = j.section("Coming up")
    to_level_three = j.rules["levels"][2] - j.facts["xp"]
    for wanted in ("A free regular coffee", f"Earn {to_level_three} more XP to reach level 3.",
                   f"{j.facts['xp']} of {j.rules['levels'][2]} XP", "Earn the badge "):
        if wanted not in coming:
            raise StepFailed(f"'Coming up' does not say {wanted!r}: {coming[:600]!r}")


def friend_by_photo(j):
    """Another player shows their friend code; a photo of it makes them friends at once."""
    password = "compiler-pioneer-1952"
    api(j, "POST", "/v1/accounts", {"email": FRIEND_EMAIL, "username": FRIEND_USERNAME, "password": password,
                                    "displayName": FRIEND_NAME})
    token = json.loads(api(j, "POST", "/v1/sessions", {"login": FRIEND_USERNAME, "password": password}))["accessToken"]
    j.facts["friend token"] = token
    picture = os.path.abspath(os.path.join(j.args.screenshots, "friend-code-of-grace.png"))
    with open(picture, "wb") as file:
        file.write(api(j, "GET", "/v1/me/friend-code.png", token=token))
    j.navigate("Friends", "friends")
    j.expect_heading("Friends")
    j.expect_text("No friends yet: add one below.")
    photo = j.field("Photo of your friend's code")
    if photo.get_attribute("type") != "file":
        raise StepFailed(f"'Photo of your friend's code' is an input of type {photo.get_attribute('type')!r}, not a file")
    photo.send_keys(picture)
    j.press("Add from their code", "befriended")
    j.expect_heading("Friends")
    j.expect_text("You are friends now.")
    friends = j.section("Your friends")
    if f"{FRIEND_NAME} (@{FRIEND_USERNAME})" not in friends:
        raise StepFailed(f"'Your friends' does not list {FRIEND_NAME}: {friends!r}")
    j.control(f"Unfriend {FRIEND_NAME}")
    if not j.driver.find_elements(By.CSS_SELECTOR, "main img[src='/friends/code.png']"):
        raise StepFailed("the friends page does not show the player's own friend code")
    # A friend's name opens their profile: level, what they solved, when they last scored, badges.
    j.press(f"{FRIEND_NAME} (@{FRIEND_USERNAME})", "friend-profile")
    j.expect_heading(FRIEND_NAME)
    j.expect_text(f"@{FRIEND_USERNAME}")
    j.expect_words("Level 1")
    j.expect_text("Has not scored yet.")
    if "Labs and museums: 0" not in j.section("Riddles solved"):
        raise StepFailed(f"a friend's profile does not count their solves: {j.section('Riddles solved')!r}")
    j.expect_text("No badges yet.")
    j.expect_current_tab_none_but_more()
    j.press("Back to your friends", "friends-again")
    j.expect_heading("Friends")


def leaderboard(j):
    """This week's board has the player first; the friends' all-time board has them too, and
    the friend, who explored a place through their app, second with its XP."""
    scanned = json.loads(api(j, "POST", "/v1/scans", {"code": j.sticker_link(FIRST_STICKER)}, token=j.facts["friend token"]))
    explore = j.rules["explore"]
    if (scanned["outcome"], scanned["xpAwarded"]) != ("explored", explore):
        raise StepFailed(f"the friend's scan of {FIRST_STICKER} came to {scanned['outcome']!r} for {scanned['xpAwarded']} XP, "
                         f"not 'explored' for {explore}")
    j.navigate("Leaderboard", "leaderboard")
    j.expect_heading("Leaderboard")
    j.expect_text(f"You are number 1 with {j.facts['xp']} XP.")
    j.press("Friends", "leaderboard-friends")
    j.press("All time", "leaderboard-friends-all-time")
    j.expect_text("All-time XP, you and your friends")
    j.expect_text(f"@{USERNAME}")
    rows = [squash(row.text) for row in j.driver.find_elements(By.XPATH, "//table[caption]/tbody/tr")]
    friend = f"2 {FRIEND_NAME} @{FRIEND_USERNAME} {level(j.rules, explore)} {explore}"
    if friend not in rows:
        raise StepFailed(f"the friends' board has no line {friend!r}: {rows!r}")


ORGANISER_EMAIL = "olive@gla.ac.uk"
ORGANISER_USERNAME = "olive_organiser"
ORGANISER_PASSWORD = "organise the hunt well"
BROADCAST = "The library is closed this afternoon: lecture riddles there wait until tomorrow."


def as_someone_else(j):
    """Puts this browser's cookies aside (the player's session) and gives them back after."""
    kept = j.driver.get_cookies()
    j.driver.delete_all_cookies()
    def restore():
        j.driver.delete_all_cookies()
        for cookie in kept:
            j.driver.add_cookie({key: cookie[key] for key in ("name", "value", "path", "httpOnly") if key in cookie})
    return restore


def organiser_closes_a_place_and_tells_players(j):
    """An organiser (an account `puzzlemap admin add` made one) signs in, lands on the console,
    closes a checkpoint with a note and sends a message; the player's next page shows the
    message and the map shows the place closed (with the note once the player has found it)."""
    api(j, "POST", "/v1/accounts", {"email": ORGANISER_EMAIL, "username": ORGANISER_USERNAME, "password": ORGANISER_PASSWORD,
                                    "displayName": "Olive"})
    subprocess.run([j.args.puzzlemap, "admin", "add", ORGANISER_EMAIL, "--data-dir", j.args.data_dir,
                    "--campus", j.args.campus, "--riddles", j.args.riddles], check=True, capture_output=True)
    restore = as_someone_else(j)
    j.open("/sign-in", "organiser-sign-in")
    j.fill("Username or email", ORGANISER_USERNAME)
    j.fill("Password", ORGANISER_PASSWORD)
    j.press("Sign in", "console")
    j.expect_heading("Console")
    j.fill("A new message (it replaces the one shown): errata, a closed building, a change of plan", BROADCAST)
    j.press("Show it to every player", "console-broadcast-sent")
    j.expect_text("Every player now sees your message.")
    j.expect_text(f"Shown now: “{BROADCAST}”")
    place_id, place = next((id, p) for id, p in j.checkpoints.items() if p["category"] == "lecture")
    # At 320 px the console stays a page one can scroll: each place's actions fold away.
    height = j.driver.execute_script("return document.documentElement.scrollHeight")
    if height > 9000:
        raise StepFailed(f"the console is {height} px long at this width: the places' actions should fold away")
    card = j.driver.find_element(By.ID, f"checkpoint-{place_id}")
    card.find_element(By.TAG_NAME, "summary").click()
    card.find_element(By.NAME, "note").send_keys("Closed for a fire drill until 16:00")
    j.leave_by(card.find_element(By.XPATH, ".//button[normalize-space()='Close for now']"), "console-closed")
    j.expect_text(f"{place['name']} is closed for now.")
    j.expect_text("Closed: “Closed for a fire drill until 16:00” (olive_organiser")
    j.expect_words("Closed a checkpoint")
    # Replacing a code stops the printed sticker at once: asked for on a page of its own.
    other_id, other = next((id, p) for id, p in j.checkpoints.items() if id != place_id)
    other_card = j.driver.find_element(By.ID, f"checkpoint-{other_id}")
    other_card.find_element(By.TAG_NAME, "summary").click()
    j.leave_by(other_card.find_element(By.LINK_TEXT, "Replace its code…"), "console-replace-code")
    j.expect_heading(f"Replace the code of {other['name']}?")
    j.expect_text(f"The sticker now at {other['name']} stops counting at once")
    j.press("No, keep the code", "console-code-kept")
    j.expect_heading("Console")
    # The content the hunt plays is a published version; what it changed has a page of its own.
    j.expect_text("Published versions")
    j.leave_by(j.driver.find_element(By.LINK_TEXT, "What changed"), "console-version-changes")
    j.expect_heading("What version 1 changed")
    j.expect_text("The first version kept: everything in it is new.")
    j.leave_by(j.driver.find_element(By.LINK_TEXT, "Back to the console"), "console-back")
    # An organiser rewords a riddle's insider fact in the browser: left empty it is refused beside
    # its field with nothing published, and the words typed stay; then it is saved and played.
    card = j.driver.find_element(By.ID, f"checkpoint-{place_id}")
    card.find_element(By.TAG_NAME, "summary").click()
    j.leave_by(card.find_element(By.PARTIAL_LINK_TEXT, "Edit its riddle"), "console-riddle-edit")
    riddle_id = j.driver.find_element(By.TAG_NAME, "h1").text.split()[-1]
    j.expect_heading(f"Edit riddle {riddle_id}")
    insider = j.field("The insider fact, shown once it is solved").get_attribute("value")
    j.fill("The insider fact, shown once it is solved", " ")
    j.fill("Hint 3", "A third hint typed before the mistake was found.")
    j.press("Save to the draft", "console-riddle-refused")
    j.expect_text(f"riddle '{riddle_id}' has an empty insider. Write the insider; players see it.")
    if j.field("Hint 3").get_attribute("value") != "A third hint typed before the mistake was found.":
        raise StepFailed("the refused form lost what the organiser typed")
    if j.field("The insider fact, shown once it is solved").get_attribute("aria-invalid") != "true":
        raise StepFailed("the empty insider fact is not marked invalid for screen readers")
    j.fill("The insider fact, shown once it is solved", insider + " Ask at the front desk for the guided tour.")
    j.press("Save to the draft", "console-riddle-saved")
    j.expect_heading("The draft")
    j.expect_text("The riddle is saved in the draft. Preview it, then publish.")
    j.expect_text("Riddles changed")
    j.expect_text(f"({riddle_id})")
    j.press("Publish the draft", "console-draft-published")
    j.expect_text("Published: every player plays the new version now")
    j.expect_text("edited in the console")
    # The organiser has no player account: the Play page says so, and where their work is.
    j.open("/play", "organiser-on-play")
    j.expect_text("Playing is for player accounts: an organiser's account runs the hunt and does not score.")
    j.expect_text("Run the hunt from the console.")
    restore()
    # The closed place's sticker says it is closed, and offers nothing to claim.
    j.open(j.sticker_link(place_id), "sticker-of-closed-place")
    j.expect_heading("This place is closed for now")
    j.expect_text("Closed for a fire drill until 16:00")
    if j.has_control("Claim this place"):
        raise StepFailed("the sticker of a closed place still offers 'Claim this place'")
    j.open("/map", "map-with-closed-place")
    j.expect_text(f"From the organisers: {BROADCAST}")
    entry = squash(j.driver.find_element(By.ID, f"place-{list(j.checkpoints).index(place_id) + 1}").text)
    if "Closed by the organisers" not in entry:
        raise StepFailed(f"the map's entry for {place['name']} does not say the organisers closed it: {entry!r}")
    # The note may name the place, so it shows only once the player has found it.
    found = "Not found yet" not in entry
    if found != ("Closed for a fire drill until 16:00" in entry):
        raise StepFailed(f"the map's entry for {place['name']} (found: {found}) shows the organisers' note wrongly: {entry!r}")


NEW_PLACE = "Sandbox Studio, the makers' basement under the Boyd Orr" if LONG_NAMES else "Sandbox Studio"
NEW_RIDDLE = "Below a tower of lecture theatres, where students build what they dream up."


def sign_in_as_organiser(j, name):
    """Signs this browser in as the organiser, the player's cookies put aside; gives them back after."""
    restore = as_someone_else(j)
    j.open("/sign-in", f"{name}-sign-in")
    j.fill("Username or email", ORGANISER_USERNAME)
    j.fill("Password", ORGANISER_PASSWORD)
    j.press("Sign in", name)
    j.expect_heading("Console")
    return restore


def printed_sticker_link(j, sheet_path, name):
    """Downloads a sheet as the organiser's browser would, prints its page to an image and
    reads the code on it as a phone's camera would."""
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in j.driver.get_cookies())
    request = urllib.request.Request(j.url(sheet_path), headers={"Cookie": cookies})
    with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as response:
        if response.headers.get("Content-Type") != "application/pdf":
            raise StepFailed(f"{sheet_path} is {response.headers.get('Content-Type')!r}, not a PDF")
        pdf = response.read()
    path = os.path.join(j.args.screenshots, f"{name}.pdf")
    with open(path, "wb") as file:
        file.write(pdf)
    subprocess.run(["pdftoppm", "-png", "-r", "150", "-singlefile", path, path[:-4]], check=True, capture_output=True)
    output = subprocess.run([j.args.puzzlemap, "decode", "--json", path[:-4] + ".png"], check=True, capture_output=True, text=True).stdout
    codes = json.loads(output.splitlines()[0])["codes"]
    if len(codes) != 1:
        raise StepFailed(f"the printed sheet {sheet_path} decodes to {codes!r}, not one link")
    return codes[0]


def campus_plan_svg(checkpoints, width=800, height=450, margin=60):
    """An organiser's own drawing of the campus: a lawn, a path, a block per place and its name
    (as a drawing program exports it, with a script and an outside picture it must not keep);
    and where each place is on it, in the pixels of the plan the service makes (twice as wide)."""
    points = {}
    lats = [place["coordinates"][1] for place in checkpoints.values()]
    shrink = math.cos(math.radians(lats[0]))
    xs = [place["coordinates"][0] * shrink for place in checkpoints.values()]
    scale = min((width - 2 * margin) / (max(xs) - min(xs)), (height - 2 * margin) / (max(lats) - min(lats)))
    shapes = []
    for id, place in checkpoints.items():
        x = margin + (place["coordinates"][0] * shrink - min(xs)) * scale
        y = height - margin - (place["coordinates"][1] - min(lats)) * scale
        points[id] = (round(x * 2), round(y * 2))
        shapes.append(f'<rect x="{x - 14:.1f}" y="{y - 10:.1f}" width="28" height="20" fill="#b9a98f"/>'
                      f'<text x="{x:.1f}" y="{y + 24:.1f}" font-size="9" text-anchor="middle">{html.escape(place["name"])}</text>')
    svg = (f'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
           f'<script>alert("kept")</script><rect width="{width}" height="{height}" fill="#dcebd0"/>'
           f'<path d="M0 {height / 2} H{width}" stroke="#fff" stroke-width="8"/>'
           f'<image href="http://192.0.2.1/logo.png" width="40" height="40"/>{"".join(shapes)}</svg>')
    return svg, points


def pin_on_the_plan(j, number, point, place_name):
    """Taps the plan's picture where a place is, and names the place for that pin."""
    picture = j.driver.find_element(By.CSS_SELECTOR, "svg[data-pin-picture]")
    width = float(j.driver.execute_script("return arguments[0].viewBox.baseVal.width", picture))
    shown = picture.size["width"] / width
    choose(j, f"Pin {number}")
    ActionChains(j.driver).move_to_element_with_offset(
        picture, int(point[0] * shown - picture.size["width"] / 2), int(point[1] * shown - picture.size["height"] / 2)).click().perform()
    fieldset = j.driver.find_element(By.XPATH, f"//fieldset[legend[normalize-space()='Pin {number}']]")
    typed = (fieldset.find_element(By.CSS_SELECTOR, f"#field-pin{number}-x").get_attribute("value"),
             fieldset.find_element(By.CSS_SELECTOR, f"#field-pin{number}-y").get_attribute("value"))
    if abs(int(typed[0]) - point[0]) > 12 or abs(int(typed[1]) - point[1]) > 12:
        raise StepFailed(f"tapping the plan at {point} put {typed} in pin {number}")
    Select(fieldset.find_element(By.TAG_NAME, "select")).select_by_visible_text(place_name)


def organiser_pins_a_campus_plan_and_players_see_it(j):
    """An organiser uploads their own drawing of the campus (an SVG with a script in it), pins
    two places on it by tapping, sees the places drawn over it; the player's map then shows it."""
    svg, points = campus_plan_svg(j.checkpoints)
    path = os.path.join(j.args.screenshots, "campus-plan.svg")
    with open(path, "w", encoding="utf-8") as file:
        file.write(svg)
    restore = sign_in_as_organiser(j, "console-for-plan")
    j.press("Campus plan", "console-campus-plan")
    j.expect_heading("Campus plan")
    j.field("A map of the campus").send_keys(os.path.abspath(path))
    j.press("Upload the plan", "console-plan-uploaded")
    j.expect_text("The plan is uploaded. Pin it to campus so players see it.")
    j.expect_text("Not pinned yet: players still see the drawn plan.")
    # The two places farthest apart east to west.
    ids = sorted(points, key=lambda id: points[id][0])
    west, east = j.checkpoints[ids[0]], j.checkpoints[ids[-1]]
    pin_on_the_plan(j, 1, points[ids[0]], west["name"])
    pin_on_the_plan(j, 2, points[ids[-1]], east["name"])
    j.press("Pin the plan", "console-plan-pinned")
    j.expect_text("The plan is pinned: players' maps now draw the places over it.")
    dots = j.driver.find_elements(By.CSS_SELECTOR, "svg[data-pin-picture] circle.other")
    if len(dots) != len(j.checkpoints):
        raise StepFailed(f"the pinned plan draws {len(dots)} places, the campus has {len(j.checkpoints)}")
    served = j.driver.find_element(By.CSS_SELECTOR, "svg[data-pin-picture] image").get_attribute("href")
    restore()
    j.open("/map", "map-on-the-plan")
    picture = j.driver.find_elements(By.CSS_SELECTOR, "main svg[role=img] image")
    if not picture or picture[0].get_attribute("href") != served:
        raise StepFailed(f"the player's map does not draw the organisers' plan {served}")
    kind = j.driver.execute_script("return fetch(arguments[0]).then(r => r.headers.get('Content-Type'))", served)
    if kind != "image/webp":
        raise StepFailed(f"the plan's picture is served as {kind!r}")


def organiser_adds_a_place_and_its_riddle(j):
    """An organiser adds a checkpoint by tapping the plan, writes its riddle (a hint left out is
    refused beside it, nothing typed lost), previews it as a player sees it, publishes, and
    prints the new place's sticker from the console."""
    restore = sign_in_as_organiser(j, "console-for-authoring")
    j.press("Add a place", "console-new-place")
    j.expect_heading("Add a place")
    plan = j.driver.find_element(By.CSS_SELECTOR, "svg[data-pick]")
    ActionChains(j.driver).move_to_element_with_offset(plan, plan.size["width"] // 5, plan.size["height"] // 4).click().perform()
    latitude, longitude = j.field("Latitude").get_attribute("value"), j.field("Longitude").get_attribute("value")
    if not latitude or not longitude:
        raise StepFailed("tapping the plan put no latitude and longitude in the form")
    j.fill("Name", NEW_PLACE)
    j.fill("Building", "Boyd Orr Building")
    Select(j.field("Category")).select_by_visible_text("Social spots")
    j.fill("Floor (0 is the ground floor, -1 the first basement)", "-1")
    choose(j, "coffee")
    j.fill("Facts, one a line", "Opened in 2024 with 3D printers anyone may book.")
    j.press("Save to the draft", "console-place-saved")
    j.expect_heading(f"A new riddle for {NEW_PLACE}")
    j.expect_text(f"{NEW_PLACE} is in the draft. Now write its riddle")
    Select(j.field("Difficulty")).select_by_visible_text("Hard")
    j.fill("The riddle", NEW_RIDDLE)
    j.fill("Hint 1", "Look under the tallest teaching building on the hill.")
    j.fill("Hint 3", "Its name is a children's playground.")
    j.fill("The insider fact, shown once it is solved", "Student societies prototype their inventions here.")
    j.press("Save to the draft", "console-riddle-missing-hint")
    place_id = j.driver.find_element(By.NAME, "checkpoint").get_attribute("value")
    riddle_id = f"{place_id}-1"
    j.expect_text(f"hint 2 of riddle '{riddle_id}' is empty. Write all three hints")
    missing = j.field("Hint 2")
    if missing.get_attribute("aria-invalid") != "true":
        raise StepFailed("the missing hint is not marked invalid beside its field")
    said = j.driver.find_element(By.ID, missing.get_attribute("aria-describedby")).text
    if "hint 2" not in said:
        raise StepFailed(f"the problem beside Hint 2 says {said!r}")
    if j.field("Hint 3").get_attribute("value") != "Its name is a children's playground.":
        raise StepFailed("the refused riddle lost what the organiser typed")
    j.fill("Hint 2", "Go down the stairs, not up.")
    j.press("Save to the draft", "console-draft")
    j.expect_heading("The draft")
    j.expect_text("The new riddle is in the draft. Preview it, then publish.")
    j.expect_text(f"New places {NEW_PLACE} ({place_id})")
    # A café joins with a freebie, in the same draft.
    j.press("Back to the console", "console-before-freebie")
    j.press("Freebies", "console-freebies")
    j.press("Add a freebie", "console-new-freebie")
    j.expect_heading("Add a freebie")
    j.fill("Title", "A free pastry at the studio")
    j.fill("What the player gets, as the counter reads it", "Any pastry from the basket by the till.")
    Select(j.field("Unlocked by")).select_by_visible_text(f"Reaching level {len(j.rules['levels'])}")
    j.fill("Stock (vouchers the shop agreed to give)", "lots")
    j.press("Save to the draft", "console-freebie-refused")
    j.expect_text("'lots' is not a whole number. Write a whole number, such as 100.")
    j.fill("Stock (vouchers the shop agreed to give)", "40")
    j.press("Save to the draft", "console-freebie-saved")
    j.expect_text("The freebie is saved in the draft. Publish when you are ready.")
    # A badge for finding the new place, and a quiz question, in the same draft.
    j.open("/console/badges", "console-badges")
    j.press("Add a badge", "console-new-badge")
    j.expect_heading("Add a badge")
    j.fill("Name", "Basement Dweller")
    j.fill("What to do to earn it, as players read it", f"Find {NEW_PLACE}.")
    Select(j.field("Earned by")).select_by_visible_text("Visiting every one of some places")
    j.press("Save to the draft", "console-badge-without-places")
    earned_by = j.field("Earned by")
    if earned_by.get_attribute("aria-invalid") != "true":
        raise StepFailed("a visiting badge with no place ticked is not marked beside 'Earned by'")
    j.expect_text("a badge for visiting places names no place. Tick the places a player must find.")
    if j.field("Name").get_attribute("value") != "Basement Dweller":
        raise StepFailed("the refused badge lost its name")
    choose(j, NEW_PLACE)
    j.press("Save to the draft", "console-badge-saved")
    j.expect_text("The badge is saved in the draft. Publish when you are ready.")
    j.expect_text(f"Basement Dweller Visit {NEW_PLACE}")
    j.press("Add a question", "console-new-question")
    j.expect_heading("Add a quiz question")
    j.fill("The statement", "I would rather build the thing than read about it.")
    j.fill("Strongly agree", "engineering 2, tinkering 1")
    j.fill("Agree", "engineering 1")
    j.fill("Strongly disagree", "art 1")
    j.press("Save to the draft", "console-question-unknown-trait")
    j.expect_text("'tinkering'")
    if j.field("Strongly agree").get_attribute("value") != "engineering 2, tinkering 1":
        raise StepFailed("the refused question lost its weights")
    j.fill("Strongly agree", "engineering 2, science 1")
    j.press("Save to the draft", "console-question-saved")
    j.expect_text("The question is saved in the draft. Players who sign up after the publish answer it.")
    j.press("The draft: review and publish", "console-draft-with-freebie")
    j.expect_text("New freebies A free pastry at the studio")
    j.expect_text("New badges Basement Dweller (basement-dweller)")
    j.expect_text("New quiz questions I would rather build the thing than read about it.")
    j.press("Preview", "console-preview")
    j.expect_heading("Preview: the riddle as a player sees it")
    j.expect_text(NEW_RIDDLE)
    j.expect_text("Go down the stairs, not up.")
    j.expect_text(f"{NEW_PLACE}, Boyd Orr Building, floor -1")
    j.press("The draft: review and publish", "console-draft-again")
    j.press("Publish the draft", "console-published")
    j.expect_text("Published: every player plays the new version now")
    j.expect_text("Print the stickers of the new places:")
    # A place is found on the console by typing part of its name.
    j.fill("Find a place by its name or id", "sandbox stud")
    shown = [card.find_element(By.TAG_NAME, "h3").text for card in j.driver.find_elements(By.CSS_SELECTOR, "#checkpoints ~ ul.cards > li")
             if card.is_displayed()]
    if len(shown) != 1 or NEW_PLACE not in shown[0]:
        raise StepFailed(f"typing the new place's name in 'Find a place' shows {shown!r}")
    sheet = j.control(f"{NEW_PLACE} (PDF)").get_attribute("href")
    j.facts["new place"], j.facts["new riddle"] = place_id, riddle_id
    j.facts["new sticker"] = printed_sticker_link(j, urllib.parse.urlparse(sheet).path, "new-place-sheet")
    restore()


def new_riddle_played_then_rolled_back(j):
    """The player asks for a hard social riddle until the new one comes (giving up the others);
    the friend, who got it too, scans the printed sticker and solves it; the organiser plays
    the version before again, and the player who held it is released with a note."""
    j.open("/play", "play-for-new-riddle")
    for attempt in range(6):
        if j.has_control("Open"):
            j.press("Open", f"held-riddle-{attempt}")
        else:
            choose(j, f"Hard: {reward(j.rules, 'hard', 0)} XP")
            j.press(f"Get a {RIDDLE_CATEGORY} riddle", f"asked-riddle-{attempt}")
        j.expect_heading("Your riddle")
        if NEW_RIDDLE in j.text():
            break
        j.press("Give up this riddle", f"gave-up-{attempt}")
    else:
        raise StepFailed("asking for hard social riddles never gave the new one")
    token = j.facts["friend token"]
    questions = json.loads(api(j, "GET", "/v1/quiz", token=token))["questions"]
    api(j, "PUT", "/v1/me/quiz", {"answers": {question["id"]: "agree" for question in questions}}, token=token)
    for _ in range(6):
        held = json.loads(api(j, "POST", "/v1/riddles", {"category": "social", "difficulty": "hard"}, token=token))
        if held["riddle"]["text"] == NEW_RIDDLE:
            break
        api(j, "DELETE", f"/v1/riddles/{held['riddle']['id']}", token=token)
    else:
        raise StepFailed("the friend never got the new riddle")
    scanned = json.loads(api(j, "POST", "/v1/scans", {"code": j.facts["new sticker"]}, token=token))
    if scanned["outcome"] != "solved":
        raise StepFailed(f"the friend's scan of the new place's printed sticker came to {scanned['outcome']!r}, not 'solved'")
    restore = sign_in_as_organiser(j, "console-for-rollback")
    version = j.driver.find_element(By.XPATH, "//ul[contains(@class,'versions')]/li[2]")
    j.leave_by(version.find_element(By.XPATH, ".//button[normalize-space()='Play this version again']"), "console-rolled-back")
    j.expect_text("The earlier version is played again; players holding a riddle it does not play were released and told.")
    restore()
    j.open("/play", "play-after-rollback")
    j.expect_text("Your riddle in Social spots was taken out: its place is no longer part of the hunt.")
    # Its printed sticker, photographed now, says the place has left the hunt (not that it is a bad code).
    j.open(urllib.parse.urlparse(j.facts["new sticker"]).path, "retired-place-sticker")
    j.expect_heading("This place has left the hunt")
    j.expect_text("Nothing you found here is lost; ask for another riddle.")


BARISTA_EMAIL = "barista@kimchi-cafe.example"  # a shop's own address, not the university's
BARISTA_NAME = "Samanthathebaristaofthekimchicafecountr1" if LONG_NAMES else "Sam"
BARISTA_PASSWORD = "oat-flat-white-at-dawn"


def offer_partner(campus, title):
    """The partner's name of the offer with this title, from Campus/offers.yaml."""
    text = open(os.path.join(campus, "offers.yaml"), encoding="utf-8").read()
    partners = dict(re.findall(r"^  - id: (\S+)\n    name: (.*)$", text, flags=re.MULTILINE))
    for block in re.split(r"^  - id: ", text, flags=re.MULTILINE)[1:]:
        found_title, partner = re.search(r"^    title: (.*)$", block, re.MULTILINE), re.search(r"^    partner: (\S+)$", block, re.MULTILINE)
        if found_title and partner and unquote(found_title[1].strip()) == title:
            return unquote(partners[partner[1]].strip())
    raise StepFailed(f"no offer titled {title!r} in offers.yaml")


def mailed_link(j, recipient, pattern):
    """The first link matching `pattern` in the newest mail to `recipient`."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        for path in sorted(glob.glob(os.path.join(j.args.mail_dir, "*.eml")), reverse=True):
            message = open(path, encoding="utf-8").read()
            if re.search(rf"^To: {re.escape(recipient)}$", message, flags=re.MULTILINE):
                match = re.search(pattern, message)
                if not match:
                    raise StepFailed(f"the mail to {recipient} has no link like {pattern!r}: {message!r}")
                return match[0]
        time.sleep(0.2)
    raise StepFailed(f"no mail reached {recipient} within {WAIT_SECONDS} s")


def organiser_invites_a_barista(j):
    """An organiser (made with `puzzlemap admin add`) invites the barista of the partner whose
    freebie the player holds, at the shop's own address: the page shows the link once."""
    if "voucher title" not in j.facts:
        raise StepFailed("no freebie was shown for the counter earlier in the journey")
    try:
        api(j, "POST", "/v1/accounts", {"email": ORGANISER_EMAIL, "username": ORGANISER_USERNAME, "password": ORGANISER_PASSWORD,
                                        "displayName": "Olive"})
        subprocess.run([j.args.puzzlemap, "admin", "add", ORGANISER_EMAIL, "--data-dir", j.args.data_dir,
                        "--campus", j.args.campus, "--riddles", j.args.riddles], check=True, capture_output=True, text=True)
    except urllib.error.HTTPError as error:
        if error.code != 409:  # 409: an earlier step made the organiser already
            raise
    # The player's browser is set aside while the organiser and the barista use this one.
    j.facts["player cookies"] = j.driver.get_cookies()
    j.facts["back to the player"] = as_someone_else(j)
    j.open("/sign-in?next=/console/staff", "organiser-sign-in-for-staff")
    j.fill("Username or email", ORGANISER_USERNAME)
    j.fill("Password", ORGANISER_PASSWORD)
    j.press("Sign in", "console-staff")
    j.expect_heading("Shop staff")
    partner = offer_partner(j.args.campus, j.facts["voucher title"])
    j.facts["barista partner"] = partner
    j.fill("Their email address", BARISTA_EMAIL)
    Select(j.field("Partner shop")).select_by_visible_text(partner)
    j.press("Send the invitation", "console-staff-invited")
    j.expect_text(f"The invitation is on its way to {BARISTA_EMAIL}.")
    shown = squash(j.driver.find_element(By.CSS_SELECTOR, "main .manual code").text)
    mailed = mailed_link(j, BARISTA_EMAIL, r"https?://\S+/staff/join/[A-Za-z0-9_-]+")
    if shown != mailed:
        raise StepFailed(f"the page shows the link {shown!r}, the mail carries {mailed!r}")
    card = j.section("Invitations")
    for wanted in (BARISTA_EMAIL, partner, "Waiting to be used", "Invited by Olive"):
        if wanted not in card:
            raise StepFailed(f"the invitations list does not say {wanted!r}: {card[:400]!r}")
    j.facts["barista link"] = mailed
    j.navigate("Sign out", "organiser-signed-out")


def barista_joins_from_the_mail(j):
    """The barista opens the mailed link, chooses a name and a password, and is at the counter."""
    j.open(j.facts["barista link"], "staff-join")
    j.expect_heading(f"Join {j.facts['barista partner']} on Puzzle Map")
    j.expect_text(f"You will sign in with {BARISTA_EMAIL}")
    j.fill("Your name, as players and organisers see it", BARISTA_NAME)
    j.fill("Password (at least 10 characters)", BARISTA_PASSWORD)
    j.press("Join as staff", "counter")
    j.expect_heading("Counter")
    j.expect_text("None yet today.")
    if not j.has_control("Counter", within="nav") or j.has_control("Riddles", within="nav"):
        raise StepFailed(f"staff's bar should lead to the counter, not the game: {j.controls('nav')!r}")


def voucher_card(browser, title):
    cards = [card for card in browser.find_elements(By.CSS_SELECTOR, "li.voucher") if title in card.text]
    return cards[0] if cards else None


def barista_redeems_a_photo_of_the_phone_screen(j):
    """The barista photographs the code on the player's phone: green, the freebie and for whom.
    On the player's phone, open on the freebies page, the card turns to claimed by itself and
    the news says so, without a reload."""
    phone = j.new_browser()
    try:
        phone.get(j.url("/"))
        for cookie in j.facts["player cookies"]:
            phone.add_cookie({key: cookie[key] for key in ("name", "value", "path", "httpOnly") if key in cookie})
        phone.get(j.url("/freebies"))
        page = phone.find_element(By.TAG_NAME, "html")
        card = voucher_card(phone, j.facts["voucher title"])
        if card is None or "Ready to claim" not in card.text:
            raise StepFailed(f"the player's phone does not show {j.facts['voucher title']!r} ready to claim")
        j.field("Photo of the customer's code").send_keys(j.facts["voucher picture"])
        j.press("Redeem", "counter-redeemed")
        tapped = time.monotonic()
        try:
            WebDriverWait(phone, LIVE_NEWS_WAIT, poll_frequency=0.1).until(
                lambda d: "Claimed" in voucher_card(d, j.facts["voucher title"]).find_element(By.CSS_SELECTOR, ".status").text)
        except TimeoutException:
            raise StepFailed(f"the player's freebies page still shows the voucher unclaimed {LIVE_NEWS_WAIT} s after the barista's tap")
        flipped = time.monotonic() - tapped
        if page_left(page)(phone):
            raise StepFailed("the player's freebies page showed the redemption by loading again, not by itself")
        card = voucher_card(phone, j.facts["voucher title"])
        if card.find_elements(By.CSS_SELECTOR, "img.qr"):
            raise StepFailed("the claimed voucher still shows its code on the player's phone")
        news = squash(phone.find_element(By.CSS_SELECTOR, "[data-live-stream]").text)
        if f"Your freebie was redeemed: {j.facts['voucher title']}. Enjoy!" not in news:
            raise StepFailed(f"the player's page has no news of the redemption: {news!r}")
        j.facts["live flip seconds"] = flipped
        shot = os.path.join(j.args.screenshots, f"{j.page_number:02d}-players-phone-claimed.png")
        phone.save_screenshot(shot)
    finally:
        phone.quit()
    answer = j.driver.find_elements(By.CSS_SELECTOR, "main .answer.yes")
    if not answer or j.driver.find_elements(By.CSS_SELECTOR, "main .answer.no"):
        raise StepFailed(f"the counter's answer is not green: {j.text()[:400]!r}")
    name = j.facts.get("display name", DISPLAY_NAME)  # as the account page left it
    wanted = f"Redeemed: {j.facts['voucher title']}, for {name}"
    if squash(answer[0].find_element(By.CSS_SELECTOR, ".headline").text) != wanted:
        raise StepFailed(f"the green answer says {squash(answer[0].text)!r}, not {wanted!r}")
    rows = [squash(li.text) for li in j.driver.find_elements(By.CSS_SELECTOR, "main .rows li")]
    row = f"· {j.facts['voucher title']}, for {name}"
    if len(rows) != 1 or not rows[0].endswith(row):
        raise StepFailed(f"today's redemptions are {rows!r}, not one line ending {row!r}")
    j.facts["redeemed at"] = rows[0].split(" ")[0]


def second_try_is_refused_naming_who_and_when(j):
    """The same photo again: red, already redeemed, at what time and by whom."""
    j.field("Photo of the customer's code").send_keys(j.facts["voucher picture"])
    j.press("Redeem", "counter-refused")
    answer = j.driver.find_elements(By.CSS_SELECTOR, "main .answer.no")
    if not answer or j.driver.find_elements(By.CSS_SELECTOR, "main .answer.yes"):
        raise StepFailed(f"the counter's second answer is not red: {j.text()[:400]!r}")
    said = squash(answer[0].text)
    for wanted in ("Not redeemed", f"Already redeemed at {j.facts['redeemed at']} by {BARISTA_NAME}.",
                   "Tell the customer each freebie works once: do not hand it over again."):
        if wanted not in said:
            raise StepFailed(f"the red answer does not say {wanted!r}: {said!r}")
    # A mistyped code: what to ask the customer, not what a player would do.
    j.fill("Or type the code", "PM-NOT-A-FREEBIE")
    j.press("Redeem", "counter-mistyped")
    said = squash(j.driver.find_element(By.CSS_SELECTOR, "main .answer.no").text)
    if "Ask the customer to show the code again, or type the code under it." not in said:
        raise StepFailed(f"the counter's answer to a mistyped code does not tell the barista what to ask: {said!r}")
    j.facts["back to the player"]()
LIVE_NEWS_WAIT = 10  # the barista's tap reaches the player's open page within a second; a slow machine gets ten
LIVE_REFRESH_WAIT = 45  # the dashboard fetches itself every 20 s; a slow machine gets two chances


def scans_today(j):
    """The sum of the Scans column of the dashboard's "Today, hour by hour" table, as shown now."""
    return j.driver.execute_script("""
        const table = document.querySelector('[aria-labelledby=today] table');
        if (!table) return null;
        const column = [...table.querySelectorAll('thead th')].findIndex(th => th.innerText.trim() === 'Scans');
        return [...table.querySelectorAll('tbody tr')].reduce((sum, row) => sum + Number(row.children[column].innerText), 0);
    """)


def organiser_dashboard_and_export(j):
    """The organiser of an earlier step opens the live dashboard from a bookmark and signs in; a
    scan made meanwhile is counted on the open page without a reload; the exports page's
    download answers a CSV attachment that lists that scan."""
    j.open("/console/dashboard", "organiser-sign-in")
    j.expect_heading("Sign in")
    j.fill("Username or email", ORGANISER_USERNAME)
    j.fill("Password", ORGANISER_PASSWORD)
    j.press("Sign in", "dashboard")
    j.expect_heading("Live dashboard")
    j.control("Refresh now")  # the way to fresh figures without script
    places = squash(j.driver.find_element(By.CSS_SELECTOR, "[aria-labelledby=places] table").text)
    if "closed by organisers" not in places:
        raise StepFailed(f"the dashboard's places do not show the one the organiser closed: {places[:400]!r}")
    before = scans_today(j)
    if before is None or before < 1:
        raise StepFailed(f"the dashboard counts {before!r} scans today, after the journey's scans")

    # Grace scans a lab's sticker (the organiser closed a lecture hall earlier): a scan, whatever it earns.
    lab = next(id for id, place in j.checkpoints.items() if place["category"] == "lab")
    page = j.driver.find_element(By.TAG_NAME, "html")
    api(j, "POST", "/v1/scans", {"code": j.sticker_link(lab)}, token=j.facts["friend token"])
    try:
        WebDriverWait(j.driver, LIVE_REFRESH_WAIT, poll_frequency=0.5).until(lambda d: scans_today(j) == before + 1)
    except TimeoutException:
        raise StepFailed(f"the open dashboard still counts {scans_today(j)!r} scans today {LIVE_REFRESH_WAIT} s after one more "
                         f"(was {before}): it did not refresh itself")
    if page_left(page)(j.driver):
        raise StepFailed("the dashboard showed the new scan by loading the page again, not by refreshing itself")
    j.screenshot(f"{j.page_number:02d}-dashboard-refreshed")

    j.press("Exports", "exports")
    j.expect_heading("Exports")
    button = j.control("Download scans")
    answer = j.driver.execute_async_script("""
        const [button, done] = [arguments[0], arguments[arguments.length - 1]];
        const query = new URLSearchParams(new FormData(button.form)).toString();
        fetch(button.formAction + '?' + query, {credentials: 'same-origin'})
          .then(r => r.text().then(body => done({status: r.status, type: r.headers.get('Content-Type'),
                                                  disposition: r.headers.get('Content-Disposition'), body})))
          .catch(e => done({status: -1, body: String(e)}));
    """, button)
    if answer["status"] != 200 or not (answer["type"] or "").startswith("text/csv"):
        raise StepFailed(f"'Download scans' answered {answer['status']} {answer.get('type')!r}: {answer['body'][:300]!r}")
    if not (answer["disposition"] or "").startswith("attachment;"):
        raise StepFailed(f"the scans export is not an attachment: Content-Disposition {answer['disposition']!r}")
    lines = answer["body"].split("\r\n")
    if not lines[0].startswith("date,time,scan_id,username,checkpoint_id,"):
        raise StepFailed(f"the scans export starts {lines[0]!r}")
    if not any(f",{FRIEND_USERNAME},{lab}," in line for line in lines[1:]):
        raise StepFailed(f"the scans export has no scan of {lab} by {FRIEND_USERNAME}: {lines[:6]!r}")


def visitor_joins_an_open_day_and_keeps_their_xp(j):
    """An organiser opens an open day and prints its poster; a visitor with no university
    address scans it, joins with a nickname, takes the quiz, claims a sticker, sees the day's
    board, and keeps the XP by signing up."""
    restore = sign_in_as_organiser(j, "console-for-open-day")
    j.press("Open days", "console-open-days")
    j.expect_heading("Open days")
    j.fill("Name, as the poster shows it", "Applicant day")
    j.fill("From (a time such as 10:00)", "25:00")
    j.fill("Until (a time such as 16:00)", "23:59")
    j.press("Open it", "console-open-day-refused")
    j.expect_text("'25:00' is not a time. Write it as 10:00.")
    if j.field("Name, as the poster shows it").get_attribute("value") != "Applicant day":
        raise StepFailed("the refused open day lost its name")
    j.fill("From (a time such as 10:00)", "00:00")
    j.press("Open it", "console-open-day")
    j.expect_heading("Applicant day")
    code = j.driver.find_element(By.CSS_SELECTOR, "main p.manual code").text
    poster = urllib.parse.urlparse(j.control("Print the poster (PDF)").get_attribute("href")).path
    link = printed_sticker_link(j, poster, "open-day-poster")
    if not link.endswith("/open-day/" + code.replace("-", "")):
        raise StepFailed(f"the poster's QR code reads {link!r}, not the join page of code {code}")
    restore()

    restore = as_someone_else(j)
    j.driver.get(link)
    j.arrived("open-day-join")
    j.expect_heading("Join the open day")
    j.expect_text("Welcome to Applicant day. Choose a nickname to play on this phone until 23:59: no email, no password.")
    j.fill("Your nickname, as the day's board shows it", "Ada's mum")
    j.press("Start playing", "open-day-quiz")
    j.expect_heading("What kind of explorer are you?")
    for fieldset in j.driver.find_elements(By.CSS_SELECTOR, "main fieldset"):
        tap(j.driver, fieldset.find_elements(By.TAG_NAME, "label")[1])
    j.press("Show me the campus", "open-day-map")
    j.expect_heading("Campus map")
    # Bute Hall is closed by now (the fire drill); the chapel is open round the clock.
    j.driver.get(j.sticker_link(WRONG_PLACE_STICKER))
    j.arrived("open-day-sticker")
    j.press("Claim this place", "open-day-explored")
    j.expect_heading("You found a place")
    j.navigate("Account", "open-day-account")
    j.expect_text("You are a guest of Applicant day.")
    if j.has_control("Save the password") or j.driver.find_elements(By.ID, "currentPassword"):
        raise StepFailed("a guest, who has no password, is offered to change it")
    j.navigate("Me", "open-day-me")
    j.expect_text("You are playing as an open day's guest.")
    j.press("The open day's board", "open-day-board")
    j.expect_heading("Applicant day")
    j.expect_text(f"You are number 1, with {j.rules['explore']} XP.")
    j.press("Keep my progress: sign up", "open-day-keep")
    j.expect_heading("Keep your progress")
    j.fill("University email", "adas.mum@student.gla.ac.uk")
    j.fill("Username (3 to 20 letters, digits or _)", "adas_mum")
    j.fill("Password (at least 10 characters)", PASSWORD)
    j.press("Sign up and keep my XP", "open-day-kept")
    j.expect_heading("Confirm your email")
    j.fill("Code from the email", j.mailed_code("adas.mum@student.gla.ac.uk"))
    j.press("Confirm", "open-day-verified")
    j.expect_heading("Email confirmed")
    j.navigate("Me", "open-day-progress")
    j.expect_text(f"Level 1 · {j.rules['explore']} XP")
    restore()


def picture_waits_for_an_organiser_then_a_friend_sees_it(j):
    """A photo for the profile: sent from the account page, it waits for an organiser (the
    friend sees the drawn picture chosen meanwhile); let through on the console, the friend sees it."""
    j.navigate("Account", "picture-account")
    choose(j, "Leaf")
    j.press("Use this picture", "picture-avatar")
    j.expect_text("Your drawn picture is saved.")
    j.field("A photo (JPEG, PNG, WebP or an iPhone's HEIC)").send_keys(os.path.abspath(j.code_picture(FIRST_STICKER)))
    j.press("Send the photo", "picture-sent")
    j.expect_text("Your photo is sent. Friends see it once an organiser has looked at it.")
    j.expect_text("Waiting for an organiser: until then friends see your drawn picture.")
    friend = j.facts["friend token"]
    try:
        api(j, "GET", f"/v1/players/{USERNAME}/picture", token=friend)
        raise StepFailed("a friend sees the photo before an organiser has looked at it")
    except urllib.error.HTTPError as error:
        if error.code != 404:
            raise StepFailed(f"a friend asking for the waiting photo gets {error.code}, not 404")
    restore = sign_in_as_organiser(j, "console-for-pictures")
    j.press("Photos to look at", "console-pictures")
    j.expect_heading("Photos to look at")
    button = j.driver.find_element(By.CSS_SELECTOR, "main form.actions button[value=approve]")
    j.leave_by(button, "console-picture-approved")
    j.expect_text("The photo is let through: friends see it now.")
    j.expect_text("No photo is waiting.")
    restore()
    photo = api(j, "GET", f"/v1/players/{USERNAME}/picture", token=friend)
    if photo[8:12] != b"WEBP":
        raise StepFailed("the photo a friend gets is not the WebP the service made")
    j.navigate("Account", "picture-approved")
    j.expect_text("Friends see this photo.")


STEPS = [
    sticker_link_signed_out,
    join,
    verify_email,
    claim_goes_on_after_joining,
    quiz,
    take_riddle,
    hint,
    scan,
    progress,
    claim_wrong_place,
    nothing_recorded,
    mistyped_code_kept_and_unknown_address,
    freebies,
    friend_by_photo,
    leaderboard,
    journal,
    map_and_sticker_report,
    report_from_error_page,
    account,
    offline_photo_sent_once_back_online,
    voucher_for_the_counter,
    freebie_opens_offline,
    settings_turn_sound_off,
    second_language_by_the_browser_and_by_the_setting,
    forged_form_refused,
    organiser_closes_a_place_and_tells_players,
    picture_waits_for_an_organiser_then_a_friend_sees_it,
    organiser_pins_a_campus_plan_and_players_see_it,
    organiser_adds_a_place_and_its_riddle,
    new_riddle_played_then_rolled_back,
    organiser_invites_a_barista,
    barista_joins_from_the_mail,
    barista_redeems_a_photo_of_the_phone_screen,
    second_try_is_refused_naming_who_and_when,
    organiser_voids_the_solves,
    challenge_a_friend_and_win_the_race,
    crew_solves_a_riddle_together,
    crew_ranks_and_takes_a_friend_back_by_invitation,
    signed_out_session_refused,
    organiser_dashboard_and_export,
    visitor_joins_an_open_day_and_keeps_their_xp,
]


# ---------------------------------------------------------------------------------------------


def axe_summary(j):
    """Prints each page's findings; returns how many are serious or critical."""
    failing = 0
    print("\naxe-core on every page (impact: rules)")
    for name, url, violations in j.axe_results:
        by_impact = {}
        for violation in violations:
            by_impact.setdefault(violation["impact"] or "unknown", []).append(
                f"{violation['id']} x{len(violation['nodes'])}")
        failing += sum(len(by_impact.get(impact, [])) for impact in FAILING_IMPACTS)
        line = "; ".join(f"{impact}: {', '.join(rules)}" for impact, rules in sorted(by_impact.items())) or "none"
        print(f"  {name:28} {line}")
        for violation in violations:
            if violation["impact"] in FAILING_IMPACTS:
                for node in violation["nodes"]:
                    print(f"      {violation['impact']} {violation['id']}: {' '.join(node['target'])}: "
                          f"{squash(node.get('failureSummary') or '')[:300]}")
    with open(os.path.join(j.args.screenshots, "axe.json"), "w", encoding="utf-8") as file:
        json.dump([{"page": n, "url": u, "violations": v} for n, u, v in j.axe_results], file, indent=1)
    return failing


def measurement_summary(j):
    """Prints and keeps each page's transferred size and time to usable (--measure)."""
    print(f"\npages over {SLOW_BYTES_PER_SECOND * 8 // 1000} kbit/s with {SLOW_ROUND_TRIP_MS} ms round trips "
          "(bytes transferred, ms to a usable page)")
    with open(os.path.join(j.args.screenshots, "pages.tsv"), "w", encoding="utf-8") as file:
        file.write("page\tpath\tbytes\tms_to_usable\n")
        for name, path, size, usable in j.measurements:
            print(f"  {name:28} {path[:28]:28} {size:7d} B {usable:6d} ms")
            file.write(f"{name}\t{path}\t{size}\t{usable}\n")
    if j.measurements:
        sizes = sorted(size for _, _, size, _ in j.measurements)
        times = sorted(usable for _, _, _, usable in j.measurements)
        print(f"  largest {sizes[-1]} B; median {sizes[len(sizes) // 2]} B; "
              f"time to usable median {times[len(times) // 2]} ms, slowest {times[-1]} ms")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the service's address, e.g. http://127.0.0.1:8080")
    parser.add_argument("--mail-dir", required=True, help="where the sendmail capture keeps each mail as a file")
    parser.add_argument("--screenshots", required=True, help="folder for a PNG of every page, and axe.json")
    parser.add_argument("--codes", required=True, help="folder of the printed codes, <checkpoint>.png (puzzlemap codes --format png)")
    parser.add_argument("--puzzlemap", required=True, help="the puzzlemap binary, to decode a printed code's link")
    parser.add_argument("--data-dir", required=True, help="the service's data folder, for puzzlemap admin add")
    parser.add_argument("--campus", default="Campus")
    parser.add_argument("--riddles", default="Riddles")
    parser.add_argument("--measure", action="store_true",
                        help="a benchmark, not a test: throttle the network and report each page's size and time to usable")
    parser.add_argument("--keep-going", action="store_true",
                        help="run the later steps after one fails (they may fail for its sake)")
    args = parser.parse_args()

    journey = Journey(args)
    passed, failed = 0, 0
    try:
        for step in STEPS:
            try:
                step(journey)
            except Exception as error:  # any failure: name the step and the page, keep the picture
                failed += 1
                url = journey.driver.current_url
                if isinstance(error, StepFailed):
                    message = str(error)
                elif isinstance(error, WebDriverException):
                    message = f"{type(error).__name__}: {error.msg}"
                else:
                    message = f"{type(error).__name__}: {error} (after an earlier step failed?)" if failed > 1 \
                        else f"{type(error).__name__}: {error}"
                if not isinstance(error, StepFailed):
                    traceback.print_exc()
                journey.screenshot(f"{journey.page_number:02d}-FAILED-{step.__name__}")
                print(f"FAIL {step.__name__}: {message}\n     on {url}")
                if args.keep_going:
                    continue
                break
            passed += 1
            print(f"ok   {step.__name__}")
        not_run = len(STEPS) - passed - failed
        failing_axe = axe_summary(journey)
        if args.measure:
            measurement_summary(journey)
    finally:
        journey.quit()
    if "live flip seconds" in journey.facts:
        print(f"the barista's tap reached the player's open freebies page in {journey.facts['live flip seconds']:.2f} s")
    print(f"\n{journey.page_number} pages, screenshots in {args.screenshots}")
    # The axe findings count as one more check beside the steps.
    if failing_axe:
        print(f"axe: {failing_axe} serious or critical rule violation(s) (above)")
        failed += 1
    else:
        passed += 1
    print(f"browser: {passed} passed, {failed} failed" + (f", {not_run} skipped" if not_run else ""))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
