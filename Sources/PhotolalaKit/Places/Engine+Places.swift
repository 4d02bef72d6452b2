extension Engine {
    /// Loads the place data GPS positions are found in, if it is not loaded yet (about a second),
    /// so that the first photo shown with a position does not wait for it.
    public func preparePlaces() {
        fileReader.places.prepare()
    }
}
