import Foundation
import NIOHTTP1
import PhotolalaSupport

extension S3ObjectStore {
    public func put(_ key: String, body: [UInt8], options: PutOptions) async throws -> String {
        try await send(.PUT, key: key, headers: Self.headers(for: options), body: body, unsignedAllowed: true, operation: "PutObject").etag
    }

    public func get(_ key: String, range: ClosedRange<Int64>?, ifNoneMatch: String?) async throws -> ObjectData? {
        var headers: [(name: String, value: String)] = []
        if let range {
            headers.append(("range", "bytes=\(range.lowerBound)-\(range.upperBound)"))
        }
        if let ifNoneMatch {
            headers.append(("if-none-match", "\"\(ifNoneMatch)\""))
        }
        let response = try await send(.GET, key: key, headers: headers, operation: "GetObject", accept: [304])
        if response.status == 304 { return nil }
        // "bytes 0-9/100" for a range; the whole length otherwise.
        let total = response.header("content-range").flatMap { $0.split(separator: "/").last.flatMap { Int64($0) } } ?? Int64(response.body.count)
        return ObjectData(bytes: response.body, etag: response.etag, totalSize: total)
    }

    public func head(_ key: String) async throws -> ObjectInfo? {
        let response = try await send(.HEAD, key: key, operation: "HeadObject", accept: [404])
        if response.status == 404 { return nil }
        var metadata: [String: String] = [:]
        for header in response.headers where header.name.lowercased().hasPrefix("x-amz-meta-") {
            metadata[String(header.name.lowercased().dropFirst("x-amz-meta-".count))] = header.value
        }
        return ObjectInfo(
            size: response.header("content-length").flatMap { Int64($0) } ?? 0,
            etag: response.etag,
            lastModified: response.header("last-modified").flatMap(HTTPDate.parse),
            storageClass: response.header("x-amz-storage-class").map { StorageClass(rawValue: $0) } ?? .standard,
            metadata: metadata,
            contentType: response.header("content-type"),
            tagCount: response.header("x-amz-tagging-count").flatMap { Int($0) },
            restore: response.header("x-amz-restore").flatMap(ObjectRestoreState.init(header:))
        )
    }

    public func tags(_ key: String) async throws -> [String: String] {
        let xml = try await sendForXML(.GET, key: key, query: [("tagging", "")], operation: "GetObjectTagging").xml
        var tags: [String: String] = [:]
        for tag in xml["TagSet"]?.all("Tag") ?? [] {
            if let name = tag.value("Key") {
                tags[name] = tag.value("Value") ?? ""
            }
        }
        return tags
    }

    public func delete(_ key: String) async throws {
        _ = try await send(.DELETE, key: key, operation: "DeleteObject", accept: [404])
    }

    public func list(prefix: String, continuationToken: String?, maxKeys: Int) async throws -> ObjectListing {
        var query: [(name: String, value: String)] = [("list-type", "2"), ("prefix", prefix), ("max-keys", String(maxKeys))]
        if let continuationToken {
            query.append(("continuation-token", continuationToken))
        }
        let xml = try await sendForXML(.GET, key: nil, query: query, operation: "ListObjectsV2", answer: "ListBucketResult").xml
        let objects = xml.all("Contents").compactMap { item -> ObjectSummary? in
            guard let key = item.value("Key") else { return nil }
            return ObjectSummary(
                key: key, size: item.value("Size").flatMap { Int64($0) } ?? 0,
                etag: Response.unquoted(item.value("ETag")),
                storageClass: item.value("StorageClass").map { StorageClass(rawValue: $0) } ?? .standard)
        }
        let truncated = xml.value("IsTruncated") == "true"
        return ObjectListing(objects: objects, nextContinuationToken: truncated ? xml.value("NextContinuationToken") : nil)
    }

    public func copy(from source: String, to destination: String) async throws {
        // S3 copies metadata and tags by default but not the storage class: repeat it.
        guard let info = try await head(source) else {
            throw ObjectStoreError(.noSuchKey, "CopyObject '\(source)' failed: there is no such object.", s3Code: "NoSuchKey", statusCode: 404)
        }
        var headers: [(name: String, value: String)] = [("x-amz-copy-source", SignatureV4.encodePath(location.path(of: source)))]
        if location.addressing == .virtualHost {
            headers[0].value = "/" + location.bucket + SignatureV4.encodePath(location.path(of: source))
        }
        headers.append(("x-amz-storage-class", info.storageClass.rawValue))
        _ = try await sendForXML(.PUT, key: destination, headers: headers, operation: "CopyObject")
    }

    public func createMultipartUpload(_ key: String, options: PutOptions) async throws -> String {
        let (response, xml) = try await sendForXML(
            .POST, key: key, query: [("uploads", "")], headers: Self.headers(for: options, singlePart: false), operation: "CreateMultipartUpload")
        guard let uploadID = xml.value("UploadId"), !uploadID.isEmpty else {
            throw ObjectStoreError(.invalidResponse, "CreateMultipartUpload '\(key)': the answer has no UploadId.", statusCode: response.status)
        }
        return uploadID
    }

    public func uploadPart(_ key: String, uploadID: String, partNumber: Int, body: [UInt8]) async throws -> String {
        let md5 = ContentHash.base64MD5(of: body)
        let response = try await send(
            .PUT, key: key, query: [("partNumber", String(partNumber)), ("uploadId", uploadID)], headers: [("content-md5", md5)], body: body,
            unsignedAllowed: true, operation: "UploadPart")
        return response.etag
    }

    public func completeMultipartUpload(_ key: String, uploadID: String, parts: [UploadedPart]) async throws -> String {
        let items = parts.sorted { $0.partNumber < $1.partNumber }.map {
            "<Part><PartNumber>\($0.partNumber)</PartNumber><ETag>\"\(S3XML.escape($0.etag))\"</ETag></Part>"
        }
        let body = "<CompleteMultipartUpload xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">\(items.joined())</CompleteMultipartUpload>"
        let (response, xml) = try await sendForXML(
            .POST, key: key, query: [("uploadId", uploadID)], headers: [("content-type", "application/xml")], body: Array(body.utf8),
            operation: "CompleteMultipartUpload")
        return xml.value("ETag").map(Response.unquoted) ?? response.etag
    }

    public func abortMultipartUpload(_ key: String, uploadID: String) async throws {
        _ = try await send(.DELETE, key: key, query: [("uploadId", uploadID)], operation: "AbortMultipartUpload", accept: [404])
    }

    public func listParts(_ key: String, uploadID: String) async throws -> [UploadedPart] {
        var parts: [UploadedPart] = []
        var marker: String?
        repeat {
            var query: [(name: String, value: String)] = [("uploadId", uploadID)]
            if let marker {
                query.append(("part-number-marker", marker))
            }
            let xml = try await sendForXML(.GET, key: key, query: query, operation: "ListParts").xml
            parts += xml.all("Part").compactMap { part in
                guard let number = part.value("PartNumber").flatMap({ Int($0) }) else { return nil }
                return UploadedPart(
                    partNumber: number, etag: Response.unquoted(part.value("ETag")),
                    size: part.value("Size").flatMap { Int64($0) })
            }
            marker = xml.value("IsTruncated") == "true" ? xml.value("NextPartNumberMarker") : nil
        } while marker != nil
        return parts.sorted { $0.partNumber < $1.partNumber }
    }
}
