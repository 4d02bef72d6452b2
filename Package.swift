// swift-tools-version:6.1
import PackageDescription

/// GLib's header folders, which libvips' headers include. libvips, LibRaw and libheif are opened
/// when an image is first read (CImaging), so their pkg-config files, which would also link them
/// into the binary and so load them at start, are not used; a folder missing here is skipped.
let glibHeaders = [
    "/usr/include/glib-2.0", "/usr/lib/x86_64-linux-gnu/glib-2.0/include", "/usr/lib/aarch64-linux-gnu/glib-2.0/include",
    "/usr/lib64/glib-2.0/include",
]

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .unsafeFlags(glibHeaders.flatMap { ["-Xcc", "-I" + $0] }),
]

let package = Package(
    name: "Photolala",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "photolala", targets: ["photolala"]),
        .library(name: "PhotolalaKit", targets: ["PhotolalaKit"]),
        .library(name: "PhotolalaServer", targets: ["PhotolalaServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .systemLibrary(name: "CVips"),
        .systemLibrary(name: "CLibRaw"),
        .systemLibrary(name: "CHeif"),
        // The headers of libvips (libvips-dev), LibRaw (libraw-dev) and libheif (libheif-dev),
        // whose libraries CImaging opens when an image is first read, not when photolala starts.
        .target(
            name: "CImaging",
            dependencies: ["CVips", "CLibRaw", "CHeif"],
            cSettings: [.unsafeFlags(["-fvisibility=hidden"] + glibHeaders.map { "-I" + $0 })],
            linkerSettings: [.linkedLibrary("dl")]
        ),
        .target(
            name: "PhotolalaSupport",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PhotolalaS3",
            dependencies: [
                "PhotolalaSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PhotolalaKit",
            dependencies: [
                "CImaging",
                "CVips",
                "CHeif",
                "CLibRaw",
                "PhotolalaS3",
                "PhotolalaSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PhotolalaServer",
            dependencies: [
                "PhotolalaKit",
                "PhotolalaS3",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Public")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "photolala",
            dependencies: [
                "CImaging",
                "PhotolalaKit",
                "PhotolalaS3",
                "PhotolalaServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings,
            plugins: ["VersionPlugin"]
        ),
        .plugin(name: "VersionPlugin", capability: .buildTool()),
        .executableTarget(
            name: "photolala-bench",
            dependencies: ["PhotolalaKit", "PhotolalaS3"],
            path: "Benchmarks/Sources/photolala-bench",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PhotolalaTestSupport",
            dependencies: ["PhotolalaKit", "PhotolalaS3"],
            path: "Tests/PhotolalaTestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PhotolalaSupportTests",
            dependencies: ["PhotolalaSupport", "PhotolalaTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PhotolalaS3Tests",
            dependencies: ["PhotolalaS3", "PhotolalaSupport", "PhotolalaTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PhotolalaKitTests",
            dependencies: ["PhotolalaKit", "PhotolalaS3", "PhotolalaTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PhotolalaServerTests",
            dependencies: [
                "PhotolalaS3", "PhotolalaServer", "PhotolalaTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PhotolalaFuzzTests",
            dependencies: [
                "PhotolalaKit", "PhotolalaS3", "PhotolalaServer", "PhotolalaTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "photolalaTests",
            dependencies: ["photolala", "PhotolalaKit", "PhotolalaS3", "PhotolalaTestSupport"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
