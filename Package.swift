// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Folio",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "folio", targets: ["folio"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CNcursesw",
      path: "Modules/CNcursesw",
      pkgConfig: "ncursesw",
      providers: [.apt(["libncursesw5-dev"])]
    ),
    .systemLibrary(
      name: "CPoppler",
      path: "Modules/CPoppler",
      pkgConfig: "poppler-glib",
      providers: [.apt(["libpoppler-glib-dev", "libcairo2-dev"])]
    ),
    .target(
      name: "FolioCore",
      // Double's rounding and square roots call libm, which nothing else may link.
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    .target(name: "FolioUI", dependencies: ["FolioCore"]),
    .target(name: "FolioRuntime", dependencies: ["FolioUI", "FolioCore", "FolioStore"]),
    .target(name: "FolioTestSupport", dependencies: ["FolioRuntime", "FolioUI", "FolioCore"]),
    .target(name: "FolioPoppler", dependencies: ["FolioCore", "CPoppler"]),
    .target(name: "FolioTerminal", dependencies: ["FolioCore", "CNcursesw"]),
    .target(name: "FolioFixtures", dependencies: ["CPoppler", "FolioCore"]),
    // The remembered place per document, in SQLite (GRDB links the system libsqlite3).
    .target(name: "FolioStore", dependencies: [.product(name: "GRDB", package: "GRDB.swift")]),
    .executableTarget(
      name: "folio",
      dependencies: [
        "FolioCore", "FolioUI", "FolioRuntime", "FolioPoppler", "FolioTerminal", "FolioStore",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(name: "folio-make-sample", dependencies: ["FolioFixtures"]),
    // The libFuzzer target (`make libfuzz`); built normally, it replays the files it is given.
    .executableTarget(name: "folio-libfuzzer", dependencies: ["FolioCore", "FolioPoppler"]),
    .executableTarget(
      name: "folio-fuzz",
      dependencies: [
        "FolioFixtures", "FolioTestSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(
      name: "folio-bench",
      dependencies: [
        "FolioCore", "FolioUI", "FolioRuntime", "FolioPoppler", "FolioFixtures", "FolioTestSupport",
      ]),
    .testTarget(name: "FolioCoreTests", dependencies: ["FolioCore", "FolioTestSupport"]),
    .testTarget(
      name: "FolioUITests", dependencies: ["FolioUI", "FolioCore", "FolioTestSupport"],
      // Golden screens, read by path from the test files (expectSnapshot).
      exclude: ["Snapshots"]),
    .testTarget(
      name: "FolioRuntimeTests",
      dependencies: ["FolioRuntime", "FolioUI", "FolioCore", "FolioTestSupport"],
      // Golden screens, read by path from the test files (expectSnapshot).
      exclude: ["Snapshots"]),
    .testTarget(name: "FolioTerminalTests", dependencies: ["FolioTerminal", "FolioCore"]),
    .testTarget(
      name: "FolioPopplerTests",
      dependencies: ["FolioPoppler", "FolioCore", "FolioFixtures", "FolioTestSupport"]),
    .testTarget(name: "FolioStoreTests", dependencies: ["FolioStore"]),
    .testTarget(
      name: "FolioEndToEndTests",
      dependencies: [
        "FolioFixtures", "FolioTestSupport", "FolioRuntime", "FolioPoppler", "FolioCore", "folio",
        "folio-libfuzzer",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
