import CVips
import Foundation
import PhotolalaTestSupport

@testable import PhotolalaKit

/// Width and height of a JPEG, read by libvips.
func dimensions(of jpeg: [UInt8]) throws -> (width: Int, height: Int) {
    let inspection = try ImageProcessor().inspect(jpeg, name: "thumbnail")
    return (inspection.width, inspection.height)
}

/// The colour at one pixel of a JPEG, as `vips getpoint` reads it.
func pixel(of jpeg: [UInt8], x: Int, y: Int, in folder: TemporaryDirectory) async throws -> [Int] {
    let path = folder.path("pixel-\(UUID().uuidString).jpg")
    try Data(jpeg).write(to: URL(fileURLWithPath: path))
    let output = try await Shell.run("vips", ["getpoint", path, String(x), String(y)])
    return output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }.map { Int($0.rounded()) }
}

/// libvips's own reading of an image header, to compare other readers with.
enum ImageProcessorProbe {
    static func header(_ buffer: UnsafeRawBufferPointer) -> (width: Int, height: Int, orientation: Int)? {
        try? VipsRuntime.start()
        guard let pointer = cvips_header_from_buffer(buffer.baseAddress, buffer.count) else { return nil }
        let image = VipsImage(pointer)
        return (image.width, image.height, image.orientation)
    }
}
