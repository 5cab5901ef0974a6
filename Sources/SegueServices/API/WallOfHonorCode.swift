import SegueRuntime

/// The seed API's envelope codes, the value of every response's `Error` field.
public enum WallOfHonorCode: String, Sendable, Hashable, CaseIterable {
    /// `01`: not all required input was given (or it broke a limit).
    case missingInput = "01"
    /// `00`: the database answered but there are no records.
    case noRecords = "00"
    /// `10`: the database answered, or every record was written.
    case success = "10"
    /// `20`: writing failed.
    case writeError = "20"
    /// `11`: not enough funds.
    case insufficientFunds = "11"
    /// `12`: the operation was already done before.
    case alreadyDone = "12"

    /// The seed's own wording, shown when the server sends no text of its own.
    public var meaning: String {
        switch self {
        case .missingInput: return "Не все входные данные имеются"
        case .noRecords: return "Ответ от БД получен, но записей нет"
        case .success: return "Ответ от БД получен, все записи внесены"
        case .writeError: return "Ошибка при записи"
        case .insufficientFunds: return "Недостаточно средств"
        case .alreadyDone: return "Операция невозможна, так как была проведена ранее"
        }
    }

    /// How the runtime treats the code: `10` is `ok`, `00` is `ok` with the endpoint's empty result.
    public var outcome: APIEndpoint.Code.Outcome {
        switch self {
        case .success: return .ok
        case .noRecords: return .empty
        case .missingInput, .writeError, .insufficientFunds, .alreadyDone: return .error
        }
    }

    /// The code as an endpoint's code table holds it.
    public var tableEntry: APIEndpoint.Code {
        APIEndpoint.Code(code: rawValue, outcome: outcome, meaning: meaning)
    }
}
