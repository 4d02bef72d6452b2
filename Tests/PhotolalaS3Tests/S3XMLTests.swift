import Testing

@testable import PhotolalaS3

/// S3's XML answers are read through the untrusted-document gate.
@Suite("S3 XML")
struct S3XMLTests {
    @Test("S3 XML deeper than the limit is refused as such, not as no XML")
    func s3XML() throws {
        let deep = "<?xml version=\"1.0\"?>" + String(repeating: "<a>", count: 10_000) + String(repeating: "</a>", count: 10_000)
        #expect(throws: S3XML.Unreadable.refused("it nests more than 64 levels deep")) { try S3XML(Array(deep.utf8)) }
        #expect(throws: S3XML.Unreadable.notXML) { try S3XML(Array("<html><body>".utf8)) }
        let answer = "<ListBucketResult xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><Contents><Key>a</Key></Contents></ListBucketResult>"
        #expect(try S3XML(Array(answer.utf8))["Contents"]?.value("Key") == "a")
    }
}
