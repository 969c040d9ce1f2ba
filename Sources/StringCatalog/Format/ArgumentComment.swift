/// The names of a key's arguments, kept in its catalog entry's `comment` so that an export then an import gives
/// `{name}` back, not `{arg1}`.
///
/// A String Catalog knows arguments by position only (`%1$@`); the ICU message's names exist nowhere in it. The
/// export writes them as a line of the comment, which Xcode keeps and shows translators beside the string:
/// `Arguments: {name} is argument 1, {count} is argument 2.` A comment of the user's own stays, above that line;
/// the import reads the line back.
enum ArgumentComment {
    static let prefix = "Arguments: "

    /// The comment's line for `names`, by position from 1.
    static func line(_ names: [String]) -> String {
        prefix + names.enumerated().map { "{\($0.element)} is argument \($0.offset + 1)" }.joined(separator: ", ")
            + "."
    }

    /// `existing` (a user's comment, or `nil`) with its arguments line, if any, replaced by the one of `names`.
    static func comment(_ existing: String?, with names: [String]) -> String {
        let kept = (existing ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix(prefix) }.joined(separator: "\n")
        let trimmed = kept.hasSuffix("\n") ? String(kept.dropLast()) : kept
        return trimmed.isEmpty ? line(names) : trimmed + "\n" + line(names)
    }

    /// `names` by position, from 1, as `names(in:)` gives them.
    static func positions(_ names: [String]) -> [Int: String] {
        Dictionary(uniqueKeysWithValues: names.enumerated().map { ($0.offset + 1, $0.element) })
    }

    /// The names by position the comment's arguments line gives; empty when it has none or it does not read.
    static func names(in comment: String?) -> [Int: String] {
        guard let comment,
            let line = comment.split(separator: "\n").last(where: { $0.hasPrefix(prefix) })
        else { return [:] }
        var body = line.dropFirst(prefix.count)
        if body.hasSuffix(".") { body = body.dropLast() }
        var names: [Int: String] = [:]
        for part in body.split(separator: ",") {
            let words = part.split(separator: " ")
            guard words.count == 4, words[1] == "is", words[2] == "argument", let position = Int(words[3]),
                position >= 1, words[0].hasPrefix("{"), words[0].hasSuffix("}"), words[0].count > 2,
                names[position] == nil
            else { return [:] }
            let name = String(words[0].dropFirst().dropLast())
            guard !names.values.contains(name) else { return [:] }
            names[position] = name
        }
        return names
    }
}
