/// The version of this package: `widget-i18n --version` and the fetcher's User-Agent say it.
public enum WidgetI18nVersion {
    /// The package's semantic version.
    public static let current = "0.1.0"
}
