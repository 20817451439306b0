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
import org.reusedetector.page.PageHasher;

/**
 * The page hasher: a page to its file hash and chunk hashes (SHA-1 of the file and of every chunk), one pass over the
 * {@link Corpus}. {@code tokenizing} is what the TEXT form (the default) runs; {@code jsoup} the same through jsoup's
 * parser (the HTML form's way); {@code byteSplitter} the paper authors' split of the raw bytes before every
 * {@code <p>}, with no parsing, for comparison.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class PageHasherBenchmark {

    private PageHasher tokenizing;
    private PageHasher jsoup;
    private final ByteSplitter byteSplitter = new ByteSplitter();

    @Setup(Level.Trial)
    public void setUp(Corpus corpus) {
        tokenizing = PageHasher.tokenizing(corpus.tags);
        jsoup = new PageHasher(new HtmlChunker(corpus.tags, ContentForm.TEXT));
    }

    @Benchmark
    public void tokenizing(Corpus corpus, Blackhole blackhole) {
        for (String page : corpus.bodies) {
            blackhole.consume(tokenizing.hash("https://bench.example/", 0, page));
        }
    }

    @Benchmark
    public void jsoup(Corpus corpus, Blackhole blackhole) {
        for (String page : corpus.bodies) {
            blackhole.consume(jsoup.hash("https://bench.example/", 0, page));
        }
    }

    @Benchmark
    public void byteSplitter(Corpus corpus, Blackhole blackhole) {
        for (byte[] page : corpus.utf8) {
            blackhole.consume(byteSplitter.hash(page));
            blackhole.consume(byteSplitter.lastHash());
        }
    }
}
