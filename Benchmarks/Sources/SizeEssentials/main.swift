// Benchmarks/binary-sizes.py's row for `WidgetI18nEssentials`: a widget that reads the App Group's container
// alone, with no Foundation (what widget-i18n-render links), and calls what such a widget calls, so the linker
// keeps what a real caller keeps.
import Foundation
import WidgetI18nEssentials

#if WIDGET_I18N_SLICE
    import LocaleData

    // The sliced build (binary-sizes.py's second package): the slice `widget-i18n data` wrote, installed first.
    try! LocaleDataTables.install(.widgetI18nSlice)
#endif

let project = try! ProjectID("acme/widgets")
let store = FileGroupStore(directory: CommandLine.arguments.last ?? "/tmp/sizes")
let translator = WidgetTranslator(store: store, project: project)
print(translator("today.title"), try! translator.format.relativeTime(from: Date(), to: Date()))
