import Foundation

@testable import SegueServices

/// Bytes as a `.storekit` file, then every product's prices and titles as the store shows them.
enum StoreKitFuzz {
    static func run(_ data: Data) {
        guard let configuration = try? StoreKitConfiguration(data: data) else { return }
        for product in configuration.products {
            _ = ConfigurationStore.nearestDouble(product.price)
            _ = product.localization(for: "ru_RU")
        }
    }
}
