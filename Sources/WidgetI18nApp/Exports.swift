// What an app imports: `import WidgetI18nApp` and nothing else of this package. The fetcher that fills the App
// Group (URLSession on Apple platforms, libcurl on Linux), the storage contract's writer and reader, the store,
// locale tags and CLDR data for the app's own text, and Live Activities' state.
@_exported import CDNFetcher
@_exported import GroupContract
@_exported import GroupStore
@_exported import GroupStoreUserDefaults
@_exported import I18nCore
@_exported import LiveActivities
@_exported import LocaleData
