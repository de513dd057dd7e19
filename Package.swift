// swift-tools-version:6.0
import PackageDescription

// AssetFlow for Linux: a scriptable personal-portfolio engine.
//
// Layers, from the bottom up:
//   CLua / CLuaShim  the Lua 5.4 C library and the C code that must never run in Swift frames
//   CCurlShim        HTTP GET over libcurl, loaded (dlopen) only when rates are fetched
//   CStoreChecksums  the SQLite VFS shim that checksums every page of the store
//   Core             models, rules and calculators: pure Swift, no I/O, no Lua
//   Store            SQLite persistence through GRDB
//   LuaBridge        a safe Swift wrapper over lua_State; knows nothing of Core
//   LuaDecimals      the adapter: Core's exact decimals as a Lua class
//   Scripting        the `af` bindings, the REPL and the script runner
//   assetflow        the command-line executable
let package = Package(
    name: "AssetFlow",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "assetflow", targets: ["assetflow"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // Test-only: the big-integer reference the ExactDecimal property test compares with.
        .package(url: "https://github.com/attaswift/BigInt", from: "6.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        .systemLibrary(
            name: "CEdit",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .target(name: "CEditShim", dependencies: ["CEdit"]),
        // Not FoundationNetworking: linking it loaded libcurl and ~30 libraries at every start.
        .target(name: "CCurlShim"),
        // Per-page checksums: a VFS shim over SQLite's default VFS (Documentation/Store.md).
        .target(name: "CStoreChecksums", dependencies: [.product(name: "GRDBSQLite", package: "GRDB.swift")]),
        .target(name: "Core", dependencies: [.product(name: "CSV", package: "CSV.swift")]),
        .target(name: "Store", dependencies: ["Core", "CCurlShim", "CStoreChecksums", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
                                       .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        .target(name: "LuaBridge", dependencies: ["CLua", "CLuaShim"]),
        .target(name: "LuaDecimals", dependencies: ["LuaBridge", "Core"]),
        .target(name: "Scripting", dependencies: ["Core", "Store", "LuaBridge", "LuaDecimals", "CEditShim"]),
        .executableTarget(
            name: "assetflow",
            dependencies: ["Scripting", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(name: "assetflow-bench", dependencies: ["Store", "Core", "Scripting"]),
        .executableTarget(name: "assetflow-bench-calls", dependencies: ["LuaBridge", "LuaDecimals"]),
        .testTarget(name: "CoreTests", dependencies: ["Core", .product(name: "PropertyBased", package: "swift-property-based"),
                                                   .product(name: "BigInt", package: "BigInt")]),
        .testTarget(name: "StoreTests", dependencies: ["Store", "Core", .product(name: "GRDB", package: "GRDB.swift"),
                                                     .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        .testTarget(name: "LuaBridgeTests", dependencies: ["LuaBridge", "CLua", "CLuaShim"]),
        .testTarget(name: "LuaDecimalsTests", dependencies: ["LuaDecimals", "LuaBridge"]),
        .testTarget(name: "ScriptingTests", dependencies: ["Scripting", "Store", "Core", "LuaBridge", "LuaDecimals"],
                    exclude: ["Import/Profiles/Samples"]),
        .testTarget(name: "assetflowTests", dependencies: ["assetflow"]),
    ],
    // Swift 5 language mode: the Lua C API is built on process-wide C state (allocator,
    // hooks, dispatch pointer) that Swift 6's strict checking cannot see is confined to one
    // thread. Every lua_State here is used from a single thread.
    swiftLanguageModes: [.v5]
)
