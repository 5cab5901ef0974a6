/// How much a client may send and how long it may take, so a slow or hostile client cannot tie the server up.
///
///     var limits = HTTPLimits()
///     limits.headerTimeout = 0.5   // a test of slow clients need not wait ten seconds
public struct HTTPLimits: Sendable {
    /// The longest request line (`GET /path HTTP/1.1`), in bytes.
    public var requestLine = 8192
    /// The request line and every header together, in bytes.
    public var headerBytes = 32768
    public var headerCount = 100
    /// The largest body a POST may carry, in bytes.
    public var body = 1 << 20
    /// Connections served at once, event streams apart; past it the oldest connection still sending its request,
    /// of the client holding the most, is closed to make room (503 when none is), as `ConnectionTable` says.
    public var connections = 32
    /// Connections of one client address at once; past it that client's oldest still sending its request is
    /// closed (503 when none is).
    public var connectionsPerClient = 16
    /// Event streams open at once; past it the oldest stream of the client holding the most is closed.
    public var eventStreams = 32
    /// Event streams of one client address; past it that client's oldest stream is closed (a tab left open).
    public var eventStreamsPerClient = 8
    /// Seconds a client has to send the whole request line and headers (slow-loris clients are cut off).
    public var headerTimeout = 10.0
    /// Seconds a client has to send the body once the headers are in.
    public var bodyTimeout = 10.0
    /// Seconds a write may wait for a client that stopped reading.
    public var writeTimeout = 10.0
    /// Seconds between keep-alive comments on an event stream, so a client gone without a word is noticed.
    public var eventKeepAlive = 15.0
    /// Seconds between checks that an event stream's client has not hung up (a closed tab frees its stream).
    public var hangUpCheck = 0.25

    public init() {}
}
