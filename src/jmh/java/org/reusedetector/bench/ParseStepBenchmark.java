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
import org.openjdk.jmh.infra.Blackhole;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.PageSignals;
import org.reusedetector.page.PageHasher;
import org.reusedetector.signal.Signals;

/**
 * The streaming job's parse step, one thread: the page hasher with the page parts of the signals that
 * {@code signals} turns on, fed by the chunker's one pass as the job feeds them ({@code none}: chunk hashing alone;
 * {@code imatch}: I-Match signatures with a lexicon built from the corpus; {@code nearcopy}: the min-hash sketch;
 * {@code all}: both). The cost of a signal is its time over {@code none}'s.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class ParseStepBenchmark {

    @Param({"none", "imatch", "nearcopy", "all"})
    public String signals;

    private PageHasher hasher;
    private PageSignals pageSignals;

    @Setup(Level.Trial)
    public void setUp(Corpus corpus) {
        boolean all = signals.equals("all");
        if (!all && !java.util.List.of("none", "imatch", "nearcopy").contains(signals)) {
            throw new IllegalArgumentException("signals: none, imatch, nearcopy or all, not " + signals);
        }
        DetectionSettings settings = DetectionSettings.from(corpus.config, null, 0)
                .withLexicon(all || signals.equals("imatch") ? Lexicons.of(corpus) : null)
                .withNearCopy(
                        all || signals.equals("nearcopy") ? DetectionSettings.nearCopyParams(corpus.config) : null);
        hasher = settings.pageHasher();
        pageSignals = PageSignals.of(settings, Signals.enabled(settings));
    }

    @Benchmark
    public void parse(Corpus corpus, Blackhole blackhole) {
        for (String page : corpus.bodies) {
            blackhole.consume(pageSignals.hash(hasher, "https://bench.example/", 0, page));
            for (int i = 0; i < pageSignals.size(); i++) {
                blackhole.consume(pageSignals.ownPage(i));
            }
        }
    }
}
