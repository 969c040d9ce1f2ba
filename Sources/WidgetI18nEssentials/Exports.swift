// The widget's side without Foundation (a widget that reads the App Group's container alone; on Linux,
// Foundation is linked statically with ICU's data): `import WidgetI18nEssentials` and nothing else of this package.
@_exported import GroupContract
@_exported import GroupStore
@_exported import I18nCore
@_exported import LocaleData
@_exported import MessageFormat2
@_exported import TimelineEngine
@_exported import WidgetTranslator
