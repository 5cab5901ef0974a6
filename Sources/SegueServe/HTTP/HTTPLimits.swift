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
    /// Connections served at once; one more is answered 503 and closed.
    public var connections = 32
    /// Seconds a client has to send the whole request line and headers (slow-loris clients are cut off).
    public var headerTimeout = 10.0
    /// Seconds a client has to send the body once the headers are in.
    public var bodyTimeout = 10.0
    /// Seconds a write may wait for a client that stopped reading.
    public var writeTimeout = 10.0
    /// Seconds between keep-alive comments on an event stream, so a vanished client is noticed.
    public var eventKeepAlive = 15.0

    public init() {}
}
