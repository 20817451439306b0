package org.reusedetector.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.PageSignals;
import org.reusedetector.format.PageFiles;
import org.reusedetector.imatch.Lexicon;
import org.reusedetector.page.PageHasher;
import org.reusedetector.page.PageRecordParser;
import org.reusedetector.signal.Signals;

/**
 * The parse step of {@link ParseStepBenchmark} in this thread's CPU time instead of wall time: the other processes of
 * a shared machine inflate wall time by a factor of 2 or more, and CPU time far less. Not a JMH benchmark (no forks,
 * no blackholes beyond a checksum): a main, run from the {@code jmh} profile's jar, that holds a crawl's first MB in
 * memory and times each setting of {@code signals} in turn, round after round, and prints the least time of each.
 *
 * <pre>java -cp target/benchmarks.jar org.reusedetector.bench.ParseStepCpu CRAWL.jsonl.gz LEXICON.json.gz [MB] [ROUNDS]</pre>
 */
public final class ParseStepCpu {

    private ParseStepCpu() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println(
                    "usage: ParseStepCpu CRAWL.jsonl.gz LEXICON.json.gz [MB (default 60)] [ROUNDS (default 6)]");
            System.exit(2);
        }
        long limit = (args.length > 2 ? Long.parseLong(args[2]) : 60) * 1_000_000L;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 6;
        ReuseDetectorConfig config = ReuseDetectorConfig.defaults();
        int maxBody = config.get(ReuseDetectorOptions.MAX_BODY_BYTES);
        PageRecordParser parser = new PageRecordParser(maxBody);
        List<String> bodies = new ArrayList<>();
        long chars = 0;
        try (var records = PageFiles.open(Path.of(args[0]), maxBody)) {
            while (records.hasNext() && chars < limit) {
                try {
                    String body = parser.parse(records.next().value()).body();
                    bodies.add(body);
                    chars += body.length();
                } catch (PageRecordParser.Rejected e) {
                    // not a page
                }
            }
        }
        Lexicon lexicon = Lexicon.read(Path.of(args[1]));
        String[] settings = {"none", "imatch", "nearcopy", "all"};
        Map<String, PageSignals> signals = new LinkedHashMap<>();
        PageHasher hasher = null;
        for (String name : settings) {
            boolean all = name.equals("all");
            DetectionSettings s = DetectionSettings.from(config, null, 0)
                    .withLexicon(all || name.equals("imatch") ? lexicon : null)
                    .withNearCopy(all || name.equals("nearcopy") ? DetectionSettings.nearCopyParams(config) : null);
            hasher = s.pageHasher();
            signals.put(name, PageSignals.of(s, Signals.enabled(s)));
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Map<String, Double> least = new LinkedHashMap<>();
        long checksum = 0;
        for (int round = 0; round < rounds; round++) {
            for (String name : settings) {
                PageSignals page = signals.get(name);
                long start = threads.getCurrentThreadCpuTime();
                for (String body : bodies) {
                    checksum +=
                            page.hash(hasher, "https://bench.example/", 0, body).chunkHashes().length;
                    for (int i = 0; i < page.size(); i++) {
                        checksum += page.ownPage(i) == null ? 0 : 1;
                    }
                }
                least.merge(name, (threads.getCurrentThreadCpuTime() - start) / 1e6, Math::min);
            }
        }
        System.out.printf("%d pages, %.1f M chars, checksum %d%n", bodies.size(), chars / 1e6, checksum);
        double none = least.get("none");
        least.forEach((name, ms) -> System.out.printf(
                "%-9s %7.0f ms CPU (least of %d rounds), %+6.1f %% over none%n",
                name, ms, rounds, 100 * (ms / none - 1)));
    }
}
