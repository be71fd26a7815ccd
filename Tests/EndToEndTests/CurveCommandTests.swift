import Foundation
import Testing
import TestSupport

@Suite struct CurveCommandTests {
    let cli = CLI()

    @Test func atPrintsOneLinePerPointMatchingAnIndependentSolve() throws {
        let result = try cli.run("curve", "easeIn", "--at", "0.5", "--at", "0.25")
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 2)
        for (line, x) in zip(lines, [0.5, 0.25]) {
            let parts = line.split(separator: " ")
            #expect(Double(parts[0]) == x)
            // Bisection on the Bernstein form of (0.42, 0, 1, 1), done here.
            var low = 0.0, high = 1.0
            for _ in 0..<100 {
                let t = (low + high) / 2
                let bx = 3 * (1 - t) * (1 - t) * t * 0.42 + 3 * (1 - t) * t * t + t * t * t
                if bx < x { low = t } else { high = t }
            }
            let t = (low + high) / 2
            let expected = 3 * (1 - t) * t * t + t * t * t
            #expect(abs(Double(parts[1])! - expected) < 1e-7)
        }
    }

    @Test func jsonSamplesAndSettlingDuration() throws {
        let json = try cli.runJSON("curve", "spring(mass=1,stiffness=100,damping=5)", "--json", "--samples", "11")
        #expect(json["spec"] as? String == "spring(mass=1,stiffness=100,damping=5)")
        let samples = try #require(json["samples"] as? [[String: Double]])
        #expect(samples.count == 11)
        #expect(samples.first?["t"] == 0)
        #expect(samples.first?["value"] == 0)
        let settling = try #require(json["settlingDuration"] as? Double)
        #expect(abs(settling - 2.85) < 0.01)   // Apple's figure for damping 5
        #expect(samples.last?["t"] == settling)
        // Each sample against the underdamped closed form, derived here: ω0 = 10, ζ = 0.25.
        let omegaD = 10 * (1 - 0.0625).squareRoot()
        for sample in samples {
            let t = sample["t"]!
            let x = exp(-2.5 * t) * (cos(omegaD * t) + 2.5 / omegaD * sin(omegaD * t))
            #expect(abs(sample["value"]! - (1 - x)) < 1e-9)
        }
        let bezier = try cli.runJSON("curve", "linear", "--json")
        #expect(bezier["settlingDuration"] == nil)
        #expect((bezier["samples"] as? [Any])?.count == 101)
    }

    /// An undamped spring never settles: plotted over its first 10 seconds, said so, no trap.
    /// Undamped from 0 to 1 with no initial velocity it swings between 0 and 2: x(t) =
    /// 1 − cos(ω t) with ω = √(k / m) = 10, so at t = π / 10 it is at 2 (overshoot 100 %).
    @Test func anUndampedSpringIsPlottedOverTenSeconds() throws {
        let result = try cli.run("curve", "spring(mass=1,stiffness=100,damping=0,velocity=0)")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("never settles (undamped; the first 10 s are shown)"))
        let at = try cli.run("curve", "spring(mass=1,stiffness=100,damping=0,velocity=0)", "--at", "\(Double.pi / 10)")
        let value = try #require(Double(at.standardOutput.split(separator: " ")[1].trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(abs(value - 2) < 1e-6)
        let json = try cli.runJSON("curve", "spring(dampingRatio=0,response=0.4)", "--json")
        #expect(json["settlingDuration"] is NSNull)
        #expect((json["samples"] as? [Any])?.count == 101)
    }

    @Test func aBadSpecIsAFailureNamingThePlace() throws {
        let result = try cli.run("curve", "spring(stiffness=100,damping=)")
        #expect(result.status == 1)
        #expect(result.standardError == "animator-host curve: 'spring(stiffness=100,damping=)': column 30: expected a number after 'damping='\n")
        #expect(try cli.run("curve").status == 2)
        #expect(try cli.run("curve", "linear", "--samples", "1").status == 2)
    }

    @Test func thePlotShowsFigures() throws {
        let result = try cli.run("curve", "spring(duration=0.5,dampingRatio=0.6,velocity=1)")
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("damping ratio 0.6"))
        #expect(result.standardOutput.contains("UIKit duration 0.5 s"))
        #expect(result.standardOutput.contains("•"))
    }
}
