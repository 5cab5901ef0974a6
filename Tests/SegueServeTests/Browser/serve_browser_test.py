#!/usr/bin/env python3
"""segue serve in a real browser: headless Chromium driven by Selenium clicks through the seed flows.

Usage: serve_browser_test.py SEGUE_BINARY REPO_ROOT SCREENSHOT_DIR

Copies flows/ and examples/ to a scratch directory (the test edits the flow file), serves each seed flow on a
free loopback port, and checks what a person would see: the donate happy path (buy, a two-word name and the
rule's message shown while typing in the phone's field, fix it, save, "Поздравляем"), the photo's crop frame zoomed with the wheel and panned with a drag
(the REPL's pinch and pan), Pictone's record, stop and trim, the DOM beside the phone, and the
page following an edit of the flow file. Exits 0 on success, 1 on a failure, 77 when Chromium or Selenium is
missing (the caller reports the skip).
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    print("skip: Selenium is not installed (pip install selenium)")
    sys.exit(77)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
DRIVER = shutil.which("chromedriver")
if not CHROMIUM or not DRIVER:
    print("skip: chromium and chromium-driver are not installed (apt-get install chromium chromium-driver)")
    sys.exit(77)

SEGUE, ROOT, SHOTS = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(SHOTS, exist_ok=True)
WAIT = 15


class Served:
    """`segue serve FLOW --port 0`, with the address it prints (`url`, carrying the run's token), the address
    without the token (`address`, what the page is called once the browser holds the token's cookie) and the token."""

    def __init__(self, flow):
        self.process = subprocess.Popen(
            [SEGUE, "serve", flow, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        if " at http://127.0.0.1:" not in line or "/?token=" not in line:
            raise SystemExit("segue serve did not print its address: %r %s" % (line, self.process.stderr.read()))
        self.url = line.split(" at ")[1].split(" ")[0]
        self.address, self.token = self.url.split("?token=")

    def open(self, driver):
        """Opens the printed address; the server keeps the token as a cookie and drops it from the address."""
        driver.get(self.url)
        if driver.current_url != self.address or not driver.find_elements(By.ID, "message"):
            raise AssertionError("the printed address did not open the page: %s shows %r" % (
                driver.current_url, driver.find_element(By.TAG_NAME, "body").text[:300]))

    def download(self, path):
        """What a script gets at `path` (it carries the token in the query instead of a cookie)."""
        return urllib.request.urlopen(self.address + path + "?token=" + self.token)

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,1100"]:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(DRIVER), options=options)


def wait_for(driver, what, condition):
    try:
        return WebDriverWait(driver, WAIT, ignored_exceptions=[StaleElementReferenceException]).until(
            lambda d: condition(d))
    except Exception:
        shot(driver, "failed")
        message = driver.find_element(By.ID, "message").text
        raise AssertionError("timed out waiting for %s; the page says: %s" % (what, message))


def screen_is(driver, name):
    wait_for(driver, "screen " + name, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-screen") == name)


def control(driver, kind, path):
    """The control for an input; `tap` also finds a list item's `select`."""
    kinds = ["tap", "select"] if kind == "tap" else [kind]
    selector = ", ".join('#inputs [data-kind="%s"][data-path="%s"]' % (k, path) for k in kinds)
    return wait_for(driver, "%s %s" % (kind, path), lambda d: first(d.find_elements(By.CSS_SELECTOR, selector)))


def first(elements):
    return elements[0] if elements else None


def drawn(driver, kind, path=None):
    """The drawing's `.segue-input` item for an input (`tap` also finds a list item's `select`), or None."""
    kinds = ["tap", "select"] if kind == "tap" else [kind]
    where = '[data-path="%s"]' % path if path else ""
    selector = ", ".join('#drawing .segue-input[data-kind="%s"]%s' % (k, where) for k in kinds)
    return first(driver.find_elements(By.CSS_SELECTOR, selector))


def click_drawn(driver, item):
    driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", item)


def retrying(what, body):
    # The page redraws with every state, so an element found a moment ago may have been replaced: find it again.
    for attempt in range(5):
        try:
            return body()
        except StaleElementReferenceException:
            time.sleep(0.2)
    raise AssertionError("%s kept being redrawn" % what)


def tap(driver, path):
    """A click on the drawn item; the control under the phone only where the drawing has none."""
    def body():
        wait_for(driver, "tap " + path, lambda d: drawn(d, "tap", path) or first(
            d.find_elements(By.CSS_SELECTOR, '#inputs [data-kind="tap"][data-path="%s"], #inputs [data-kind="select"][data-path="%s"]' % (path, path))))
        item = drawn(driver, "tap", path)
        if item is not None:
            click_drawn(driver, item)
        else:
            control(driver, "tap", path).click()
    retrying("tap " + path, body)


def dismiss_alert(driver):
    retrying("the alert", lambda: click_drawn(driver, wait_for(driver, "the alert", lambda d: drawn(d, "dismiss_alert"))))
    wait_for(driver, "the alert to close", lambda d: not d.find_elements(By.CSS_SELECTOR, "#drawing .segue-alert"))


def start_typing(driver, path, text):
    """Clicks the drawn field and types `text` into the box laid over its frame, replacing its text; the box
    stays open (returned), as a field being typed in does."""
    def body():
        click_drawn(driver, wait_for(driver, "field " + path, lambda d: drawn(d, "edit", path)))
        box = wait_for(driver, "the typing box", lambda d: first(d.find_elements(By.CSS_SELECTOR, "#drawing .segue-overlay")))
        assert box.get_attribute("data-path") == path
        box.send_keys(Keys.CONTROL + "a")
        box.send_keys(text)
        return box
    return retrying("field " + path, body)


def still_typing(driver, path):
    """Whether the typing box over `path` is still there and has the focus."""
    return driver.execute_script(
        "const box = document.querySelector('#drawing .segue-overlay');"
        "return !!box && box.dataset.path === arguments[0] && document.activeElement === box;", path)


def type_into(driver, path, text):
    """Types `text` into the drawn field and presses Enter."""
    start_typing(driver, path, text).send_keys(Keys.ENTER)
    wait_for(driver, "the typing box to close", lambda d: not d.find_elements(By.CSS_SELECTOR, "#drawing .segue-overlay"))


def drawn_text(driver, selector):
    # Read in one script call: the drawing may be replaced between finding an element and reading it.
    return driver.execute_script(
        "return [...document.querySelectorAll('#drawing ' + arguments[0])].map((e) => e.textContent).join(' ');",
        selector)


def alert_says(driver, title):
    wait_for(driver, "the alert " + title, lambda d: title in drawn_text(d, ".segue-alert"))


def slide(driver, path, value):
    """Drags on the drawn slider to `value` (between its bounds); the range control where none is drawn."""
    item = drawn(driver, "change", path)
    if item is None:
        slider = control(driver, "change", path)
        driver.execute_script(
            "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change'));", slider, value)
        return
    low, high = float(item.get_attribute("data-min")), float(item.get_attribute("data-max"))
    hit = item.find_element(By.CSS_SELECTOR, "rect.segue-hit")
    width = hit.rect["width"]
    offset = int((value - low) / (high - low) * width - width / 2)
    ActionChains(driver).move_to_element_with_offset(hit, offset, 0).click_and_hold().release().perform()


def text_of(driver, element_id):
    return driver.find_element(By.ID, element_id).text


def shot(driver, name):
    driver.save_screenshot(os.path.join(SHOTS, name + ".png"))


def donate(driver, flow):
    served = Served(flow)
    try:
        served.open(driver)
        screen_is(driver, "main")
        phone = driver.find_element(By.ID, "phone")
        assert phone.value_of_css_property("width") == "393px", phone.value_of_css_property("width")
        svg = driver.find_element(By.CSS_SELECTOR, "#drawing svg.segue-screen")
        assert svg.get_attribute("data-device") == "iPhone 15" and svg.get_attribute("width") == "393"
        assert "Поддержать проект" in drawn_text(driver, '.segue-input[data-path="donate"]')
        wait_for(driver, "the diagram", lambda d: d.find_elements(By.CSS_SELECTOR, "#diagram g.node.current"))
        shot(driver, "donate-main")
        tap(driver, "donate")
        screen_is(driver, "donate")
        assert "main › donate (present)" in text_of(driver, "stack") or "donate" in text_of(driver, "stack")
        tap(driver, "options[0]")
        screen_is(driver, "donate_form")
        alert_says(driver, "Отлично")
        shot(driver, "donate-bought")
        dismiss_alert(driver)
        # Typed in the phone's own field, the text reaches the machine as it is typed: the one-word rule shows
        # under the field while the field still has the focus, and goes once the name is one word again.
        box = start_typing(driver, "name", "Анна Мария")
        wait_for(driver, "the rule's message while typing",
                 lambda d: "Имя — одно слово" in drawn_text(d, ".segue-field-error"))
        assert still_typing(driver, "name"), "the field was left"
        assert box.get_attribute("value") == "Анна Мария", box.get_attribute("value")
        assert "Имя — одно слово" in driver.find_element(By.CSS_SELECTOR, '[data-error-for="name"]').text
        shot(driver, "donate-two-word-name")
        box.send_keys(Keys.BACKSPACE * len(" Мария"))
        wait_for(driver, "the message to go while typing",
                 lambda d: "Имя — одно слово" not in drawn_text(d, ".segue-field-error"))
        assert still_typing(driver, "name"), "the field was left"
        box.send_keys(Keys.ENTER)
        wait_for(driver, "the typing box to close", lambda d: not d.find_elements(By.CSS_SELECTOR, "#drawing .segue-overlay"))
        type_into(driver, "surname", "Петрова")
        tap(driver, "save")
        alert_says(driver, "Поздравляем")
        assert "Вы попали на доску почета" in drawn_text(driver, ".segue-alert")
        shot(driver, "donate-saved")
        # Typing on in one field is one step: donate, the option, the name, the surname, save.
        steps = int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-step"))
        assert steps == 5, (steps, text_of(driver, "commands"))
        commands = driver.find_element(By.ID, "commands").get_attribute("textContent")
        assert "fill name Анна" in commands, commands

        # The clicked session saved as a scenario passes `segue test`.
        scenario = os.path.join(os.path.dirname(flow), "clicked.yaml")
        with served.download("scenario.yaml") as response, open(scenario, "wb") as file:
            file.write(response.read())
        tested = subprocess.run([SEGUE, "test", scenario], capture_output=True, text=True)
        assert tested.returncode == 0, tested.stdout + tested.stderr
        os.remove(scenario)

        # A second tab sees the same session.
        driver.switch_to.new_window("tab")
        driver.get(served.address)  # the cookie alone opens the page
        wait_for(driver, "the second tab", lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-step") == "5")
        driver.close()
        driver.switch_to.window(driver.window_handles[0])

        # Edit the flow file: an error is shown and the flow keeps running; a fix is replayed to the same step.
        with open(flow, encoding="utf-8") as file:
            original = file.read()
        with open(flow, "w", encoding="utf-8") as file:
            file.write(original.replace("start: main", "start: nowhere_at_all", 1))
        wait_for(driver, "the error to show", lambda d: "keeps running" in d.find_element(By.ID, "reload").text)
        wait_for(driver, "the diagnostic to name the missing screen",
                 lambda d: "nowhere_at_all" in d.find_element(By.ID, "diagnostics").get_attribute("textContent"))
        shot(driver, "donate-edit-with-error")
        with open(flow, "w", encoding="utf-8") as file:
            file.write(original.replace("label: Поддержать проект", "label: Поддержать нас", 1))
        wait_for(driver, "the replay", lambda d: "replayed 5 steps" in d.find_element(By.ID, "reload").text)
        step = driver.find_element(By.TAG_NAME, "body").get_attribute("data-step")
        assert step == "5", "the replay ended at step %s" % step
        driver.execute_script(
            "const t = document.getElementById('timeline'); t.value = 0; t.dispatchEvent(new Event('change'));")
        screen_is(driver, "main")
        wait_for(driver, "the edited label", lambda d: "Поддержать нас" in drawn_text(d, '.segue-input[data-path="donate"]'))
        shot(driver, "donate-edited")
    finally:
        served.stop()


def crop_frame(driver):
    return drawn(driver, "crop", "photo")


def framing(driver):
    """The drawn crop frame's zoom and centre, read in one script call (the drawing may be replaced meanwhile)."""
    return driver.execute_script(
        "const c = document.querySelector('#drawing .segue-input[data-kind=\"crop\"]');"
        "return c ? [c.dataset.zoom, c.dataset.centerX, c.dataset.centerY].map(parseFloat) : null;")


def donate_photo(driver, flow):
    """The photo field's crop frame: the wheel zooms it (pinch), a drag pans it, and the framed region is uploaded."""
    served = Served(flow)
    try:
        served.open(driver)
        screen_is(driver, "main")
        tap(driver, "donate")
        screen_is(driver, "donate")
        tap(driver, "options[0]")
        screen_is(driver, "donate_form")
        dismiss_alert(driver)
        assert crop_frame(driver) is None, "no crop gestures before a photo is chosen"
        tap(driver, "choose_photo")
        wait_for(driver, "the crop frame", lambda d: crop_frame(d))
        assert framing(driver) == [1, 0.5, 0.5], framing(driver)
        # The wheel up zooms in by a quarter, as `pinch photo 1.25` would.
        retrying("the wheel", lambda: driver.execute_script(
            "arguments[0].dispatchEvent(new WheelEvent('wheel', {deltaY: -100, bubbles: true, cancelable: true}))",
            crop_frame(driver)))
        wait_for(driver, "the zoom", lambda d: (framing(d) or [0])[0] == 1.25)
        assert "pinch photo 1.25" in text_of(driver, "commands")
        # Dragging the picture 40 pt right and down brings its top-left part into the frame: 240 pt shows 0.6 of
        # the 640 × 480 picture's width, so the centre moves 0.1 left (to 0.4) and up until the frame touches the
        # top (0.4).
        def drag():
            item = crop_frame(driver)
            ActionChains(driver).move_to_element(item).click_and_hold().move_by_offset(40, 40).release().perform()
        retrying("the drag", drag)
        wait_for(driver, "the pan", lambda d: (framing(d) or [0, 0.5])[1] < 0.45)
        zoom, x, y = framing(driver)
        assert zoom == 1.25 and abs(x - 0.4) < 0.01 and abs(y - 0.4) < 0.01, (zoom, x, y)
        assert "pan photo" in text_of(driver, "commands")
        shot(driver, "donate-photo-framed")
        type_into(driver, "name", "Анна")
        type_into(driver, "surname", "Петрова")
        tap(driver, "save")
        alert_says(driver, "Поздравляем")
        # The clicked session, gestures included, saved as a scenario passes `segue test` (the crop is uploaded).
        scenario = os.path.join(os.path.dirname(flow), "framed.yaml")
        with served.download("scenario.yaml") as response, open(scenario, "wb") as file:
            file.write(response.read())
        with open(scenario, encoding="utf-8") as file:
            text = file.read()
        assert 'pinch: { photo: 1.25 }' in text and 'pan: { photo: [0.4, ' in text, text
        tested = subprocess.run([SEGUE, "test", scenario], capture_output=True, text=True)
        assert tested.returncode == 0, tested.stdout + tested.stderr
        os.remove(scenario)
    finally:
        served.stop()


def pictone(driver, flow):
    served = Served(flow)
    try:
        served.open(driver)
        screen_is(driver, "splash")
        driver.find_element(By.ID, "next-timer").click()
        screen_is(driver, "home")
        tap(driver, "featured")
        screen_is(driver, "script_details")
        tap(driver, "mode")
        tap(driver, "lines[0].record")
        for _ in range(3):  # the countdown
            driver.find_element(By.ID, "next-timer").click()
            time.sleep(0.3)
        wait_for(driver, "recording", lambda d: "recording" in d.find_element(By.ID, "state").get_attribute("textContent"))
        for _ in range(2):
            driver.find_element(By.ID, "tick").click()
            time.sleep(0.3)
        shot(driver, "pictone-recording")
        tap(driver, "footer_stop")
        tap(driver, "lines[0].trim")
        screen_is(driver, "trim_take")
        slide(driver, "start", 0.25)
        wait_for(driver, "the start", lambda d: "slide start" in d.find_element(By.ID, "commands").text)
        slide(driver, "end", 0.75)
        wait_for(driver, "the end", lambda d: "slide end" in d.find_element(By.ID, "commands").text)
        shot(driver, "pictone-trim")
        tap(driver, "save")
        screen_is(driver, "script_details")
        assert not "failed" in driver.find_element(By.ID, "message").get_attribute("class")
        shot(driver, "pictone-trimmed")
    finally:
        served.stop()


def main():
    scratch = tempfile.mkdtemp(prefix="segue-serve-browser-")
    try:
        for folder in ["flows", "examples"]:
            shutil.copytree(os.path.join(ROOT, folder), os.path.join(scratch, folder))
        started = time.time()
        driver = browser()
        try:
            donate(driver, os.path.join(scratch, "flows", "donate.yaml"))
            donate_photo(driver, os.path.join(scratch, "flows", "donate.yaml"))
            pictone(driver, os.path.join(scratch, "flows", "pictone.yaml"))
        finally:
            driver.quit()
        print("serve browser tests passed in %.1f s; screenshots in %s" % (time.time() - started, SHOTS))
    except AssertionError as error:
        print("serve browser tests failed: %s (screenshots in %s)" % (error, SHOTS))
        sys.exit(1)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


main()
