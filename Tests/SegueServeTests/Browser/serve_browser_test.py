#!/usr/bin/env python3
"""segue serve in a real browser: headless Chromium driven by Selenium clicks through the seed flows.

Usage: serve_browser_test.py SEGUE_BINARY REPO_ROOT SCREENSHOT_DIR

Copies flows/ and examples/ to a scratch directory (the test edits the flow file), serves each seed flow on a
free loopback port, and checks what a person would see: the donate happy path (buy, a two-word name and the
rule's message shown while typing in the phone's field, fix it, save, "Поздравляем"), the photo's crop frame zoomed with the wheel and panned with a drag
(the REPL's pinch and pan), Pictone's record, stop and trim, the DOM beside the phone, the page following an
edit of the flow file, and 7GUIs' CRUD, where return in a field runs its `submit:`. The gestures are in
browser_page.py. Exits 0 on success, 1 on a failure, 77 when Chromium or Selenium is
missing (the caller reports the skip).
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

try:
    import selenium  # noqa: F401 (browser_page drives it)
except ImportError:
    print("skip: Selenium is not installed (pip install selenium)")
    sys.exit(77)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
CHROMEDRIVER = shutil.which("chromedriver")
if not CHROMIUM or not CHROMEDRIVER:
    print("skip: chromium and chromium-driver are not installed (apt-get install chromium chromium-driver)")
    sys.exit(77)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browser_page  # noqa: E402
from browser_page import (ActionChains, By, Keys, Served, alert_says, browser, dismiss_alert,  # noqa: E402
                          drawn, drawn_text, next_step, retrying, screen_is, shot, slide, start_typing,
                          still_typing, tap, text_of, type_into, wait_for)

SEGUE, ROOT, SHOTS = sys.argv[1], sys.argv[2], sys.argv[3]
browser_page.setup(SEGUE, SHOTS, CHROMIUM, CHROMEDRIVER)


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
            next_step(driver, lambda: driver.find_element(By.ID, "next-timer").click())
        wait_for(driver, "recording", lambda d: "recording" in d.find_element(By.ID, "state").get_attribute("textContent"))
        for _ in range(2):
            next_step(driver, lambda: driver.find_element(By.ID, "tick").click())
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


def crud(driver, flow):
    """7GUIs' CRUD: return in the surname field runs its `submit:`, which creates the entry as the button does."""
    served = Served(flow)
    try:
        served.open(driver)
        screen_is(driver, "people")
        wait_for(driver, "three entries", lambda d: "Tisch, Roman" in drawn_text(d, "svg.segue-screen"))
        type_into(driver, "name", "Otto")
        type_into(driver, "surname", "Normal")  # return in the field: the text and the submit in one post
        wait_for(driver, "the created entry", lambda d: "Normal, Otto" in drawn_text(d, "svg.segue-screen"))
        commands = driver.find_element(By.ID, "commands").get_attribute("textContent")
        assert "submit surname" in commands, commands
        assert drawn_text(driver, "svg.segue-screen").count("Normal, Otto") == 1, drawn_text(driver, "svg.segue-screen")
        shot(driver, "crud-submitted")
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
            crud(driver, os.path.join(scratch, "examples", "7guis", "crud.yaml"))
        finally:
            driver.quit()
        print("serve browser tests passed in %.1f s; screenshots in %s" % (time.time() - started, SHOTS))
    except AssertionError as error:
        print("serve browser tests failed: %s (screenshots in %s)" % (error, SHOTS))
        sys.exit(1)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


main()
