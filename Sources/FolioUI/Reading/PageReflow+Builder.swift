import FolioCore

extension PageReflow {
  /// Collects a page's blocks from runs of its lines.
  struct Builder {
    let page: PageWords
    let index: PageIndex
    let lines: [PageLine]
    let context: ReflowContext
    private(set) var blocks: [ReadingBlock] = []

    init(page: PageWords, index: PageIndex, lines: [PageLine], context: ReflowContext) {
      self.page = page
      self.index = index
      self.lines = lines
      self.context = context
    }

    /// A block of text of `kind` from `run` of the lines: words hyphenated at a line's end
    /// joined as `BlockText.join` decides, a table of contents' dot leaders as one "…".
    mutating func text(_ kind: ReadingBlock.Kind, lines run: Range<Int>) {
      var text = BlockText()
      for lineIndex in run {
        let line = lines[lineIndex]
        // The page's last line goes on with the next page's first word, when that finishes
        // its last word (`ReflowContext.continuation`).
        let isLast = lineIndex == lines.count - 1
        let next =
          lineIndex + 1 < run.upperBound
          ? lines[lineIndex + 1].texts.first { !$0.isEmpty } : isLast ? context.continuation : nil
        let lastWord = line.texts.lastIndex { !$0.isEmpty }
        let leaders = Self.leaders(in: line.texts)
        // The first word finishes the page before's last one: shown there.
        let skipped =
          lineIndex == 0 && context.continuesPrevious
          ? line.texts.firstIndex { !$0.isEmpty } : nil
        for (offset, word) in line.texts.enumerated() where offset != skipped {
          if let leader = leaders.first(where: { $0.contains(offset) }) {
            // The first dot of the leaders stands for them all.
            if offset == leader.lowerBound {
              text.append("…", word: line.words.lowerBound + offset)
            }
            continue
          }
          var join = BlockText.Join.space
          if offset == lastWord, let next {
            join = BlockText.join(word, before: next, compounds: context.compounds)
          }
          text.append(word, word: line.words.lowerBound + offset, join: join)
          if isLast, offset == lastWord, join != .space, lineIndex + 1 == run.upperBound,
            let rest = context.continuation
          {
            // The rest from the next page, as part of this page's word.
            text.append(rest, word: line.words.lowerBound + offset)
          }
        }
      }
      guard !text.spans.isEmpty else { return }
      blocks.append(
        ReadingBlock(
          kind: kind, page: index, text: text.text, spans: text.spans, words: words(of: run),
          box: box(of: run)))
    }

    /// The runs of dot leaders among a line's words: three dots or more apart by spaces
    /// (". . ."), or one word of four dots or more ("....").
    static func leaders(in words: [String]) -> [Range<Int>] {
      func isDots(_ word: String) -> Bool {
        !word.isEmpty && word.unicodeScalars.allSatisfy { $0 == "." || $0 == "·" || $0 == "…" }
      }
      var runs: [Range<Int>] = []
      var start: Int?
      for index in 0...words.count {
        if index < words.count, isDots(words[index]) {
          if start == nil { start = index }
          continue
        }
        if let first = start {
          let dots = words[first..<index].reduce(0) { $0 + $1.unicodeScalars.count }
          if index - first >= 3 || dots >= 4 { runs.append(first..<index) }
        }
        start = nil
      }
      return runs
    }

    /// A region of `kind` over `run` of the lines (nil: lines shown as set, `.lines`); its text
    /// is theirs, a line each, as the page has them (what a script gets where the viewer
    /// shows a region's crop).
    mutating func region(_ kind: ReadingBlock.RegionKind?, lines run: Range<Int>) {
      var text = BlockText()
      for lineIndex in run {
        text.breakLine()
        // The first word finishes the page before's last one: shown there.
        let skipped =
          lineIndex == 0 && context.continuesPrevious
          ? lines[lineIndex].texts.firstIndex { !$0.isEmpty } : nil
        for (offset, word) in lines[lineIndex].texts.enumerated() where offset != skipped {
          text.append(word, word: lines[lineIndex].words.lowerBound + offset)
        }
      }
      blocks.append(
        ReadingBlock(
          kind: kind.map { .region($0) } ?? .lines, page: index, text: text.text,
          spans: text.spans, words: words(of: run), box: box(of: run)))
    }

    /// The words of `run` of the lines.
    func words(of run: Range<Int>) -> Range<Int> {
      lines[run.lowerBound].words.lowerBound..<lines[run.upperBound - 1].words.upperBound
    }

    /// The box around `run` of the lines.
    func box(of run: Range<Int>) -> PageRegion {
      lines[run].map(\.box).filter { $0.height > 0 }.reduce(nil) { union, box in
        union.map { PageWords.union($0, box) } ?? box
      } ?? PageRegion(x: 0, y: 0, width: 0, height: 0)
    }
  }
}
