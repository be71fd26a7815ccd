import Testing
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering

/// `--param name=value` parsing and checking.
@Suite struct ParameterTests {
    let duration = ParameterSpec(name: "duration", type: .number, defaultValue: .number(0.4), minimum: 0, maximum: 10)
    let style = ParameterSpec(name: "style", type: .enumeration, defaultValue: .choice("soft"), choices: ["soft", "hard"])

    func reason(_ body: () throws -> Void) -> String? {
        do { try body() } catch let error as ParameterError { return error.reason } catch { return "\(error)" }
        return nil
    }

    @Test func numbers() throws {
        #expect(try duration.parse("0.75") == .number(0.75))
        #expect(try duration.parse("10") == .number(10))
        #expect(reason { _ = try duration.parse("fast") } == "'fast' is not a number")
        #expect(reason { _ = try duration.parse("10.5") } == "10.5 is above the maximum 10")
        #expect(reason { _ = try duration.parse("-1") } == "-1 is below the minimum 0")
        #expect(reason { _ = try duration.parse("inf") } == "'inf' is not a number")
    }

    @Test func booleansPointsSizesColorsStrings() throws {
        let flag = ParameterSpec(name: "spring", type: .bool, defaultValue: .bool(false))
        #expect(try flag.parse("true") == .bool(true))
        #expect(try flag.parse("no") == .bool(false))
        #expect(reason { _ = try flag.parse("maybe") } == "'maybe' is not true or false")

        let point = ParameterSpec(name: "startPoint", type: .point, defaultValue: .point(x: 0, y: 0))
        #expect(try point.parse("330,754") == .point(x: 330, y: 754))
        #expect(try point.parse("-1.5, 2") == .point(x: -1.5, y: 2))
        #expect(reason { _ = try point.parse("330") } == "'330' is not a point (write x,y)")

        let size = ParameterSpec(name: "size", type: .size, defaultValue: .size(width: 0, height: 0))
        #expect(try size.parse("390x844") == .size(width: 390, height: 844))
        #expect(try size.parse("390,844") == .size(width: 390, height: 844))
        #expect(reason { _ = try size.parse("-3x4") } != nil)

        let color = ParameterSpec(name: "tint", type: .color, defaultValue: .color(RGBAColor(red: 0, green: 0, blue: 0, alpha: 1)))
        // 0x3b = 59, 0x82 = 130, 0xf6 = 246, 0x80 = 128, each over 255.
        #expect(try color.parse("#3b82f680") == .color(RGBAColor(red: 59.0 / 255, green: 130.0 / 255,
                                                                  blue: 246.0 / 255, alpha: 128.0 / 255)))
        #expect(try color.parse("#ffffff") == .color(RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)))
        #expect(reason { _ = try color.parse("#12345") } == "'#12345' is not a color (write #rrggbb or #rrggbbaa)")
        #expect(RGBAColor(red: 59.0 / 255, green: 130.0 / 255, blue: 246.0 / 255, alpha: 1).hex == "#3b82f6ff")

        let text = ParameterSpec(name: "title", type: .string, defaultValue: .string(""))
        #expect(try text.parse("a=b c") == .string("a=b c"))
    }

    @Test func enumerations() throws {
        #expect(try style.parse("hard") == .choice("hard"))
        #expect(reason { _ = try style.parse("medium") } == "'medium' is not one of soft, hard")
    }

    @Test func assignmentsResolveAgainstTheDescriptorInOrderWithDefaults() throws {
        let info = AnimatorInfo(id: "org.x.y", name: "y", displayName: "Y", version: "1", summary: nil, author: nil,
                                url: nil, operations: OperationSet([.push]), isInteractive: false, parameters: [duration, style],
                                abi: .host, path: "/y.so", index: 0)
        #expect(try info.resolveParameters([]) == [.number(0.4), .choice("soft")])
        #expect(try info.resolveParameters(["style=hard", "duration=1", "duration=2"]) == [.number(2), .choice("hard")])
        #expect(reason { _ = try info.resolveParameters(["speed=2"]) } == "y has no such parameter (it has: duration, style)")
        #expect(reason { _ = try info.resolveParameters(["duration"]) } == "expected name=value")
        #expect(reason { _ = try info.resolveParameters(["=3"]) } == "expected name=value")
        do {
            _ = try info.resolveParameters(["duration=11"])
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "parameter 'duration': 11 is above the maximum 10")
        }
    }

    @Test func specsSurviveTheirJSONForm() throws {
        let specs = [duration, style,
                     ParameterSpec(name: "p", type: .point, help: "h", defaultValue: .point(x: 1.5, y: -2)),
                     ParameterSpec(name: "s", type: .size, defaultValue: .size(width: 3, height: 4)),
                     ParameterSpec(name: "c", type: .color, defaultValue: .color(RGBAColor(hex: "#102030ff")!)),
                     // Not 8-bit: the pendulum's cover, black at alpha 0.5 (hex would give 128/255).
                     ParameterSpec(name: "cover", type: .color, defaultValue: .color(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.5))),
                     ParameterSpec(name: "b", type: .bool, defaultValue: .bool(true)),
                     ParameterSpec(name: "t", type: .string, defaultValue: .string("x\"y"))]
        for spec in specs {
            let text = spec.json.serialized()
            #expect(ParameterSpec(json: try JSONValue.parse(text)) == spec, "\(text)")
        }
    }
}
