// Benchmarks/binary-sizes.py's row for a widget extension: what it links (README, "Add it to your package") and
// calls (the translator, a relative time, a timeline's schedule), so the linker keeps what a real caller keeps.
import Foundation
import WidgetI18nWidget

#if WIDGET_I18N_SLICE
    import LocaleData

    // The sliced build (binary-sizes.py's second package): the slice `widget-i18n data` wrote, installed first.
    try! LocaleDataTables.install(.widgetI18nSlice)
#endif

let project = try! ProjectID("acme/widgets")
let store = try! AppGroupStore(group: CommandLine.arguments.last ?? "group.acme.widgets")
let translator = WidgetTranslator(store: store, project: project)
let schedule = RelativeTextSchedule()
print(
    translator("today.title"), try! translator.format.relativeTime(from: Date(), to: Date()),
    try! schedule.changes(of: Date(), after: Date(), through: Date(), timeZone: .utc) { _ in "" })
