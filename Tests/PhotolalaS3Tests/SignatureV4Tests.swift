import Foundation
import PhotolalaS3
import PhotolalaTestSupport
import Testing

/// The signer against the AWS Signature Version 4 test suite, in the cases that apply to S3.
@Suite struct SignatureV4Tests {
    /// The AWS suite's cases, committed with its licence and notice (see the README there).
    static let suite = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/aws-sig-v4-test-suite").path

    /// Cases S3 signs differently, with the reason.
    static let notForS3: [String: String] = [
        "get-relative": "S3 keys are literal: '..' is not normalised away",
        "get-relative-relative": "S3 keys are literal: '..' is not normalised away",
        "get-slash-dot-slash": "S3 keys are literal: '.' is not normalised away",
        "get-slash-pointless-dot": "S3 keys are literal: '.' is not normalised away",
        "get-slash": "S3 keys are literal: '//' is not collapsed",
        "get-slashes": "S3 keys are literal: '//' is not collapsed",
        "post-sts-header-after": "S3 signs X-Amz-Security-Token; the case adds it after signing",
    ]

    /// Cases whose `.sts` does not hash their own `.creq` (an erratum of the suite): only the
    /// canonical request is compared.
    static let canonicalRequestOnly: Set<String> = ["post-x-www-form-urlencoded", "post-x-www-form-urlencoded-parameters"]

    static var cases: [String] {
        guard let walker = FileManager.default.enumerator(atPath: suite) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".req") }.sorted()
    }

    static let signer = SignatureV4(
        credentials: AWSCredentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"),
        region: "us-east-1",
        service: "service"
    )

    @Test("The suite is there") func theSuiteIsThere() {
        #expect(Self.cases.count >= 30, "the AWS test suite should be at \(Self.suite)")
    }

    @Test("Signs like AWS", arguments: cases) func signsLikeAWS(_ requestFile: String) throws {
        let base = String(requestFile.dropLast(4))
        let name = String(base.split(separator: "/").last ?? "")
        if let reason = Self.notForS3[name] {
            // Recorded rather than silently passed: this case does not apply to S3.
            print("skipped \(name): \(reason)")
            return
        }
        func read(_ suffix: String) throws -> String {
            try String(contentsOfFile: Self.suite + "/" + base + suffix, encoding: .utf8)
        }
        let (request, body) = try Self.parse(read(".req"))
        let timestamp = try #require(request.headers.first { $0.name.lowercased() == "x-amz-date" }?.value)
        let payload = SignatureV4.payloadHash(Array(body.utf8))
        let canonical = Self.signer.canonicalRequest(request, payloadHash: payload)
        #expect(canonical == (try read(".creq")))
        if Self.canonicalRequestOnly.contains(name) { return }
        #expect(Self.signer.stringToSign(canonicalRequest: canonical, timestamp: timestamp) == (try read(".sts")))
        #expect(Self.signer.authorization(for: request, timestamp: timestamp, payloadHash: payload) == (try read(".authz")))
    }

    @Test("Encodes keys once keeping slashes") func encodesKeysOnceKeepingSlashes() {
        #expect(SignatureV4.encodePath("/bucket/a b/ሴ+%.dat") == "/bucket/a%20b/%E1%88%B4%2B%25.dat")
    }

    @Test("Presigned query carries the signature last") func presignedQueryCarriesTheSignatureLast() {
        let request = SignatureV4.Request(method: "GET", path: "/bucket/key", headers: [("host", "example.com")])
        let query = Self.signer.presignedQuery(for: request, timestamp: "20150830T123600Z", expiresInSeconds: 60)
        #expect(query.contains("X-Amz-Credential=AKIDEXAMPLE%2F20150830%2Fus-east-1%2Fservice%2Faws4_request"))
        #expect(query.contains("X-Amz-SignedHeaders=host"))
        #expect(query.range(of: "&X-Amz-Signature=[0-9a-f]{64}$", options: .regularExpression) != nil)
    }

    @Test("Credentials never describe or mirror their secret") func credentialsNeverDescribeOrMirrorTheirSecret() {
        let credentials = AWSCredentials(accessKeyID: "AKID", secretAccessKey: "very-secret", sessionToken: "token-secret")
        var dumped = ""
        dump(credentials, to: &dumped)
        var dumpedInside = ""
        dump([credentials], to: &dumpedInside)
        let mirrored = Mirror(reflecting: credentials).children.map { "\($0.label ?? ""): \($0.value)" }.joined(separator: ", ")
        for text in ["\(credentials)", String(reflecting: credentials), String(describing: credentials), dumped, dumpedInside, mirrored] {
            #expect(!text.contains("very-secret") && !text.contains("token-secret"), "\(text)")
            #expect(text.contains("AKID"))
        }
    }

    /// A `.req` file: request line, headers (continuation lines are further values), body.
    static func parse(_ text: String) throws -> (SignatureV4.Request, String) {
        let parts = text.components(separatedBy: "\n\n")
        var lines = parts[0].components(separatedBy: "\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        let method = String(requestLine[0])
        let target = requestLine.dropFirst().dropLast().joined(separator: " ")
        let pathAndQuery = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var query: [(name: String, value: String)] = []
        if pathAndQuery.count > 1 {
            for pair in pathAndQuery[1].split(separator: "&") {
                let nameValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let decode = { (text: Substring) in String(text).removingPercentEncoding ?? String(text) }
                query.append((decode(nameValue[0]), nameValue.count > 1 ? decode(nameValue[1]) : ""))
            }
        }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            if line.first == " " || line.first == "\t", let last = headers.last {
                headers.append((last.name, line))
            } else if let colon = line.firstIndex(of: ":") {
                headers.append((String(line[..<colon]), String(line[line.index(after: colon)...])))
            }
        }
        let path = String(pathAndQuery[0]).removingPercentEncoding ?? String(pathAndQuery[0])
        return (SignatureV4.Request(method: method, path: path, query: query, headers: headers), parts.dropFirst().joined(separator: "\n\n"))
    }
}
