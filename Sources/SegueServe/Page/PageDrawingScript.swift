/// The part of the page's script that works on the screen drawing (`segue render`'s SVG, docs/render.md): clicks
/// on `.segue-input` items, an `<input>` over a field's frame while typing (its text sent as it is typed, a moment
/// after the last key, so the field's rules show while typing goes on), dragging on sliders, a `<select>` over
/// a picker, the wheel and a drag on a photo's crop frame (the REPL's `pinch` and `pan`), and scrolling the content
/// with the wheel (the list's next page once its end is in view).
enum PageDrawingScript {
    static let source = #"""
        let scroll = { screen: null, offset: 0 };
        let cropZoom = null;  // a pinch sent but not drawn yet: { path, zoom }
        let askedForMore = -1;

        const typingPause = 250;  // ms after the last key before the text is sent

        function showDrawing(state) {
          const box = $("drawing");
          const open = box.querySelector(".segue-overlay");
          if (open && open.tagName === "SELECT") return;  // choosing an option: the new drawing waits for it
          // Typing: the drawing under the box is replaced (the field's rules show as they change); the box stays,
          // focused, with its text, over the field's new frame.
          const fresh = document.createElement("template");
          fresh.innerHTML = state.drawing;
          for (const node of [...box.childNodes]) if (node !== open) node.remove();
          box.prepend(fresh.content);
          cropZoom = null;  // the drawing now shows the zoom the machine keeps
          const screen = state.screen ? state.screen.screen + "#" + state.screen.instance : null;
          if (scroll.screen !== screen) scroll = { screen, offset: 0 };
          applyScroll(0);
          if (open) {
            const item = box.querySelector('.segue-input[data-kind="edit"][data-path="' + CSS.escape(open.dataset.path) + '"]');
            if (item) place(item, open); else open.remove();
          }
        }

        function scrollRange() {
          const svg = $("drawing").querySelector("svg");
          if (!svg) return 0;
          const content = parseFloat(svg.dataset.contentHeight || "0");
          return Math.max(0, content - parseFloat(svg.getAttribute("height") || "0"));
        }

        function applyScroll(delta) {
          scroll.offset = Math.min(Math.max(scroll.offset + delta, 0), scrollRange());
          const group = topScroll();
          if (group) group.setAttribute("transform", "translate(0," + (-scroll.offset) + ")");
        }

        /// The top screen's scrolling content (a presenter under a card has its own, which stays put).
        function topScroll() {
          const groups = $("drawing").querySelectorAll("g.segue-scroll");
          return groups.length ? groups[groups.length - 1] : null;
        }

        /// An input's frame on screen, in points: scrolled with the content when it is inside it.
        function frame(item) {
          const inside = !!topScroll() && item.closest("g.segue-scroll") === topScroll();
          const y = parseFloat(item.dataset.y) - (inside ? scroll.offset : 0);
          return { x: parseFloat(item.dataset.x), y, w: parseFloat(item.dataset.w), h: parseFloat(item.dataset.h) };
        }

        function place(item, element) {
          const f = frame(item);
          Object.assign(element.style, { left: f.x + "px", top: f.y + "px", width: f.w + "px", minHeight: f.h + "px" });
        }

        function overlay(item, element) {
          const box = $("drawing");
          place(item, element);
          element.classList.add("segue-overlay");
          element.dataset.path = item.dataset.path;
          // Removing a focused box fires its blur, whose handler closes it again while it is still connected:
          // a second remove() there throws, and the caller's next statement (a submit's post) would never run.
          let closed = false;
          const close = () => { if (closed) return; closed = true; element.remove(); if (page) showDrawing(page); };
          box.appendChild(element);
          element.focus();
          return close;
        }

        function editField(item) {
          const multiline = item.dataset.fieldKind === "multiline";
          const field = document.createElement(multiline ? "textarea" : "input");
          field.value = item.dataset.value || "";
          field.placeholder = item.dataset.placeholder || "";
          const path = item.dataset.path;
          let sent = field.value, pause = null;
          const send = () => {
            clearTimeout(pause);
            if (field.value === sent) return;
            sent = field.value;
            input(edited(path, sent));
          };
          const close = overlay(item, field);
          const done = () => { send(); close(); };
          // Return in a field with `submit:` (`data-submit`): the text not sent yet, then the submit step.
          const submit = () => {
            clearTimeout(pause);
            const steps = submitted(path, field.value, sent);
            sent = field.value;
            close();
            input(steps);
          };
          field.addEventListener("input", () => { clearTimeout(pause); pause = setTimeout(send, typingPause); });
          field.addEventListener("keydown", (event) => {
            if (event.key === "Enter" && !multiline && item.dataset.submit === "true") submit();
            else if ((event.key === "Enter" && !multiline) || event.key === "Escape") done();
          });
          field.addEventListener("blur", done);
        }

        function pickOption(item) {
          const select = document.createElement("select");
          for (const option of JSON.parse(item.dataset.options || "[]")) {
            const node = document.createElement("option");
            node.value = node.textContent = option;
            select.appendChild(node);
          }
          select.value = item.dataset.value || "";
          const close = overlay(item, select);
          select.addEventListener("keydown", (event) => { if (event.key === "Escape") close(); });
          select.addEventListener("change", () => { close(); input(one("pick", item.dataset.path, select.value)); });
          select.addEventListener("blur", close);
        }

        /// A slider's value at the pointer: its place along the track between the bounds.
        function sliderValue(item, event) {
          const svg = $("drawing").querySelector("svg");
          const origin = svg.getBoundingClientRect();
          const f = frame(item);
          const share = Math.min(Math.max((event.clientX - origin.left - f.x) / f.w, 0), 1);
          const min = parseFloat(item.dataset.min || "0"), max = parseFloat(item.dataset.max || "1");
          return min + share * (max - min);
        }

        let dragging = null;
        $("drawing").addEventListener("pointerdown", (event) => {
          const item = event.target.closest('.segue-input[data-kind="change"]');
          if (!item || item.dataset.options) return;
          dragging = item;
          event.preventDefault();
        });
        window.addEventListener("pointerup", (event) => {
          if (!dragging) return;
          const item = dragging;
          dragging = null;
          input(one("slide", item.dataset.path, sliderValue(item, event)));
        });

        $("drawing").addEventListener("click", (event) => {
          const item = event.target.closest(".segue-input");
          if (!item) return;
          const kind = item.dataset.kind, path = item.dataset.path;
          if (kind === "edit") editField(item);
          else if (kind === "change") { if (item.dataset.options) pickOption(item); }
          else if (kind === "tap" || kind === "select") input({ tap: path });
          else if (kind === "scroll_end") input({ scroll_to_end: path });
          else if (kind === "back") input("back");
          else if (kind === "swipe_dismiss") input("dismiss");
          else if (kind === "dismiss_alert") input("dismiss_alert");
        });

        function cropItem(event) {
          return event.target.closest ? event.target.closest('.segue-input[data-kind="crop"]') : null;
        }

        /// How much of the picture the crop frame shows: the view box of its picture over a 10000-unit square.
        function cropRegion(item) {
          const picture = item.querySelector("svg[viewBox]");
          const box = picture ? picture.getAttribute("viewBox").split(/[\s,]+/).map(parseFloat) : [0, 0, 10000, 10000];
          return { w: box[2] / 10000, h: box[3] / 10000 };
        }

        // The wheel on a photo's crop frame zooms it (a pinch), within its min and max zoom.
        $("drawing").addEventListener("wheel", (event) => {
          const item = cropItem(event);
          if (!item) return;
          event.preventDefault();
          event.stopImmediatePropagation();
          const path = item.dataset.path;
          const base = cropZoom && cropZoom.path === path ? cropZoom.zoom : parseFloat(item.dataset.zoom || "1");
          const min = parseFloat(item.dataset.minZoom || "1"), max = parseFloat(item.dataset.maxZoom || "1");
          const zoom = Math.min(Math.max(base * (event.deltaY < 0 ? 1.25 : 0.8), min), max);
          if (zoom === base) return;
          cropZoom = { path, zoom };
          input(one("pinch", path, zoom));
        }, { passive: false });

        // A drag on it moves the picture under the frame (a pan): the frame's centre moves the other way.
        let cropping = null;
        $("drawing").addEventListener("pointerdown", (event) => {
          const item = cropItem(event);
          if (!item) return;
          cropping = { item, x: event.clientX, y: event.clientY };
          event.preventDefault();
        });
        window.addEventListener("pointerup", (event) => {
          if (!cropping) return;
          const { item, x, y } = cropping;
          cropping = null;
          const dx = event.clientX - x, dy = event.clientY - y;
          if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return;
          const f = frame(item), region = cropRegion(item);
          input(one("pan", item.dataset.path, [
            parseFloat(item.dataset.centerX) - dx / f.w * region.w,
            parseFloat(item.dataset.centerY) - dy / f.h * region.h,
          ]));
        });

        $("drawing").addEventListener("wheel", (event) => {
          if (!$("drawing").querySelector("svg")) return;
          event.preventDefault();
          applyScroll(event.deltaY);
          // Scrolling near a paging list's end asks for the next page, once per step.
          const height = parseFloat($("drawing").querySelector("svg").getAttribute("height") || "0");
          for (const item of $("drawing").querySelectorAll('.segue-input[data-kind="scroll_end"]')) {
            const f = frame(item);
            if (f.y + f.h <= height + 100 && page && askedForMore !== page.timeline.position) {
              askedForMore = page.timeline.position;
              input({ scroll_to_end: item.dataset.path });
            }
          }
        }, { passive: false });
        """#
}
