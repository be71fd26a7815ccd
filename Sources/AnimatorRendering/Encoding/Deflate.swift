/// A DEFLATE compressor (RFC 1951) for PNG, built as zlib builds its own: LZ77 over a
/// 32 KiB window with hash chains, lazy matching at the tighter level, and blocks coded
/// with Huffman codes made for their own symbols (or the fixed codes, when those are
/// smaller). The output depends only on the input and the level.
public enum Deflate {
    /// How hard to look for matches: zlib's levels 1 and 6, with its tuning.
    public struct Level: Sendable, Equatable {
        /// Candidates followed along a hash chain before settling.
        let maximumChain: Int
        /// A match at least this long is taken at once (no further search).
        let niceLength: Int
        /// Lazy matching: a match shorter than this is held back one byte to see whether
        /// the next position starts a longer one (0: greedy, take every match).
        let lazyLength: Int
        /// With a match this good already, the chain is searched a quarter as far.
        let goodLength: Int
        /// Greedy matching hashes the positions inside a match only up to this length.
        let maximumInsertLength: Int

        /// zlib's level 1: greedy, short chains (and, past zlib, a match of 258 bytes tried
        /// again at the same distance, and a byte that repeats the one before tried as a run,
        /// before any search); for reports and previews.
        public static let fast = Level(maximumChain: 4, niceLength: 8, lazyLength: 0, goodLength: 4, maximumInsertLength: 4)
        /// zlib's level 6 (its default): lazy, longer chains; for files that are kept.
        public static let `default` = Level(maximumChain: 128, niceLength: 128, lazyLength: 16, goodLength: 8,
                                            maximumInsertLength: 258)
    }

    /// A zlib stream (RFC 1950) of `data`: header, DEFLATE blocks, Adler-32.
    public static func zlib(_ data: [UInt8], level: Level = .default) -> [UInt8] {
        zlib(data, level: level, adler: data.withUnsafeBufferPointer { Checksums.adler32($0) })
    }

    /// `zlib(_:level:)` of `data` whose Adler-32 is `adler`, worked out by whoever made the
    /// data, while it was still in that core's cache.
    static func zlib(_ data: [UInt8], level: Level, adler: UInt32) -> [UInt8] {
        // Room for a sixteenth of the input: a frame of a screen compresses to less (the
        // writer doubles its room when it runs out).
        stream(level: level, adler: adler, capacity: data.count / 16 + 64) { writer in
            data.withUnsafeBufferPointer { compress($0, level: level, into: &writer) }
        }
    }

    /// A zlib stream: the header, the blocks `body` writes, and `adler`.
    private static func stream(level: Level, adler: UInt32, capacity: Int, _ body: (inout BitWriter) -> Void) -> [UInt8] {
        var writer = BitWriter(capacity: capacity)
        // CMF 0x78 (deflate, 32 KiB window); FLG with the level hint, so that CMF·256 + FLG
        // is a multiple of 31: 0x7801 (fastest) or 0x789C (default).
        writer.write(0x78, width: 8)
        writer.write(level.lazyLength == 0 ? 0x01 : 0x9C, width: 8)
        body(&writer)
        var bytes = writer.finish()
        bytes += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        return bytes
    }

    // Length codes 257...285: base lengths and extra bits (RFC 1951, 3.2.5).
    private static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
                                            67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                             4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385,
                                              513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8,
                                               9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    /// The length code index for each length 3...258.
    private static let lengthCode: [UInt8] = (0...258).map { length -> UInt8 in
        guard length >= 3 else { return 0 }
        var code = lengthBase.count - 1
        while lengthBase[code] > length { code -= 1 }
        return UInt8(code)
    }
    /// The distance code for distances 1...256 (index distance − 1) and, for larger ones,
    /// for (distance − 1) >> 7 (index 256 + that), as zlib tabulates it.
    private static let distanceCode: [UInt8] = {
        func code(_ distance: Int) -> UInt8 {
            var index = distanceBase.count - 1
            while distanceBase[index] > distance { index -= 1 }
            return UInt8(index)
        }
        return (1...256).map(code) + (2...256).map { code((($0) << 7) + 1) }
    }()

    /// What LZ77 found: a literal byte (distance 0) or a match of `length` at `distance`.
    struct Token {
        let length: UInt16     // the literal byte, or the match length
        let distance: UInt16   // 0 for a literal
    }

    /// The most tokens a block holds before it is coded (zlib's lit_bufsize at level 6).
    private static let blockTokens = 16_384

    private static func compress(_ data: UnsafeBufferPointer<UInt8>, level: Level, into writer: inout BitWriter) {
        let count = data.count
        guard count > 0 else {
            writeBlock(UnsafeBufferPointer(start: nil, count: 0), final: true, into: &writer)
            return
        }
        let chains = HashChains()
        defer { chains.deallocate() }
        // A block's tokens as plain memory (an array checks its uniqueness and capacity at
        // every append).
        let tokenBuffer = UnsafeMutablePointer<Token>.allocate(capacity: blockTokens)
        defer { tokenBuffer.deallocate() }
        let left = tokenize(data, range: 0..<count, level: level, chains: chains, into: tokenBuffer, capacity: blockTokens) {
            writeBlock($0, final: false, into: &writer)
        }
        writeBlock(UnsafeBufferPointer(start: tokenBuffer, count: left), final: true, into: &writer)
    }

    /// The hash chains LZ77 finds its candidates in: for each hash of three bytes, the last
    /// position inserted with it, and for each position in the window, the one inserted
    /// before it with the same hash. Plain memory: the inner loops index them at every byte.
    final class HashChains {
        static let hashBits = 15, window = 32_768
        let head = UnsafeMutablePointer<Int32>.allocate(capacity: 1 << hashBits)
        let previous = UnsafeMutablePointer<Int32>.allocate(capacity: window)

        /// Empty chains.
        init() { reset() }

        /// Forgets every position inserted.
        func reset() {
            head.initialize(repeating: -1, count: 1 << Self.hashBits)
            previous.initialize(repeating: -1, count: Self.window)
        }

        /// Frees the memory (the chains are not used after this).
        func deallocate() {
            head.deallocate()
            previous.deallocate()
        }
    }

    /// LZ77 over `range` of `data`: the tokens that code those bytes, written into
    /// `tokenBuffer` (room for `capacity`), handed to `full` whenever it is full; returns how
    /// many are in it at the end. Matches start and end inside `range` and refer to bytes inside
    /// it only, so the tokens depend on those bytes alone: the same bytes at the same place
    /// give the same tokens whatever came before (positions the chains hold from before
    /// `range` are never followed). The chains must hold no position at or past
    /// `range.lowerBound` from other bytes.
    static func tokenize(_ data: UnsafeBufferPointer<UInt8>, range: Range<Int>, level: Level, chains: HashChains,
                         into tokenBuffer: UnsafeMutablePointer<Token>, capacity: Int,
                         full: (UnsafeBufferPointer<Token>) -> Void) -> Int {
        let floor = range.lowerBound, count = range.upperBound
        let hashBits = HashChains.hashBits, window = HashChains.window
        let head = chains.head, previous = chains.previous
        var tokens = 0
        guard let base = data.baseAddress, !range.isEmpty else { return 0 }
        let raw = UnsafeRawPointer(base)

        @inline(__always) func hash(_ i: Int) -> Int {
            let value = UInt32(base[i]) | UInt32(base[i + 1]) << 8 | UInt32(base[i + 2]) << 16
            return Int((value &* 2_654_435_761) >> UInt32(32 - hashBits))
        }
        @inline(__always) func insert(_ i: Int) {
            guard i + 2 < count else { return }
            insert(i, hash: hash(i))
        }
        /// `insert(i)` with the position's hash already worked out.
        @inline(__always) func insert(_ i: Int, hash h: Int) {
            previous[i & (window - 1)] = head[h]
            head[h] = Int32(i)
        }
        /// How many bytes from `a` and `b` agree, up to `limit`: sixteen at a time (two
        /// eight-byte words), then the first differing byte from the lowest set bit of
        /// their difference. Wrapping arithmetic: every offset stays below `limit` ≤ 258.
        @inline(__always) func agreement(_ a: Int, _ b: Int, _ limit: Int) -> Int {
            let first = raw + a, second = raw + b
            var length = 0
            while length &+ 16 <= limit {
                let low = first.loadUnaligned(fromByteOffset: length, as: UInt64.self)
                    ^ second.loadUnaligned(fromByteOffset: length, as: UInt64.self)
                if low != 0 { return length &+ low.trailingZeroBitCount &>> 3 }
                let high = first.loadUnaligned(fromByteOffset: length &+ 8, as: UInt64.self)
                    ^ second.loadUnaligned(fromByteOffset: length &+ 8, as: UInt64.self)
                if high != 0 { return length &+ 8 &+ high.trailingZeroBitCount &>> 3 }
                length &+= 16
            }
            if length &+ 8 <= limit {
                let difference = first.loadUnaligned(fromByteOffset: length, as: UInt64.self)
                    ^ second.loadUnaligned(fromByteOffset: length, as: UInt64.self)
                if difference != 0 { return length &+ difference.trailingZeroBitCount &>> 3 }
                length &+= 8
            }
            while length < limit, first.load(fromByteOffset: length, as: UInt8.self) == second.load(fromByteOffset: length, as: UInt8.self) {
                length &+= 1
            }
            return length
        }
        /// The longest match for `position` longer than `atLeast`, searching the chain.
        @inline(__always) func longestMatch(_ position: Int, atLeast: Int) -> (length: Int, distance: Int) {
            guard position + 2 < count else { return (0, 0) }
            return longestMatch(position, atLeast: atLeast, hash: hash(position))
        }
        /// `longestMatch(position, atLeast:)` with the position's hash already worked out
        /// (`position + 2 < count`).
        @inline(__always) func longestMatch(_ position: Int, atLeast: Int, hash h: Int) -> (length: Int, distance: Int) {
            var bestLength = atLeast, bestDistance = 0
            let limit = min(258, count - position)
            guard limit > bestLength else { return (0, 0) }
            var chain = bestLength >= level.goodLength ? max(level.maximumChain >> 2, 1) : level.maximumChain
            var candidate = Int(head[h])
            while candidate >= floor, position - candidate <= window, chain > 0 {
                // Only a candidate that agrees at the current best length can beat it.
                if base[candidate + bestLength] == base[position + bestLength], base[candidate] == base[position] {
                    let length = agreement(candidate, position, limit)
                    if length > bestLength {
                        bestLength = length
                        bestDistance = position - candidate
                        if length >= level.niceLength || length == limit { break }
                    }
                }
                let next = Int(previous[candidate & (window - 1)])
                guard next < candidate else { break }
                candidate = next
                chain -= 1
            }
            return bestDistance == 0 ? (0, 0) : (bestLength, bestDistance)
        }
        // Not a nested function capturing `tokens`: a captured variable is checked for
        // exclusive access at run time at every use, a plain one at compile time.
        @inline(__always) func emit(_ token: Token, _ tokens: inout Int) {
            (tokenBuffer + tokens).initialize(to: token)
            tokens &+= 1
            if tokens == capacity {
                full(UnsafeBufferPointer(start: tokenBuffer, count: tokens))
                tokens = 0
            }
        }

        var position = floor
        if level.lazyLength == 0 {
            // Greedy: take each match found. A match as long as DEFLATE allows usually goes
            // on: the next position first tries the same distance, without a search. A byte
            // that repeats the one before most often starts a run (the rows PNG filters are
            // mostly runs of zeros): taken at distance 1 when it is nice-length long, which
            // the chain would find later or not at all.
            var repeated = 0
            while position < count {
                var match = (length: 0, distance: 0)
                if repeated > 0 {
                    let limit = min(258, count - position)
                    let length = limit >= 3 ? agreement(position - repeated, position, limit) : 0
                    if length >= level.niceLength || length == limit { match = (length, repeated) }
                } else if position > floor, position + 16 <= count, base[position] == base[position - 1] {
                    let limit = min(258, count - position)
                    let length = agreement(position - 1, position, limit)
                    if length >= level.niceLength { match = (length, 1) }
                }
                // The position's hash, worked out once for the search and the insertion
                // (none within two bytes of the end: nothing is hashed there).
                let h = position + 2 < count ? hash(position) : -1
                if match.length < 3, h >= 0 { match = longestMatch(position, atLeast: 2, hash: h) }
                repeated = match.length == 258 ? match.distance : 0
                if match.length >= 3 {
                    emit(Token(length: UInt16(match.length), distance: UInt16(match.distance)), &tokens)
                    // As zlib's fastest level: the positions inside a long match are not
                    // hashed (the next search starts after it).
                    if h >= 0 { insert(position, hash: h) }
                    if match.length <= level.maximumInsertLength {
                        for i in (position + 1)..<(position + match.length) { insert(i) }
                    }
                    position += match.length
                } else {
                    emit(Token(length: UInt16(base[position]), distance: 0), &tokens)
                    if h >= 0 { insert(position, hash: h) }
                    position += 1
                }
            }
        } else {
            // Lazy: a match is held back one byte; a longer one starting there wins, and the
            // held byte goes out as a literal.
            var held: (length: Int, distance: Int)? = nil
            while position < count {
                let atLeast = held.map { $0.length } ?? 2
                let search = held.map { $0.length < level.lazyLength } ?? true
                let match: (length: Int, distance: Int) = search ? longestMatch(position, atLeast: atLeast) : (0, 0)
                if let pending = held {
                    if match.length > pending.length {
                        // The byte before is a literal; hold the better match instead.
                        emit(Token(length: UInt16(base[position - 1]), distance: 0), &tokens)
                        insert(position)
                        held = match
                        position += 1
                    } else {
                        // Take the held match (it started at position − 1).
                        emit(Token(length: UInt16(pending.length), distance: UInt16(pending.distance)), &tokens)
                        let end = position - 1 + pending.length
                        for i in position..<end { insert(i) }
                        position = end
                        held = nil
                    }
                } else if match.length >= 3 {
                    insert(position)
                    held = match
                    position += 1
                } else {
                    emit(Token(length: UInt16(base[position]), distance: 0), &tokens)
                    insert(position)
                    position += 1
                }
            }
            if let pending = held {
                emit(Token(length: UInt16(pending.length), distance: UInt16(pending.distance)), &tokens)
            }
        }
        return tokens
    }

    /// A zlib stream (header, blocks, `adler`) of the tokens of `pieces` in order (bytes
    /// tokenized piece by piece, `tokenize`), in blocks of as many tokens as
    /// `zlib(_:level:)`'s; the writer starts with room for `capacity` bytes.
    static func zlib(tokens pieces: [[Token]], level: Level, adler: UInt32, capacity: Int) -> [UInt8] {
        stream(level: level, adler: adler, capacity: capacity) { writer in
            let tokenBuffer = UnsafeMutablePointer<Token>.allocate(capacity: blockTokens)
            defer { tokenBuffer.deallocate() }
            var tokens = 0
            for piece in pieces {
                piece.withUnsafeBufferPointer { piece in
                    var index = 0
                    while index < piece.count {
                        let taken = min(blockTokens - tokens, piece.count - index)
                        (tokenBuffer + tokens).initialize(from: piece.baseAddress! + index, count: taken)
                        tokens += taken
                        index += taken
                        if tokens == blockTokens {
                            writeBlock(UnsafeBufferPointer(start: tokenBuffer, count: tokens), final: false, into: &writer)
                            tokens = 0
                        }
                    }
                }
            }
            writeBlock(UnsafeBufferPointer(start: tokenBuffer, count: tokens), final: true, into: &writer)
        }
    }

    // MARK: Blocks

    /// The order code length code lengths are written in (RFC 1951, 3.2.7).
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The fixed codes' lengths (RFC 1951, 3.2.6).
    private static let fixedLiteralLengths: [UInt8] = (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 }
    private static let fixedDistanceLengths = [UInt8](repeating: 5, count: 30)

    /// Codes one block of tokens with its own Huffman codes, or the fixed ones when those
    /// come out smaller.
    private static func writeBlock(_ tokens: UnsafeBufferPointer<Token>, final: Bool, into writer: inout BitWriter) {
        // The tables as locals: a static's every use would check that it is initialized.
        let lengthCode = Self.lengthCode, lengthExtra = Self.lengthExtra, lengthBase = Self.lengthBase
        let distanceExtra = Self.distanceExtra, distanceBase = Self.distanceBase, distanceCode = Self.distanceCode
        // The symbols' frequencies: literals and lengths 0..<286, distances after them, in
        // two tables (even and odd tokens) summed at the end, so that a run of one symbol
        // does not wait on its own increments.
        var literalFrequencies = [Int](repeating: 0, count: 286), distanceFrequencies = [Int](repeating: 0, count: 30)
        let symbols = 286 + 30
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * symbols) { counts in
            let counts = counts.baseAddress!
            counts.initialize(repeating: 0, count: 2 * symbols)
            lengthCode.withUnsafeBufferPointer { lengthCode in
                distanceCode.withUnsafeBufferPointer { distanceCode in
                    for (index, token) in tokens.enumerated() {
                        let table = counts + (index & 1) &* symbols
                        if token.distance == 0 {
                            table[Int(token.length)] &+= 1
                        } else {
                            table[257 &+ Int(lengthCode[Int(token.length)])] &+= 1
                            let distanceValue = Int(token.distance)
                            table[286 &+ (distanceValue <= 256 ? Int(distanceCode[distanceValue &- 1])
                                          : Int(distanceCode[256 &+ ((distanceValue &- 1) >> 7) &- 2]))] &+= 1
                        }
                    }
                }
            }
            for symbol in 0..<286 { literalFrequencies[symbol] = Int(counts[symbol]) + Int(counts[symbols + symbol]) }
            for code in 0..<30 { distanceFrequencies[code] = Int(counts[286 + code]) + Int(counts[symbols + 286 + code]) }
        }
        literalFrequencies[256] = 1
        let literalLengths = HuffmanCode.lengths(literalFrequencies, limit: 15)
        var distanceLengths = HuffmanCode.lengths(distanceFrequencies, limit: 15)
        // At least one distance code, even for a block of literals (as zlib writes it).
        if !distanceLengths.contains(where: { $0 > 0 }) { distanceLengths[0] = 1 }
        let header = DynamicHeader(literalLengths: literalLengths, distanceLengths: distanceLengths)

        func payloadBits(_ literal: [UInt8], _ distance: [UInt8]) -> Int {
            var bits = 0
            for (symbol, frequency) in literalFrequencies.enumerated() where frequency > 0 {
                bits += frequency * (Int(literal[symbol]) + (symbol > 256 ? lengthExtra[symbol - 257] : 0))
            }
            for (symbol, frequency) in distanceFrequencies.enumerated() where frequency > 0 {
                bits += frequency * (Int(distance[symbol]) + distanceExtra[symbol])
            }
            return bits
        }
        let dynamicBits = header.bits + payloadBits(literalLengths, distanceLengths)
        let fixedBits = payloadBits(fixedLiteralLengths, fixedDistanceLengths)
        writer.write(final ? 1 : 0, width: 1)
        let literal: [UInt8], distance: [UInt8]
        if dynamicBits < fixedBits {
            writer.write(2, width: 2)
            header.write(into: &writer)
            (literal, distance) = (literalLengths, distanceLengths)
        } else {
            writer.write(1, width: 2)
            (literal, distance) = (fixedLiteralLengths, fixedDistanceLengths)
        }
        // Codes go out most significant bit first: reversed once here, written as fields.
        let literalCodes = HuffmanCode.canonical(literal).enumerated().map { reversed($1, Int(literal[$0])) }
        let distanceCodes = HuffmanCode.canonical(distance).enumerated().map { reversed($1, Int(distance[$0])) }
        // Each token's fields from one table entry (the field in the low 32 bits, its width
        // above): a literal's code; a match's length as one field, its code then its extra
        // bits above it (the order they go out in), made once per block for every length.
        // A distance's entry holds its code (low 16 bits), the code's width (8) and the
        // extra bits' count (8), and the code's base distance (upper 32), for the field
        // made per token. Fields are at most 15 + 13 bits.
        // (Literal tokens are bytes; the block's end, 256, is written after them.)
        var literalEntries = [UInt64](repeating: 0, count: 256), lengthEntries = [UInt64](repeating: 0, count: 259)
        for symbol in 0..<256 { literalEntries[symbol] = UInt64(literalCodes[symbol]) | UInt64(literal[symbol]) << 32 }
        for length in 3...258 {
            let index = Int(lengthCode[length]), codeWidth = Int(literal[257 + index])
            let field = literalCodes[257 + index] | UInt32(length - lengthBase[index]) << UInt32(codeWidth)
            lengthEntries[length] = UInt64(field) | UInt64(codeWidth + lengthExtra[index]) << 32
        }
        let distanceEntries = (0..<30).map { (code: Int) -> UInt64 in
            let codeAndWidth = UInt64(distanceCodes[code]) | UInt64(distance[code]) << 16
            return codeAndWidth | UInt64(distanceExtra[code]) << 24 | UInt64(distanceBase[code]) << 32
        }
        // A token takes at most 15 + 5 bits of length and 15 + 13 of distance: six bytes.
        writer.withRoom(for: 6 * tokens.count) { fields in
            literalEntries.withUnsafeBufferPointer { literals in
                lengthEntries.withUnsafeBufferPointer { lengths in
                    distanceEntries.withUnsafeBufferPointer { distances in
                        distanceCode.withUnsafeBufferPointer { distanceCode in
                            for token in tokens {
                                if token.distance == 0 {
                                    let entry = literals[Int(token.length)]
                                    fields.write(UInt32(truncatingIfNeeded: entry), width: Int(entry >> 32))
                                } else {
                                    let entry = lengths[Int(token.length)]
                                    fields.write(UInt32(truncatingIfNeeded: entry), width: Int(entry >> 32))
                                    let distanceValue = Int(token.distance)
                                    let code = distanceValue <= 256 ? Int(distanceCode[distanceValue &- 1])
                                        : Int(distanceCode[256 &+ ((distanceValue &- 1) >> 7) &- 2])
                                    let near = distances[code], codeWidth = Int(near >> 16 & 0xFF)
                                    let field = UInt32(near & 0xFFFF) | UInt32(distanceValue &- Int(near >> 32)) << UInt32(codeWidth)
                                    fields.write(field, width: codeWidth &+ Int(near >> 24 & 0xFF))
                                }
                            }
                        }
                    }
                }
            }
        }
        writer.write(literalCodes[256], width: Int(literal[256]))
    }

    /// `code`'s low `width` bits in the opposite order.
    private static func reversed(_ code: UInt32, _ width: Int) -> UInt32 {
        var result: UInt32 = 0
        for bit in 0..<width { result |= (code >> UInt32(bit) & 1) << UInt32(width - 1 - bit) }
        return result
    }

    /// A dynamic block's header: the two code length lists, run-length coded with the code
    /// length alphabet (16: repeat the last 3–6 times, 17: 3–10 zeros, 18: 11–138 zeros),
    /// themselves Huffman coded (RFC 1951, 3.2.7).
    private struct DynamicHeader {
        let literalCount: Int, distanceCount: Int, codeLengthCount: Int
        let runs: [(symbol: Int, extra: Int)]
        let codeLengthLengths: [UInt8]
        let bits: Int

        init(literalLengths: [UInt8], distanceLengths: [UInt8]) {
            var literalCount = 286
            while literalCount > 257, literalLengths[literalCount - 1] == 0 { literalCount -= 1 }
            var distanceCount = 30
            while distanceCount > 1, distanceLengths[distanceCount - 1] == 0 { distanceCount -= 1 }
            self.literalCount = literalCount
            self.distanceCount = distanceCount
            let lengths = Array(literalLengths[..<literalCount]) + Array(distanceLengths[..<distanceCount])
            var runs: [(symbol: Int, extra: Int)] = []
            var index = 0
            while index < lengths.count {
                let value = lengths[index]
                var run = 1
                while index + run < lengths.count, lengths[index + run] == value { run += 1 }
                index += run
                if value == 0 {
                    while run >= 11 { let n = min(run, 138); runs.append((18, n - 11)); run -= n }
                    if run >= 3 { runs.append((17, run - 3)); run = 0 }
                } else {
                    runs.append((Int(value), 0))
                    run -= 1
                    while run >= 3 { let n = min(run, 6); runs.append((16, n - 3)); run -= n }
                }
                for _ in 0..<run { runs.append((Int(value), 0)) }
            }
            self.runs = runs
            var frequencies = [Int](repeating: 0, count: 19)
            for run in runs { frequencies[run.symbol] += 1 }
            codeLengthLengths = HuffmanCode.lengths(frequencies, limit: 7)
            var codeLengthCount = 19
            while codeLengthCount > 4, codeLengthLengths[Deflate.codeLengthOrder[codeLengthCount - 1]] == 0 {
                codeLengthCount -= 1
            }
            self.codeLengthCount = codeLengthCount
            var bits = 5 + 5 + 4 + 3 * codeLengthCount
            for run in runs {
                bits += Int(codeLengthLengths[run.symbol]) + Self.extraBits(run.symbol)
            }
            self.bits = bits
        }

        /// The extra bits after a code length symbol: 2 for 16, 3 for 17, 7 for 18.
        static func extraBits(_ symbol: Int) -> Int {
            switch symbol {
            case 16: 2
            case 17: 3
            case 18: 7
            default: 0
            }
        }

        func write(into writer: inout BitWriter) {
            writer.write(UInt32(literalCount - 257), width: 5)
            writer.write(UInt32(distanceCount - 1), width: 5)
            writer.write(UInt32(codeLengthCount - 4), width: 4)
            for position in 0..<codeLengthCount {
                writer.write(UInt32(codeLengthLengths[Deflate.codeLengthOrder[position]]), width: 3)
            }
            let codes = HuffmanCode.canonical(codeLengthLengths)
            for run in runs {
                writer.writeReversed(codes[run.symbol], width: Int(codeLengthLengths[run.symbol]))
                let extra = Self.extraBits(run.symbol)
                if extra > 0 { writer.write(UInt32(run.extra), width: extra) }
            }
        }
    }
}
