import Foundation
import TestSupport

/// This target's `Data/` folder.
let testData = TestData(Bundle.module)
