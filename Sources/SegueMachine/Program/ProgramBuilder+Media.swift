import SegueModel

extension ProgramBuilder {
    /// Compiles a screen's `playback:` and `recording:` sections.
    mutating func compileMedia(of screen: Screen, index: Int) {
        let context = CompileContext(screen: index)
        if let playback = screen.playback {
            var lineContext = context
            lineContext.locals.formUnion([ImplicitName.line.rawValue, ImplicitName.index.rawValue])
            program.screens[index].playback = PlaybackProgram(
                lines: expression(playback.lines, context: context),
                current: checked.screens[index].playbackCurrent.map(AssignTarget.init),
                highlight: playback.highlight.map { expression($0, context: context) },
                clip: playback.clip.map { expression($0, context: lineContext) },
                volume: playback.volume.map { expression($0, context: lineContext) },
                endEvent: playback.endEvent.map { event($0.text) })
        }
        if let recording = screen.recording {
            program.screens[index].recording = RecordingProgram(
                countdown: recording.countdown, level: checked.screens[index].recordingLevel.map(AssignTarget.init),
                highlight: recording.highlight.map { expression($0, context: context) },
                meterInterval: recording.meterInterval)
        }
    }

    /// The shared entry a playback timer runs when a line ends: one `advancePlayback`, then the end.
    mutating func compilePlaybackEntry() {
        guard program.screens.contains(where: { $0.playback != nil }) else { return }
        program.playbackEntry = program.code.count
        program.code.append(.advancePlayback)
        program.code.append(.end)
    }
}
