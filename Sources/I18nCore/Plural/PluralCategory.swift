/// A CLDR plural category.
public enum PluralCategory: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case zero, one, two, few, many, other

    public var description: String { rawValue }
}
