// Mutation fuzzer for `folio --print`: `folio-fuzz --corpus DIR --seed N --count N | --seconds N`
// (`make fuzz` runs it on the shared corpus; see FuzzCommand).
FuzzCommand.main()
