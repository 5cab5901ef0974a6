import Foundation

/// Files and folders the store tests share.
enum StoreTestSupport {
    /// The donations example's `.storekit` file in the repository.
    static var donateStoreKit: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("flows/donate/Products.storekit")
    }

    /// A fresh empty directory under the system's temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A minimal `.storekit` document with the given products and settings JSON fragments.
    static func storeKit(products: String, settings: String = #""_locale": "ru_RU", "_storefront": "RUS""#) -> Data {
        Data(
            """
            {
              "identifier": "TEST",
              "nonRenewingSubscriptions": [],
              "products": [\(products)],
              "settings": { \(settings) },
              "subscriptionGroups": [],
              "version": { "major": 3, "minor": 0 }
            }
            """.utf8)
    }

    static func product(_ id: String, type: String = "Consumable", price: String = "\"149.00\"") -> String {
        """
        {"displayPrice": \(price), "familyShareable": false, "internalID": "1",
         "localizations": [{"description": "Описание \(id)", "displayName": "Товар \(id)", "locale": "ru_RU"}],
         "productID": "\(id)", "referenceName": "\(id)", "type": "\(type)"}
        """
    }
}
