import CVips
import Foundation

/// Brings an HDR HEIF's or AVIF's pixels, coded with the PQ (SMPTE ST 2084) or HLG (ARIB
/// STD-B67) transfer function, to what an sRGB JPEG can show.
///
/// libvips 8.14 ignores a HEIF's nclx description and would show the codes as sRGB: PQ's diffuse
/// white (203 cd/m², code 0.58) would come out mid-grey and HLG's dim. So the 16-bit codes
/// (libvips scales 10 and 12 bits to 16) go through a table to linear light with diffuse white
/// at 1, highlights above 0.75 rolled off smoothly towards 1 (a Reinhard curve on the excess, so
/// a sunlit sky keeps its gradient instead of clipping), then through a matrix from the photo's
/// primaries (BT.2020 or Display P3) to BT.709's, as scRGB, which libvips encodes as sRGB.
struct HDRToneMapping {
    enum Transfer {
        case perceptualQuantizer
        case hybridLogGamma
    }

    let transfer: Transfer
    /// Row-major, from the photo's primaries to BT.709's (ITU-R BT.2087 for BT.2020).
    let primaries: [Double]

    /// The mapping for a photo's nclx codes (ITU-T H.273); `nil` when it is not HDR.
    init?(transferCharacteristics: Int?, colourPrimaries: Int?) {
        switch transferCharacteristics {
        case 16: transfer = .perceptualQuantizer
        case 18: transfer = .hybridLogGamma
        default: return nil
        }
        switch colourPrimaries {
        case 9:
            primaries = [1.6605, -0.5876, -0.0728, -0.1246, 1.1329, -0.0083, -0.0182, -0.1006, 1.1187]
        case 12:
            primaries = [1.2249, -0.2247, 0, -0.0420, 1.0419, 0, -0.0197, -0.0786, 1.0979]
        default:
            primaries = [1, 0, 0, 0, 1, 0, 0, 0, 1]
        }
    }

    /// Linear light for a code of 0–1, with diffuse white (203 cd/m²) at 1.
    func linear(_ code: Double) -> Double {
        switch transfer {
        case .perceptualQuantizer:
            let (m1, m2, c1, c2, c3) = (0.1593017578125, 78.84375, 0.8359375, 18.8515625, 18.6875)
            let power = pow(code, 1 / m2)
            return pow(max(power - c1, 0) / (c2 - c3 * power), 1 / m1) * 10_000 / 203
        case .hybridLogGamma:
            let (a, b, c) = (0.17883277, 0.28466892, 0.55991073)
            let scene = code <= 0.5 ? code * code / 3 : (exp((code - c) / a) + b) / 12
            // The reference display's system gamma (1.2 at 1,000 cd/m²), per channel.
            return pow(scene, 1.2) * 1_000 / 203
        }
    }

    /// Light above 0.75 compressed towards 1, with no kink where the compression starts.
    static func rollOff(_ light: Double) -> Double {
        let knee = 0.75
        guard light > knee else { return light }
        let excess = (light - knee) / (1 - knee)
        return knee + (1 - knee) * excess / (1 + excess)
    }

    /// The image as scRGB, mapped; an image that is not three bands of 16 bits is returned as it is.
    /// - Throws: ``PhotolalaError/damagedImage`` when libvips fails.
    func apply(to image: VipsImage, name: String) throws -> VipsImage {
        guard image.format == VIPS_FORMAT_USHORT, image.bands == 3 else { return image }
        let codes = (0..<65_536).map { Float(Self.rollOff(linear(Double($0) / 65_535))) }
        guard let lut = codes.withUnsafeBytes({ vips_image_new_from_memory_copy($0.baseAddress, $0.count, 65_536, 1, 1, VIPS_FORMAT_FLOAT) }) else {
            throw PhotolalaError.damagedImage(name, reason: VipsRuntime.takeError())
        }
        let table = VipsImage(lut)
        var mapped: UnsafeMutablePointer<CVips.VipsImage>?
        guard cvips_maplut(image.pointer, &mapped, table.pointer) == 0, let mapped else {
            throw PhotolalaError.damagedImage(name, reason: VipsRuntime.takeError())
        }
        let light = VipsImage(mapped)
        var converted: UnsafeMutablePointer<CVips.VipsImage>?
        guard cvips_recomb3(light.pointer, &converted, primaries) == 0, let converted else {
            throw PhotolalaError.damagedImage(name, reason: VipsRuntime.takeError())
        }
        let bt709 = VipsImage(converted)
        var tagged: UnsafeMutablePointer<CVips.VipsImage>?
        guard cvips_as_scrgb(bt709.pointer, &tagged) == 0, let tagged else {
            throw PhotolalaError.damagedImage(name, reason: VipsRuntime.takeError())
        }
        return VipsImage(tagged)
    }
}
