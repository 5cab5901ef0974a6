import Foundation
import SegueREPL

/// Reads command lines and prints the session's replies until `quit` or the end of the input.
struct ReplLoop {
    let session: ReplSession
    let editor: LineEditor

    /// 0, or 1 when a command failed without a terminal (so a broken script fails its CI job).
    func run() async -> Int32 {
        emit(await session.start())
        var failures = 0
        while let line = editor.readLine(prompt: "segue> ") {
            if !editor.interactive {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty { continue }
                emit(ReplSession.echo(trimmed))
            }
            let reply = await session.execute(line)
            if reply.failed { failures += 1 }
            if !reply.text.isEmpty { emit(reply.text) }
            if reply.quit { break }
        }
        if editor.interactive { emit("") }
        return editor.interactive || failures == 0 ? 0 : 1
    }

    /// Unbuffered, so a program reading through a pipe sees each reply as soon as it is ready.
    private func emit(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
