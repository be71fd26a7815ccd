import Testing
@testable import AnimatorEngine

@Suite struct CurveSpecTests {
    @Test func namedCurvesAndControlPoints() throws {
        #expect(try CurveSpec.parse("easeInOut") == .bezier(CubicBezier(0.42, 0, 0.58, 1)))
        #expect(try CurveSpec.parse("default") == .bezier(CubicBezier(0.25, 0.1, 0.25, 1)))
        #expect(try CurveSpec.parse(" cubic-bezier( 0.1, -0.2 ,0.3,1.4 )") == .bezier(CubicBezier(0.1, -0.2, 0.3, 1.4)))
    }

    @Test func theThreeSpringForms() throws {
        #expect(try CurveSpec.parse("spring(mass=2,stiffness=300,damping=12,velocity=-1)")
                == .spring(Spring(mass: 2, stiffness: 300, damping: 12, initialVelocity: -1), duration: nil))
        #expect(try CurveSpec.parse("spring(stiffness=100,damping=10)") == .spring(Spring(), duration: nil))
        #expect(try CurveSpec.parse("spring(dampingRatio=0.5,response=0.3)")
                == .spring(Spring(dampingRatio: 0.5, response: 0.3), duration: nil))
        #expect(try CurveSpec.parse("spring(duration=3,dampingRatio=0.25,velocity=0)")
                == .spring(Spring(duration: 3, dampingRatio: 0.25), duration: 3))
    }

    @Test func errorsSayWhatAndWhere() {
        let cases: [(String, Int, String)] = [
            ("bouncy", 1, "unknown curve 'bouncy'"),
            ("cubic-bezier(0.1,0.2,0.3)", 13, "cubic-bezier takes four numbers"),
            ("cubic-bezier(0.1,0.2,1.3,1)", 13, "x1 and x2 must be between 0 and 1 (got 0.1 and 1.3)"),
            ("spring(stiffness=100,damping=oops)", 30, "expected a number after 'damping='"),
            ("spring(stiffness=100 damping=10)", 22, "expected ',' or ')'"),
            ("spring(stiffness=-5,damping=1)", 7, "stiffness must be greater than 0 (got -5.0)"),
            ("spring(stiffness=5,stiffness=6,damping=1)", 20, "'stiffness' given twice"),
            ("spring(response=0.3)", 7, "a spring takes"),
            ("linear x", 8, "unexpected 'x'"),
            ("easeIn(", 7, "unexpected '('"),
        ]
        for (text, column, reason) in cases {
            do {
                _ = try CurveSpec.parse(text)
                Issue.record("\(text) parsed")
            } catch {
                #expect(error.column == column, "\(text): \(error)")
                #expect(error.reason.hasPrefix(reason), "\(text): \(error)")
            }
        }
    }
}
