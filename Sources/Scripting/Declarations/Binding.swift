import Core
import LuaBridge

/// One entry of the Lua API: declared once, it becomes the Lua function, the help text,
/// the completion candidate, the line of the reference in REPL.md and the LuaLS stub.
///
/// A function or method declares its arguments as a `LuaDecodable` struct and its result
/// as a `LuaResult`; a field declares its `LuaType`:
///
///     .function("af", "net_worth", NoArguments.self, returns: .value(.decimal),
///               "Σ current value of every asset.") { env, call, _ in … }
public struct Binding {
    public enum Kind: String { case function, method, field }

    /// "af" (or "af.returns") for functions; a class name ("Asset") for methods and fields.
    public let owner: String
    public let name: String
    public let kind: Kind
    /// The declared parameters after a method's receiver: one `args` table for a `table`
    /// declaration, one per field for a `positional` one; nil for a field. Made when asked
    /// (help, completion, the reference), not when a script starts: naming the argument
    /// types was a third of an empty `assetflow run`.
    public var parameters: [LuaFieldInfo]? { makeParameters() }
    private let makeParameters: () -> [LuaFieldInfo]?
    /// The declared result of a function or method, the type of a field.
    public let result: LuaResult?
    /// A global name that is the same function (`D` for `af.D`).
    public let globalAlias: String?
    public let summary: String
    public let example: String?
    let body: Body

    init(owner: String, name: String, kind: Kind, parameters: @escaping @autoclosure () -> [LuaFieldInfo]?, result: LuaResult?,
         globalAlias: String?, summary: String, example: String?, body: Body) {
        self.owner = owner
        self.name = name
        self.kind = kind
        makeParameters = parameters
        self.result = result
        self.globalAlias = globalAlias
        self.summary = summary
        self.example = example
        self.body = body
    }

    enum Body {
        case call((ScriptEnvironment, LuaCall) throws -> Int32)
        case field((ScriptEnvironment, LuaCall, Int64) throws -> Void)
    }

    /// `af.create_asset`, `Asset:buy`, `Asset.quantity`.
    public var qualifiedName: String { owner + (kind == .method ? ":" : ".") + name }

    /// Parameters and result as help shows them: `{from, to, every} -> {{date, value}}`,
    /// `(date) -> decimal`; a field's type.
    public var signature: String {
        let result = self.result ?? .none
        if kind == .field { return result.compact }
        let returns = result.values.isEmpty ? "" : " -> " + result.compact
        guard let parameters else { return returns }
        if parameters.count == 1, case .arguments = parameters[0].type { return parameters[0].type.compact + returns }
        let names = parameters.map { p -> String in
            if case .arguments = p.type { return p.type.compact }
            return p.name
        }
        return "(" + names.joined(separator: ", ") + ")" + returns
    }

    /// One line per documented argument: "`from` (date, required): First day."
    public var argumentLines: [String] {
        var lines: [String] = []
        for p in parameters ?? [] {
            let fields: [LuaFieldInfo]
            if case .arguments(_, let declared) = p.type { fields = declared } else { fields = [p] }
            for f in fields where !f.doc.isEmpty {
                lines.append("`\(f.usageName)` (\(f.type.compact)\(f.required ? ", required" : "")): \(f.doc)")
            }
        }
        return lines
    }

    /// `af.create_asset{name, type, …} -> Asset`.
    public var usage: String {
        let args = signature.hasPrefix("{") || signature.hasPrefix("(") || signature.hasPrefix(" ->") ? signature : " " + signature
        return kind == .field ? "\(qualifiedName): \(signature)" : qualifiedName + args
    }
}

// MARK: Typed declarations

extension Binding {
    /// A function of `owner` ("af", "af.returns") taking `arguments`. With `alsoAsMethod`,
    /// `af:name{…}` works like `af.name{…}`.
    static func function<A: LuaDecodable>(_ owner: String, _ name: String, _ arguments: A.Type, returns: LuaResult, _ summary: String,
                                          example: String? = nil, alsoAsMethod: Bool = false, global: String? = nil,
                                          _ body: @escaping (ScriptEnvironment, LuaCall, A) throws -> Int32) -> Binding {
        let qualified = "\(owner).\(name)"
        return Binding(owner: owner, name: name, kind: .function, parameters: A.parameterInfos, result: returns, globalAlias: global,
                       summary: summary, example: example, body: .call { env, call in
            let reader = ArgumentReader(environment: env, call: call, function: qualified)
            let first: Int32 = alsoAsMethod && isAfTable(call, at: 1) ? 2 : 1
            let outer = env.currentFunction
            env.currentFunction = qualified
            defer { env.currentFunction = outer }  // a binding may run Lua that calls another
            let results = try body(env, call, try A.decodeArguments(reader, from: first))
            try env.chargeRowsWritten(call)
            return results
        })
    }

    /// A method of the class `R` stands for (`Asset`, `Portfolio`, `decimal`): the receiver
    /// arrives read and checked, then the `arguments`.
    static func method<R: LuaReadable, A: LuaDecodable>(_ receiver: R.Type, _ name: String, _ arguments: A.Type, returns: LuaResult,
                                                        _ summary: String, example: String? = nil,
                                                        _ body: @escaping (ScriptEnvironment, LuaCall, R, A) throws -> Int32) -> Binding {
        let owner = R.luaType.compact
        let qualified = "\(owner):\(name)"
        return Binding(owner: owner, name: name, kind: .method, parameters: A.parameterInfos, result: returns, globalAlias: nil,
                       summary: summary, example: example, body: .call { env, call in
            let reader = ArgumentReader(environment: env, call: call, function: qualified)
            let this: R
            // `a.buy{…}` passes the argument table where the object belongs: say what to type.
            if call.type(at: 1) == LuaTypeCode.table || call.type(at: 1) == LuaTypeCode.none {
                throw LuaArgumentError("\(qualified): call it with a colon, as obj:\(name){…} (not obj.\(name){…})")
            }
            do { this = try R.read(reader, at: 1) } catch let problem as LuaFieldProblem {
                throw LuaArgumentError("\(qualified): \(problem.text)")
            }
            let outer = env.currentFunction
            env.currentFunction = qualified
            defer { env.currentFunction = outer }  // a binding may run Lua that calls another
            let results = try body(env, call, this, try A.decodeArguments(reader, from: 2))
            try env.chargeRowsWritten(call)
            return results
        })
    }

    /// A read-only field of class `owner`, read from the object's id.
    static func field(_ owner: String, _ name: String, _ type: LuaType, _ summary: String,
                      _ body: @escaping (ScriptEnvironment, LuaCall, Int64) throws -> Void) -> Binding {
        Binding(owner: owner, name: name, kind: .field, parameters: nil, result: .value(type), globalAlias: nil,
                summary: summary, example: nil, body: .field(body))
    }
}

extension Binding {
    /// True for the `af` table itself (recognised by its `returns` table): `af:performance{…}`
    /// and a scope of `af` (everything).
    static func isAfTable(_ call: LuaCall, at index: Int32) -> Bool {
        guard call.type(at: index) == LuaTypeCode.table else { return false }
        return call.field("returns", of: index) { call.type(at: $0) == LuaTypeCode.table ? true : nil } ?? false
    }
}

extension LuaDecodable {
    /// The parameters as declared: one `args` table, or one per positional field.
    static var parameterInfos: [LuaFieldInfo] {
        switch layout {
        case .positional: fieldInfos
        case .table: [LuaFieldInfo(name: "args", type: luaType, required: !mayBeOmitted, doc: "")]
        }
    }

    static func decodeArguments(_ reader: ArgumentReader, from first: Int32) throws -> Self {
        switch layout {
        case .positional: try readPositional(reader, from: first)
        case .table: try read(reader, at: first)
        }
    }
}
