// `import QuartzCore`, as iOS code writes it for Core Animation: CALayer, CABasicAnimation,
// CATransaction and the rest are AnimatorKit's, which this module re-exports so such a file
// compiles unchanged.
@_exported import AnimatorKit
