import Foundation

/// A JSON Schema (draft 2020-12) validator for the keywords the project's schemas use, so a
/// test can check a document against Docs/ocr-result.schema.json without a dependency. A
/// keyword it does not know fails the check rather than being passed over.
public struct JSONSchema: Sendable {
    /// The result document's schema, `Docs/ocr-result.schema.json`.
    public static var resultDocument: JSONSchema {
        get throws {
            let url = Fixture.directory.deletingLastPathComponent().appendingPathComponent("Docs/ocr-result.schema.json")
            return try JSONSchema(data: Data(contentsOf: url))
        }
    }

    private let root: JSONValue

    public init(data: Data) throws {
        root = try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// The problems with `document` (its JSON bytes) against the schema, or against the
    /// definition `definition` (`receipt` for `#/$defs/receipt`); empty when it is valid.
    public func problems(in document: Data, definition: String? = nil) throws -> [String] {
        let value = try JSONDecoder().decode(JSONValue.self, from: document)
        var problems: [String] = []
        guard let schema = resolve(definition.map { "#/$defs/\($0)" } ?? "#") else { return ["no definition \(definition ?? "")"] }
        check(value, against: schema, at: "$", problems: &problems)
        return problems
    }

    private static let annotations: Set<String> = ["$schema", "$id", "$defs", "title", "description"]

    private func check(_ value: JSONValue, against schema: JSONValue, at path: String, problems: inout [String]) {
        guard case .object(let keywords) = schema else { return problems.append("\(path): a schema that is not an object") }
        for (keyword, rule) in keywords where !Self.annotations.contains(keyword) {
            switch (keyword, rule, value) {
            case ("$ref", .string(let reference), _):
                guard let target = resolve(reference) else {
                    problems.append("\(path): unresolvable $ref \(reference)")
                    continue
                }
                check(value, against: target, at: path, problems: &problems)
            case ("type", .string(let type), _):
                if !value.isOfType(type) { problems.append("\(path): not of type \(type)") }
            case ("enum", .array(let allowed), _):
                if !allowed.contains(value) { problems.append("\(path): \(value) is not one of \(allowed)") }
            case ("minimum", .number(let bound), .number(let number)):
                if number < bound { problems.append("\(path): \(number) < \(bound)") }
            case ("maximum", .number(let bound), .number(let number)):
                if number > bound { problems.append("\(path): \(number) > \(bound)") }
            case ("pattern", .string(let pattern), .string(let text)):
                if text.range(of: pattern, options: .regularExpression) == nil { problems.append("\(path): '\(text)' does not match \(pattern)") }
            case ("required", .array(let keys), .object(let object)):
                for case .string(let key) in keys where object[key] == nil { problems.append("\(path): missing \(key)") }
            case ("properties", .object(let properties), .object(let object)):
                for (key, member) in object {
                    if let subschema = properties[key] { check(member, against: subschema, at: "\(path).\(key)", problems: &problems) }
                }
            case ("additionalProperties", _, .object(let object)):
                guard case .object(let properties) = keywords["properties"] ?? .object([:]) else { continue }
                for (key, member) in object where properties[key] == nil {
                    if rule == .bool(false) {
                        problems.append("\(path): unexpected key \(key)")
                    } else if rule != .bool(true) {
                        check(member, against: rule, at: "\(path).\(key)", problems: &problems)
                    }
                }
            case ("propertyNames", _, .object(let object)):
                for key in object.keys { check(.string(key), against: rule, at: "\(path) key \(key)", problems: &problems) }
            case ("items", _, .array(let array)):
                for (index, element) in array.enumerated() { check(element, against: rule, at: "\(path)[\(index)]", problems: &problems) }
            case ("allOf", .array(let subschemas), _):
                for subschema in subschemas { check(value, against: subschema, at: path, problems: &problems) }
            case ("oneOf", .array(let subschemas), _):
                let passing = subschemas.filter { subschema in
                    var found: [String] = []
                    check(value, against: subschema, at: path, problems: &found)
                    return found.isEmpty
                }
                if passing.count != 1 { problems.append("\(path): matches \(passing.count) of oneOf, not 1") }
            case ("minimum", _, _), ("maximum", _, _), ("pattern", _, _), ("required", _, _), ("properties", _, _),
                ("additionalProperties", _, _), ("propertyNames", _, _), ("items", _, _):
                continue  // applies to other kinds of value
            default:
                problems.append("\(path): the validator does not know the keyword \(keyword) as written")
            }
        }
    }

    private func resolve(_ reference: String) -> JSONValue? {
        if reference == "#" { return root }
        let prefix = "#/$defs/"
        guard reference.hasPrefix(prefix), case .object(let top) = root, case .object(let definitions) = top["$defs"] else { return nil }
        return definitions[String(reference.dropFirst(prefix.count))]
    }
}

/// Any JSON value, decoded without Foundation's bridging (which blurs `true` and `1`).
enum JSONValue: Sendable, Hashable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    func isOfType(_ type: String) -> Bool {
        switch (type, self) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array), ("object", .object): true
        case ("integer", .number(let value)): value.rounded() == value
        default: false
        }
    }
}
