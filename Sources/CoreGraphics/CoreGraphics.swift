// `import CoreGraphics`, as iOS code writes it beside `import UIKit`: on iOS the module holds
// CGFloat, CGRect, CGAffineTransform, CGPath and CGColor; here Foundation and AnimatorKit
// hold them, and this module re-exports AnimatorKit so such a file compiles unchanged.
@_exported import AnimatorKit
