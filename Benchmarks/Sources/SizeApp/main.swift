// Benchmarks/binary-sizes.py's row for an app: what it links (README, "Add it to your package") and calls (the
// fetcher, the contract's writer), so the linker keeps what a real caller keeps.
import Foundation
import WidgetI18nApp

#if WIDGET_I18N_SLICE
    import LocaleData

    // The sliced build (binary-sizes.py's second package): the slice `widget-i18n data` wrote, installed first.
    try! LocaleDataTables.install(.widgetI18nSlice)
#endif

let project = try! ProjectID("acme/widgets")
let store = try! FileGroupStore(group: CommandLine.arguments.last ?? "group.acme.widgets")
let fetcher = try! CDNFetcher(store: store, project: project, options: FetchOptions())
print(try! await fetcher.switchLocale(to: .english).locale)
try! ContractWriter(store: store, project: project).recordReloadRequest("x", kind: "today")
