/// What makes an auto-renewable subscription one: how long a period lasts, its group, and the offers it has.
///
///     StoreSubscription(period: "P1M", group: "Pro", introductoryOffer: .init(paymentMode: "free", period: "P1W"))
public struct StoreSubscription: Sendable, Hashable, Codable {
    /// An offer on a subscription: introductory (new subscribers) or promotional (the app's own, by id).
    public struct Offer: Sendable, Hashable, Codable {
        /// A promotional offer's id; nil for the introductory offer.
        public var id: String?
        /// `free`, `payAsYouGo` or `payUpFront`, as Xcode writes it.
        public var paymentMode: String
        /// ISO 8601, as Xcode writes it: `P1W`, `P1M`, `P1Y`.
        public var period: String
        public var periods: Int
        /// Formatted like the product's price; nil for a free offer.
        public var displayPrice: String?

        public init(
            id: String? = nil, paymentMode: String, period: String, periods: Int = 1, displayPrice: String? = nil
        ) {
            self.id = id
            self.paymentMode = paymentMode
            self.period = period
            self.periods = periods
            self.displayPrice = displayPrice
        }
    }

    /// ISO 8601: `P1W`, `P1M`, `P1Y`.
    public var period: String
    public var group: String?
    public var introductoryOffer: Offer?
    public var promotionalOffers: [Offer]

    public init(period: String, group: String? = nil, introductoryOffer: Offer? = nil, promotionalOffers: [Offer] = [])
    {
        self.period = period
        self.group = group
        self.introductoryOffer = introductoryOffer
        self.promotionalOffers = promotionalOffers
    }
}
