import Foundation
import Testing

@testable import PhotolalaKit

/// Mutates facts shards of the cloud catalog, which another device wrote and anyone with the
/// bucket may alter, and reads each: every photo kept has an MD5 of its shard and holds only
/// what a description read here may hold; never a crash or a hang.
@Suite("Fuzzing the cloud catalog's facts shards")
struct CloudFactsFuzzTests {
    /// A shard as Photolala writes it, and lines no writer makes.
    static func seeds() -> [[UInt8]] {
        var rome = PhotoDescription()
        rome.cameraMake = "Canon"
        rome.setPosition(latitude: 41.8986, longitude: 12.4769)
        rome.keywords = ["wedding", "Zürich \"quoted\""]
        rome.rating = 5
        rome.title = "Colosseum"
        var pano = PhotoDescription()
        pano.isPanorama = true
        pano.colorLabel = "Red"
        let (shards, _) = CloudFacts.render(["0f" + String(repeating: "a", count: 30): rome, "01" + String(repeating: "b", count: 30): pano])
        let hostile = [
            #"{"md5":"0fffffffffffffffffffffffffffffff","facts":{"latitude":1e999,"longitude":-1e999,"rating":-2147483649}}"#,
            #"{"md5":"0fffffffffffffffffffffffffffffff","facts":{"keywords":"#
                + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000) + "}}",
            #"{"md5":"0fffffffffffffffffffffffffffffff","facts":{"title":""# + String(repeating: "\\u0000", count: 3_000) + #""}}"#,
        ]
        return [shards[0], Array(hostile.joined(separator: "\n").utf8)]
    }

    @Test("mutated shards: only an MD5 of the shard, a position on Earth and 0–5 stars are kept; never a crash or a hang")
    func mutatedShards() {
        let seeds = Self.seeds()
        #expect(CloudFacts.decode(seeds[0], shard: 0).facts.count == 2)
        let budget = FuzzBudget(share: 0.02)
        var mutator = Mutator(seed: budget.seed)
        var iteration = 0
        var kept = 0
        while budget.hasTime || iteration < 2_000 {
            let bytes = mutator.mutate(seeds[iteration % seeds.count], limit: 256 << 10)
            iteration += 1
            for (md5, facts) in CloudFacts.decode(bytes, shard: 0).facts {
                kept += 1
                #expect(md5.hasPrefix("0") && md5.count == 32)
                #expect(facts.latitude.map { abs($0) <= 90 } ?? true && facts.longitude.map { abs($0) <= 180 } ?? true)
                #expect(facts.rating.map { (0...5).contains($0) } ?? true)
                #expect(facts.keywords.count <= PhotoDescription.maximumKeywords)
            }
        }
        print("CloudFactsFuzzTests: \(iteration) mutated shards, \(kept) photos' facts kept, seed \(budget.seed)")
    }
}
