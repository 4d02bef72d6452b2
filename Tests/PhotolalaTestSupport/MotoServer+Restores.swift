import Foundation

extension MotoServer {
    /// Makes moto's restores take time, as Deep Archive's do, instead of completing at once: the
    /// first check of an object after its restore was asked for finds it under way
    /// (`x-amz-restore: ongoing-request="true"`), the next finds it restored. This is moto's own
    /// state manager ("manual" progression of `s3::keyrestore`, advanced by each request of the
    /// object). The setting is the server's, so every restore test sets this same one and the
    /// order in which they run does not matter.
    /// - Throws: ``Shell/Failure`` when the server refuses it.
    public func delayRestores() async throws {
        let transition = #"{"model_name": "s3::keyrestore", "transition": {"progression": "manual", "times": 1}}"#
        try await Shell.run(
            "curl",
            [
                "-sS", "--fail", "-X", "POST", "-H", "Content-Type: application/json", "-d", transition,
                endpoint + "/moto-api/state-manager/set-transition",
            ])
    }
}
