// What a widget extension imports: `import WidgetI18nWidget` and nothing else of this package. The storage-only
// translator and its formatting, the App Group's store (container and suite), the storage contract's reader,
// locale tags and CLDR data, the timeline schedules a widget needs, and Live Activities' state.
@_exported import GroupContract
@_exported import GroupStore
@_exported import GroupStoreUserDefaults
@_exported import I18nCore
@_exported import LiveActivities
@_exported import LocaleData
@_exported import MessageFormat2
@_exported import TimelineEngine
@_exported import WidgetTranslator
