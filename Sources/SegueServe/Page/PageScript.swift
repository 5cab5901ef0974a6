/// The page's script: draws each state pushed as a server-sent event and posts what the person does as inputs.
enum PageScript {
    static let source = #"""
        "use strict";
        const $ = (id) => document.getElementById(id);
        let page = null;
        let diagramVersion = -1;

        async function post(url, body) {
          try {
            const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" },
              body: JSON.stringify(body) });
            if (!response.ok) show({ message: await response.text(), failed: true });
          } catch (error) { show({ message: String(error), failed: true }); }
        }
        // An input is a scenario step as JSON (docs/scenarios.md): {"tap": "donate"}, {"pick": {"kind": "x"}}, "back".
        const input = (step) => post("/input", step);
        const one = (key, path, value) => ({ [key]: { [path]: value } });
        const edited = (path, text) => text === "" ? { clear: path } : one("fill", path, text);
        // Return in a field with `submit:`: its text if not sent yet, then the submit step, in one post (in order).
        const submitted = (path, text, sent) => (text === sent ? [] : [edited(path, text)]).concat([{ submit: path }]);

        function show(partial) {
          const box = $("message");
          box.textContent = partial.message || "";
          box.classList.toggle("failed", !!partial.failed);
        }

        function el(tag, attributes, text) {
          const node = document.createElement(tag);
          for (const [key, value] of Object.entries(attributes || {})) {
            if (value !== undefined && value !== null) node.setAttribute(key, value);
          }
          if (text !== undefined) node.textContent = text;
          return node;
        }

        function button(item, text, body) {
          const node = el("button", { "data-kind": item.kind, "data-path": item.path || "" }, text);
          node.onclick = () => input(body);
          return node;
        }

        function control(item) {
          const data = { "data-kind": item.kind, "data-path": item.path || "" };
          switch (item.kind) {
            case "tap": case "select": return button(item, item.label || item.path, { tap: item.path });
            case "edit": {
              const row = el("label", {}, (item.label || item.path) + " ");
              const field = el(item.multiline ? "textarea" : "input", Object.assign({ type: "text",
                placeholder: item.placeholder || "" }, data));
              field.value = item.value || "";
              let sent = item.value || "";
              const send = () => {
                if (field.value === sent) return;
                sent = field.value;
                input(edited(item.path, field.value));
              };
              field.addEventListener("change", send);
              field.addEventListener("keydown", (event) => {
                if (event.key !== "Enter" || item.multiline) return;
                if (!item.submit) return send();
                const steps = submitted(item.path, field.value, sent);
                sent = field.value;
                input(steps);
              });
              row.appendChild(field);
              const wrap = el("div");
              wrap.appendChild(row);
              if (item.error) wrap.appendChild(el("div", { class: "error-text", "data-error-for": item.path }, item.error));
              return wrap;
            }
            case "change": {
              const row = el("label", {}, item.path + " ");
              if (item.options) {
                const select = el("select", data);
                for (const option of item.options) select.appendChild(el("option", { value: option }, option));
                select.value = item.value || "";
                select.addEventListener("change", () => input(one("pick", item.path, select.value)));
                row.appendChild(select);
              } else {
                const slider = el("input", Object.assign({ type: "range", min: item.min, max: item.max, step: "any" }, data));
                slider.value = parseFloat(item.value) || item.min || 0;
                slider.addEventListener("change", () => input(one("slide", item.path, parseFloat(slider.value))));
                row.appendChild(slider);
              }
              return row;
            }
            case "scroll_end": return button(item, "Scroll " + item.path + " to its end", { scroll_to_end: item.path });
            case "back": return button(item, "‹ Back", "back");
            case "swipe_dismiss": return button(item, "Swipe down", "dismiss");
            default: return null;
          }
        }

        // Redrawn on every state; a field being typed in keeps its focus and the text not sent yet.
        function drawInputs(inputs) {
          const box = $("inputs");
          const focused = document.activeElement;
          const typing = focused && box.contains(focused) && focused.matches("input[type=text], textarea")
            ? { path: focused.dataset.path, text: focused.value, start: focused.selectionStart } : null;
          box.replaceChildren(...inputs.map(control).filter(Boolean));
          if (!typing) return;
          const again = [...box.querySelectorAll("input[type=text], textarea")].find((f) => f.dataset.path === typing.path);
          if (!again) return;
          again.value = typing.text;
          again.focus();
          again.setSelectionRange(typing.start, typing.start);
        }

        function drawPhone(state) {
          const phone = $("phone");
          phone.style.width = state.device.width + "px";
          phone.style.height = state.device.height + "px";
          $("device-name").textContent = "· " + state.device.name + " (" + state.device.width + "×" + state.device.height + " pt, " + state.device.os + ")";
          showDrawing(state);
          $("screen-text").textContent = state.screenText;
        }

        function drawOutcomes(outcomes) {
          const calls = $("outcome-call");
          const chosen = calls.value;
          calls.replaceChildren(...outcomes.map((o) => el("option", { value: o.call }, o.call)));
          if (outcomes.some((o) => o.call === chosen)) calls.value = chosen;
          drawChoices();
        }
        function drawChoices() {
          const entry = (page ? page.outcomes : []).find((o) => o.call === $("outcome-call").value);
          $("outcome-choice").replaceChildren(...(entry ? entry.choices : []).map((c, index) => el("option", { value: index }, c.label)));
        }

        function drawTimeline(timeline) {
          const slider = $("timeline");
          slider.max = timeline.commands.length - 1;
          slider.value = timeline.position;
          $("timeline-step").textContent = "step " + timeline.position + " of " + (timeline.commands.length - 1);
          $("commands").replaceChildren(...timeline.commands.map((command, index) =>
            el("li", { class: index === timeline.position ? "current" : index > timeline.position ? "future" : "" }, command)));
        }

        async function drawDiagram(state) {
          if (diagramVersion !== state.version) {
            diagramVersion = state.version;
            const response = await fetch("/diagram.svg");
            const text = await response.text();
            if (response.ok) $("diagram").innerHTML = text; else $("diagram").textContent = text;
          }
          const current = state.screen ? state.screen.screen : null;
          for (const node of document.querySelectorAll("#diagram g.node")) {
            const title = node.querySelector("title");
            const name = title ? title.textContent.trim() : "";
            // Graphviz titles a node with its DOT id: the screen's id, prefixed `s_` by the diagram writer.
            node.classList.toggle("current", !!current && (name === current || name === "s_" + current));
          }
        }

        function draw(state) {
          page = state;
          document.body.dataset.screen = state.screen ? state.screen.screen : "";
          document.body.dataset.version = state.version;
          document.body.dataset.step = state.timeline.position;
          drawPhone(state);
          drawInputs(state.inputs);
          show(state);
          $("reload").hidden = !state.reload;
          $("reload").textContent = state.reload || "";
          $("diagnostics").textContent = state.diagnostics || "no problems";
          $("diagnostics-box").open = !!state.diagnostics;
          $("stack").textContent = state.stack;
          $("data").textContent = state.data;
          $("trace").textContent = state.trace;
          $("state").textContent = state.state;
          $("clock-now").textContent = "time " + state.clock.now + " s";
          $("clock-next").textContent = state.clock.nextTimer === null || state.clock.nextTimer === undefined
            ? "· no timer" : "· next timer in " + state.clock.nextTimer + " s";
          $("run-clock").textContent = state.clock.realTime ? "Pause" : "Run in real time";
          drawOutcomes(state.outcomes);
          drawTimeline(state.timeline);
          drawDiagram(state);
        }

        $("next-timer").onclick = () => post("/clock", { action: "next_timer" });
        $("tick").onclick = () => post("/clock", { action: "tick", seconds: 1 });
        $("run-clock").onclick = () => post("/clock", { action: page && page.clock.realTime ? "pause" : "run" });
        $("outcome-call").onchange = drawChoices;
        $("outcome-set").onclick = () => {
          const entry = page.outcomes.find((o) => o.call === $("outcome-call").value);
          const choice = entry && entry.choices[parseInt($("outcome-choice").value, 10)];
          if (choice) post("/outcome", { call: entry.call, result: choice.result, code: choice.code });
        };
        $("undo").onclick = () => post("/travel", { by: -1 });
        $("redo").onclick = () => post("/travel", { by: 1 });
        $("timeline").onchange = () => post("/travel", { to: parseInt($("timeline").value, 10) });

        function connect() {
          const events = new EventSource("/events");
          events.addEventListener("state", (event) => draw(JSON.parse(event.data)));
          events.onopen = () => { $("connection").textContent = "live"; };
          events.onerror = async () => {
            $("connection").textContent = "reconnecting…";
            // A server started again has a new token: say so instead of reconnecting in silence.
            try {
              const response = await fetch("/state");
              if (response.status === 403) show({ message: await response.text(), failed: true });
            } catch (error) { /* the server is gone; the browser keeps reconnecting */ }
          };
        }
        connect();
        """#
}
