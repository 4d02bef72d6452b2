import HTTPTypes
import Testing

@testable import PhotolalaKit
@testable import PhotolalaServer

@Suite("What a backup's refusal answers")
struct BackupErrorStatusTests {
    @Test("A backup that cannot go ahead answers the status that says whose move it is, never 500")
    func statuses() {
        let answers: [(BackupError, HTTPResponse.Status)] = [
            (.quotaExceeded(used: 1, needed: 2, quota: 2), .init(code: 507)),
            (.changedSinceStarred("/photos/a.jpg"), .conflict),
            (.fileChanged("/photos/a.jpg"), .conflict),
            (.notStarred("/photos/a.jpg"), .notFound),
            (.notAPhoto("/photos/a.txt"), .unprocessableContent),
            (.catalogBusy(attempts: 3), .serviceUnavailable),
            (.catalogDamaged("catalog/shard-0.csv"), .badGateway),
            (.verificationFailed("photos/a", expected: "a", stored: "b"), .badGateway),
        ]
        for (error, status) in answers {
            #expect(ServerError.from(error).status == status, "\(error.code)")
            #expect(ServerError.from(error).message == error.message)
        }
    }
}
