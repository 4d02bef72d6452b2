public import PhotolalaS3

extension RestoreTier {
    /// The tier named `text`, in any case.
    /// - Throws: ``CloudError/invalidTier`` for Expedited or an unknown name.
    public init(parsing text: String) throws {
        guard let tier = Self.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) else {
            throw CloudError.invalidTier(text)
        }
        self = tier
    }
}
