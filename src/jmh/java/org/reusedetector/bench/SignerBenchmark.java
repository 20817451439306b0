package org.reusedetector.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.reusedetector.imatch.LexiconTable;
import org.reusedetector.imatch.Signer;
import org.reusedetector.page.TokenizingChunker;
import org.reusedetector.shingle.PageSketcher;

/**
 * The signers alone, on the corpus's chunk texts cut beforehand (no chunking, no hashing): one pass over the
 * {@link Corpus}, each page's chunks fed as the chunker feeds them. {@code imatch}: the I-Match signer (word cutting,
 * lexicon lookups and the 1 + K signatures) with a lexicon built from the corpus; {@code shingles}: the shingle
 * sketcher (word fingerprints, circular word pairs and their distinct ids, the page side of the near-copy signal).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class SignerBenchmark {

    private static final org.reusedetector.shingle.NearCopyParams NEAR_COPY =
            org.reusedetector.shingle.NearCopyParams.defaults();

    /** Per page, its chunks' chars. */
    private char[][][] chunks;

    private Signer signer;
    private PageSketcher sketcher;

    @Setup(Level.Trial)
    public void setUp(Corpus corpus) {
        TokenizingChunker chunker = new TokenizingChunker(corpus.tags);
        chunks = new char[corpus.bodies.size()][][];
        for (int p = 0; p < chunks.length; p++) {
            List<char[]> page = new ArrayList<>();
            for (String chunk : chunker.chunk(corpus.bodies.get(p))) {
                page.add(chunk.toCharArray());
            }
            chunks[p] = page.toArray(char[][]::new);
        }
        signer = new Signer(new LexiconTable(Lexicons.of(corpus)));
        sketcher = new PageSketcher(NEAR_COPY.k());
    }

    @Benchmark
    public void imatch(Blackhole blackhole) {
        for (char[][] page : chunks) {
            for (char[] chunk : page) {
                signer.chunk(chunk, chunk.length);
            }
            signer.endOfPage();
            blackhole.consume(signer.signatures());
        }
    }

    @Benchmark
    public void shingles(Blackhole blackhole) {
        for (char[][] page : chunks) {
            for (char[] chunk : page) {
                sketcher.chunk(chunk, chunk.length);
            }
            blackhole.consume(sketcher.phraseIds(NEAR_COPY));
            sketcher.reset();
        }
    }
}
