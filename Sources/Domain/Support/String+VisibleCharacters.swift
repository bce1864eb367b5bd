extension StringProtocol {
    /// How many characters are not whitespace (Unicode scalars): what a reading's length and
    /// confidence are weighed by.
    package var visibleCharacterCount: Int {
        unicodeScalars.filter { !$0.properties.isWhitespace }.count
    }
}
