package org.reusedetector.bench;

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
import org.reusedetector.page.ContentForm;
import org.reusedetector.page.HtmlChunker;
import org.reusedetector.page.TokenizingChunker;

/**
 * The chunkers alone, no hashing: one pass over the {@link Corpus}. {@code tokenizer} is the one-pass chunker of the
 * TEXT form, {@code jsoup} the jsoup chunker it is checked against ({@code benchmark chunker --verify}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class ChunkerBenchmark {

    private TokenizingChunker tokenizer;
    private HtmlChunker jsoup;
    private final Sink sink = new Sink();

    /** Takes every chunk's length and its first char, so that the chunker's output is used. */
    static final class Sink implements TokenizingChunker.ChunkSink {
        long sum;

        @Override
        public void chunk(char[] text, int length) {
            sum += length + (length > 0 ? text[0] : 0);
        }
    }

    @Setup(Level.Trial)
    public void setUp(Corpus corpus) {
        tokenizer = new TokenizingChunker(corpus.tags);
        jsoup = new HtmlChunker(corpus.tags, ContentForm.TEXT);
    }

    @Benchmark
    public long tokenizer(Corpus corpus) {
        sink.sum = 0;
        for (char[] page : corpus.chars) {
            tokenizer.chunk(page, page.length, sink);
        }
        return sink.sum;
    }

    @Benchmark
    public void jsoup(Corpus corpus, Blackhole blackhole) {
        for (String page : corpus.bodies) {
            blackhole.consume(jsoup.chunk(page));
        }
    }
}
