print(LayoutBenchmarks.run())
