/// Small flows with one bug each, for the explorer's tests: the four kinds of bug `segue check` must catch.
enum CheckFlows {
    /// An invariant broken on one outcome path only: a failed purchase charges without crediting.
    static let lostPurchase = """
        segue: 1
        flow: lost_purchase
        start: main
        services:
          store: { kind: store }
        data:
          charged: { type: bool, default: false }
          credited: { type: bool, default: false }
        invariants:
          purchase_kept: { holds: "charged == credited", message: a charge without its coins }
        screens:
          main:
            elements:
              - button: buy
                label: Buy
                tap:
                  - call: store.purchase
                    with: { product: "'coins'" }
                    ok: [{ set: { charged: true, credited: true } }]
                    cancelled: []
                    error: [{ set: { charged: true } }]
        """

    /// A screen the static checks call reachable (a button presents it) but no run reaches: the button never shows.
    static let hiddenScreen = """
        segue: 1
        flow: hidden_screen
        start: main
        data:
          unlocked: { type: bool, default: false }
        screens:
          main:
            elements:
              - button: secret
                label: Secret
                visible: unlocked
                tap: { present: vault }
          vault:
            elements:
              - button: close
                label: Close
                tap: dismiss
        """

    /// Events that raise each other forever.
    static let pingPong = """
        segue: 1
        flow: ping_pong
        start: main
        screens:
          main:
            on:
              ping: [{ send: pong }]
              pong: [{ send: ping }]
            elements:
              - button: start
                label: Start
                tap: { send: ping }
        """

    /// A countdown that never reaches its end: a one-shot timer where a repeating one was meant, so only a count
    /// of 1 gets to recording.
    static let stuckCountdown = """
        segue: 1
        flow: stuck_countdown
        start: main
        data:
          countdown: { type: int, default: 0 }
        reachable:
          recording_starts: "screen == 'recording'"
        always_possible:
          countdown_ends: "screen == 'recording'"
        screens:
          main:
            elements:
              - button: quick
                label: Record now
                tap: [{ set: { countdown: 1 } }, { replace: counting }]
              - button: later
                label: Record in 3 s
                tap: [{ set: { countdown: 3 } }, { replace: counting }]
          counting:
            on_enter:
              - after: 1s
                do:
                  - set: { countdown: "countdown - 1" }
                  - if: "countdown == 0"
                    then: [{ replace: recording }]
            elements:
              - text: remaining
                value: "${countdown}"
          recording:
            elements:
              - text: rec
                value: Recording
        """
}
