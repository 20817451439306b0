package org.reusedetector.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.reusedetector.model.HashedPage;
import org.reusedetector.page.PageHasher;

/**
 * Hostile nesting (issue 25): the page hasher (one-pass chunker, SHA-1 of chunks and file) on one page just under the
 * body size limit, nested hundreds of thousands of levels deep, against a normal page of the same size (the
 * {@link Corpus}'s pages one after another). The pages, each of n levels:
 *
 * <ul>
 *   <li>{@code div}: {@code <div>} n times, a word, {@code </div>} n times;
 *   <li>{@code b_div}: {@code <b><div>} n times, then {@code </b>} n times: each {@code </b>} finds its element below
 *       the divs, and takes it alone out of the stack (the adoption agency's case);
 *   <li>{@code font}: {@code <font>} n times, unclosed, then {@code </i>} n times: end tags of no open element, each a
 *       search for it in scope;
 *   <li>{@code flat}: {@code <b></b>} over and over, nothing nested: more tags a byte than any of them, to tell
 *       nesting from tag density (these pages are nearly all tags, a normal page mostly text).
 * </ul>
 *
 * Linear time shows as a time per operation near the normal page's; a quadratic chunker as seconds or minutes.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class DeepNestingBenchmark {

    @Param({"normal", "div", "b_div", "font", "flat"})
    public String page;

    private String html;
    private PageHasher hasher;

    @Setup(Level.Trial)
    public void setUp(Corpus corpus) {
        int bytes = corpus.maxBodyBytes - 16; // just under the limit
        html = switch (page) {
            case "normal" -> normal(corpus, bytes);
            case "div" -> nested("<div>", "</div>", (bytes - 1) / 11);
            case "b_div" -> nested("<b><div>", "</b>", (bytes - 1) / 12);
            case "font" -> nested("<font>", "</i>", (bytes - 1) / 10);
            case "flat" -> "<b></b>".repeat(bytes / 7);
            default -> throw new IllegalArgumentException("page: normal, div, b_div, font or flat, not " + page);
        };
        hasher = PageHasher.tokenizing(corpus.tags);
        System.out.printf("%n(page %s: %.2f MB)%n", page, Corpus.utf8Length(html) / 1e6);
    }

    private static String nested(String open, String close, int levels) {
        return open.repeat(levels) + "x" + close.repeat(levels);
    }

    /** The corpus's pages one after another (again from the first if they run out) up to {@code bytes} of UTF-8. */
    private static String normal(Corpus corpus, int bytes) {
        StringBuilder page = new StringBuilder(bytes);
        long length = 0;
        for (int i = 0; ; i = (i + 1) % corpus.bodies.size()) {
            long next = corpus.utf8[i].length;
            if (length + next > bytes) {
                return page.toString();
            }
            page.append(corpus.bodies.get(i));
            length += next;
        }
    }

    @Benchmark
    public HashedPage hash() {
        return hasher.hash("https://bench.example/", 0, html);
    }
}
