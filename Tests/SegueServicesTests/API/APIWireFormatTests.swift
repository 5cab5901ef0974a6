import Foundation
import SegueExpression
import SegueMachine
import SegueRuntime
import SegueServices
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The bytes on the wire: how requests are encoded and how envelopes are read.
@Suite struct APIWireFormatTests {
    let base = URL(string: "https://board.example.com/api/")!

    @Test func getSendsArgumentsInTheQueryString() throws {
        let arguments = try APIArgumentValidator.validate(["count": .int(6)], for: WallOfHonorContract.listEntries)
        let request = try APIRequestEncoder.request(
            for: WallOfHonorContract.listEntries, arguments: arguments, baseURL: base)
        #expect(request.url.absoluteString == "https://board.example.com/api/board/list?offset=0&count=6")
        #expect(request.method == "GET")
        #expect(request.body == nil)
        #expect(request.timeout == 15)
    }

    @Test func postSendsAPercentEncodedForm() throws {
        let arguments = try APIArgumentValidator.validate(
            [
                "user_id": .int(42), "name": .string("Иван"), "surname": .string("О'Нил"),
                "text": .string("a&b=c + 100%"), "buy_package": .string("donate.small"),
            ], for: WallOfHonorContract.addEntry)
        let request = try APIRequestEncoder.request(
            for: WallOfHonorContract.addEntry, arguments: arguments, baseURL: base)
        #expect(request.url.absoluteString == "https://board.example.com/api/board/add")
        #expect(request.header("Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
        let body = String(decoding: request.body ?? Data(), as: UTF8.self)
        #expect(
            body
                == "user_id=42&name=%D0%98%D0%B2%D0%B0%D0%BD&surname=%D0%9E%27%D0%9D%D0%B8%D0%BB"
                + "&text=a%26b%3Dc%20%2B%20100%25&buy_package=donate.small")
    }

    @Test func fileArgumentMakesAMultipartBody() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("me.jpg")
        try Data([0xFF, 0xD8, 0x00, 0xFF, 0xD9]).write(to: file)
        let arguments = try APIArgumentValidator.validate(
            ["user_id": .string("u-1"), "photo_file": .string(file.path)], for: WallOfHonorContract.uploadPhoto)
        let request = try APIRequestEncoder.request(
            for: WallOfHonorContract.uploadPhoto, arguments: arguments, baseURL: base, boundary: "BOUNDARY")
        #expect(request.header("Content-Type") == "multipart/form-data; boundary=BOUNDARY")
        var expected = Data(
            ("--BOUNDARY\r\nContent-Disposition: form-data; name=\"user_id\"\r\n\r\nu-1\r\n"
                + "--BOUNDARY\r\nContent-Disposition: form-data; name=\"photo_file\"; filename=\"me.jpg\"\r\n"
                + "Content-Type: image/jpeg\r\n\r\n").utf8)
        expected.append(Data([0xFF, 0xD8, 0x00, 0xFF, 0xD9]))
        expected.append(Data("\r\n--BOUNDARY--\r\n".utf8))
        #expect(request.body == expected)
    }

    func decode(_ body: String, status: Int = 200, endpoint: APIEndpoint = WallOfHonorContract.addEntry)
        -> ServiceOutcome
    {
        APIResponseDecoder.outcome(status: status, body: Data(body.utf8), endpoint: endpoint)
    }

    @Test func numericCodesReadAsTwoDigits() {
        #expect(decode(#"{"Error": 10, "Data": {"id": 1}}"#) == .ok(.record(["id": .int(1)])))
        #expect(decode(#"{"Error": 0, "Data": null}"#, endpoint: WallOfHonorContract.listEntries) == .ok(.list([])))
        #expect(decode(#"{"Error": 1, "Data": "Нет имени"}"#).codeMessage == ["01", "Нет имени"])
    }

    @Test func successWithoutDataIsNull() {
        #expect(decode(#"{"Error": "10"}"#) == .ok(.null))
    }

    @Test func noRecordsIsTheEndpointsEmptyResult() {
        #expect(decode(#"{"Error": "00", "Data": ""}"#, endpoint: WallOfHonorContract.listEntries) == .ok(.list([])))
        #expect(decode(#"{"Error": "00", "Data": ""}"#, endpoint: WallOfHonorContract.removeEntry) == .ok(.null))
    }

    @Test func errorStatusWithAnEnvelopeKeepsTheAPICode() {
        let outcome = decode(#"{"Error": "12", "Data": null, "Message": "Уже есть"}"#, status: 409)
        #expect(outcome.codeMessage == ["12", "Уже есть"])
        let plain = decode(#"{"detail": "Bad gateway"}"#, status: 502)
        #expect(plain.codeMessage == ["http_502", "Сервер ответил с ошибкой HTTP 502"])
        let withMessage = decode(#"{"message": "Сервис на обслуживании"}"#, status: 503)
        #expect(withMessage.codeMessage == ["http_503", "Сервис на обслуживании"])
    }

    /// The body is read by the project's own parser: a key given twice is ambiguous (which `Error` holds?), so it
    /// is not JSON the contract accepts; a byte order mark is allowed; whole numbers stay whole.
    @Test func aKeyGivenTwiceIsMalformedAndNumbersKeepTheirKind() {
        #expect(decode(#"{"Error": "20", "Error": "10", "Data": null}"#).codeAndMessage?.code == "malformed_json")
        #expect(
            decode("\u{FEFF}" + #"{"Error": "10", "Data": {"id": 7, "rate": 1.5}}"#)
                == .ok(.record(["id": .int(7), "rate": .number(1.5)])))
    }

    @Test func malformedBodies() {
        #expect(decode("").codeMessage == ["malformed_json", "Сервер прислал пустой ответ вместо JSON"])
        #expect(decode(#"{"Error": "10", "Da"#).codeAndMessage?.code == "malformed_json")
        #expect(
            decode(#"["Error", "10"]"#).codeMessage == [
                "missing_envelope", #"В ответе сервера нет поля «Error»: ["Error", "10"]"#,
            ])
        #expect(decode(#"{"Error": null, "Data": 1}"#).codeAndMessage?.code == "missing_envelope")
        #expect(decode(#"{"Error": true}"#).codeMessage == ["unknown_code", "Сервер ответил неизвестным кодом «true»"])
    }
}
