/// How a camera is named to people: its model, with the maker in front only when the model does
/// not start with the maker's name already. Makers write both tags their own way ("Canon" and
/// "Canon EOS R5", "NIKON CORPORATION" and "NIKON D850", "SONY" and "ILCE-7M3"), and "Canon Canon
/// EOS R5" is what no one calls their camera (exiftool's and digiKam's habit too).
///
/// ```swift
/// CameraName.joining(make: "NIKON CORPORATION", model: "NIKON D850")  // "NIKON D850"
/// CameraName.joining(make: "SONY", model: "ILCE-7M3")  // "SONY ILCE-7M3"
/// ```
public enum CameraName {
    /// The camera's name from its EXIF make and model; `nil` when neither is known.
    public static func joining(make: String?, model: String?) -> String? {
        guard let model, !model.isEmpty else { return make?.isEmpty == false ? make : nil }
        guard let make, let brand = make.split(separator: " ").first, !model.lowercased().hasPrefix(brand.lowercased()) else { return model }
        return make + " " + model
    }
}
