import Foundation
import PhotolalaSupport
import Testing

@testable import PhotolalaKit

/// The facts shards of the cloud catalog: what one device writes another reads back, the same
/// facts always make the same bytes, and a hostile shard yields only what a description read
/// here may hold.
@Suite struct CloudFactsTests {
    private static let rome = "0f" + String(repeating: "1", count: 30)
    private static let paris = "0a" + String(repeating: "2", count: 30)
    private static let party = "c4" + String(repeating: "3", count: 30)

    private var facts: [String: PhotoDescription] {
        var rome = PhotoDescription()
        rome.cameraMake = "Canon"
        rome.setPosition(latitude: 41.8986, longitude: 12.4769)
        rome.keywords = ["wedding", "Été"]
        rome.rating = 4
        var party = PhotoDescription()
        party.title = "New year"
        party.isPanorama = true
        return [Self.rome: rome, Self.paris: PhotoDescription(), Self.party: party]
    }

    @Test("Facts are sharded by the MD5's first digit, read back as written, and the same facts make the same shards")
    func roundTrip() throws {
        let (shards, list) = CloudFacts.render(facts)
        #expect(list.map(\.index) == [0, 12])
        #expect(list.map(\.rows) == [2, 1])
        #expect(list.allSatisfy { ContentHash.sha256(of: shards[$0.index]) == $0.sha256 })
        let lines = String(decoding: shards[0], as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2 && lines[0].contains(Self.paris), "sorted by MD5")
        var read: [String: PhotoDescription] = [:]
        for shard in list {
            let decoded = CloudFacts.decode(shards[shard.index], shard: shard.index)
            #expect(decoded.refused == 0)
            read.merge(decoded.facts) { $1 }
        }
        #expect(read == facts)
        #expect(CloudFacts.render(facts).list == list, "deterministic")
    }

    @Test("A line that is not a photo's facts, or is in the wrong shard, is refused; values are held to what a read may hold")
    func hostileShard() {
        let wrongShard = #"{"facts":{"keywords":[]},"md5":"c4333333333333333333333333333333"}"#
        let outOfRange =
            #"{"facts":{"keywords":["a\u0007b","A B"],"latitude":200,"longitude":1,"rating":9},"md5":"0f111111111111111111111111111111"}"#
        let deep = #"{"facts":{"keywords":[[[[[[[[[[[["x"]]]]]]]]]]]]},"md5":"0a222222222222222222222222222222"}"#
        let shard = [wrongShard, outOfRange, deep, "not json", #"{"md5":"../x"}"#].joined(separator: "\n")
        let decoded = CloudFacts.decode(Array(shard.utf8), shard: 0)
        #expect(decoded.refused == 4)
        let kept = decoded.facts[Self.rome]
        #expect(kept?.latitude == nil && kept?.longitude == nil, "no position off the Earth")
        #expect(kept?.rating == nil)
        #expect(kept?.keywords == ["a b"], "control characters cleaned, duplicates dropped")
    }

    @Test("A metadata plist written before facts were kept gives the same description")
    func factsOfMetadata() {
        var metadata = PhotoMetadata()
        metadata.cameraMake = "Canon"
        metadata.cameraModel = "Canon EOS R5"
        metadata.latitude = 41.8986
        metadata.longitude = 12.4769
        metadata.keywords = ["wedding"]
        metadata.rating = 4
        let description = CloudFacts.facts(of: metadata)
        #expect(description.cameraModel == "Canon EOS R5" && description.latitude == 41.8986 && description.keywords == ["wedding"])
        #expect(description.rating == 4)
    }
}
