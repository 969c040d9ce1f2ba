import CDNFetcher
import CommandLineSupport
import Foundation
import GroupContract
import GroupStore
import I18nCore
import LocaleData
import WidgetI18nSupport

/// `widget-i18n store list`: every key of the group store.
enum StoreListCommand: Command {
    static let path = ["store", "list"]
    static let summary = "List the keys of the group store with size and modification time"
    static let usage = "store list"
    static let discussion = """
        Prints one key a line: KEY<TAB>BYTES<TAB>MODIFIED (ISO 8601)<TAB>WHAT, sorted by key, where WHAT says
        which writer's key it is (messages of the better-i18n core, Swift SDK or WidgetI18n; the Expo package's
        cache; WidgetI18n's own index, metadata and reload requests; empty for the app's own data). Control
        characters and bidi controls in a key (a tab, a newline, ESC, U+202E) are shown escaped, as \\t, \\n,
        \\u{1B}, \\u{202E}.
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        guard arguments.positionals.isEmpty else { throw .usage("'store list' takes no arguments") }
        let store = try context.configuration().store()
        do {
            for entry in try store.entries().sorted(by: { $0.key < $1.key }) {
                context.output.writeLine(
                    "\(TerminalText.escaped(entry.key))\t\(entry.size)\t\(HumanFormat.timestamp(entry.modified))\t"
                        + (StorageKey.role(of: entry.key) ?? ""))
            }
        } catch { throw .failure("\(error)") }
    }
}

/// `widget-i18n store get`: one value, byte for byte.
enum StoreGetCommand: Command {
    static let path = ["store", "get"]
    static let summary = "Print the value of a key exactly as stored"
    static let usage = "store get <key>"
    static let discussion = """
        Writes the value byte for byte to a pipe or a file. On a terminal, control characters and bidi controls
        are shown escaped (ESC as \\u{1B}), so that a value cannot drive the terminal.
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        let key = try StoreCommandSupport.singleKey(arguments, command: name)
        let store = try context.configuration().store()
        let value: [UInt8]?
        do { value = try store.value(forKey: key) } catch { throw StoreCommandSupport.failure(error) }
        guard let value else {
            throw .failure("No value for '\(key)' in \(store.displayName); 'widget-i18n store list' shows the keys")
        }
        context.output.writeBytes(value)
    }
}

/// `widget-i18n store put`: writes a value from stdin or a file, atomically.
enum StorePutCommand: Command {
    static let path = ["store", "put"]
    static let summary = "Write a value, read from standard input or a file"
    static let usage = "store put <key> [--file FILE] [--no-validate]"
    static let options: [OptionSpec] = [
        .value("file", "FILE", "Read the value from FILE instead of standard input"),
        .flag("no-validate", "Write even when the value is not valid for a better-i18n key"),
    ]
    static let discussion = """
        Values of better-i18n keys are checked first: messages and the manifest must be JSON objects, the
        locale a valid tag. An invalid value is refused and the stored one stays as it was.

        EXAMPLE:
          widget-i18n store put '@better-i18n:messages:acme/widgets:tr' --file tr.json
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        let key = try StoreCommandSupport.singleKey(arguments, command: name)
        let store = try context.configuration().writableStore(for: name)
        let value: [UInt8]
        if let file = arguments.value("file") {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw .failure("Cannot read '\(file)'; check that the file exists and is readable")
            }
            value = Array(data)
        } else {
            // A failed read writes nothing: a part of the value is not the value.
            do { value = try StandardStreams.readInput(limit: ConvertCommand.maximumInputSize) } catch {
                switch error {
                case .closed: throw .failure("Standard input is closed; pass the value with --file FILE")
                default: throw .failure("Cannot read standard input: \(error.reason); nothing was written")
                }
            }
        }
        if !arguments.has("no-validate"), let problem = StoreCommandSupport.validate(value, forKey: key) {
            // The reason may quote the value, which can be megabytes: the refusal repeats a short prefix at most.
            throw .failure(
                "Refusing to write '\(key)': \(QuotedExcerpt.of(problem, length: 320)); the stored value is unchanged "
                    + "(pass --no-validate to write it anyway)")
        }
        do {
            try StoreCommandSupport.write(value, forKey: key, in: store)
        } catch { throw StoreCommandSupport.failure(error) }
    }
}

/// `widget-i18n store rm`: removes a key.
enum StoreRemoveCommand: Command {
    static let path = ["store", "rm"]
    static let summary = "Remove a key from the group store"
    static let usage = "store rm <key>"
    static let discussion = """
        Also removes what sits where a key's file should be and no reader uses: a symbolic link (the link itself,
        never what it points at), a FIFO, a socket, or an empty directory. A directory that is not empty is left
        for you to look into and remove by hand.
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        let key = try StoreCommandSupport.singleKey(arguments, command: name)
        let store = try context.configuration().writableStore(for: name)
        do {
            // What derives from the key (a messages key's index and fetch metadata) goes with it.
            let derived = ContractWriter.derivedKeys(of: key)
            guard try StoreCommandSupport.removeEntry(forKey: key, in: store) else {
                throw CLIError.failure(
                    "No value for '\(key)' in \(store.displayName); 'widget-i18n store list' shows the keys")
            }
            for derivedKey in derived { _ = try StoreCommandSupport.removeEntry(forKey: derivedKey, in: store) }
        } catch let error as CLIError {
            throw error
        } catch let error as GroupStoreError {
            if case .io(_, let path, let code) = error.kind, code == ENOTEMPTY || code == EEXIST {
                throw .failure(
                    "Cannot remove '\(error.key ?? key)' from \(store.displayName): '\(path)' is a directory that is "
                        + "not empty; look inside and remove the directory by hand")
            }
            throw StoreCommandSupport.failure(error)
        } catch {
            throw StoreCommandSupport.failure(error)
        }
    }
}

enum StoreCommandSupport {
    static func singleKey(_ arguments: ParsedArguments, command: String) throws(CLIError) -> String {
        guard arguments.positionals.count == 1 else {
            throw .usage(
                arguments.positionals.isEmpty
                    ? "Missing the key; see 'widget-i18n \(command) --help'"
                    : "Expected one key, got \(arguments.positionals.count); quote keys that contain spaces")
        }
        return arguments.positionals[0]
    }

    /// Removes what is at `key` and says whether there was anything. In a file container (an App Group's too) that
    /// is `FileGroupStore.removeEntry`, which also clears a link, a FIFO or an empty directory at a key, since
    /// this command is the advice for those; elsewhere the value.
    static func removeEntry(forKey key: String, in store: any GroupStore) throws -> Bool {
        if let file = store.fileContainer {
            return try file.removeEntry(forKey: key)
        }
        guard try store.containsValue(forKey: key) else { return false }
        try store.removeValue(forKey: key)
        return true
    }

    /// Writes `value` as the contract's writer does for `store put`: a messages key gets its lookup index
    /// (`StoredBundleIndex`), and what described the old value goes first.
    static func write(_ value: [UInt8], forKey key: String, in store: any GroupStore) throws {
        let project = ContractWriter.messagesLocation(of: key)?.project
        guard let project else {
            try store.setValue(value, forKey: key)
            return
        }
        try ContractWriter(store: store, project: project).storeValue(value, forKey: key)
    }

    /// A group store error as the CLI reports it: a key the store cannot hold is a usage error (exit 64); an
    /// entry that is not a regular file gets the command that removes it.
    static func failure(_ error: any Error) -> CLIError {
        guard let error = error as? GroupStoreError else { return .failure("\(error)") }
        switch error.kind {
        case .invalidKey: return .usage(error.description)
        case .notARegularFile:
            return .failure(error.description + "; " + removalAdvice(forKey: error.key ?? "KEY"))
        default: return .failure(error.description)
        }
    }

    /// What to do about an entry at `key` that no reader uses: `remove it with 'widget-i18n store rm KEY'`,
    /// with the key quoted for a shell when it needs to be.
    /// - Parameter key: the key, as the store names it.
    static func removalAdvice(forKey key: String) -> String {
        // A key that starts with '-' would read as an option.
        "remove it with 'widget-i18n store rm \(key.hasPrefix("-") ? "-- " : "")\(shellWord(key))'"
    }

    /// `text` as one shell word: as it is when it holds only characters no shell treats specially, else in
    /// double quotes with `"`, `\`, `$` and `` ` `` escaped.
    static func shellWord(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "@%+=:,./_-".unicodeScalars.contains(scalar)
        }
        if plain && !text.isEmpty { return text }
        var quoted = "\""
        for character in text {
            if "\"\\$`".contains(character) { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }

    /// Why `value` is not valid for `key` of the better-i18n schema, or `nil` when it is (or the key is not one).
    static func validate(_ value: [UInt8], forKey key: String) -> String? {
        let prefix = StorageKey.prefix
        guard key.hasPrefix(prefix) else { return nil }
        let rest = key.dropFirst(prefix.count)
        if rest.hasPrefix("messages:") {
            guard value.count <= MessageBundle.maximumStoredSize else {
                return "the messages are \(value.count) bytes, larger than the "
                    + "\(MessageBundle.maximumStoredSize / 1024 / 1024) MiB a widget reads"
            }
            do { _ = try MessageBundle(jsonBytes: value) } catch { return error.description }
        } else if rest.hasPrefix("manifest:") {
            do { _ = try Manifest(jsonBytes: value) } catch { return error.description }
        } else if rest.hasPrefix("locale:") {
            guard let text = String(validatingUTF8: value) else { return "the locale is not UTF-8 text" }
            do { _ = try LocaleTag(text) } catch { return error.description }
        }
        return nil
    }
}
