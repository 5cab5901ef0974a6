"""Driving `segue serve`'s page in headless Chromium through Selenium, as a person would: the served process, the
browser, waiting for what the page shows, and the gestures on the drawn phone (tap, type, slide). The checks of
each flow are in serve_browser_test.py.
"""
import os
import subprocess
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

WAIT = 15
SEGUE = None  # the segue binary, set by `setup`
SHOTS = None  # where screenshots go, set by `setup`
CHROMIUM = None
DRIVER = None


def setup(segue, shots, chromium, chromedriver):
    global SEGUE, SHOTS, CHROMIUM, DRIVER
    SEGUE, SHOTS, CHROMIUM, DRIVER = segue, shots, chromium, chromedriver
    os.makedirs(SHOTS, exist_ok=True)


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


def step_count(driver):
    return int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-step") or 0)


def next_step(driver, gesture):
    """Does `gesture` (a click that is one step of the session) and waits until the page shows the step taken."""
    before = step_count(driver)
    gesture()
    wait_for(driver, "step %d" % (before + 1), lambda d: step_count(d) > before)


def retrying(what, body):
    # The page redraws with every state, so an element found a moment ago may have been replaced: find it again
    # at once (`body` waits for what it needs; the element that replaced the stale one is already there).
    for attempt in range(10):
        try:
            return body()
        except StaleElementReferenceException:
            pass
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
