#!/usr/bin/env python3
"""segue serve in a real browser: headless Chromium driven by Selenium clicks through the seed flows.

Usage: serve_browser_test.py SEGUE_BINARY REPO_ROOT SCREENSHOT_DIR

Copies flows/ and examples/ to a scratch directory (the test edits the flow file), serves each seed flow on a
free loopback port, and checks what a person would see: the donate happy path (buy, a two-word name and the
rule's message, fix it, save, "Поздравляем"), Pictone's record, stop and trim, the DOM beside the phone, and the
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
    """`segue serve FLOW --port 0`, with the address it prints."""

    def __init__(self, flow):
        self.process = subprocess.Popen(
            [SEGUE, "serve", flow, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        if " at http://127.0.0.1:" not in line:
            raise SystemExit("segue serve did not print its address: %r %s" % (line, self.process.stderr.read()))
        self.address = line.split(" at ")[1].split(" ")[0]

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
        return WebDriverWait(driver, WAIT).until(lambda d: condition(d))
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


def tap(driver, path):
    for attempt in range(5):
        try:
            control(driver, "tap", path).click()
            return
        except StaleElementReferenceException:
            time.sleep(0.2)
    raise AssertionError("the button %s kept being redrawn" % path)


def type_into(driver, path, text):
    # The controls are redrawn with every state, so a field found a moment ago may have been replaced: find it
    # again. Select-all then type replaces the text without a separate `clear` input.
    for attempt in range(5):
        try:
            field = control(driver, "edit", path)
            field.send_keys(Keys.CONTROL + "a")
            field.send_keys(text + Keys.ENTER)
            return
        except StaleElementReferenceException:
            time.sleep(0.2)
    raise AssertionError("the field %s kept being redrawn" % path)


def slide(driver, path, value):
    slider = control(driver, "change", path)
    driver.execute_script(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change'));", slider, value)


def text_of(driver, element_id):
    return driver.find_element(By.ID, element_id).text


def shot(driver, name):
    driver.save_screenshot(os.path.join(SHOTS, name + ".png"))


def donate(driver, flow):
    served = Served(flow)
    try:
        driver.get(served.address)
        screen_is(driver, "main")
        phone = driver.find_element(By.ID, "phone")
        assert phone.value_of_css_property("width") == "393px", phone.value_of_css_property("width")
        assert "iPhone 15" in text_of(driver, "status-bar")
        wait_for(driver, "the diagram", lambda d: d.find_elements(By.CSS_SELECTOR, "#diagram g.node.current"))
        shot(driver, "donate-main")
        tap(driver, "donate")
        screen_is(driver, "donate")
        assert "main › donate (present)" in text_of(driver, "stack") or "donate" in text_of(driver, "stack")
        tap(driver, "options[0]")
        screen_is(driver, "donate_form")
        wait_for(driver, "the purchase alert", lambda d: d.find_element(By.ID, "alert-title").text == "Отлично")
        shot(driver, "donate-bought")
        type_into(driver, "name", "Анна Мария")
        wait_for(driver, "the rule's message", lambda d: first(
            [e for e in d.find_elements(By.CSS_SELECTOR, '[data-error-for="name"]') if e.text == "Имя — одно слово"]))
        shot(driver, "donate-two-word-name")
        type_into(driver, "name", "Анна")
        wait_for(driver, "the message to go", lambda d: not d.find_elements(By.CSS_SELECTOR, '[data-error-for="name"]'))
        type_into(driver, "surname", "Петрова")
        tap(driver, "save")
        wait_for(driver, "Поздравляем", lambda d: d.find_element(By.ID, "alert-title").text == "Поздравляем")
        assert driver.find_element(By.ID, "alert-message").text == "Вы попали на доску почета"
        shot(driver, "donate-saved")
        steps = int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-step"))
        assert steps == 6, steps

        # The clicked session saved as a scenario passes `segue test`.
        scenario = os.path.join(os.path.dirname(flow), "clicked.yaml")
        with urllib.request.urlopen(served.address + "scenario.yaml") as response, open(scenario, "wb") as file:
            file.write(response.read())
        tested = subprocess.run([SEGUE, "test", scenario], capture_output=True, text=True)
        assert tested.returncode == 0, tested.stdout + tested.stderr
        os.remove(scenario)

        # A second tab sees the same session.
        driver.switch_to.new_window("tab")
        driver.get(served.address)
        wait_for(driver, "the second tab", lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-step") == "6")
        driver.close()
        driver.switch_to.window(driver.window_handles[0])

        # Edit the flow file: an error is shown and the flow keeps running; a fix is replayed to the same step.
        with open(flow, encoding="utf-8") as file:
            original = file.read()
        with open(flow, "w", encoding="utf-8") as file:
            file.write(original.replace("start: main", "start: nowhere_at_all", 1))
        wait_for(driver, "the error to show", lambda d: "keeps running" in d.find_element(By.ID, "reload").text)
        assert "nowhere_at_all" in driver.find_element(By.ID, "diagnostics").get_attribute("textContent")
        shot(driver, "donate-edit-with-error")
        with open(flow, "w", encoding="utf-8") as file:
            file.write(original.replace("label: Поддержать проект", "label: Поддержать нас", 1))
        wait_for(driver, "the replay", lambda d: "replayed 6 steps" in d.find_element(By.ID, "reload").text)
        assert driver.find_element(By.TAG_NAME, "body").get_attribute("data-step") == "6"
        driver.execute_script(
            "const t = document.getElementById('timeline'); t.value = 0; t.dispatchEvent(new Event('change'));")
        screen_is(driver, "main")
        wait_for(driver, "the edited label", lambda d: control(d, "tap", "donate").text == "Поддержать нас")
        shot(driver, "donate-edited")
    finally:
        served.stop()


def pictone(driver, flow):
    served = Served(flow)
    try:
        driver.get(served.address)
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
