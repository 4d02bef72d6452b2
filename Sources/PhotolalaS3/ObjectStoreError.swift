/// An object store's refusal or failure, with the S3 error code and message when there was one.
///
/// Messages name keys and buckets, never credentials: S3 echoes the string it signed in some
/// error bodies, and those parts are not kept.
public struct ObjectStoreError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is; new codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) {
            self.name = name
        }

        public var description: String { name }

        public static let noSuchKey = Code("noSuchKey")
        public static let noSuchBucket = Code("noSuchBucket")
        public static let noSuchUpload = Code("noSuchUpload")
        /// The secret does not match the access key (S3 `SignatureDoesNotMatch`).
        public static let signatureDoesNotMatch = Code("signatureDoesNotMatch")
        /// Unknown access key, or not allowed (S3 `AccessDenied`, `InvalidAccessKeyId`).
        public static let accessDenied = Code("accessDenied")
        /// The body does not match its Content-MD5, or the stored ETag does not match the MD5.
        public static let badDigest = Code("badDigest")
        public static let invalidRange = Code("invalidRange")
        public static let invalidRequest = Code("invalidRequest")
        /// A conditional write's condition did not hold: another writer got there first
        /// (S3 `PreconditionFailed`, 412, or `ConditionalRequestConflict`, 409).
        public static let preconditionFailed = Code("preconditionFailed")
        /// Throttled (`SlowDown`, `Throttling`, 503, 429); retried when the status was 503 or 429.
        public static let throttled = Code("throttled")
        /// Retries ran out on 5xx answers, or on errors inside 200 answers.
        public static let serverError = Code("serverError")
        /// The store could not be reached, or the connection broke; retries ran out.
        public static let unreachable = Code("unreachable")
        /// The answer could not be understood.
        public static let invalidResponse = Code("invalidResponse")
        /// The local store's folder could not be read or written.
        public static let storageFailed = Code("storageFailed")
    }

    public let code: Code
    /// The S3 error code, e.g. `SignatureDoesNotMatch`, when the store sent one.
    public let s3Code: String?
    /// The HTTP status, when there was an answer.
    public let statusCode: Int?
    public let message: String

    public var description: String { message }

    /// The message without the key it names (`HeadObject failed with HTTP 403 …` for
    /// `HeadObject 'photos/…/….dat' failed with HTTP 403 …`): for a failure that is every
    /// photo's, reported on each, where one photo's key would be another's wrong reason.
    public var messageWithoutKey: String {
        guard let open = message.firstIndex(of: "'"),
            let close = message[message.index(after: open)...].firstIndex(of: "'")
        else { return message }
        let start = open > message.startIndex && message[message.index(before: open)] == " " ? message.index(before: open) : open
        return String(message[..<start] + message[message.index(after: close)...])
    }

    init(_ code: Code, _ message: String, s3Code: String? = nil, statusCode: Int? = nil) {
        self.code = code
        self.message = message
        self.s3Code = s3Code
        self.statusCode = statusCode
    }

    /// Whether trying again may succeed: HTTP 5xx (SlowDown included), 408, 429, an error inside
    /// a 200 answer (CompleteMultipartUpload, CopyObject: AWS says to retry it like a 500) and
    /// broken connections; never another 4xx, whatever its S3 code.
    public var isRetryable: Bool {
        if code == .unreachable { return true }
        guard let status = statusCode else { return false }
        let embedded = (200..<300).contains(status) && s3Code != nil
        return status >= 500 || status == 408 || status == 429 || embedded
    }

    /// An error answer from S3, typed by its code. The message carries the status and the S3
    /// code, never the answer's own text: an endpoint is whatever the settings name, and its
    /// words (an internal service's page, another host's error) are not to be passed on to the
    /// page or the log. A code that is not an S3 code's shape (letters, digits and dots, 64 at
    /// most) is dropped the same way.
    static func s3(status: Int, s3Code remoteCode: String?, operation: String, key: String) -> ObjectStoreError {
        let s3Code = remoteCode.flatMap { code in
            (1...64).contains(code.utf8.count) && code.utf8.allSatisfy { $0.isASCIILetterOrDigit || $0 == 0x2E } ? code : nil
        }
        let code: Code =
            switch s3Code {
            case "NoSuchKey": .noSuchKey
            case "NoSuchBucket": .noSuchBucket
            case "NoSuchUpload": .noSuchUpload
            case "SignatureDoesNotMatch": .signatureDoesNotMatch
            case "AccessDenied", "InvalidAccessKeyId", "InvalidToken", "ExpiredToken": .accessDenied
            case "BadDigest", "InvalidDigest": .badDigest
            case "InvalidRange": .invalidRange
            case "PreconditionFailed", "ConditionalRequestConflict": .preconditionFailed
            case "SlowDown", "Throttling", "ThrottlingException": .throttled
            default:
                switch status {
                case 404: .noSuchKey
                case 403: .accessDenied
                case 412: .preconditionFailed
                case 416: .invalidRange
                case 429, 503: .throttled
                case 200..<300, 500...: .serverError
                default: .invalidRequest
                }
            }
        let answer = (200..<300).contains(status) ? "an error inside its HTTP \(status) answer" : "HTTP \(status)"
        let what = s3Code ?? "no S3 error code"
        let advice =
            switch code {
            case .signatureDoesNotMatch: " Check AWS_SECRET_ACCESS_KEY (or the profile's secret) for this access key."
            case .accessDenied: " Check the access key and its secret, and that they may use this bucket."
            case .noSuchBucket: " Check PHOTOLALA_S3_BUCKET, or create the bucket."
            default: ""
            }
        return ObjectStoreError(
            code, "\(operation) '\(key)' failed with \(answer) (\(what)).\(advice)", s3Code: s3Code,
            statusCode: status)
    }
}

extension UInt8 {
    fileprivate var isASCIILetterOrDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
    }
}
