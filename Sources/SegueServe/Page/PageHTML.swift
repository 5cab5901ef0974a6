/// The one page `segue serve` sends: markup and style, with the script from `PageScript` inline. No outside
/// scripts, styles or fonts, and no build step.
enum PageHTML {
    static func page(title: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title)) · segue serve</title>
        <style>
        \(style)
        </style>
        </head>
        <body>
        <header><b id="flow-name">\(escape(title))</b> <span id="device-name"></span> <span id="connection">connecting…</span></header>
        <main>
          <section id="left">
            <div id="phone"><div id="drawing"></div></div>
            <div id="inputs" aria-label="what can be done now"></div>
          </section>
          <section id="right">
            <div id="message" role="status"></div>
            <div id="reload" hidden></div>
            <details id="diagnostics-box"><summary>Diagnostics</summary><pre id="diagnostics"></pre></details>
            <fieldset><legend>Clock</legend>
              <span id="clock-now">0 s</span> <span id="clock-next"></span>
              <button id="next-timer">Next timer</button><button id="tick">+1 s</button><button id="run-clock">Run in real time</button>
            </fieldset>
            <fieldset><legend>Next outcome of a call</legend>
              <select id="outcome-call"></select><select id="outcome-choice"></select><button id="outcome-set">Set</button>
            </fieldset>
            <fieldset><legend>Time travel</legend>
              <button id="undo">Undo</button><input id="timeline" type="range" min="0" max="0" value="0"><button id="redo">Redo</button>
              <span id="timeline-step"></span>
              <a id="save-trace" href="/session.json" download>Save as REPL trace</a> · <a id="save-scenario" href="/scenario.yaml" download>Save as scenario</a>
              <ol id="commands" start="0"></ol>
            </fieldset>
            <details><summary>The screen as text</summary><pre id="screen-text"></pre></details>
            <details open><summary>Navigation stack</summary><pre id="stack"></pre></details>
            <details open><summary>Data</summary><pre id="data"></pre></details>
            <details><summary>Trace of the last step</summary><pre id="trace"></pre></details>
            <details><summary>Machine state</summary><pre id="state"></pre></details>
            <details open><summary>Transitions</summary><div id="diagram"></div></details>
          </section>
        </main>
        <script>
        \(PageScript.source)
        \(PageDrawingScript.source)
        </script>
        </body>
        </html>
        """
    }

    static let style = """
        body { font: 14px/1.4 system-ui, sans-serif; margin: 0; background: #f2f2f7; color: #111; }
        header { padding: 8px 16px; background: #fff; border-bottom: 1px solid #ddd; }
        #connection { float: right; color: #888; }
        main { display: flex; gap: 16px; padding: 16px; align-items: flex-start; }
        #left { flex: none; }
        #right { flex: 1; min-width: 320px; }
        #phone { position: relative; background: #fff; border: 10px solid #1c1c1e; border-radius: 36px; overflow: hidden;
          box-sizing: content-box; }
        #drawing { position: relative; }
        #drawing svg { display: block; }
        #drawing .segue-overlay { position: absolute; box-sizing: border-box; font: 17px system-ui, sans-serif;
          border: 2px solid #007aff; border-radius: 8px; padding: 4px 8px; background: #fff; }
        #drawing .segue-input { cursor: pointer; }
        #inputs { margin-top: 12px; display: flex; flex-direction: column; gap: 6px; max-width: 400px; }
        #inputs label { display: flex; gap: 6px; align-items: center; }
        #inputs textarea, #inputs input[type=text] { flex: 1; }
        .error-text { color: #c00; font-size: 12px; }
        #message { white-space: pre-wrap; font: 12px ui-monospace, monospace; background: #fff; padding: 8px;
          border-left: 4px solid #34c759; max-height: 14em; overflow: auto; }
        #message.failed { border-left-color: #ff3b30; }
        #reload { margin-top: 8px; padding: 8px; background: #fff8e1; border-left: 4px solid #ffcc00; }
        fieldset { background: #fff; border: 1px solid #ddd; margin: 8px 0; }
        pre { white-space: pre-wrap; margin: 4px 0; font: 12px ui-monospace, monospace; }
        #commands { font: 12px ui-monospace, monospace; max-height: 10em; overflow: auto; }
        #commands li.current { font-weight: bold; }
        #commands li.future { color: #999; }
        #diagram svg { max-width: 100%; height: auto; }
        #diagram g.node.current polygon, #diagram g.node.current ellipse, #diagram g.node.current path {
          fill: #ffe08a; stroke: #d08000; stroke-width: 3; }
        """

    /// Text safe inside HTML.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
