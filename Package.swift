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
    .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
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
    // The page worker's sandbox calls (prctl, unshare): only system headers, nothing to link.
    .systemLibrary(name: "CSandbox", path: "Modules/CSandbox"),
    .systemLibrary(
      name: "CZlib", path: "Modules/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(
      name: "CSixel", path: "Modules/CSixel", pkgConfig: "libsixel",
      providers: [.apt(["libsixel-dev"])]),
    .systemLibrary(
      name: "CSynctex", path: "Modules/CSynctex", pkgConfig: "synctex",
      providers: [.apt(["libsynctex-dev"])]),
    .target(
      name: "FolioCore",
      // Double's rounding and square roots call libm, which nothing else may link.
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    // Page layouts, the viewport and tiles.
    .target(name: "FolioLayout", dependencies: ["FolioCore"]),
    // Images into cells: symbol tables, fitters, every SIMD and unsafe-pointer loop.
    .target(name: "FolioRaster", dependencies: ["FolioCore"]),
    .target(name: "FolioUI", dependencies: ["FolioCore", "FolioLayout", "FolioRaster"]),
    // Full-text search: normalized page text, queries and matching (Foundation for NFKC).
    .target(name: "FolioSearch", dependencies: ["FolioCore"]),
    .target(
      name: "FolioRuntime",
      dependencies: [
        "FolioUI", "FolioLayout", "FolioRaster", "FolioCore", "FolioStore", "FolioSearch",
        "FolioPixels",
      ]),
    .target(
      name: "FolioTestSupport",
      dependencies: ["FolioUI", "FolioLayout", "FolioRaster", "FolioCore"]),
    .target(
      name: "FolioPoppler", dependencies: ["FolioRaster", "FolioCore", "CPoppler", "FolioSystem"]),
    .target(
      name: "FolioTerminal", dependencies: ["FolioCore", "FolioSystem", "FolioPixels", "CNcursesw"]),
    // Child processes run with a deadline (argv only, killed and reaped past it): Glibc only.
    .target(name: "FolioSystem"),
    // Terminal image protocols as bytes, no C: kitty's sequences, placements and placeholder
    // cells, tmux's passthrough, which protocol a terminal gets.
    .target(name: "FolioPixels", dependencies: ["FolioCore"]),
    // Page pixels encoded for those protocols, in the page worker: PNG and deflate (zlib),
    // sixel (libsixel).
    .target(name: "FolioGraphics", dependencies: ["FolioCore", "CZlib", "CSixel"]),
    // SyncTeX for the viewer: source line to PDF boxes and back, through libsynctex.
    .target(name: "FolioSyncTeX", dependencies: ["FolioCore", "CSynctex"]),
    .target(name: "FolioFixtures", dependencies: ["CPoppler", "FolioCore", "FolioSystem"]),
    // The remembered place per document, in SQLite (GRDB links the system libsqlite3).
    .target(
      name: "FolioStore",
      dependencies: ["FolioCore", .product(name: "GRDB", package: "GRDB.swift")]),
    // The config file: TOML through TOMLKit, read into option defaults and key bindings.
    .target(
      name: "FolioConfig",
      dependencies: [
        "FolioUI", "FolioLayout", "FolioCore", .product(name: "TOMLKit", package: "TOMLKit"),
      ]),
    .executableTarget(
      name: "folio",
      dependencies: [
        "FolioCore", "FolioLayout", "FolioRaster", "FolioUI", "FolioRuntime", "FolioPoppler",
        "FolioTerminal", "FolioStore", "FolioSearch", "FolioConfig", "FolioGraphics", "CSandbox",
        "FolioSystem", "FolioSyncTeX", "FolioPixels",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(name: "folio-make-sample", dependencies: ["FolioFixtures"]),
    // The libFuzzer target (`make libfuzz`); built normally, it replays the files it is given.
    .executableTarget(
      name: "folio-libfuzzer",
      dependencies: ["FolioCore", "FolioLayout", "FolioRaster", "FolioPoppler"]),
    .executableTarget(
      name: "folio-fuzz",
      dependencies: [
        "FolioFixtures", "FolioTestSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(
      name: "folio-bench",
      dependencies: [
        "FolioCore", "FolioLayout", "FolioRaster", "FolioUI", "FolioRuntime", "FolioPoppler",
        "FolioSearch", "FolioStore", "FolioFixtures", "FolioTestSupport", "FolioTerminal",
      ]),
    .testTarget(
      name: "FolioCoreTests",
      dependencies: ["FolioCore", "FolioLayout", "FolioRaster", "FolioTestSupport"]),
    .testTarget(
      name: "FolioUITests",
      dependencies: ["FolioUI", "FolioLayout", "FolioRaster", "FolioCore", "FolioTestSupport"],
      // Golden screens, read by path from the test files (expectSnapshot).
      exclude: ["Snapshots"]),
    .testTarget(
      name: "FolioRuntimeTests",
      dependencies: [
        "FolioRuntime", "FolioUI", "FolioLayout", "FolioRaster", "FolioCore", "FolioSearch",
        "FolioStore", "FolioTestSupport", "FolioPixels", "FolioGraphics",
      ],
      // Golden screens, read by path from the test files (expectSnapshot).
      exclude: ["Snapshots"]),
    .testTarget(
      name: "FolioTerminalTests", dependencies: ["FolioTerminal", "FolioCore", "FolioSystem"]),
    .testTarget(name: "FolioSystemTests", dependencies: ["FolioSystem"]),
    .testTarget(name: "FolioPixelsTests", dependencies: ["FolioPixels", "FolioCore"]),
    .testTarget(
      name: "FolioPopplerTests",
      dependencies: [
        "FolioPoppler", "FolioRaster", "FolioCore", "FolioFixtures", "FolioTestSupport",
      ]),
    .testTarget(
      name: "FolioStoreTests",
      dependencies: ["FolioStore", .product(name: "GRDB", package: "GRDB.swift")]),
    .testTarget(
      name: "FolioConfigTests",
      dependencies: ["FolioConfig", "FolioUI", "FolioLayout", "FolioCore"]),
    .testTarget(name: "FolioSearchTests", dependencies: ["FolioSearch", "FolioCore"]),
    .testTarget(name: "FolioSyncTeXTests", dependencies: ["FolioSyncTeX", "FolioCore"]),
    .testTarget(
      name: "FolioEndToEndTests",
      dependencies: [
        "FolioFixtures", "FolioTestSupport", "FolioRuntime", "FolioPoppler", "FolioRaster",
        "FolioCore", "FolioUI", "folio",
        "folio-libfuzzer", "FolioGraphics", "CPoppler", "CZlib", "FolioSyncTeX", "FolioPixels",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
