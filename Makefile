# Folio: `make run` opens the sample document, `make test` runs every test, `make bench`
# measures. Each first installs the Debian packages Folio needs (as root) or prints the
# apt-get line to run.

SWIFT ?= swift
DEBIAN_PACKAGES := libncursesw5-dev libpoppler-glib-dev libcairo2-dev pkg-config ncurses-term \
	zlib1g-dev libsixel-dev libsynctex-dev \
	tmux qpdf poppler-utils libsqlite3-dev pdfgrep
# The tests also read the man page (man-db) and drive ranger; yazi comes from PyPI (pip);
# pikepdf (run by /usr/bin/python3) reads back the annotations Folio writes.
TEST_DEBIAN_PACKAGES := man-db file ranger python3-pip libsixel-bin python3-pikepdf
# The quality comparison in `make bench` also runs the peers and the Python scorer.
BENCH_DEBIAN_PACKAGES := chafa timg python3-pip time
BENCH_PYTHON_PACKAGES := scikit-image pillow

.PHONY: all deps bench-deps build release run test test-tools lint check-imports check-ownership check-pure-tests bench check-palette check-generated sample clean leak-check \
	fuzz libfuzz asan-check install install-files uninstall synctex-fixture peek-fixture

# Where `make install` puts folio (PREFIX=~/.local needs no root), and what it installs from.
PREFIX ?= /usr/local
BUILT ?= .build/release
INSTALLED := $(DESTDIR)$(PREFIX)/bin/folio $(DESTDIR)$(PREFIX)/share/man/man1/folio.1 \
	$(DESTDIR)$(PREFIX)/share/bash-completion/completions/folio \
	$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_folio \
	$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/folio.fish

# $(call generate,COMMAND,FILE): FILE is COMMAND's output, written whole or not at all.
generate = $(1) > $(2).tmp && mv $(2).tmp $(2)

all: build

deps:
	@./Scripts/install-deps.sh $(DEBIAN_PACKAGES)

bench-deps: deps
	@./Scripts/install-deps.sh $(BENCH_DEBIAN_PACKAGES)
	@python3 -c "import skimage, PIL" 2>/dev/null || python3 -m pip install --quiet $(BENCH_PYTHON_PACKAGES)

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

run: build
	$(SWIFT) run folio $(FILE)

# The release binary, its man page (options from the binary, keys from the README) and its
# shell completions (from swift-argument-parser), in their places under PREFIX.
install: release
	$(MAKE) install-files

install-files:
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(BUILT)/folio $(DESTDIR)$(PREFIX)/bin/folio
	$(call generate,python3 Scripts/make-man.py $(BUILT)/folio README.md,$(word 2,$(INSTALLED)))
	$(call generate,$(BUILT)/folio --generate-completion-script bash,$(word 3,$(INSTALLED)))
	$(call generate,$(BUILT)/folio --generate-completion-script zsh,$(word 4,$(INSTALLED)))
	$(call generate,$(BUILT)/folio --generate-completion-script fish,$(word 5,$(INSTALLED)))

# Removes exactly what `make install` put there.
uninstall:
	rm -f $(INSTALLED)

# What only the tests need: the packages above, and yazi (not in Debian) in .build/tools.
test-tools:
	@./Scripts/install-deps.sh $(TEST_DEBIAN_PACKAGES)
	@./Scripts/install-test-tools.sh

test: deps test-tools lint check-imports check-ownership check-pure-tests
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The style every source file keeps (.swift-format): 2 spaces, 100 columns, no force unwraps or
# force tries, ordered imports, documentation comments that match their declarations.
lint:
	$(SWIFT) format lint --strict -r Sources Tests Package.swift

# Every module a target imports is declared in Package.swift (not just reachable through
# another dependency), or is one of the toolchain's own.
check-imports:
	SWIFT=$(SWIFT) ./Scripts/check-imports.sh

# Each sub-state of AppState (Search, View, Status…) is written only in its own files, through
# its own methods: no `search.query = …` from elsewhere (Sources and Tests).
check-ownership:
	./Scripts/check-ownership.sh

# The pure targets' tests reach no C library and no package (Scripts/check-pure-tests.sh).
check-pure-tests:
	SWIFT=$(SWIFT) ./Scripts/check-pure-tests.sh

bench: bench-deps release
	.build/release/folio-bench --check-palette
	./Scripts/check-generated.sh .build/release
	./Scripts/bench.sh

# Every sRGB color's nearest 256-color entry from the generated table against exhaustive search.
check-palette: release
	.build/release/folio-bench --check-palette

# Every file in a Generated/ folder against what its generator writes now.
check-generated: bench-deps release
	./Scripts/check-generated.sh .build/release

# Regenerates the built-in sample document from its generator and builds it into folio.
sample: deps
	$(SWIFT) run folio-make-sample .build/sample.pdf
	./Scripts/embed-sample.sh .build/sample.pdf Sources/folio/Generated/SampleDocumentData.swift

# Rebuilds the SyncTeX fixture (Tests/Fixtures/SyncTeX: main.pdf, main.synctex.gz, v2/ and
# the synctex tool's answers in expected.tsv) with texlive's pdflatex and synctex; the tests
# only read what is committed.
synctex-fixture:
	./Scripts/make-synctex-fixture.sh

peek-fixture:
	./Scripts/make-peek-fixture.sh

clean:
	rm -rf .build

# valgrind over every Poppler/cairo object Folio creates: fails on any definite leak.
leak-check: release
	valgrind --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=1 \
		.build/release/folio-bench --leak-check

# The mutation fuzzer (Sources/folio-fuzz) against a release folio for FUZZ_SECONDS, two runs at
# a time, replaying Tests/FuzzRegressions first. Each distinct crash, hang or bad output is
# saved to FUZZ_OUT (input and a .txt with its command line); exits 1 if there was any.
FUZZ_SECONDS ?= 600
FUZZ_SEED ?= $(shell date +%Y%m%d)
FUZZ_JOBS ?= 2
FUZZ_CORPUS ?= ../shared/corpus/pdfs
FUZZ_OUT ?= .build/fuzz-findings
fuzz: deps
	$(SWIFT) build -c release --product folio
	$(SWIFT) build -c release --product folio-fuzz
	.build/release/folio-fuzz --folio .build/release/folio --seed $(FUZZ_SEED) \
		--seconds $(FUZZ_SECONDS) --jobs $(FUZZ_JOBS) --corpus $(FUZZ_CORPUS) --out $(FUZZ_OUT) \
		$(if $(wildcard Tests/FuzzRegressions/*.pdf),--regressions Tests/FuzzRegressions)

# The libFuzzer target (Sources/folio-libfuzzer): the path from bytes to cells in one process,
# coverage-guided, with AddressSanitizer, for FUZZ_SECONDS; seeds are the corpus and every
# regression input; crashing inputs land in .build-libfuzzer/findings/.
libfuzz: deps
	$(SWIFT) build --build-path .build-libfuzzer -Xswiftc -sanitize=fuzzer,address \
		-Xswiftc -DLIBFUZZER --product folio-libfuzzer
	./Scripts/libfuzz.sh .build-libfuzzer $(FUZZ_SECONDS) $(FUZZ_CORPUS)

# folio built with AddressSanitizer (its own build folder) on the corpus and every fuzz
# regression input in every mode: fails on any sanitizer report (leaks included, minus the
# libraries' own in Scripts/lsan-suppressions.txt).
asan-check: deps
	$(SWIFT) build --build-path .build-asan -Xswiftc -sanitize=address --product folio
	./Scripts/asan-check.sh .build-asan/debug/folio $(FUZZ_CORPUS)
